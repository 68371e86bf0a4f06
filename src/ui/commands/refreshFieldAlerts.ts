// Reads the workspace's field tables again; returns what the Field alerts view now shows, so tests
// and scripts can read it.
import { Commands } from '../constants';
import type { Command } from './command';

export const refreshFieldAlertsCommand: Command = {
  id: Commands.refreshFieldAlerts,
  async run(services) {
    await services.sidebar.fieldAlerts.refresh();
    return services.sidebar.fieldAlerts.state;
  },
};
