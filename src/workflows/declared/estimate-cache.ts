// Estimates by the key of their exact body, kept a few minutes: `apply` prices each unit when it
// plans and again inside the series it runs, and a plan's re-run within the window asks nothing
// again. The store keeps them (estimate-cache-file.ts): in memory for one process, or in the
// user's cache folder, so that the `apply` that follows a `plan` in another process asks nothing
// the plan asked. Here only the asks in flight are held, so two identical asks at once send one.
// Only estimates are kept (free calls); a billed call never goes through here.
import type { CompositeEstimate, CompositeRequest } from '../../api/types';
import type { WorkflowPorts } from '../engine/ports';
import { requestKey } from '../../ledger/request-key';
import type { EstimateStore } from './estimate-cache-file';

/** The ports with their client's composite estimate answered from the store while it is fresh. */
export function withEstimateCache(ports: WorkflowPorts, store: EstimateStore): WorkflowPorts {
  const inFlight = new Map<string, Promise<CompositeEstimate>>();
  const client = ports.client;
  const estimateComposite = (
    request: CompositeRequest,
    options?: Parameters<typeof client.estimateComposite>[1],
  ): Promise<CompositeEstimate> => {
    const key = requestKey(request);
    // A billed call's own price is the service's, asked now: it may have risen since it was kept.
    if (options?.fresh) {
      const fresh = client.estimateComposite(request, options);
      fresh.then((answer) => store.put(key, answer)).catch(() => undefined);
      return fresh;
    }
    const stored = store.get(key);
    if (stored) return Promise.resolve(stored);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const estimate = client.estimateComposite(request, options);
    inFlight.set(key, estimate);
    estimate.then(
      (answer) => {
        inFlight.delete(key);
        return store.put(key, answer);
      },
      () => inFlight.delete(key),
    );
    return estimate;
  };
  // The gate the batch runner sizes its pool by stays visible through the wrapper.
  const cached = Object.assign(Object.create(client) as typeof client, { estimateComposite });
  return { ...ports, client: cached };
}
