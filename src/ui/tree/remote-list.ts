// A list fetched from the service, as the trees show it: not yet asked (no key), loading, failed
// with a message, or loaded. Overlapping loads are resolved last-call-wins, so a slow answer to
// an old filter never overwrites a newer one.
import * as vscode from 'vscode';
import { isApiError } from '../../api/errors';
import { errorText } from '../errors';
import type { ComponentLog } from '../services';

export type ListState<T> =
  | { kind: 'no-key' }
  | { kind: 'loading'; previous: T[] | undefined }
  | { kind: 'error'; message: string; auth: boolean }
  | { kind: 'loaded'; items: T[] };

export class RemoteList<T> implements vscode.Disposable {
  private current: ListState<T> = { kind: 'no-key' };
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<ListState<T>>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly what: string,
    private readonly log: ComponentLog,
  ) {}

  get state(): ListState<T> {
    return this.current;
  }

  get items(): T[] | undefined {
    return this.current.kind === 'loaded' ? this.current.items : undefined;
  }

  /** Runs `fetch` and keeps its answer unless a newer load started meanwhile. Never throws. */
  async load(fetch: (() => Promise<T[]>) | undefined): Promise<ListState<T>> {
    const generation = ++this.generation;
    if (!fetch) return this.set({ kind: 'no-key' }, generation);
    this.set({ kind: 'loading', previous: this.items }, generation);
    const started = Date.now();
    try {
      const items = await fetch();
      this.log.info(`${this.what}: ${items.length} loaded in ${Date.now() - started} ms`);
      return this.set({ kind: 'loaded', items }, generation);
    } catch (err) {
      const message = errorText(err);
      this.log.warn(`${this.what}: ${message}`);
      return this.set({ kind: 'error', message, auth: isApiError(err) && err.kind === 'auth' }, generation);
    }
  }

  private set(state: ListState<T>, generation: number): ListState<T> {
    if (generation === this.generation) {
      this.current = state;
      this.changed.fire(state);
    }
    return this.current;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
