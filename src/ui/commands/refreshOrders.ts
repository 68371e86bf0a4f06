// Reloads the Orders tree; returns what it now shows, so tests and scripts can read it.
import { Commands } from '../constants';
import type { UiCommandDefinition } from './command';

export const refreshOrdersCommand: UiCommandDefinition = {
  id: Commands.refreshOrders,
  async run(services) {
    await services.sidebar.refreshOrders();
    return services.sidebar.orders.state;
  },
};
