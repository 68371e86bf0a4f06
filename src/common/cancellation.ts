// What a cancel looks like, for every room: the client's 'aborted' failure, an AbortError, or
// any failure once the run's signal is aborted. And the one way to make a call a run can do
// without (the account, the specification document, the order list, footprints) answer a
// fallback when it fails, while a cancel still ends the run.

/** True for the failure a cancel causes (the client's 'aborted', or an AbortError). */
export function isCancellation(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { kind?: unknown; name?: unknown };
  return e.kind === 'aborted' || e.name === 'AbortError';
}

/** The call's answer, or `fallback` when it fails for any reason but a cancel. */
export async function unlessCancelled<T, F>(
  call: Promise<T>,
  signal: AbortSignal | undefined,
  fallback: F,
): Promise<T | F> {
  try {
    return await call;
  } catch (error) {
    if (isCancellation(error, signal)) throw error;
    return fallback;
  }
}
