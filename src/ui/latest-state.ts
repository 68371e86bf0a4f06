// A state loaded from the service, where the last load wins: a slow answer to an older load (an
// old key, an old filter) never overwrites a newer one. Listeners hear every accepted change.
import * as vscode from 'vscode';

export class LatestState<S> implements vscode.Disposable {
  private current: S;
  private generation = 0;
  private readonly changed = new vscode.EventEmitter<S>();
  readonly onDidChange = this.changed.event;

  constructor(initial: S) {
    this.current = initial;
  }

  get state(): S {
    return this.current;
  }

  /** Starts a load: from now on, what older loads set is dropped. */
  protected begin(): number {
    return ++this.generation;
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
    this.changed.dispose();
  }
}
