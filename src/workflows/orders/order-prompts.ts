// The multi-step prompt of a tasking order: model → constellations → first day → last day (empty
// for a recurring order) → reference date (default the first day) → cadence (image frequency, storage months, API requests; offered from
// `satImagery.defaults.order.*`) → the area or the tiles covering it (GeometryTileOrdering) →
// tile deduplication (tile orders only). Values fixed by the options or settings are
// skipped.
import { ORDER_COUNT_FIELDS } from '../../api/request-fields';
import type { OrderCountName } from '../../api/request-fields';
import type { TaskingModel } from '../../api/types';
import { constellationsStep, modelStep } from '../engine/choice-steps';
import { isDay } from './order-payload';
import type { Answer, WorkflowPorts } from '../engine/ports';
import { storeAnswer } from '../engine/wizard';
import type { StepPosition, WizardStep } from '../engine/wizard';

interface OrderChoices {
  model?: string;
  satelliteConstellations?: string[];
  from?: string;
  /** null = recurring. */
  to?: string | null;
  imageFrequency?: number;
  storageMonths?: number;
  apiRequests?: number;
  /** YYYY-MM-DD: the day the image cadence counts from; default the first day. */
  referenceDate?: string;
  tileDeduplication?: boolean;
  /** GeometryTileOrdering: order the whole tiles covering the area instead of the area. */
  geometryTileOrdering?: boolean;
}

export type CadenceKey = OrderCountName;

export interface OrderPromptState {
  models: TaskingModel[];
  fixed: OrderChoices;
  chosen: OrderChoices;
  defaults: {
    from: string;
    to: string;
    geometryTileOrdering: boolean;
    /** The setting; unset: the first day. */ referenceDate?: string;
  } & Record<CadenceKey, number>;
  /** A run without prompts: the reference date follows the setting, else the first day. */
  noPrompts?: boolean;
  /** A tile order: only there does TileDeduplication act, so only there is it asked. */
  forTiles: boolean;
}

type Step = WizardStep<OrderPromptState>;

const isFixed = (key: keyof OrderChoices) => (s: OrderPromptState) => s.fixed[key] !== undefined;
const trimmed = (answer: Answer<string>): Answer<string> => (typeof answer === 'string' ? answer.trim() : answer);
const dayProblem = (text: string) => (isDay(text.trim()) ? undefined : 'Enter a date as YYYY-MM-DD.');

export function orderPromptSteps(ports: WorkflowPorts): Step[] {
  return [
    modelStep<OrderPromptState>(ports, 'Model to order'),
    constellationsStep<OrderPromptState>(ports),
    firstDayStep(ports),
    lastDayStep(ports),
    referenceDateStep(ports),
    ...ORDER_COUNT_FIELDS.map((field) => cadenceStep(ports, field)),
    tileOrderingStep(ports),
    deduplicationStep(ports),
  ];
}

/** A step that stores its answer under its id. */
function storedStep<K extends keyof OrderChoices>(
  id: K,
  fixed: (s: OrderPromptState) => boolean,
  ask: (s: OrderPromptState, position: StepPosition) => Promise<Answer<OrderChoices[K]>>,
): Step {
  return { id, fixed, ask: async (s, position) => storeAnswer(s.chosen, id, await ask(s, position)) };
}

function firstDayStep(ports: WorkflowPorts): Step {
  return storedStep('from', isFixed('from'), async (s, position) =>
    trimmed(
      await ports.ask.input({
        id: 'from',
        title: 'First day of the order',
        prompt: 'YYYY-MM-DD',
        value: s.chosen.from ?? s.defaults.from,
        validate: dayProblem,
        ...position,
      }),
    ),
  );
}

/** The day the cadence counts from; asked only in a run that asks, else the setting or the first day. */
function referenceDateStep(ports: WorkflowPorts): Step {
  const fixed = (s: OrderPromptState) => s.fixed.referenceDate !== undefined || s.noPrompts === true;
  return storedStep('referenceDate', fixed, async (s, position) => {
    const from = s.chosen.from ?? s.defaults.from;
    return trimmed(
      await ports.ask.input({
        id: 'referenceDate',
        title: 'Reference date (ReferenceDate)',
        prompt: `The day the image cadence counts from: images fall on it and every ImageFrequency days from it. YYYY-MM-DD; default the first day (${from}).`,
        value: s.chosen.referenceDate ?? s.defaults.referenceDate ?? from,
        validate: dayProblem,
        ...position,
      }),
    );
  });
}

