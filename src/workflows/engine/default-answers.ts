// Questions answered with nobody asked: each takes the default its own step offers, as the command
// line answers a question its options left open (src/cli/ports.ts), and the model (it decides what
// is bought) or a question without a default is refused, naming its flag. A run that resolves its
// settings without a prompt (apply, plan, the series verb) answers the steps' own questions with
// it, so the defaults are the steps' and never a second copy of them.
import { CHOICE_FIELDS } from '../../api/request-fields';
import { WorkflowError } from '../../request/workflow-error';
import type { AskPort } from './ports';
import type { PickItem } from '../../request/pick-item';

/** Questions never answered by a default: they decide what is bought. */
const NEVER_DEFAULTED = new Set(['model']);

/** A question's flag: the field table's for a setting, else its id in kebab case. */
function flagOf(id: string): string {
  const name = id.slice(id.lastIndexOf('.') + 1);
  const row = CHOICE_FIELDS.find((field) => field.name === name);
  return `--${row?.flag ?? name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/** The refusal of a run that may neither ask nor take a default: the options its open questions
 * lack, by their flags. */
export function missingOptions(open: readonly string[]): WorkflowError {
  return new WorkflowError('invalid-option', `Missing ${open.map(flagOf).join(', ')}.`);
}

/** How a run that asks nobody says what it did: the flag each question's answer is given by, the
 * words for a default taken, and the error a question left without one ends the run with. */
export interface DefaultAnswerRules {
  flagOf: (id: string) => string;
  /** Hears each default taken: the question's id, the default as shown, its value, and the kind
   * of question (one pick, several, a text). */
  said: (id: string, shown: string, value: unknown, kind: 'pick' | 'many' | 'text') => void;
  refuse: (message: string) => Error;
}

/** The rules of a run inside the core: a setting's default said in the command line's words on
 * the run's log ("Using --resolution 10 m (the default)."); the questions no one flag answers
 * (the output step, a series' window and thinning) take theirs silently. */
export function coreAnswerRules(log: (note: string) => void): DefaultAnswerRules {
  return {
    flagOf,
    said: (id, shown) => {
      if (CHOICE_FIELDS.some((field) => field.name === id)) log(`Using ${flagOf(id)} ${shown} (the default).`);
    },
    refuse: (message) => new WorkflowError('invalid-option', message),
  };
}

/** An ask port that asks nobody: each question takes the default its step offers; the model, a
 * question without a default, or a default its own check refuses ends the run, naming the flag. */
export function defaultAnswers(rules: DefaultAnswerRules): AskPort {
  const missing = (id: string, items: readonly PickItem<unknown>[]): Error => {
    const labels = items.map((item) => item.label);
    const choices =
      labels.length > 0 ? ` (one of: ${labels.slice(0, 12).join(', ')}${labels.length > 12 ? ', …' : ''})` : '';
    return rules.refuse(`Missing ${rules.flagOf(id)}${choices}.`);
  };
  return {
    async pick(question) {
      if (NEVER_DEFAULTED.has(question.id) || question.defaultValue === undefined)
        throw missing(question.id, question.items);
      const item = question.items.find((i) => i.value === question.defaultValue);
      rules.said(question.id, item?.label ?? String(question.defaultValue), question.defaultValue, 'pick');
      return question.defaultValue;
    },
    async pickMany(question) {
      if (NEVER_DEFAULTED.has(question.id) || question.defaultValues.length === 0)
        throw missing(question.id, question.items);
      rules.said(question.id, question.defaultValues.map(String).join(','), question.defaultValues, 'many');
      return question.defaultValues;
    },
    async input(question) {
      const problem = question.validate?.(question.value);
      if (problem !== undefined) throw rules.refuse(`${rules.flagOf(question.id)}: ${problem}`);
      rules.said(question.id, question.value === '' ? '(none)' : question.value, question.value, 'text');
      return question.value;
    },
  };
}
