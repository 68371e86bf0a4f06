// Questions answered with nobody asked: each takes the default its own step offers, as the command
// line answers a question its options left open (src/cli/ports.ts), and the model (it decides what
// is bought) or a question without a default is refused, naming its flag. A run that resolves its
// settings without a prompt (apply, plan, the series verb) answers the steps' own questions with
// it, so the defaults are the steps' and never a second copy of them.
import { CHOICE_FIELDS } from '../../api/request-fields';
import { WorkflowError } from './errors';
import type { AskPort, PickItem } from './ports';

/** Questions never answered by a default: they decide what is bought. */
const NEVER_DEFAULTED = new Set(['model']);

/** A question's flag: the field table's for a setting, else its id in kebab case. */
function flagOf(id: string): string {
  const name = id.slice(id.lastIndexOf('.') + 1);
  const row = CHOICE_FIELDS.find((field) => field.name === name);
  return `--${row?.flag ?? name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

function missing(id: string, items: readonly PickItem<unknown>[]): WorkflowError {
  const labels = items.map((item) => item.label);
  const choices =
    labels.length > 0 ? ` (one of: ${labels.slice(0, 12).join(', ')}${labels.length > 12 ? ', …' : ''})` : '';
  return new WorkflowError('invalid-option', `Missing ${flagOf(id)}${choices}.`);
}

/**
 * An ask port that asks nobody. `said` hears the default taken for a setting's question in the
 * command line's words ("Using --resolution 10 m (the default)."); the questions no one flag
 * answers (the output step, a series' window and thinning) take theirs silently, as there.
 */
export function defaultAnswers(said: (note: string) => void): AskPort {
  const tell = (id: string, shown: string): void => {
    if (CHOICE_FIELDS.some((field) => field.name === id)) said(`Using ${flagOf(id)} ${shown} (the default).`);
  };
  return {
    async pick(question) {
      if (NEVER_DEFAULTED.has(question.id) || question.defaultValue === undefined)
        throw missing(question.id, question.items);
      const item = question.items.find((i) => i.value === question.defaultValue);
      tell(question.id, item?.label ?? String(question.defaultValue));
      return question.defaultValue;
    },
    async pickMany(question) {
      if (NEVER_DEFAULTED.has(question.id) || question.defaultValues.length === 0)
        throw missing(question.id, question.items);
      tell(question.id, question.defaultValues.map(String).join(','));
      return question.defaultValues;
    },
    async input(question) {
      const problem = question.validate?.(question.value);
      if (problem !== undefined) throw new WorkflowError('invalid-option', `${flagOf(question.id)}: ${problem}`);
      tell(question.id, question.value === '' ? '(none)' : question.value);
      return question.value;
    },
  };
}
