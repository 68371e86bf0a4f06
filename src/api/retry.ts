// When and how long to wait before trying a request again: exponential backoff with full jitter
// (a uniformly random wait between 0 and the exponential cap), or the server's Retry-After when it
// sent one, within a bounded number of attempts and a bounded total time. Randomness, clock and
// sleep are injectable so tests can observe the waits while still talking to a real server.
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

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 30_000, maxTotalMs: 120_000 };

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
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

/** Which failures may be retried. `create` is for order creation, which must never be sent twice:
 * only answers that say the server did not process the request (429, 503, 1003) and failures to
 * connect at all qualify there. */
export function isRetryable(err: ApiError, mode: 'normal' | 'create'): boolean {
  if (err.kind === 'rate-limited') return true; // 429 and error 1003
  if (mode === 'create') return err.status === 503 || isConnectFailure(err);
  if (err.kind === 'server') return true;
  return err.kind === 'network' || err.kind === 'timeout';
}

/** The connection was never made, so the server cannot have seen the request. */
export function isConnectFailure(err: ApiError): boolean {
  const code = (err.cause as { code?: string } | undefined)?.code;
  return err.status === undefined && (code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ENOTFOUND');
}
