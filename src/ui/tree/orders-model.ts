// The Orders tree's data: the order list under the current filters, refreshed on a backoff while
// the view is visible and some order is still moving, with status changes announced.
import * as vscode from 'vscode';
import type { ImageryClient, TaskOrder } from '../../api/types';
import { ContextKeys } from '../constants';
import type { ComponentLog } from '../types';
import { needsPolling, orderStatus } from '../../workflows/orders/order-status';
import { RemoteList } from './remote-list';

export interface OrderStatusChange {
  order: TaskOrder;
  previous: string;
  current: string;
}

export interface OrdersModelOptions {
  /** Delays between polls; the last repeats. A status change starts again from the first. */
  pollDelaysMs?: number[];
}

const defaultPollDelays = [15_000, 30_000, 60_000, 120_000, 300_000];

export class OrdersModel extends RemoteList<TaskOrder> {
  recurringOnly = false;
  showExpired = false;
  private visible = false;
  private pollIndex = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly statusChanged = new vscode.EventEmitter<OrderStatusChange>();
  readonly onDidChangeOrderStatus = this.statusChanged.event;
  /** Delays between polls; the last repeats (tests shorten them). */
  pollDelaysMs: number[];

  constructor(
    private readonly getClient: () => Promise<ImageryClient>,
    log: ComponentLog,
    options: OrdersModelOptions = {},
  ) {
    super('orders', log);
    this.pollDelaysMs = options.pollDelaysMs?.length ? options.pollDelaysMs : defaultPollDelays;
  }

  /** Reloads the list; `hasKey` false shows the no-key state without a request. */
  async refresh(hasKey: boolean): Promise<TaskOrder[] | undefined> {
    this.stopPolling();
    const before = new Map((this.items ?? []).map((order) => [order.TaskOrderGuid, orderStatus(order)]));
    const query = { recurringOnly: this.recurringOnly, getExpired: this.showExpired };
    const state = await this.load(
      hasKey ? async (signal) => (await this.getClient()).listOrders(query, { signal }) : undefined,
    );
    if (state.kind !== 'loaded') return undefined;
    let changed = false;
    for (const order of state.items) {
      const previous = before.get(order.TaskOrderGuid);
      if (previous !== undefined && previous !== orderStatus(order)) {
        changed = true;
        this.statusChanged.fire({ order, previous, current: orderStatus(order) });
      }
    }
    this.pollIndex = changed ? 0 : this.pollIndex;
    this.schedulePoll();
    return state.items;
  }

  async setFilters(filters: { recurringOnly?: boolean; showExpired?: boolean }, hasKey: boolean): Promise<void> {
    this.recurringOnly = filters.recurringOnly ?? this.recurringOnly;
    this.showExpired = filters.showExpired ?? this.showExpired;
    await vscode.commands.executeCommand('setContext', ContextKeys.recurringOnly, this.recurringOnly);
    await vscode.commands.executeCommand('setContext', ContextKeys.showExpired, this.showExpired);
    await this.refresh(hasKey);
  }

  /** The view's visibility: polling runs only while someone can see the result. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.schedulePoll();
    else this.stopPolling();
  }

  get polling(): boolean {
    return this.timer !== undefined;
  }

  private schedulePoll(): void {
    if (this.timer || !this.visible || !(this.items ?? []).some(needsPolling)) return;
    const delay = this.pollDelaysMs[Math.min(this.pollIndex, this.pollDelaysMs.length - 1)] ?? defaultPollDelays[0]!;
    this.pollIndex++;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.refresh(true);
    }, delay);
  }

  private stopPolling(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  override dispose(): void {
    this.stopPolling();
    this.statusChanged.dispose();
    super.dispose();
  }
}
