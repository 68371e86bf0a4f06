// When and how long to wait before trying a request again: exponential backoff with full jitter
// (a uniformly random wait between 0 and the exponential cap), or the server's Retry-After when it
// sent one, within a bounded number of attempts and a bounded total time. Randomness, clock and
// sleep are injectable so tests can observe the waits while still talking to a real server.
import { watchAbort } from './abort-watch';
import { ApiError } from './errors';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxTotalMs: number;
}

export interface RetryEnvironment {
  /** Uniform in [0, 1). */
  random(): number;
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxTotalMs: 120_000,
};

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const unwatch = signal
      ? watchAbort(signal, () => {
          clearTimeout(timer);
          reject(signal.reason);
        })
      : undefined;
    const timer = setTimeout(() => {
      unwatch?.();
      resolve();
    }, ms);
  });
}

export const defaultRetryEnvironment: RetryEnvironment = { random: Math.random, now: Date.now, sleep: abortableSleep };

/** Full jitter: uniform in [0, min(maxDelay, base * 2^retryIndex)). `retryIndex` counts from 0. */
export function backoffDelay(retryIndex: number, policy: RetryPolicy, random: () => number): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(random() * cap);
}

/** Reads Retry-After as seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How a request may be repeated. `billed`: processing and order creation, which spend the
 * account's money when the server runs them, whether or not the answer arrives (docs/engineering-notes.md,
 * "Billed calls are not idempotent"). */
export type RequestMode = 'normal' | 'billed';

/** Which failures may be retried. A billed call only when the answer says the server did not run
 * it (429, 503, 1003) or the connection was refused before the request was written; the pipeline
 * also holds such an answer to the table of billed answers (billed-answers.ts), so a 1003 inside
 * a 2xx answer, which proves nothing, is not sent again. */
export function isRetryable(err: ApiError, mode: RequestMode): boolean {
  if (err.kind === 'rate-limited') return true; // 429 and error 1003
  if (mode === 'billed') return err.status === 503 || isConnectFailure(err);
  if (err.kind === 'server') return true;
  return err.kind === 'network' || err.kind === 'timeout';
}

/** The connection was never made, so the server cannot have seen the request. */
export function isConnectFailure(err: ApiError): boolean {
  const code = (err.cause as { code?: string } | undefined)?.code;
  return (
    err.status === undefined && (code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ENOTFOUND')
  );
}
