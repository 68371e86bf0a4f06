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
import { BACK } from '../engine/ports';
import type { Answer, WorkflowPorts } from '../engine/ports';
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

function store<K extends keyof OrderChoices>(
  state: OrderPromptState,
  key: K,
  answer: Answer<OrderChoices[K]>,
): Answer<true> {
  if (answer === undefined || answer === BACK) return answer;
  state.chosen[key] = answer;
  return true;
}

export function orderPromptSteps(ports: WorkflowPorts): WizardStep<OrderPromptState>[] {
  const isFixed = (key: keyof OrderChoices) => (s: OrderPromptState) => s.fixed[key] !== undefined;
  return [
    modelStep<OrderPromptState>(ports, 'Model to order'),
    constellationsStep<OrderPromptState>(ports),
    {
      id: 'from',
      fixed: isFixed('from'),
      ask: async (s, position) => {
        const answer = await ports.ask.input({
          id: 'from',
          title: 'First day of the order',
          prompt: 'YYYY-MM-DD',
          value: s.chosen.from ?? s.defaults.from,
          validate: (text) => (isDay(text.trim()) ? undefined : 'Enter a date as YYYY-MM-DD.'),
          ...position,
        });
        return store(s, 'from', typeof answer === 'string' ? answer.trim() : answer);
      },
    },
    {
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
        return store(s, 'to', typeof answer === 'string' ? (answer.trim() === '' ? null : answer.trim()) : answer);
      },
    },
    {
      id: 'referenceDate',
      fixed: (s) => s.fixed.referenceDate !== undefined || s.noPrompts === true,
      ask: async (s, position) => {
        const from = s.chosen.from ?? s.defaults.from;
        const answer = await ports.ask.input({
          id: 'referenceDate',
          title: 'Reference date (ReferenceDate)',
          prompt: `The day the image cadence counts from: images fall on it and every ImageFrequency days from it. YYYY-MM-DD; default the first day (${from}).`,
          value: s.chosen.referenceDate ?? s.defaults.referenceDate ?? from,
          validate: (text) => (isDay(text.trim()) ? undefined : 'Enter a date as YYYY-MM-DD.'),
          ...position,
        });
        return store(s, 'referenceDate', typeof answer === 'string' ? answer.trim() : answer);
      },
    },
    ...ORDER_COUNT_FIELDS.map((field): WizardStep<OrderPromptState> => ({
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
        return store(s, field.name, typeof answer === 'string' ? Number(answer.trim()) : answer);
      },
    })),
    {
      // Only an order of an area can be turned into the tiles covering it.
      id: 'geometryTileOrdering',
      fixed: (s) => s.fixed.geometryTileOrdering !== undefined || s.forTiles,
      ask: async (s, position) => {
        const items = [
          { label: 'Order the area', description: 'billed as the bounding box of each polygon', value: false },
          {
            label: 'Order the tiles covering the area (GeometryTileOrdering)',
            description: 'whole tiles, at the tile rate',
            value: true,
          },
        ];
        return store(
          s,
          'geometryTileOrdering',
          await ports.ask.pick({
            id: 'geometryTileOrdering',
            title: 'What to order',
            items,
            defaultValue: s.chosen.geometryTileOrdering ?? s.defaults.geometryTileOrdering,
            ...position,
          }),
        );
      },
    },
    {
      id: 'tileDeduplication',
      fixed: (s) => s.fixed.tileDeduplication !== undefined || !(s.forTiles || s.chosen.geometryTileOrdering === true),
      ask: async (s, position) => {
        const items = [
          { label: 'No deduplication', description: 'order every tile', value: false },
          {
            label: 'Deduplicate tiles',
            description: 'skip tiles already ordered with the same model, constellations and cadence',
            value: true,
          },
        ];
        return store(
          s,
          'tileDeduplication',
          await ports.ask.pick({
            id: 'tileDeduplication',
            title: 'Tile deduplication',
            items,
            defaultValue: s.chosen.tileDeduplication ?? false,
            ...position,
          }),
        );
      },
    },
  ];
}

function cadenceProblem(text: string, minimum: number, maximum: number): string | undefined {
  const t = text.trim();
  const n = Number(t);
  return /^\d+$/.test(t) && n >= minimum && n <= maximum
    ? undefined
    : `Enter a whole number from ${minimum} to ${maximum}.`;
}
