// Orders filter: include expired orders (the service's `getExpired` query).
import { Commands } from '../constants';
import { filterDescription } from './toggleRecurringOnly';
import type { UiCommandDefinition } from './ui-command';

export const toggleShowExpiredCommand: UiCommandDefinition = {
  id: Commands.toggleShowExpired,
  async run(services, value?: unknown): Promise<boolean> {
    const orders = services.sidebar.orders;
    const showExpired = typeof value === 'boolean' ? value : !orders.showExpired;
    await orders.setFilters({ showExpired }, services.apiKey.hasKey);
    services.sidebar.ordersView.description = filterDescription(orders.recurringOnly, orders.showExpired);
    return showExpired;
  },
};
