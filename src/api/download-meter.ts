// Counts the bytes of a download as they arrive and watches its rate. The idle timeout only
// catches a body that stops; a server that trickles a few bytes now and then keeps it alive for
// ever. The meter ends such a download once the bytes of the last window stay under the floor.
import { ApiError } from './errors';
import type { DownloadLimits } from './types';

export const defaultDownloadLimits: DownloadLimits = {
  // 16 KiB/s is below any link an image could usefully come over; 30 s, as curl's --speed-time.
  minimumRate: 16 * 1024,
  rateWindowMs: 30_000,
  deadlineMs: 4 * 60 * 60 * 1000,
};

function rateText(bytesPerSecond: number): string {
  return bytesPerSecond >= 1024 * 1024
    ? `${(bytesPerSecond / 1024 / 1024).toFixed(1)} MiB/s`
    : `${(bytesPerSecond / 1024).toFixed(1)} KiB/s`;
}

export class DownloadMeter {
  /** Bytes received from the network (before any decoding). */
  bytes = 0;
  /** Set when the rate stayed under the floor; the download is then stopped through `stop`. */
  failure: ApiError | undefined;
  private readonly samples: Array<{ at: number; bytes: number }> = [];
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: Pick<DownloadLimits, 'minimumRate' | 'rateWindowMs'>,
    private readonly endpoint: string,
    private readonly stop: () => void,
    private readonly onProgress?: (received: number) => void,
  ) {
    if (limits.minimumRate > 0 && limits.rateWindowMs > 0) {
      this.samples.push({ at: performance.now(), bytes: 0 });
      // A few looks per window: the floor trips between one and 1.25 windows after the rate fell.
      this.timer = setInterval(
        () => this.check(),
        Math.min(2 ** 31 - 1, Math.max(10, Math.floor(limits.rateWindowMs / 4))),
      );
      this.timer.unref();
    }
  }

  /** Counts bytes that arrived; bound so it can be handed on as a callback. */
  readonly add = (count: number): void => {
    this.bytes += count;
    this.onProgress?.(this.bytes);
  };

  /** Stops watching (the body is complete, or the download failed). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private check(): void {
    const now = performance.now();
    const { minimumRate, rateWindowMs } = this.limits;
    this.samples.push({ at: now, bytes: this.bytes });
    // Keep one sample at or before the window's start, so the window is always measured whole.
    while (this.samples.length > 2 && (this.samples[1] as { at: number }).at <= now - rateWindowMs)
      this.samples.shift();
    const first = this.samples[0] as { at: number; bytes: number };
    const elapsed = now - first.at;
    if (elapsed < rateWindowMs || (this.bytes - first.bytes) * 1000 >= minimumRate * elapsed) return;
    const achieved = ((this.bytes - first.bytes) * 1000) / elapsed;
    this.failure = new ApiError({
      kind: 'timeout',
      message: `${this.endpoint}: the image came at ${rateText(achieved)} for ${(elapsed / 1000).toFixed(elapsed < 10_000 ? 1 : 0)} s, under the minimum download rate of ${rateText(minimumRate)}; the download was stopped and nothing was saved. Try again later, or lower the minimum download rate in the settings.`,
      endpoint: this.endpoint,
    });
    this.close();
    this.stop();
  }
}
