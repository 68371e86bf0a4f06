// A tasking order's Resolve (engine/resolve.ts): options and settings to the order's estimate
// and create payloads, or the questions still open; the person is asked only in the wizard's
// mode, and only what is open (order-prompts.ts).
import { ORDER_COUNT_FIELDS, ORDER_DEFAULTS } from '../../api/request-fields';
import type { OrderCreateRequest, OrderEstimateRequest, TaskingModel } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { checkConstellations, checkModel } from '../../request/choices';
import type { WorkflowDefaults, WorkflowPorts } from '../engine/ports';
import { resolveQuestions } from '../engine/resolve';
import type { Questions, Settling } from '../engine/resolve';
import { addMonths, orderCreateRequest, orderEstimateRequest, parseOrderEnd, todayOf } from './order-payload';
import { orderPromptSteps } from './order-prompts';
import type { CadenceKey, OrderPromptState } from './order-prompts';

export interface OrderOptions {
  model?: string;
  satelliteConstellations?: string[];
  from?: string; // YYYY-MM-DD
  /** YYYY-MM-DD; '' or null for a recurring order (renews every month). */
  to?: string | null;
  storageMonths?: number;
  apiRequests?: number;
  imageFrequency?: number;
  referenceDate?: string;
  tileDeduplication?: boolean;
  /** Order these tiles (from a tile search) instead of the document's AOI. */
  tileGuids?: string[];
  miniTileGuids?: string[];
  /** Order the whole tiles covering the AOI (GeometryTileOrdering); default the setting
   * `satImagery.defaults.order.geometryTileOrdering`, asked when prompting. */
  geometryTileOrdering?: boolean;
  skipConfirmation?: boolean;
  /** Estimate the service's cheapest tile cover beside the polygon order (default: when the cost
   * panel is shown, i.e. without skipConfirmation). */
  compareCovers?: boolean;
}

/** What an order resolves from: its area (none for an order of tiles), the options, the models
 * list and the run's clock (the first day offered is today). */
export interface OrderInput {
  ports: WorkflowPorts;
  aoi: Aoi | undefined;
  options: OrderOptions;
  models: TaskingModel[];
  now: Date;
}

/** The frozen order: the estimate's payload and the create's (the same with TileDeduplication). */
export interface ResolvedOrder {
  estimate: OrderEstimateRequest;
  create: OrderCreateRequest;
  state: OrderPromptState;
}

/** The order's questions, asking through `ports` when asked. */
function orderQuestions(ports: WorkflowPorts, state: OrderPromptState): Questions<OrderPromptState> {
  return { state, steps: orderPromptSteps(ports) };
}

/**
 * Options and settings (and the answers so far, `state`) to the order's payloads, the questions
 * still open ('open' mode), or undefined when the person dismissed one.
 */
export async function resolveOrder(
  input: OrderInput,
  settling: Settling,
  state: OrderPromptState = orderState(input),
): Promise<ResolvedOrder | { open: string[] } | undefined> {
  const resolved = await resolveQuestions(input.ports, (ports) => orderQuestions(ports, state), settling);
  if ('open' in resolved) return resolved;
  if (!('state' in resolved)) return undefined;
  const estimate = estimateRequest(input, resolved.state);
  return { estimate, create: orderCreateRequest(estimate, resolved.state.chosen.tileDeduplication), state };
}

/** The cadence offered: the settings where set, else the service's usual 1. */
function cadenceDefaults(order: WorkflowDefaults['order']): Record<CadenceKey, number> {
  return Object.fromEntries(CADENCE_KEYS.map((key) => [key, order?.[key] ?? ORDER_DEFAULTS[key]])) as Record<
    CadenceKey,
    number
  >;
}

export const CADENCE_KEYS: readonly CadenceKey[] = ORDER_COUNT_FIELDS.map((row) => row.name);

function cadenceFixed(options: OrderOptions, cadence: Record<CadenceKey, number>): Partial<Record<CadenceKey, number>> {
  return Object.fromEntries(
    CADENCE_KEYS.map((key) => [key, options[key] ?? (options.skipConfirmation ? cadence[key] : undefined)]),
  );
}

/** The questions' state: what the options (or, without prompts, the settings) fix, and the
 * defaults offered for the rest. */
export function orderState({ ports, options, models, now }: OrderInput): OrderPromptState {
  const settings = ports.settings().defaults;
  const cadence = cadenceDefaults(settings.order);
  const forTiles = !!(options.tileGuids?.length || options.miniTileGuids?.length);
  // Asked (offered from the setting) unless the options fix it; a run without prompts takes the setting.
  const geometryTiles =
    options.geometryTileOrdering ??
    (options.skipConfirmation ? (settings.order?.geometryTileOrdering ?? false) : undefined);
  const state: OrderPromptState = {
    models,
    fixed: {
      model: options.model ?? settings.model,
      satelliteConstellations: options.satelliteConstellations ?? settings.satelliteConstellations,
      from: options.from,
      // `to: null` or '' fixes a recurring order; undefined leaves it to ask.
      to: options.to === undefined ? undefined : parseOrderEnd(options.to),
      // Deduplication only acts on tile orders (spec 4.3): asked there, left out otherwise.
      tileDeduplication:
        options.tileDeduplication ??
        (options.skipConfirmation && (forTiles || geometryTiles === true) ? false : undefined),
      // The cadence is asked (offered from the settings) unless the options fix it; a run
      // without prompts takes the settings as they are.
      ...cadenceFixed(options, cadence),
      geometryTileOrdering: geometryTiles,
      referenceDate: options.referenceDate,
    },
    chosen: {},
    defaults: {
      from: todayOf(now),
      to: addMonths(todayOf(now), 1),
      ...cadence,
      geometryTileOrdering: settings.order?.geometryTileOrdering ?? false,
      referenceDate: settings.order?.referenceDate,
    },
    forTiles,
    noPrompts: options.skipConfirmation === true,
  };
  if (state.fixed.model) checkModel(state.fixed.model, models);
  Object.assign(state.chosen, Object.fromEntries(Object.entries(state.fixed).filter(([, v]) => v !== undefined)));
  return state;
}

/** The estimate's payload from the answers (the cadence the settings offer where none was chosen). */
function estimateRequest({ aoi, options, models }: OrderInput, state: OrderPromptState): OrderEstimateRequest {
  const model = checkModel(state.chosen.model!, models);
  const from = state.chosen.from!;
  return orderEstimateRequest(aoi, {
    model,
    satelliteConstellations: checkConstellations(model, state.chosen.satelliteConstellations ?? [], models),
    from,
    to: state.chosen.to ?? null,
    storageMonths: state.chosen.storageMonths ?? state.defaults.storageMonths,
    apiRequests: state.chosen.apiRequests ?? state.defaults.apiRequests,
    imageFrequency: state.chosen.imageFrequency ?? state.defaults.imageFrequency,
    referenceDate: state.chosen.referenceDate ?? state.defaults.referenceDate ?? from,
    tileGuids: options.tileGuids,
    miniTileGuids: options.miniTileGuids,
    geometryTileOrdering: state.chosen.geometryTileOrdering,
  });
}
