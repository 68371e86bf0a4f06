// Orders filter: only recurring orders (the service's `recurringOnly` query).
import { Commands } from '../constants';
import { toggleOrdersFilter } from './orders-filter';
import type { UiCommandDefinition } from './command';

export const toggleRecurringOnlyCommand: UiCommandDefinition = {
  id: Commands.toggleRecurringOnly,
  run: (services, value?: unknown): Promise<boolean> => toggleOrdersFilter(services, 'recurringOnly', value),
};
