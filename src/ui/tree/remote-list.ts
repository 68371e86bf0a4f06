// A list fetched from the service, as the trees show it: not yet asked (no key), loading, failed
// with a message, or loaded. Overlapping loads are resolved last-call-wins, so a slow answer to
// an old filter never overwrites a newer one.
import { isApiError } from '../../api/errors';
import { errorText } from '../errors';
import { LatestState } from '../latest-state';
import type { ComponentLog } from '../types';

export type ListState<T> =
  | { kind: 'no-key' }
  | { kind: 'loading'; previous: T[] | undefined }
  | { kind: 'error'; message: string; auth: boolean }
  | { kind: 'loaded'; items: T[] };

export class RemoteList<T> extends LatestState<ListState<T>> {
  constructor(
    private readonly what: string,
    private readonly log: ComponentLog,
  ) {
    super({ kind: 'no-key' });
  }

  get items(): T[] | undefined {
    return this.state.kind === 'loaded' ? this.state.items : undefined;
  }

  /** Runs `fetch` and keeps its answer unless a newer load started meanwhile, which also cancels
   * it through `signal`. Never throws. */
  async load(fetch: ((signal: AbortSignal) => Promise<T[]>) | undefined): Promise<ListState<T>> {
    const generation = this.begin();
    const signal = this.signal;
    if (!fetch) return this.set({ kind: 'no-key' }, generation);
    this.set({ kind: 'loading', previous: this.items }, generation);
    const started = Date.now();
    try {
      const items = await fetch(signal);
      this.log.info(`${this.what}: ${items.length} loaded in ${Date.now() - started} ms`);
      return this.set({ kind: 'loaded', items }, generation);
    } catch (err) {
      if (signal.aborted) {
        this.log.debug(`${this.what}: a superseded load was cancelled`);
        return this.state;
      }
      const message = errorText(err);
      this.log.warn(`${this.what}: ${message}`);
      return this.set({ kind: 'error', message, auth: isApiError(err) && err.kind === 'auth' }, generation);
    }
  }
}
