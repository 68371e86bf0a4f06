// What Estimate Tasking Order and Create Tasking Order share: run the order core on the document
// (or on the tiles the options name), then tell what was estimated or created.
import { runOrder } from '../../workflows/orders/order-workflow';
import type { OrderOptions } from '../../workflows/orders/order-workflow';
import type { OrderResult } from '../../workflows/engine/results';
import type { ExtensionServices } from '../extension-services';
import { announceOrder } from '../outcomes/order-outcome';
import { runWorkflow } from './run-workflow';

export async function runOrderCommand(
  services: ExtensionServices,
  mode: 'estimate' | 'create',
  title: string,
  uri: unknown,
  options: unknown,
): Promise<OrderResult | undefined> {
  const hasTiles = !!(options as OrderOptions | undefined)?.tileGuids?.length;
  const run = await runWorkflow<OrderOptions, OrderResult>(
    services,
    title,
    uri,
    options,
    (ports, source, o) => runOrder(ports, source, o, mode),
    !hasTiles,
  );
  if (run) announceOrder(services, run.result);
  return run?.result;
}
