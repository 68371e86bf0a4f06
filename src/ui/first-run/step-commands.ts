// A code lens's command reaches the workbench as VS Code's internal delegation command, not under
// its own id, so a walkthrough step that waits for `onCommand:satImagery.planImagery` misses a
// click on the Plan lens (and Show on Map on its lens). The commands with a lens also set a context
// key when they run, which their steps wait for as well.
import { Commands, ContextKeys } from '../constants';
import { markStepDone } from './step-done';

const STEP_KEYS: Record<string, string> = {
  [Commands.showOnMap]: ContextKeys.mapShown,
  [Commands.planImagery]: ContextKeys.imageryPlanned,
};

/** Called with every command's id as it runs; sets its step's key the first time. */
export function noteStepCommand(id: string): void {
  const key = STEP_KEYS[id];
  if (key === undefined) return;
  delete STEP_KEYS[id];
  markStepDone(key);
}
