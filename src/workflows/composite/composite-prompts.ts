// The multi-step prompt of a composite request: model → constellations → date (from a date
// search over the AOI) → EPSG → resolution → bands. A value fixed by the options or the settings
// is never asked; the others are asked with defaults from the settings and the models list.
import type { TaskingModel } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { checkModel, DEFAULT_BANDNAMES, DEFAULT_RESOLUTION, resolutionChoices } from '../../request/choices';
import { bandItems, checkBandExpression, modelBandsOf, parseBandExpression } from '../../request/band-expression';
import { checkEpsg, defaultEpsg, epsgItems, parseEpsg, utmChoice } from '../../request/projection';
import type { RunAccount } from '../../pricing/account-snapshot';
import { mergeOutput } from '../../request/output-fields';
import type { FieldRules, OutputFields, OutputKind } from '../../request/output-fields';
import { askOutput } from './output-step';
import { partialShare } from './partial-share';
import type { DateCoverage } from '../engine/date-coverage';
import { dateItems, searchDates } from '../dates/date-search';
import type { DateWindow } from '../dates/date-search';
import { WorkflowError } from '../../request/workflow-error';
import { BACK, nowOf } from '../engine/ports';
import type { Answer, WorkflowDefaults, WorkflowPorts } from '../engine/ports';
import type { PickItem } from '../../request/pick-item';
import type { AoiMode } from '../../request/request-profile';
import { storeAnswer } from '../engine/wizard';
import type { StepPosition, WizardStep } from '../engine/wizard';
import { imageryModelSteps } from '../engine/choice-steps';

/** What a person chooses for a composite: the settings' defaults (their one declaration,
 * WorkflowDefaults) but the order's, and the image date. */
export interface CompositeChoices extends Omit<WorkflowDefaults, 'order'> {
  date?: string;
}

export type ChoiceKey = keyof CompositeChoices;

export interface CompositePromptState {
  /** Values fixed by the options or the settings: never asked. */
  fixed: CompositeChoices;
  /** Values chosen so far (fixed ones included). */
  chosen: CompositeChoices;
  models: TaskingModel[];
  /** Keys the caller's options fixed (the others that are fixed come from the settings). */
  fromOptions?: Set<ChoiceKey>;
  /** The last date search, kept while model and constellations stay the same. */
  search?: { key: string; coverage: DateCoverage };
  /** What the specification document says of the output fields; none: the built-in checks. */
  rules?: FieldRules;
  /** The key's MaxTotalBands, when known. */
  maxTotalBands?: number;
  /** True once the run's account gave its MaxTotalBands (asked only when needed). */
  bandLimitLoaded?: boolean;
  kind?: OutputKind;
  /** The output fields the caller's options gave, which a settings change never overrides. */
  optionsOutput?: OutputFields;
}

/** The output step is not asked (the options fix the fields, or the run asks nothing): the output
 * fields are then the settings' merged with the options', and follow a setting changed mid-run. */
export function outputFollowsSettings(s: CompositePromptState): boolean {
  return s.fixed.output !== undefined || PROMPTED.every((key) => s.fixed[key] !== undefined);
}

/** The output fields as the settings read now and the options make them. */
export function mergedOutput(s: CompositePromptState, settings: CompositeChoices): OutputFields {
  return mergeOutput(s.kind ?? 'composite', settings.output, s.optionsOutput);
}

const TYPE_EPSG = -1;
const TYPE_BANDS = '\u0000type';
const PROMPTED: ChoiceKey[] = ['model', 'satelliteConstellations', 'date', 'epsgProjection', 'resolution', 'bandnames'];

function bandsOf(s: CompositePromptState): string[] | undefined {
  return modelBandsOf(s.models.find((m) => m.Model === s.chosen.model));
}

/** The key's MaxTotalBands, from the run's account. */
export async function loadBandLimit(account: RunAccount, s: CompositePromptState): Promise<void> {
  if (s.bandLimitLoaded) return;
  s.maxTotalBands = (await account()).maxTotalBands;
  s.bandLimitLoaded = true;
}

/** True when the chosen bands are more than rgb's three (or unknown), so the key's limit matters. */
export function bandLimitMatters(bandnames: string | undefined, modelBands: readonly string[] | undefined): boolean {
  if (bandnames === undefined) return false;
  const count = parseBandExpression(bandnames, modelBands).count;
  return count === undefined || count > 3;
}

/** The sentence a check throws, or undefined: what an input box shows as you type. */
function problemOf(check: () => unknown): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    return error instanceof WorkflowError ? error.message : String(error);
  }
}

/** A sentence for a bad expression, or undefined. */
function bandProblem(s: CompositePromptState, text: string): string | undefined {
  return problemOf(() => checkBandExpression(text, s.maxTotalBands, bandsOf(s)));
}

