// A small worker pool: at most `size` units run at once, never more than the client's shared gate
// admits (the gate would only queue them, and large jobs with many workers provoke 429 storms,
// spec section 8). A failed unit does not stop the others; a cancel stops taking new units.

export interface PoolOutcome<T, R> {
  item: T;
  ok: boolean;
  value?: R;
  error?: unknown;
}

export async function runPool<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<PoolOutcome<T, R>[]> {
  const outcomes: PoolOutcome<T, R>[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const index = next++;
      const item = items[index]!;
      try {
        outcomes[index] = { item, ok: true, value: await work(item, index) };
      } catch (error) {
        outcomes[index] = { item, ok: false, error };
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(size) || 1, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  // Units never started (after a cancel) are reported as not done.
  for (let i = 0; i < items.length; i++)
    outcomes[i] ??= { item: items[i]!, ok: false, error: new Error('not started: cancelled') };
  return outcomes;
}

/** Pool size: the wish, bounded by the key's MaxConcurrentConnections, at least 1. */
export function poolSize(wanted: number | undefined, maxConcurrent: number | undefined): number {
  const limit = maxConcurrent !== undefined && maxConcurrent > 0 ? maxConcurrent : 2;
  return Math.max(1, Math.min(wanted ?? 2, limit));
}
