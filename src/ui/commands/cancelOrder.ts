// Cancels an order after a confirmation that names it and, for a recurring order, says by when
// a cancellation stops next month's charge. `{ skipConfirmation: true }` as the second argument
// is for automation and tests.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { Commands } from '../constants';
import { reportError } from '../errors';
import { isRecurring, orderLabel, orderPeriod } from '../tree/order-format';
import { resolveOrder } from './order-argument';
import type { Command } from './command';

export interface CancelOrderResult {
  cancelled: boolean;
  guid?: string;
}

export const cancelOrderCommand: Command = {
  id: Commands.cancelOrder,
  async run(services, arg?: unknown, options?: unknown): Promise<CancelOrderResult> {
    const target = await resolveOrder(services, arg);
    if (!target) return { cancelled: false };
    const skip = typeof options === 'object' && options !== null && (options as { skipConfirmation?: unknown }).skipConfirmation === true;
    if (!skip && !(await confirm(target.guid, target.order))) return { cancelled: false, guid: target.guid };
    const log = services.log('orders');
    try {
      await (await services.getClient()).cancelOrder(target.guid);
    } catch (err) {
      reportError(log, `Could not cancel order ${target.guid}`, err);
      return { cancelled: false, guid: target.guid };
    }
    log.info(`order ${target.guid} cancelled`);
    void vscode.window.showInformationMessage(`Order ${target.order ? orderLabel(target.order) + ' ' : ''}(${target.guid}) cancelled.`);
    services.refreshTrees();
    return { cancelled: true, guid: target.guid };
  },
};

async function confirm(guid: string, order: TaskOrder | undefined): Promise<boolean> {
  const name = order ? `${orderLabel(order)}, ${orderPeriod(order)}` : 'this order';
  const detail = [`Order ID: ${guid}`];
  if (order && isRecurring(order)) {
    detail.push(`This order renews every month. Cancelling now, before ${recurringDeadline(new Date()).toUTCString()}, stops next month's charge.`);
  }
  detail.push('This cannot be undone.');
  const choice = await vscode.window.showWarningMessage(`Cancel ${name}?`, { modal: true, detail: detail.join('\n') }, 'Cancel Order');
  return choice === 'Cancel Order';
}

/** 00:00 UTC on the 1st of the month after `now`: the last moment to stop the next charge. */
export function recurringDeadline(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
