// Reloads the Orders tree; returns what it now shows, so tests and scripts can read it.
import { Commands } from '../constants';
import type { Command } from './command';

export const refreshOrdersCommand: Command = {
  id: Commands.refreshOrders,
  async run(services) {
    await services.sidebar.refreshOrders();
    return services.sidebar.orders.state;
  },
};
