// Resolve, the first step of every purchase (#38): settings and options become a workflow's
// answered questions with no prompt, and what is still open is settled one of three ways, the
// same for every workflow: nobody asked and the open ids returned ('open'), each open question
// taking the default its own step offers ('defaults': the command line, apply, plan), or the
// person asked the open ones only ('wizard': VS Code). The steps are the wizard's in every mode,
// so a default is never a second copy of the step's.
import { defaultAnswers } from './default-answers';
import type { DefaultAnswerRules } from './default-answers';
import type { AskPort, WorkflowPorts } from './ports';
import { runWizard } from './wizard';
import type { WizardStep } from './wizard';

/** A workflow's questions as the settings and the options leave them: the state the steps write
 * into, and the steps (a step fixed by the options or the settings asks nothing). */
export interface Questions<S> {
  state: S;
  steps: WizardStep<S>[];
}

/** How the questions still open are settled. */
export type Settling = { mode: 'open' } | { mode: 'defaults'; rules: DefaultAnswerRules } | { mode: 'wizard' };

export const ASK_THE_PERSON: Settling = { mode: 'wizard' };
export const ASK_NOBODY: Settling = { mode: 'open' };

/** Settled: the state with every question answered; or the ids still open ('open' mode); or the
 * person dismissed a question ('wizard' mode). */
export type Resolution<S> = { state: S } | { open: string[] } | { dismissed: true };

/** The ids of the steps that would ask, in the wizard's order, as the state stands. */
export function openQuestions<S>(questions: Questions<S>): string[] {
  return questions.steps.filter((step) => !step.fixed(questions.state)).map((step) => step.id);
}

/** An ask port for a run in which nobody may be asked (the command line's ports): every question
 * is settled by Resolve before a step could ask it, so a question shown is a fault of the code. */
export const askingNobody: AskPort = {
  pick: async (question) => refuseAsking(question.id),
  pickMany: async (question) => refuseAsking(question.id),
  input: async (question) => refuseAsking(question.id),
};

function refuseAsking(id: string): never {
  throw new Error(`Resolve asked '${id}' in a run that asks nobody.`);
}

function askOf(ports: WorkflowPorts, settling: Settling): AskPort {
  if (settling.mode === 'wizard') return ports.ask;
  return settling.mode === 'defaults' ? defaultAnswers(settling.rules) : askingNobody;
}

/**
 * Builds the questions with ports whose ask is the settling's (the steps ask through them when
 * asked), then settles what is open: nothing asked when nothing is open, whatever the mode.
 */
export async function resolveQuestions<S>(
  ports: WorkflowPorts,
  build: (ports: WorkflowPorts) => Questions<S> | Promise<Questions<S>>,
  settling: Settling,
): Promise<Resolution<S>> {
  const questions = await build({ ...ports, ask: askOf(ports, settling) });
  const open = openQuestions(questions);
  if (open.length === 0) return { state: questions.state };
  if (settling.mode === 'open') return { open };
  if (settling.mode === 'wizard')
    return (await runWizard(questions.steps, questions.state)) ? { state: questions.state } : { dismissed: true };
  // In the wizard's order, each looked at when reached: an answer may fix a later question.
  for (const step of questions.steps)
    if (!step.fixed(questions.state)) await step.ask(questions.state, { step: 1, totalSteps: 1, canGoBack: false });
  return { state: questions.state };
}
