// Order commands take a tree node or the order's GUID (for keybindings, tests and other
// extensions); from the palette, with neither, they offer the loaded orders to pick from.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import type { ExtensionServices } from '../extension-services';
import { orderLabel, orderPeriod, orderStatus } from '../../workflows/orders/order-status';

/** The GUID in a node `{ order }`, a bare GUID string, or an order record; undefined otherwise. */
function orderGuidOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() || undefined;
  if (arg && typeof arg === 'object') {
    const record = 'order' in arg ? (arg as { order: unknown }).order : arg;
    const guid = (record as TaskOrder | undefined)?.TaskOrderGuid;
    if (typeof guid === 'string' && guid) return guid;
  }
  return undefined;
}

export interface OrderPick {
  /** Title of the quick pick ("Cancel which order?"). */
  title: string;
  /** Only the orders this command can act on (e.g. those that can still be cancelled). */
  filter?: (order: TaskOrder) => boolean;
  /** Said when no loaded order passes the filter. */
  none: string;
}

export const ANY_ORDER: OrderPick = {
  title: 'Choose an order',
  none: 'No orders are loaded: refresh the Orders view, or check its filters (recurring only, show expired).',
};

/** The order the command is about: from its argument, else picked among the loaded orders the
 * command can act on. Undefined when the person backs out or there is none. */
export async function resolveOrder(
  services: ExtensionServices,
  arg: unknown,
  pick: OrderPick = ANY_ORDER,
): Promise<{ guid: string; order: TaskOrder | undefined } | undefined> {
  const guid = orderGuidOf(arg);
  if (guid) {
    return {
      guid,
      order: findLoaded(services, guid) ?? (typeof arg === 'object' && arg !== null ? orderOf(arg) : undefined),
    };
  }
  const orders = (services.sidebar.orders.items ?? (await services.sidebar.refreshOrders()) ?? []).filter(
    (order) => order.TaskOrderGuid && (pick.filter?.(order) ?? true),
  );
  if (orders.length === 0) {
    void vscode.window.showInformationMessage(pick.none);
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    orders.map((order) => ({
      label: orderLabel(order),
      description: `${orderStatus(order)} · ${orderPeriod(order)}`,
      detail: order.TaskOrderGuid,
      order,
    })),
    {
      title: pick.title,
      placeHolder: 'Type to filter by model, status or order ID',
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  return picked ? { guid: picked.order.TaskOrderGuid!, order: picked.order } : undefined;
}

function findLoaded(services: ExtensionServices, guid: string): TaskOrder | undefined {
  return services.sidebar.orders.items?.find((order) => order.TaskOrderGuid === guid);
}

function orderOf(arg: object): TaskOrder | undefined {
  const record = 'order' in arg ? (arg as { order: unknown }).order : undefined;
  return record && typeof record === 'object' ? (record as TaskOrder) : undefined;
}
