// satImagery.createOrder(uri?, options?): estimate → cost panel → create with the same validated
// payload and the TileDeduplication choice. A recurring order says when it can be cancelled.
import { runOrder } from '../../workflows/order';
import type { OrderOptions } from '../../workflows/order';
import type { OrderResult } from '../../workflows/results';
import { Commands } from '../constants';
import { runWorkflow } from '../prompts/run-workflow';
import type { CommandDefinition } from '../services';
import { announceOrder } from '../prompts/order-outcome';

export const createOrderCommand: CommandDefinition = {
  id: Commands.createOrder,
  async run(services, uri?: unknown, options?: unknown): Promise<OrderResult | undefined> {
    const hasTiles = !!(options as OrderOptions | undefined)?.tileGuids?.length;
    const run = await runWorkflow<OrderOptions, OrderResult>(services, 'Create order', uri, options, (ports, source, o) => runOrder(ports, source, o, 'create'), !hasTiles);
    if (run) announceOrder(services, run.result);
    return run?.result;
  },
};
