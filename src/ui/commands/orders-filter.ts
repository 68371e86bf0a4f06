// The Orders filters (the service's `recurringOnly` and `getExpired` queries), shared by the two
// toggle commands: set or flip one, reload, and say in the view's description what is filtered.
import type { ExtensionServices } from '../extension-services';

export type OrdersFilter = 'recurringOnly' | 'showExpired';

export async function toggleOrdersFilter(
  services: ExtensionServices,
  filter: OrdersFilter,
  value: unknown,
): Promise<boolean> {
  const orders = services.sidebar.orders;
  const next = typeof value === 'boolean' ? value : !orders[filter];
  await orders.setFilters({ [filter]: next }, services.apiKey.hasKey);
  services.sidebar.ordersView.description = filterDescription(orders.recurringOnly, orders.showExpired);
  return next;
}

function filterDescription(recurringOnly: boolean, showExpired: boolean): string | undefined {
  const parts = [recurringOnly ? 'recurring only' : '', showExpired ? 'with expired' : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}
