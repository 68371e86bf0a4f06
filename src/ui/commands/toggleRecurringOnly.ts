// Orders filter: only recurring orders (the service's `recurringOnly` query).
import { Commands } from '../constants';
import { toggleOrdersFilter } from './orders-filter';
import type { Command } from './command';

export const toggleRecurringOnlyCommand: Command = {
  id: Commands.toggleRecurringOnly,
  run: (services, value?: unknown): Promise<boolean> => toggleOrdersFilter(services, 'recurringOnly', value),
};
