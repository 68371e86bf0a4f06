// Runs a sequence of prompt steps with back navigation. A step already fixed (by the options or
// the settings) is skipped and never counted; BACK returns to the previous step that was asked;
// a dismissed prompt ends the run. Steps write their answers into a shared state object.
import { BACK } from './ports';
import type { Answer } from './ports';

/** Stores a step's answer under `key` of the choices and makes it the step's result; BACK and a
 * dismissed prompt (undefined) pass through, storing nothing. */
export function storeAnswer<C, K extends keyof C>(chosen: C, key: K, answer: Answer<C[K]>): Answer<true> {
  if (answer === undefined) return undefined;
  if (answer === BACK) return BACK;
  chosen[key] = answer;
  return true;
}

export interface StepPosition {
  step: number;
  totalSteps: number;
  canGoBack: boolean;
}

export interface WizardStep<S> {
  id: string;
  /** True when nothing needs asking (the value is fixed); evaluated when the step is reached. */
  fixed(state: S): boolean;
  /** Asks and stores the answer in `state`; returns BACK or undefined to navigate/cancel. */
  ask(state: S, position: StepPosition): Promise<Answer<true>>;
}

/** Resolves true when every step is answered, false when the person dismissed a prompt. */
export async function runWizard<S>(steps: WizardStep<S>[], state: S): Promise<boolean> {
  const asked: number[] = [];
  let index = 0;
  while (index < steps.length) {
    const step = steps[index]!;
    if (step.fixed(state)) {
      index++;
      continue;
    }
    // Remaining steps that will ask, counted as they stand now (answers may fix later ones).
    const remaining = steps.slice(index + 1).filter((s) => !s.fixed(state)).length;
    const position = { step: asked.length + 1, totalSteps: asked.length + 1 + remaining, canGoBack: asked.length > 0 };
    const answer = await step.ask(state, position);
    if (answer === undefined) return false;
    if (answer === BACK) {
      const previous = asked.pop();
      if (previous === undefined) continue; // nothing to go back to: ask again
      index = previous;
      continue;
    }
    asked.push(index);
    index++;
  }
  return true;
}
