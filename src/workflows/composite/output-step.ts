// The "Advanced output" step: offered after the bands, never forced. Its first answer keeps the
// output fields as the settings and options left them; "Advanced output…" walks through each
// field (values from the specification document's enums where it has them), with Back.
import type { Answer, WorkflowPorts } from '../engine/ports';
import type { PickItem } from '../../request/pick-item';
import { BACK } from '../engine/ports';
import { checkUploadUrl, offeredValues, outputSummary } from '../../request/output-fields';
import type { FieldRules, OutputFields, OutputKind } from '../../request/output-fields';
import { runWizard } from '../engine/wizard';
import { outputFieldsOf } from '../../api/request-fields';
import type { StepPosition, WizardStep } from '../engine/wizard';
import { WorkflowError } from '../../request/workflow-error';

interface OutputState {
  fields: Record<string, unknown>;
}

const UNSET = '(service default)';
const TYPE_VALUE = '(type a value)';
type Choice = string | number | boolean;

/** Why a typed value is refused: one the specification document's enum does not list (with the
 * ones it does); with no enum in the document any value goes, and the service decides. */
export function typedValueProblem(field: string, text: string, rules: FieldRules): string | undefined {
  const value = typedValue(field, text);
  if (value === '') return 'Enter a value, or pick one from the list.';
  const allowed = rules.enums[field];
  if (allowed && !allowed.includes(value))
    return `'${text.trim()}' is not one the service lists for ${field}: ${allowed.join(', ')}.`;
  return undefined;
}

/** Level is a number on the wire; the other enum fields are text. */
function typedValue(field: string, text: string): string | number {
  const trimmed = text.trim();
  return field === 'Level' && /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function enumStep(ports: WorkflowPorts, rules: FieldRules, field: string, title: string): WizardStep<OutputState> {
  return {
    id: `output.${field}`,
    fixed: () => false,
    ask: async (s, position) => {
      const values = offeredValues(field, rules).filter(
        (v): v is string | number => typeof v === 'string' || typeof v === 'number',
      );
      const current = s.fields[field] as Choice | undefined;
      const items: PickItem<Choice>[] = [
        { label: UNSET, value: UNSET },
        ...values.map((v) => ({ label: String(v), value: v })),
        // A value typed by the person: accepted when the specification allows it.
        ...(current !== undefined && !values.includes(current as string | number)
          ? [{ label: String(current), description: 'typed', value: current }]
          : []),
        {
          label: 'Type a value…',
          description: rules.enums[field] ? 'checked against the values the service lists' : 'the service decides',
          value: TYPE_VALUE,
        },
      ];
      const answer = await ports.ask.pick({
        id: `output.${field}`,
        title,
        items,
        defaultValue: current ?? UNSET,
        ...position,
      });
      if (answer !== TYPE_VALUE) return keep(s, field, answer);
      const typed = await ports.ask.input({
        id: `output.typed.${field}`, // the CLI answers it with the field's own flag, as the pick
        title,
        prompt: `A value of ${field}${rules.enums[field] ? ` (the service lists ${rules.enums[field]!.join(', ')})` : ''}`,
        value: current !== undefined ? String(current) : '',
        validate: (text) => typedValueProblem(field, text, rules),
        ...position,
      });
      if (typed === undefined || typed === BACK) return typed;
      const problem = typedValueProblem(field, typed, rules);
      if (problem) throw new WorkflowError('invalid-option', problem);
      return keep(s, field, typedValue(field, typed));
    },
  };
}

function booleanStep(ports: WorkflowPorts, field: string, title: string, detail: string): WizardStep<OutputState> {
  return {
    id: `output.${field}`,
    fixed: () => false,
    ask: async (s, position) => {
      const items: PickItem<Choice>[] = [
        { label: 'No', description: UNSET, value: false },
        { label: 'Yes', description: detail, value: true },
      ];
      return keep(
        s,
        field,
        await ports.ask.pick({
          id: `output.${field}`,
          title,
          items,
          defaultValue: (s.fields[field] as boolean | undefined) ?? false,
          ...position,
        }),
      );
    },
  };
}

function uploadStep(ports: WorkflowPorts, title: string): WizardStep<OutputState> {
  return {
    id: 'output.UploadUrl',
    fixed: () => false,
    ask: async (s, position) => {
      const answer = await ports.ask.input({
        id: 'output.UploadUrl',
        title,
        prompt: 'The service PUTs the image to this address and nothing is saved here. Leave empty to download.',
        value: typeof s.fields.UploadUrl === 'string' ? s.fields.UploadUrl : '',
        validate: (text) => {
          if (text.trim() === '') return undefined;
          try {
            checkUploadUrl(text.trim());
            return undefined;
          } catch (error) {
            return error instanceof WorkflowError ? error.message : 'Not an address.';
          }
        },
        ...position,
      });
      if (answer === undefined || answer === BACK) return answer;
      return keep(s, 'UploadUrl', answer.trim() === '' ? UNSET : answer.trim());
    },
  };
}

function keep(s: OutputState, field: string, answer: Answer<Choice>): Answer<true> {
  if (answer === undefined || answer === BACK) return answer;
  if (answer === UNSET || answer === false) delete s.fields[field];
  else s.fields[field] = answer;
  return true;
}

/** The field steps of one request kind, in the table's order (the order a person thinks of them). */
function advancedOutputSteps(ports: WorkflowPorts, rules: FieldRules, kind: OutputKind): WizardStep<OutputState>[] {
  return outputFieldsOf(kind).map((row) => {
    if (row.wire === 'UploadUrl') return uploadStep(ports, row.prompt);
    return row.value === 'flag'
      ? booleanStep(ports, row.wire, row.prompt, row.yes ?? row.wire)
      : enumStep(ports, rules, row.wire, row.prompt);
  });
}

/** Asks "keep or change"; resolves the new fields, BACK, or undefined when dismissed. */
export async function askOutput(
  ports: WorkflowPorts,
  rules: FieldRules,
  kind: OutputKind,
  current: OutputFields,
  position: StepPosition,
): Promise<Answer<OutputFields>> {
  const items: PickItem<'keep' | 'advanced'>[] = [
    { label: 'Continue', description: outputSummary(current), value: 'keep' },
    { label: 'Advanced output…', description: 'data type, pixel selection, partial images, upload', value: 'advanced' },
  ];
  const choice = await ports.ask.pick({
    id: 'output',
    title: 'Output',
    placeholder: 'Output fields: keep them or change them',
    items,
    defaultValue: 'keep',
    ...position,
  });
  if (choice === undefined || choice === BACK || choice === 'keep') return choice === 'keep' ? current : choice;
  const state: OutputState = { fields: { ...current } };
  if (!(await runWizard(advancedOutputSteps(ports, rules, kind), state))) return undefined;
  return state.fields as OutputFields;
}
