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
import type { WizardStep } from '../engine/wizard';

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
    dayStep(ports, 'from', isFixed('from'), (s) => ({
      title: 'First day of the order',
      prompt: 'YYYY-MM-DD',
      value: s.chosen.from ?? s.defaults.from,
    })),
    lastDayStep(ports),
    dayStep(
      ports,
      'referenceDate',
      (s) => s.fixed.referenceDate !== undefined || s.noPrompts === true,
      (s) => {
        const from = s.chosen.from ?? s.defaults.from;
        return {
          title: 'Reference date (ReferenceDate)',
          prompt: `The day the image cadence counts from: images fall on it and every ImageFrequency days from it. YYYY-MM-DD; default the first day (${from}).`,
          value: s.chosen.referenceDate ?? s.defaults.referenceDate ?? from,
        };
      },
    ),
    ...ORDER_COUNT_FIELDS.map((field) => cadenceStep(ports, field)),
    yesOrNoStep(ports, 'geometryTileOrdering', {
      title: 'What to order',
      // Only an order of an area can be turned into the tiles covering it.
      fixed: (s) => s.fixed.geometryTileOrdering !== undefined || s.forTiles,
      no: { label: 'Order the area', description: 'billed as the bounding box of each polygon' },
      yes: {
        label: 'Order the tiles covering the area (GeometryTileOrdering)',
        description: 'whole tiles, at the tile rate',
      },
      defaultValue: (s) => s.chosen.geometryTileOrdering ?? s.defaults.geometryTileOrdering,
    }),
    yesOrNoStep(ports, 'tileDeduplication', {
      title: 'Tile deduplication',
      fixed: (s) => s.fixed.tileDeduplication !== undefined || !(s.forTiles || s.chosen.geometryTileOrdering === true),
      no: { label: 'No deduplication', description: 'order every tile' },
      yes: {
        label: 'Deduplicate tiles',
        description: 'skip tiles already ordered with the same model, constellations and cadence',
      },
      defaultValue: (s) => s.chosen.tileDeduplication ?? false,
    }),
  ];
}

/** A day typed as YYYY-MM-DD. */
function dayStep(
  ports: WorkflowPorts,
  id: 'from' | 'referenceDate',
  fixed: (s: OrderPromptState) => boolean,
  question: (s: OrderPromptState) => { title: string; prompt: string; value: string },
): Step {
  return {
    id,
    fixed,
    ask: async (s, position) => {
      const answer = await ports.ask.input({ id, ...question(s), validate: dayProblem, ...position });
      return storeAnswer(s.chosen, id, trimmed(answer));
    },
  };
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

/** A choice between no (first) and yes. */
function yesOrNoStep(
  ports: WorkflowPorts,
  id: 'geometryTileOrdering' | 'tileDeduplication',
  step: {
    title: string;
    fixed: (s: OrderPromptState) => boolean;
    no: { label: string; description: string };
    yes: { label: string; description: string };
    defaultValue: (s: OrderPromptState) => boolean;
  },
): Step {
  return {
    id,
    fixed: step.fixed,
    ask: async (s, position) => {
      const items = [
        { ...step.no, value: false },
        { ...step.yes, value: true },
      ];
      const answer = await ports.ask.pick({
        id,
        title: step.title,
        items,
        defaultValue: step.defaultValue(s),
        ...position,
      });
      return storeAnswer(s.chosen, id, answer);
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
