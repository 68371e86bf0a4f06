// The run's configurable misbehaviour: per-key concurrency and rate limits, random 5xx drawn
// from the seed, and the queue of one-shot scheduled faults.
import type { FaultOptions, ScheduledFault } from './types';
import { createRandom, hashOf } from './random';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class FaultController {
  options: FaultOptions;
  private readonly scheduled: Array<{ fault: ScheduledFault; remaining: number }> = [];
  private readonly buckets = new Map<string, Bucket>();
  private readonly inFlight = new Map<string, number>();
  private readonly random: () => number;
  /** Image answers being sent now, the most at once since the last reset, and who waits for more. */
  private imagesNow = 0;
  private imagesMost = 0;
  private readonly imageWaiters = new Set<() => void>();

  constructor(options: FaultOptions | undefined, seed: number) {
    this.options = { ...options };
    this.random = createRandom(hashOf(seed, 'faults'));
  }

  configure(options: FaultOptions): void {
    this.options = { ...options };
    this.buckets.clear();
    this.imagesMost = this.imagesNow;
  }

  /** The most image answers that were being sent at once since the last configure or reset. */
  get mostImagesAtOnce(): number {
    return this.imagesMost;
  }

  resetMostImagesAtOnce(): void {
    this.imagesMost = this.imagesNow;
  }

  /**
   * Counts an image answer as being sent until the returned release is called (as its last byte
   * goes, or when its connection closes; a second call does nothing). With `holdImagesUntilAtOnce`
   * set, resolves once that many were being sent at once (each answer waits for the others, at
   * most `ceilingMs`), so a test sees a client's concurrency for certain rather than from
   * timestamps.
   */
  async imageStarted(ceilingMs = 20_000): Promise<() => void> {
    this.imagesNow += 1;
    this.imagesMost = Math.max(this.imagesMost, this.imagesNow);
    for (const wake of this.imageWaiters) wake();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.imagesNow -= 1;
    };
    const want = this.options.holdImagesUntilAtOnce;
    if (want === undefined || this.imagesMost >= want) return release;
    await new Promise<void>((resolve) => {
      const wake = () => {
        if (this.imagesMost < want) return;
        clearTimeout(timer);
        this.imageWaiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.imageWaiters.delete(wake);
        resolve();
      }, ceilingMs);
      this.imageWaiters.add(wake);
    });
    return release;
  }

  schedule(faults: ScheduledFault[]): void {
    for (const fault of faults) this.scheduled.push({ fault, remaining: fault.times ?? 1 });
  }

  /** Drops the scheduled faults not yet consumed. */
  clearScheduled(): void {
    this.scheduled.length = 0;
  }

  /** The first scheduled fault matching the request, consumed once. */
  takeScheduled(method: string, path: string): ScheduledFault | undefined {
    const index = this.scheduled.findIndex(
      ({ fault }) =>
        (fault.method === undefined || fault.method.toUpperCase() === method) &&
        (fault.path === undefined || fault.path === path),
    );
    if (index < 0) return undefined;
    const entry = this.scheduled[index] as { fault: ScheduledFault; remaining: number };
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.scheduled.splice(index, 1);
    return entry.fault;
  }

  /** Takes a token from the key's bucket; when none is left, says how long until the next. */
  takeToken(key: string, nowMs: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const limit = this.options.rateLimit;
    if (!limit || limit.perSecond <= 0) return { ok: true };
    const capacity = Math.max(1, limit.burst ?? limit.perSecond);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: nowMs };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.updatedAt) / 1000) * limit.perSecond);
    bucket.updatedAt = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond)) };
  }

  /** Counts the request in flight for its key, unless the key is already at its limit. */
  acquire(key: string): boolean {
    const max = this.options.maxConcurrentPerKey;
    const current = this.inFlight.get(key) ?? 0;
    if (max !== undefined && current >= max) return false;
    this.inFlight.set(key, current + 1);
    return true;
  }

  release(key: string): void {
    const current = this.inFlight.get(key) ?? 0;
    if (current <= 1) this.inFlight.delete(key);
    else this.inFlight.set(key, current - 1);
  }

  inFlightFor(key: string): number {
    return this.inFlight.get(key) ?? 0;
  }

  /** A 5xx status drawn from the configured fractions, or undefined. */
  drawServerError(): 500 | 502 | 503 | undefined {
    const f = this.options.errorFractions;
    if (!f) return undefined;
    const r = this.random();
    let edge = 0;
    for (const status of [500, 502, 503] as const) {
      edge += f[status] ?? 0;
      if (r < edge) return status;
    }
    return undefined;
  }
}
