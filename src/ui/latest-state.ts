// A state loaded from the service, where the last load wins: a slow answer to an older load (an
// old key, an old filter) never overwrites a newer one. Listeners hear every accepted change.
// A load that is superseded, or whose holder is disposed, is also cancelled through its
// AbortSignal: a stuck call must not keep a slot of the client's concurrency gate from the
// requests that replaced it.
import * as vscode from 'vscode';

export class LatestState<S> implements vscode.Disposable {
  private current: S;
  private generation = 0;
  private controller: AbortController | undefined;
  private readonly changed = new vscode.EventEmitter<S>();
  readonly onDidChange = this.changed.event;

  constructor(initial: S) {
    this.current = initial;
  }

  get state(): S {
    return this.current;
  }

  /** Starts a load: from now on, what older loads set is dropped, and their requests cancelled. */
  protected begin(): number {
    this.controller?.abort(new Error('superseded by a newer load'));
    this.controller = new AbortController();
    return ++this.generation;
  }

  /** The signal of the load begun last; pass it to the requests of that load. */
  protected get signal(): AbortSignal {
    this.controller ??= new AbortController();
    return this.controller.signal;
  }

  /** Takes `state` if no newer load has begun since `generation`; returns the state now shown. */
  protected set(state: S, generation: number): S {
    if (generation === this.generation) {
      this.current = state;
      this.changed.fire(state);
    }
    return this.current;
  }

  dispose(): void {
    this.controller?.abort(new Error('disposed'));
    this.generation++;
    this.changed.dispose();
  }
}
