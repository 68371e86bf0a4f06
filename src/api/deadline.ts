// The overall deadline of one request, answer body included. The idle timeout (undici's
// headersTimeout/bodyTimeout, the socket timeout of node-http) only fires when the service falls
// silent: a service that trickles one byte a second keeps a call, and its gate slot, alive for
// ever. The deadline aborts the exchange when its time is up, whatever pace the bytes come at.
import { ApiError } from './errors';
import type { ResponseBody } from './node-http';

export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private error: ApiError | undefined;

  constructor(ms: number, parent: AbortSignal | undefined, endpoint: string) {
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal;
    this.timer = setTimeout(() => {
      const seconds = Math.round(ms / 100) / 10;
      this.error = new ApiError({
        kind: 'timeout',
        message: `${endpoint} did not complete within its ${seconds} s deadline (the service answers too slowly); try again later.`,
        endpoint,
      });
      this.controller.abort(this.error);
    }, ms);
    this.timer.unref?.();
  }

  /** The timeout error once the deadline has passed. */
  get expired(): ApiError | undefined {
    return this.error;
  }

  /** Whatever a cut-off read threw (an AbortError, a bare ECONNRESET), the deadline's own error
   * says why when the deadline is what cut it. */
  translate(err: unknown): unknown {
    return this.error ?? err;
  }

  clear(): void {
    clearTimeout(this.timer);
  }

  /** A read of the body: the deadline's error for what it cut, the timer cleared either way. */
  private async through<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      throw this.translate(err);
    } finally {
      this.clear();
    }
  }

  /** The body, with the deadline running until it is read, dumped or destroyed. */
  watch(body: ResponseBody): ResponseBody {
    const deadline = this;
    return {
      async *[Symbol.asyncIterator]() {
        try {
          for await (const chunk of body) yield chunk;
        } catch (err) {
          throw deadline.translate(err);
        } finally {
          deadline.clear();
        }
      },
      text: () => deadline.through(() => body.text()),
      async dump() {
        try {
          await body.dump();
        } finally {
          deadline.clear();
        }
      },
      destroy() {
        deadline.clear();
        body.destroy();
      },
    };
  }
}
