// satImagery.estimateOrder(uri?, options?): the tasking estimate in the cost panel; Proceed there
// creates the order with the same payload. With skipConfirmation only the estimate is returned.
import { runOrder } from '../../workflows/order';
import type { OrderOptions } from '../../workflows/order';
import type { OrderResult } from '../../workflows/results';
import { Commands } from '../constants';
import { runWorkflow } from '../prompts/run-workflow';
import type { CommandDefinition } from '../services';
import { announceOrder } from '../prompts/order-outcome';

export const estimateOrderCommand: CommandDefinition = {
  id: Commands.estimateOrder,
  async run(services, uri?: unknown, options?: unknown): Promise<OrderResult | undefined> {
    const hasTiles = !!(options as OrderOptions | undefined)?.tileGuids?.length;
    const run = await runWorkflow<OrderOptions, OrderResult>(services, 'Estimate order', uri, options, (ports, source, o) => runOrder(ports, source, o, 'estimate'), !hasTiles);
    if (run) announceOrder(services, run.result);
    return run?.result;
  },
};
