// The walkthrough's steps wait for what happened (package.json's completionEvents
// `onContext:KEY`), not for a command to start: a download cancelled before Proceed, or a view
// opened, is not a step done. The product marks each step's key where the thing happens (a
// composite's file saved, an image drawn in the viewer); the key is set once in a window, and each
// happening is told to the listeners (the integration tests: a context key cannot be read back
// from the extension host).
import * as vscode from 'vscode';

const set = new Set<string>();
const happened = new vscode.EventEmitter<string>();

/** Fires with a step's key each time its thing happens (set or already set). */
export const onDidMarkStep = happened.event;

/** Sets `key` (a ContextKeys entry a step waits for) to true, the first time in this window. */
export function markStepDone(key: string): void {
  if (!set.has(key)) {
    set.add(key);
    void vscode.commands.executeCommand('setContext', key, true);
  }
  happened.fire(key);
}

/** The keys set in this window, in the order they were first set. */
export function stepKeysSet(): string[] {
  return [...set];
}
