// Orders filter: include expired orders (the service's `getExpired` query).
import { Commands } from '../constants';
import { toggleOrdersFilter } from './orders-filter';
import type { Command } from './command';

export const toggleShowExpiredCommand: Command = {
  id: Commands.toggleShowExpired,
  run: (services, value?: unknown): Promise<boolean> => toggleOrdersFilter(services, 'showExpired', value),
};
