// The overall deadline of one image download, as an AbortSignal that also follows the caller's
// own. The per-request timeout only catches silence and the rate floor only a slow body; a
// download that keeps moving just above both, or a server that keeps asking to retry, still ends.
import { watchAbort } from './abort-watch';
import { ApiError, isApiError } from './errors';

function durationText(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 1000)} s`;
}

export class DownloadDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private expired = false;
  private readonly unwatch: (() => void) | undefined;

  constructor(
    private readonly ms: number,
    private readonly outer?: AbortSignal,
  ) {
    // setTimeout fires at once for anything above 2^31 - 1 ms (about 24 days): clamp, and let a
    // non-finite or non-positive deadline mean none.
    if (Number.isFinite(ms) && ms > 0) {
      this.timer = setTimeout(
        () => {
          this.expired = true;
          this.controller.abort();
        },
        Math.min(ms, 2 ** 31 - 1),
      );
      this.timer.unref();
    }
    if (outer?.aborted) this.controller.abort();
    else if (outer) this.unwatch = watchAbort(outer, () => this.controller.abort());
  }

  /** Aborted when the caller cancels or the deadline passes. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The error to report: a cancellation caused by the deadline (not the caller) is a timeout. */
  explain(err: unknown, endpoint: string): unknown {
    if (!this.expired || this.outer?.aborted || !isApiError(err) || err.kind !== 'aborted') return err;
    return new ApiError({
      kind: 'timeout',
      message: `${endpoint}: the image download did not finish within ${durationText(this.ms)}, its overall deadline; nothing was saved, try again later.`,
      endpoint,
      cause: err,
    });
  }

  clear(): void {
    clearTimeout(this.timer);
    this.unwatch?.();
  }
}
