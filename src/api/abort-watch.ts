// One abort listener per signal, however many callers wait on it: a batch of 200 units shares
// its signal, and a listener each would pass Node's limit of 10 and print a leak warning to a
// CLI user. The listener goes when the last of its callers stops waiting.

const watchers = new WeakMap<AbortSignal, { callbacks: Set<() => void>; onAbort: () => void }>();

/** Calls `callback` once if `signal` aborts; returns what stops the watch. */
export function watchAbort(signal: AbortSignal, callback: () => void): () => void {
  let entry = watchers.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const onAbort = () => {
      watchers.delete(signal);
      for (const call of callbacks) call();
    };
    entry = { callbacks, onAbort };
    watchers.set(signal, entry);
    signal.addEventListener('abort', onAbort, { once: true });
  }
  const watched = entry;
  const own = () => callback();
  watched.callbacks.add(own);
  return () => {
    if (!watched.callbacks.delete(own) || watched.callbacks.size > 0) return;
    if (watchers.get(signal) === watched) watchers.delete(signal);
    signal.removeEventListener('abort', watched.onAbort);
  };
}
