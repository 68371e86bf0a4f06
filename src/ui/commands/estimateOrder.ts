// satImagery.estimateOrder(uri?, options?): the tasking estimate in the cost panel; Proceed there
// creates the order with the same payload. With skipConfirmation only the estimate is returned.
import type { OrderResult } from '../../workflows/engine/results';
import { Commands } from '../constants';
import { runOrderCommand } from '../runners/run-order';
import { workflowCommand } from './command';
import { orderOptionNames } from '../../workflows/option-names';
import type { Command } from './command';

export const estimateOrderCommand: Command = workflowCommand(
  {
    id: Commands.estimateOrder,
    run: (services, uri?: unknown, options?: unknown): Promise<OrderResult | undefined> =>
      runOrderCommand(services, 'estimate', 'Estimate order', uri, options),
  },
  orderOptionNames,
);
