// The multi-step prompt of a composite request: model → constellations → date (from a date
// search over the AOI) → EPSG → resolution → bands. A value fixed by the options or the settings
// is never asked; the others are asked with defaults from the settings and the models list.
import type { TaskingModel } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { checkModel, BAND_CHOICES, DEFAULT_BANDNAMES, DEFAULT_EPSG, DEFAULT_RESOLUTION, EPSG_CHOICES, RESOLUTIONS, defaultConstellations, supportedConstellations } from '../engine/choices';
import type { DateCoverage } from '../dates/date-coverage';
import { dateItems, modelItems, searchDates } from '../dates/date-search';
import type { DateWindow } from '../dates/date-search';
import { WorkflowError } from '../engine/errors';
import { BACK, nowOf } from '../engine/ports';
import type { Answer, WorkflowPorts } from '../engine/ports';
import type { AoiMode } from '../engine/request-profile';
import type { WizardStep } from '../engine/wizard';

const KNOWN_CONSTELLATIONS = ['Sentinel2', 'Sentinel1', 'Landsat89'];

export interface CompositeChoices {
  model?: string;
  satelliteConstellations?: string[];
  date?: string;
  epsgProjection?: number;
  resolution?: number;
  bandnames?: string;
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
}

export interface CompositePromptContext {
  ports: WorkflowPorts;
  /** Needed only to search dates; a run with a fixed date may have none. */
  aoi: Aoi | undefined;
  aoiMode: AoiMode;
  window: DateWindow;
}

/** Turns an answer into the step result, storing the value. */
function store<K extends ChoiceKey>(state: CompositePromptState, key: K, answer: Answer<CompositeChoices[K]>): Answer<true> {
  if (answer === undefined || answer === BACK) return answer;
  state.chosen[key] = answer;
  return true;
}

export function compositeSteps(context: CompositePromptContext, first: ChoiceKey = 'model'): WizardStep<CompositePromptState>[] {
  const { ports } = context;
  const isFixed = (key: ChoiceKey) => (s: CompositePromptState) => s.fixed[key] !== undefined;
  const steps: WizardStep<CompositePromptState>[] = [
    {
      id: 'model',
      fixed: isFixed('model'),
      ask: async (s, position) =>
        store(s, 'model', await ports.ask.pick({ id: 'model', title: 'Model', placeholder: 'The processing model', items: modelItems(s.models), defaultValue: s.chosen.model ?? s.models[0]?.Model, ...position })),
    },
    {
      id: 'satelliteConstellations',
      fixed: isFixed('satelliteConstellations'),
      ask: async (s, position) => {
        const model = s.chosen.model!;
        const { all } = supportedConstellations(model, s.models);
        // A models list without constellations still leaves the known ones to choose from.
        const items = (all.length > 0 ? all : KNOWN_CONSTELLATIONS).map((c) => ({ label: c, value: c }));
        const defaults = s.chosen.satelliteConstellations ?? defaultConstellations(model, s.models, ports.settings().defaults.satelliteConstellations);
        const answer = await ports.ask.pickMany({ id: 'satelliteConstellations', title: `Satellite constellations for ${model}`, items, defaultValues: defaults, ...position });
        return store(s, 'satelliteConstellations', answer);
      },
    },
    {
      id: 'date',
      fixed: isFixed('date'),
      ask: async (s, position) => {
        const model = s.chosen.model!;
        const constellations = s.chosen.satelliteConstellations!;
        const key = JSON.stringify([model, constellations]);
        if (!context.aoi) throw new WorkflowError('invalid-option', 'Choosing a date needs an area of interest to search over.');
        if (s.search?.key !== key) s.search = { key, coverage: await searchDates(ports, context.aoi, context.aoiMode, model, constellations, context.window) };
        const items = dateItems(s.search.coverage, nowOf(ports));
        if (items.length === 0) {
          throw new WorkflowError('no-dates', `No imagery of ${model} covers this area between ${context.window.from.slice(0, 10)} and ${context.window.to.slice(0, 10)}.`);
        }
        const answer = await ports.ask.pick({ id: 'date', title: 'Date', placeholder: 'Dates that cover the whole area come first', items, defaultValue: s.chosen.date ?? items[0]!.value, ...position });
        return store(s, 'date', answer);
      },
    },
    {
      id: 'epsgProjection',
      fixed: isFixed('epsgProjection'),
      ask: async (s, position) =>
        store(s, 'epsgProjection', await ports.ask.pick({ id: 'epsgProjection', title: 'Output projection (EPSG)', items: EPSG_CHOICES, defaultValue: s.chosen.epsgProjection ?? DEFAULT_EPSG, ...position })),
    },
    {
      id: 'resolution',
      fixed: isFixed('resolution'),
      ask: async (s, position) => {
        const items = RESOLUTIONS.map((r) => ({ label: `${r} m`, value: r }));
        return store(s, 'resolution', await ports.ask.pick({ id: 'resolution', title: 'Resolution', items, defaultValue: s.chosen.resolution ?? DEFAULT_RESOLUTION, ...position }));
      },
    },
    {
      id: 'bandnames',
      fixed: isFixed('bandnames'),
      ask: async (s, position) =>
        store(s, 'bandnames', await ports.ask.pick({ id: 'bandnames', title: 'Bands', items: BAND_CHOICES, defaultValue: s.chosen.bandnames ?? DEFAULT_BANDNAMES, ...position })),
    },
  ];
  const start = steps.findIndex((step) => step.id === first);
  return steps.slice(Math.max(0, start));
}

/** The starting state: what the options and settings fix is chosen already (and a fixed model is
 * checked at once, so a display label is refused before anything is sent with it). */
export function initialPromptState(options: CompositeChoices, settings: CompositeChoices, models: TaskingModel[]): CompositePromptState {
  const fixed = fixedChoices(options, settings);
  if (fixed.model) checkModel(fixed.model, models);
  const fromOptions = new Set((Object.keys(options) as ChoiceKey[]).filter((key) => options[key] !== undefined));
  const chosen = Object.fromEntries(Object.entries(fixed).filter(([, value]) => value !== undefined)) as CompositeChoices;
  return { fixed, chosen, models, fromOptions };
}

/** Values the options or the settings fix, options first. */
export function fixedChoices(options: CompositeChoices, settingsDefaults: CompositeChoices): CompositeChoices {
  const pick = <K extends ChoiceKey>(key: K): CompositeChoices[K] => options[key] ?? settingsDefaults[key];
  return {
    model: pick('model'),
    satelliteConstellations: pick('satelliteConstellations'),
    date: options.date,
    epsgProjection: pick('epsgProjection'),
    resolution: pick('resolution'),
    bandnames: pick('bandnames'),
  };
}