type Choice = { label: string; description: string };
const noThenYes = (no: Choice, yes: Choice) => [
  { ...no, value: false },
  { ...yes, value: true },
];

/** What the GeometryTileOrdering question says and offers. */
const TILE_ORDERING = {
  title: 'What to order',
  items: noThenYes(
    { label: 'Order the area', description: 'billed as the bounding box of each polygon' },
    { label: 'Order the tiles covering the area (GeometryTileOrdering)', description: 'whole tiles, at the tile rate' },
  ),
};

/** What the TileDeduplication question says and offers. */
const DEDUPLICATION = {
  title: 'Tile deduplication',
  items: noThenYes(
    { label: 'No deduplication', description: 'order every tile' },
    {
      label: 'Deduplicate tiles',
      description: 'skip tiles already ordered with the same model, constellations and cadence',
    },
  ),
};

/** Only an order of an area can be turned into the tiles covering it. */
function tileOrderingStep(ports: WorkflowPorts): Step {
  const fixed = (s: OrderPromptState) => s.fixed.geometryTileOrdering !== undefined || s.forTiles;
  const offered = (s: OrderPromptState) => s.chosen.geometryTileOrdering ?? s.defaults.geometryTileOrdering;
  return storedStep('geometryTileOrdering', fixed, (s, position) =>
    ports.ask.pick({ id: 'geometryTileOrdering', ...TILE_ORDERING, defaultValue: offered(s), ...position }),
  );
}

/** Only a tile order deduplicates, so only there is it asked. */
function deduplicationStep(ports: WorkflowPorts): Step {
  const fixed = (s: OrderPromptState) =>
    s.fixed.tileDeduplication !== undefined || !(s.forTiles || s.chosen.geometryTileOrdering === true);
  const offered = (s: OrderPromptState) => s.chosen.tileDeduplication ?? false;
  return storedStep('tileDeduplication', fixed, (s, position) =>
    ports.ask.pick({ id: 'tileDeduplication', ...DEDUPLICATION, defaultValue: offered(s), ...position }),
  );
}

/** The last day, or nothing for a recurring order; never before the first day. */
function lastDayStep(ports: WorkflowPorts): Step {
  return {
    id: 'to',
    fixed: (s) => s.fixed.to !== undefined,
    ask: async (s, position) => {
      const from = s.chosen.from ?? s.defaults.from;
      const answer = await ports.ask.input({
        id: 'to',
        title: 'Last day of the order',
        prompt: 'YYYY-MM-DD, or leave empty for a recurring order that renews every month',
        value: s.chosen.to === null ? '' : (s.chosen.to ?? s.defaults.to),
        validate: (text) => {
          const t = text.trim();
          if (t === '') return undefined;
          if (!isDay(t)) return 'Enter a date as YYYY-MM-DD, or nothing for a recurring order.';
          return t < from ? `The last day is before the first day (${from}).` : undefined;
        },
        ...position,
      });
      const day = trimmed(answer);
      return storeAnswer(s.chosen, 'to', day === '' ? null : day);
    },
  };
}

/** One of the cadence numbers, within the range the service takes. */
function cadenceStep(ports: WorkflowPorts, field: (typeof ORDER_COUNT_FIELDS)[number]): Step {
  return {
    id: field.name,
    fixed: isFixed(field.name),
    ask: async (s, position) => {
      const answer = await ports.ask.input({
        id: field.name,
        title: field.title,
        prompt: field.meaning,
        value: String(s.chosen[field.name] ?? s.defaults[field.name]),
        validate: (text) => cadenceProblem(text, field.min, field.max),
        ...position,
      });
      return storeAnswer(s.chosen, field.name, typeof answer === 'string' ? Number(answer.trim()) : answer);
    },
  };
}

function cadenceProblem(text: string, minimum: number, maximum: number): string | undefined {
  const t = text.trim();
  const n = Number(t);
  return /^\d+$/.test(t) && n >= minimum && n <= maximum
    ? undefined
    : `Enter a whole number from ${minimum} to ${maximum}.`;
}
