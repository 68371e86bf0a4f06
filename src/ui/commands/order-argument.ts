// Order commands take a tree node or the order's GUID (for keybindings, tests and other
// extensions); from the palette, with neither, they offer the loaded orders to pick from.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import type { ExtensionServices } from '../extension-services';
import { orderLabel, orderPeriod, orderStatus } from '../tree/order-format';

/** The GUID in a node `{ order }`, a bare GUID string, or an order record; undefined otherwise. */
export function orderGuidOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() || undefined;
  if (arg && typeof arg === 'object') {
    const record = 'order' in arg ? (arg as { order: unknown }).order : arg;
    const guid = (record as TaskOrder | undefined)?.TaskOrderGuid;
    if (typeof guid === 'string' && guid) return guid;
  }
  return undefined;
}

/** The order the command is about: from its argument, else picked. Undefined when the person backs out. */
export async function resolveOrder(services: ExtensionServices, arg: unknown): Promise<{ guid: string; order: TaskOrder | undefined } | undefined> {
  const guid = orderGuidOf(arg);
  if (guid) {
    return { guid, order: findLoaded(services, guid) ?? (typeof arg === 'object' && arg !== null ? orderOf(arg) : undefined) };
  }
  const orders = services.sidebar.orders.items ?? (await services.sidebar.refreshOrders()) ?? [];
  const picked = await vscode.window.showQuickPick(
    orders.filter((order) => order.TaskOrderGuid).map((order) => ({
      label: orderLabel(order),
      description: `${orderStatus(order)} · ${orderPeriod(order)}`,
      detail: order.TaskOrderGuid,
      order,
    })),
    { title: 'Choose an order', placeHolder: orders.length ? 'Order' : 'No orders loaded', matchOnDetail: true },
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
