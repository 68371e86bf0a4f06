// Estimates by the key of their exact body, kept a few minutes: `apply` prices each unit when it
// plans and again inside the series it runs, and a plan's re-run within the window asks nothing
// again. With a store (estimate-cache-file.ts) the window spans processes: the `apply` that
// follows a `plan` asks nothing the plan asked. Only estimates are kept (free calls); a billed
// call never goes through here.
import type { CompositeEstimate, CompositeRequest } from '../../api/types';
import type { WorkflowPorts } from '../engine/ports';
import { requestKey } from '../engine/request-key';
import { ESTIMATE_TTL_MS } from './estimate-cache-file';
import type { EstimateStore } from './estimate-cache-file';

/** The ports with their client's composite estimate answered from the cache while it is fresh. */
export function withEstimateCache(
  ports: WorkflowPorts,
  now: () => number = Date.now,
  store?: EstimateStore,
): WorkflowPorts {
  const cache = new Map<string, { at: number; estimate: Promise<CompositeEstimate> }>();
  const client = ports.client;
  const estimateComposite = (
    request: CompositeRequest,
    options?: Parameters<typeof client.estimateComposite>[1],
  ): Promise<CompositeEstimate> => {
    const key = requestKey(request);
    const kept = cache.get(key);
    if (kept && now() - kept.at < ESTIMATE_TTL_MS) return kept.estimate;
    const stored = store?.get(key);
    if (stored) return Promise.resolve(stored);
    const estimate = client.estimateComposite(request, options);
    cache.set(key, { at: now(), estimate });
    estimate.then(
      (answer) => store?.put(key, answer),
      () => cache.delete(key),
    );
    return estimate;
  };
  // The gate the batch runner sizes its pool by stays visible through the wrapper.
  const cached = Object.assign(Object.create(client) as typeof client, { estimateComposite });
  return { ...ports, client: cached };
}