export interface CompositePromptContext {
  ports: WorkflowPorts;
  /** Needed only to search dates; a run with a fixed date may have none. */
  aoi: Aoi | undefined;
  aoiMode: AoiMode;
  window: DateWindow;
  /** The run's account (the band step reads the key's MaxTotalBands from it). */
  account: RunAccount;
}

type Step = WizardStep<CompositePromptState>;

/** A step asked unless the options or the settings fix its value. */
const askedUnlessFixed = (id: ChoiceKey, ask: Step['ask']): Step => ({
  id,
  fixed: (s) => s.fixed[id] !== undefined,
  ask,
});

/** The steps of a composite request, from `first` on: model, constellations, date, EPSG,
 * resolution, bands and, in a run that asks anything, the output fields. */
export function compositeSteps(context: CompositePromptContext, first: ChoiceKey = 'model'): Step[] {
  const { ports } = context;
  const steps: Step[] = [
    ...imageryModelSteps<CompositePromptState>(ports),
    dateStep(context),
    epsgStep(context),
    resolutionStep(ports),
    bandsStep(context),
    outputFieldsStep(ports),
  ];
  const start = steps.findIndex((step) => step.id === first);
  return steps.slice(Math.max(0, start));
}

/** The dates the search found over the area for the chosen model and constellations (searched
 * again only when they change), whole-area dates first, a partial one with its share. */
function dateStep(context: CompositePromptContext): Step {
  const { ports } = context;
  return askedUnlessFixed('date', async (s, position) => {
    const model = s.chosen.model!;
    const constellations = s.chosen.satelliteConstellations!;
    const key = JSON.stringify([model, constellations]);
    if (!context.aoi)
      throw new WorkflowError('invalid-option', 'Choosing a date needs an area of interest to search over.');
    if (s.search?.key !== key)
      s.search = {
        key,
        coverage: await searchDates(ports, context.aoi, context.aoiMode, model, constellations, context.window),
      };
    const items = dateChoices(s, s.search.coverage, context.aoi, nowOf(ports));
    if (items.length === 0) {
      throw new WorkflowError(
        'no-dates',
        `No imagery of ${model} covers this area between ${context.window.from.slice(0, 10)} and ${context.window.to.slice(0, 10)}.`,
      );
    }
    const answer = await ports.ask.pick({
      id: 'date',
      title: 'Date',
      placeholder: 'Dates that cover the whole area come first',
      items,
      defaultValue: s.chosen.date ?? items[0]!.value,
      ...position,
    });
    return storeAnswer(s.chosen, 'date', answer);
  });
}

/** The date search's dates as choices; a partial date says how much of the area it covers. */
function dateChoices(s: CompositePromptState, coverage: DateCoverage, aoi: Aoi, now: Date): PickItem<string>[] {
  return dateItems(coverage, now).map((item) => {
    const share = coverage.partial.includes(item.value) ? partialShare(coverage, item.value, aoi) : undefined;
    if (share === undefined) return item;
    const usable = s.chosen.output?.AllowPartialImage === true ? ', usable with AllowPartialImage' : '';
    return { ...item, detail: `partial: covers about ${Math.round(share * 100)} % of the area${usable}` };
  });
}

/** The output projection: the area's UTM zone first, or any code the service accepts, typed. */
function epsgStep(context: CompositePromptContext): Step {
  const { ports } = context;
  return askedUnlessFixed('epsgProjection', async (s, position) => {
    const utm = context.aoi ? utmChoice(context.aoi.bbox) : undefined;
    const items = epsgItems(context.aoi?.bbox, TYPE_EPSG);
    // One zone: its code comes first and is pre-selected; several: a warning says why not.
    const preselected = s.chosen.epsgProjection ?? defaultEpsg(context.aoi?.bbox);
    const placeholder = utm?.warning ?? 'The UTM zone of the area keeps metres; 47000 lets the service choose';
    const answer = await ports.ask.pick({
      id: 'epsgProjection',
      title: 'Output projection (EPSG)',
      placeholder,
      items,
      defaultValue: preselected,
      ...position,
    });
    if (answer !== TYPE_EPSG) return storeAnswer(s.chosen, 'epsgProjection', answer);
    return typedEpsg(ports, s, position);
  });
}

/** An EPSG code typed in, checked as it is typed against the specification document's list. */
async function typedEpsg(ports: WorkflowPorts, s: CompositePromptState, position: StepPosition): Promise<Answer<true>> {
  const allowed = s.rules?.enums.EpsgProjection;
  const typed = await ports.ask.input({
    id: 'epsgCode',
    title: 'EPSG code',
    prompt: 'Any EPSG code the service accepts, e.g. 32632 or EPSG:3035',
    value: s.chosen.epsgProjection !== undefined ? String(s.chosen.epsgProjection) : '',
    validate: (text) => {
      const code = parseEpsg(text);
      return typeof code === 'string' ? code : problemOf(() => checkEpsg(code, allowed));
    },
    ...position,
  });
  if (typed === undefined || typed === BACK) return typed;
  const code = parseEpsg(typed);
  if (typeof code === 'string') throw new WorkflowError('invalid-option', code);
  return storeAnswer(s.chosen, 'epsgProjection', checkEpsg(code, allowed));
}

