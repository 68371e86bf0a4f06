// What Estimate Tasking Order and Create Tasking Order share: run the order core on the document
// (or on the tiles the options name), then tell what was estimated or created.
import { runOrder } from '../../workflows/orders/order-workflow';
import type { OrderOptions } from '../../workflows/orders/order-resolve';
import type { OrderResult } from '../../workflows/engine/results';
import type { AoiSource, WorkflowPorts } from '../../workflows/engine/ports';
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
  const core = (ports: WorkflowPorts, source: AoiSource | undefined, o: OrderOptions) =>
    runOrder(ports, source, o, mode);
  // An order of the tiles the options name needs no document.
  const documentRequired = !(options as OrderOptions | undefined)?.tileGuids?.length;
  const run = await runWorkflow<OrderOptions, OrderResult>(services, title, uri, options, core, documentRequired);
  if (run) announceOrder(services, run.result);
  return run?.result;
}
