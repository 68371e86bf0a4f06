// Orders filter: only recurring orders (the service's `recurringOnly` query).
import { Commands } from '../constants';
import type { UiCommandDefinition } from './ui-command';

export const toggleRecurringOnlyCommand: UiCommandDefinition = {
  id: Commands.toggleRecurringOnly,
  async run(services, value?: unknown): Promise<boolean> {
    const orders = services.sidebar.orders;
    const recurringOnly = typeof value === 'boolean' ? value : !orders.recurringOnly;
    await orders.setFilters({ recurringOnly }, services.apiKey.hasKey);
    services.sidebar.ordersView.description = filterDescription(orders.recurringOnly, orders.showExpired);
    return recurringOnly;
  },
};

export function filterDescription(recurringOnly: boolean, showExpired: boolean): string | undefined {
  const parts = [recurringOnly ? 'recurring only' : '', showExpired ? 'with expired' : ''].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}
