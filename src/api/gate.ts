// The concurrency gate every request passes. Its size follows the key's MaxConcurrentConnections
// once known; a 429 (or error 1003) pauses the whole gate, because the limit is per key: letting
// the other workers keep firing would only earn more 429s.
import { watchAbort } from './abort-watch';

/** The most requests one client runs at once. */
const MAX_SIZE = 16;

export interface GateSlot {
  release(): void;
}

interface Waiter {
  resolve: (slot: GateSlot) => void;
  reject: (err: unknown) => void;
  /** Stops watching the caller's signal (one listener per signal: abort-watch.ts). */
  unwatch?: () => void;
}

export class ConcurrencyGate {
  private active = 0;
  private readonly waiters: Waiter[] = [];
  private pausedUntil = 0;
  private resumeTimer: NodeJS.Timeout | undefined;

  constructor(private limit: number) {
    this.limit = ConcurrencyGate.clamp(limit);
  }

  /** Whatever the service or a setting says, the gate holds 1 to MAX_SIZE slots: a key claiming
   * a billion connections must not unleash a billion sockets from one extension host. */
  static clamp(size: number): number {
    return Number.isFinite(size) && size >= 1 ? Math.min(MAX_SIZE, Math.floor(size)) : 1;
  }

  get size(): number {
    return this.limit;
  }

  get inFlight(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Milliseconds left of the current pause (0 when not paused). */
  get pauseRemainingMs(): number {
    return Math.max(0, this.pausedUntil - Date.now());
  }

  setSize(size: number): void {
    this.limit = ConcurrencyGate.clamp(size);
    this.drain();
  }

  /** Holds every new request for `ms`; requests already running finish as they are. */
  pause(ms: number): void {
    const until = Date.now() + Math.max(0, ms);
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    this.scheduleResume(until - Date.now());
  }

  /** A timer may fire a millisecond before `Date.now()` reaches the end of the pause: drain()
   * then finds the gate still paused and asks again, so waiters are never left behind. */
  private scheduleResume(ms: number): void {
    if (this.resumeTimer) return;
    this.resumeTimer = setTimeout(
      () => {
        this.resumeTimer = undefined;
        this.drain();
      },
      Math.max(1, ms),
    );
    this.resumeTimer.unref?.();
  }

  /** Waits for a free slot; rejects with the signal's reason when the caller cancels. */
  acquire(signal?: AbortSignal): Promise<GateSlot> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<GateSlot>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      if (signal)
        waiter.unwatch = watchAbort(signal, () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(signal.reason);
        });
      this.waiters.push(waiter);
      this.drain();
    });
  }

  private drain(): void {
    const paused = this.pauseRemainingMs;
    if (paused > 0) {
      if (this.waiters.length > 0) this.scheduleResume(paused);
      return;
    }
    while (this.active < this.limit && this.waiters.length > 0) {
      const waiter = this.waiters.shift()!;
      waiter.unwatch?.();
      this.active++;
      let released = false;
      waiter.resolve({
        release: () => {
          if (released) return;
          released = true;
          this.active--;
          this.drain();
        },
      });
    }
  }
}
