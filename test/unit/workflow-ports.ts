// Scripted ports for the workflow tests: a script answers each prompt by its id (a value, BACK,
// undefined, a list consumed in order, or a function of the question); a prompt the script does
// not expect fails the test. Everything the workflow showed is recorded for assertions.
import { BACK } from '../../src/workflows/engine/ports';
import type { Answer, InputQuestion, PickManyQuestion, PickQuestion, ProgressUpdate, WorkflowPorts, WorkflowSettings } from '../../src/workflows/engine/ports';
import type { EstimateDecision, EstimateModel } from '../../src/workflows/engine/estimate-view-model';
import type { ImageryClient } from '../../src/api/types';
import { testNow } from './test-clock';

export { BACK };

type Question = PickQuestion<unknown> | PickManyQuestion<unknown> | InputQuestion;
type ScriptedAnswer = unknown | ((question: Question) => unknown);
export type Script = Record<string, ScriptedAnswer | { sequence: ScriptedAnswer[] }>;

export interface ScriptedRun {
  ports: WorkflowPorts;
  asked: string[];
  questions: Question[];
  progress: ProgressUpdate[];
  estimates: EstimateModel[];
  notices: { level: 'info' | 'warn'; message: string; actions: string[] }[];
  settings: WorkflowSettings;
  controller: AbortController;
}

export interface ScriptOptions {
  settings?: Partial<WorkflowSettings>;
  /** Answers the cost panel; default proceed. */
  confirm?: (model: EstimateModel, call: number) => EstimateDecision | Promise<EstimateDecision>;
  /** Answers a notification; default dismissed. */
  notify?: (message: string, actions: string[]) => string | undefined;
  onProgress?: (update: ProgressUpdate, run: ScriptedRun) => void;
  now?: Date;
}

export function scriptedPorts(client: ImageryClient, script: Script, options: ScriptOptions = {}): ScriptedRun {
  const controller = new AbortController();
  const settings: WorkflowSettings = { defaults: {}, ...options.settings };
  const cursors = new Map<string, number>();
  const answer = async (question: Question): Promise<Answer<never>> => {
    run.asked.push(question.id);
    run.questions.push(question);
    if (!(question.id in script)) throw new Error(`unexpected prompt '${question.id}' (${question.title})`);
    let entry = script[question.id];
    if (entry && typeof entry === 'object' && 'sequence' in (entry as object)) {
      const list = (entry as { sequence: ScriptedAnswer[] }).sequence;
      const at = cursors.get(question.id) ?? 0;
      cursors.set(question.id, at + 1);
      if (at >= list.length) throw new Error(`prompt '${question.id}' asked more often than scripted`);
      entry = list[at];
    }
    const value = typeof entry === 'function' ? (entry as (q: Question) => unknown)(question) : entry;
    return value as Answer<never>;
  };
  let confirmations = 0;
  const run: ScriptedRun = {
    asked: [],
    questions: [],
    progress: [],
    estimates: [],
    notices: [],
    settings,
    controller,
    ports: {
      client,
      ask: {
        pick: (q) => answer(q as Question),
        pickMany: (q) => answer(q as Question),
        input: (q) => answer(q),
      },
      progress: {
        report: (update) => {
          run.progress.push(update);
          options.onProgress?.(update, run);
        },
      },
      notify: {
        info: async (message, ...actions) => (run.notices.push({ level: 'info', message, actions }), options.notify?.(message, actions)),
        warn: async (message, ...actions) => (run.notices.push({ level: 'warn', message, actions }), options.notify?.(message, actions)),
      },
      confirmCost: async (model) => {
        run.estimates.push(model);
        return options.confirm ? options.confirm(model, ++confirmations) : { action: 'proceed' };
      },
      signal: controller.signal,
      settings: () => settings,
      // The simulator fixtures' clock unless the test pins another instant.
      now: options.now ? () => options.now! : testNow,
    },
  };
  return run;
}