function resolutionStep(ports: WorkflowPorts): Step {
  return askedUnlessFixed('resolution', async (s, position) => {
    // The specification document's enum where it has one, else the usual list.
    const values = resolutionChoices(s.rules?.enums.Resolution);
    const items = values.map((r) => ({ label: `${r} m`, value: r }));
    const preferred = s.chosen.resolution ?? DEFAULT_RESOLUTION;
    return storeAnswer(
      s.chosen,
      'resolution',
      await ports.ask.pick({
        id: 'resolution',
        title: 'Resolution',
        items,
        defaultValue: values.includes(preferred) ? preferred : values[0]!,
        ...position,
      }),
    );
  });
}

/** The bands: the model's presets (each with its problem under the key's band limit), or an
 * expression typed in. */
function bandsStep(context: CompositePromptContext): Step {
  const { ports } = context;
  return askedUnlessFixed('bandnames', async (s, position) => {
    await loadBandLimit(context.account, s);
    const modelBands = bandsOf(s);
    const items = bandItems(modelBands, TYPE_BANDS).map((item) => {
      const problem = item.value === TYPE_BANDS ? undefined : bandProblem(s, item.value);
      return problem ? { ...item, detail: problem } : item;
    });
    const picked = await ports.ask.pick({
      id: 'bandnames',
      title: 'Bands',
      items,
      defaultValue: s.chosen.bandnames ?? DEFAULT_BANDNAMES,
      ...position,
    });
    if (picked === undefined || picked === BACK) return picked;
    let value = picked;
    if (picked === TYPE_BANDS) {
      const typed = await ports.ask.input({
        id: 'bandExpression',
        title: 'Band expression',
        prompt: `Comma list of ${(modelBands ?? []).join(', ') || 'band names'} and indexes like [B8_B4]${s.maxTotalBands ? `; at most ${s.maxTotalBands} bands` : ''}`,
        value: s.chosen.bandnames ?? 'B2,B3,B4,B8,[B8_B4]',
        validate: (text) => bandProblem(s, text),
        ...position,
      });
      if (typed === undefined || typed === BACK) return typed;
      value = typed.trim();
    }
    checkBandExpression(value, s.maxTotalBands, modelBands);
    return storeAnswer(s.chosen, 'bandnames', value);
  });
}

function outputFieldsStep(ports: WorkflowPorts): Step {
  return {
    id: 'output',
    // Offered only in a run that asks something: a run fixed by options and settings is not stopped.
    fixed: outputFollowsSettings,
    ask: async (s, position) => {
      const answer = await askOutput(
        ports,
        s.rules ?? { enums: {} },
        s.kind ?? 'composite',
        s.chosen.output ?? {},
        position,
      );
      return storeAnswer(s.chosen, 'output', answer);
    },
  };
}

/** The starting state: what the options and settings fix is chosen already (and a fixed model is
 * checked at once, so a display label is refused before anything is sent with it). */
export function initialPromptState(
  options: CompositeChoices,
  settings: CompositeChoices,
  models: TaskingModel[],
  kind: OutputKind = 'composite',
): CompositePromptState {
  const fixed = fixedChoices(options, settings);
  if (fixed.model) checkModel(fixed.model, models);
  const fromOptions = new Set((Object.keys(options) as ChoiceKey[]).filter((key) => options[key] !== undefined));
  const chosen = Object.fromEntries(
    Object.entries(fixed).filter(([, value]) => value !== undefined),
  ) as CompositeChoices;
  // The settings' output fields are the starting point the output step offers to keep.
  const state: CompositePromptState = { fixed, chosen, models, fromOptions, kind, optionsOutput: options.output };
  chosen.output = mergedOutput(state, settings);
  if (fixed.output !== undefined) fixed.output = chosen.output;
  return state;
}

/** Values the options or the settings fix, options first. Output fields are fixed only by options. */
function fixedChoices(options: CompositeChoices, settingsDefaults: CompositeChoices): CompositeChoices {
  const pick = <K extends ChoiceKey>(key: K): CompositeChoices[K] => options[key] ?? settingsDefaults[key];
  return {
    model: pick('model'),
    satelliteConstellations: pick('satelliteConstellations'),
    date: options.date,
    epsgProjection: pick('epsgProjection'),
    resolution: pick('resolution'),
    bandnames: pick('bandnames'),
    output: options.output,
  };
}
