// satImagery.createOrder(uri?, options?): estimate → cost panel → create with the same validated
// payload and the TileDeduplication choice. A recurring order says when it can be cancelled.
import type { OrderResult } from '../../workflows/engine/results';
import { Commands } from '../constants';
import { runOrderCommand } from '../runners/run-order';
import { workflowCommand } from './command';
import { orderOptionNames } from '../../workflows/option-names';
import type { Command } from './command';

export const createOrderCommand: Command = workflowCommand(
  {
    id: Commands.createOrder,
    run: (services, uri?: unknown, options?: unknown): Promise<OrderResult | undefined> =>
      runOrderCommand(services, 'create', 'Create order', uri, options),
  },
  orderOptionNames,
);
