// Estimate and create a tasking order (spec section 1: estimate, then create with the same
// validated payload plus TileDeduplication). "Estimate order" shows the cost and creates only when
// the person proceeds in the panel; "Create order" creates after the confirmation (or without it
// when the options say so and the cost is under the budget).
import type { OrderCreateRequest, OrderEstimate, OrderEstimateRequest, TaskingModel } from '../../api/types';
import { reserveFreshPrice } from '../../buying/fresh-price';
import { isPriceRefusal } from '../../buying/spend-guard';
import type { Reservation } from '../../buying/spend-guard';
import type { Aoi } from '../../geometry/types';
import { readAoiOrThrow } from '../engine/aoi-input';
import { confirmCost } from '../engine/cost-gate';
import { WorkflowError, isCancellation } from '../../request/workflow-error';
import { orderEstimateModel } from './order-estimate-model';
import { accountOnce } from '../../pricing/account-snapshot';
import type { RunAccount } from '../../pricing/account-snapshot';
import { chargeUncertainty, mayHaveBeenCharged } from '../engine/charge-check';
import { OVERLAPPED_ESTIMATE_CAVEAT, readOrderCosts } from '../../pricing/order-costs';
import type { OrderCosts } from '../../pricing/order-costs';
import { coverOption, estimateTileCover } from './cheapest-cover';
import { overlapWarnings } from './order-overlap';
import type { OrderPromptState } from './order-prompts';
import { CADENCE_KEYS, orderState, resolveOrder } from './order-resolve';
import type { OrderInput, OrderOptions } from './order-resolve';
import { ASK_THE_PERSON } from '../engine/resolve';
import type { Settling } from '../engine/resolve';
import { missingOptions } from '../engine/default-answers';
import { orderCreateRequest, recurringCancellationDeadline } from './order-payload';
import { nowOf } from '../engine/ports';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { diffRequests } from '../../request/request-profile';
import type { OrderResult } from '../engine/results';
import { honestProgress } from '../engine/honest-progress';

/** What a caller of the workflow (not a command's options) can hook in. */
interface OrderHooks {
  /** Awaited right before the create's POST is sent (after every question, check and read):
   * where a caller records that it is in flight. A throw sends nothing. */
  beforeCreate?: () => Promise<void>;
  /** Hears the order's price asked right before its create (the one fresh estimate of the payload
   * sent), before it is held in the run's spend guard: a caller holding the order to more than the
   * guard does (an imagery file's plan) refuses it here by throwing. Nothing is sent then. */
  checkFreshPrice?: (costs: OrderCosts) => void;
  /** How the questions the options and settings leave open are settled (engine/resolve.ts):
   * the person asked (the default), each step's default taken (the command line), or none open
   * (apply, whose orders are declared whole). */
  settling?: Settling;
}

export async function runOrder(
  ports: WorkflowPorts,
  source: AoiSource | undefined,
  options: OrderOptions,
  mode: 'estimate' | 'create',
  hooks: OrderHooks = {},
): Promise<OrderResult> {
  ports = honestProgress(ports);
  const aoi: Aoi | undefined = source ? readAoiOrThrow(source).aoi : undefined;
  if (!aoi && !options.tileGuids?.length && !options.miniTileGuids?.length) {
    throw new WorkflowError('invalid-option', 'An order needs an area of interest or tiles.');
  }
  const now = nowOf(ports);
  // Read once, before the first price is compared with the order balance, and carried to the creation.
  const account = accountOnce(ports);
  const result: OrderResult = {
    outcome: 'cancelled',
    request: undefined,
    estimate: undefined,
    order: undefined,
    recurring: false,
    cancellationDeadline: undefined,
  };
  try {
    ports.progress.report({ message: 'Loading models…' });
    const models: TaskingModel[] = await ports.client.listModels({ signal: ports.signal });
    const input: OrderInput = { ports, aoi, options, models, now };
    const run: OrderRun = { ...input, mode, state: orderState(input), result };
    return await askEstimateAndCreate(run, account, hooks);
  } catch (error) {
    if (isCancellation(error, ports.signal)) {
      result.outcome = 'cancelled';
      return result;
    }
    throw error;
  }
}

/** What one order run works with: what it resolves from (its area, options, models and clock),
 * its mode, the questions' state and its result so far. */
interface OrderRun extends OrderInput {
  mode: 'estimate' | 'create';
  state: OrderPromptState;
  result: OrderResult;
}

/** Asks, estimates and shows the price until the person proceeds, changes nothing more or
 * cancels; an estimate without prompts ends at the estimate. */
async function askEstimateAndCreate(run: OrderRun, account: RunAccount, hooks: OrderHooks): Promise<OrderResult> {
  const { ports, options, mode, state, result } = run;
  for (;;) {
    const resolved = await resolveOrder(run, hooks.settling ?? ASK_THE_PERSON, state);
    if (resolved === undefined) return result;
    if ('open' in resolved) throw missingOptions(resolved.open);
    const { estimate: estimated, create: createRequest } = resolved;
    result.request = createRequest;
    result.recurring = estimated.To === null;
    result.cancellationDeadline = result.recurring ? recurringCancellationDeadline(run.now) : undefined;
    const { panel, tileCover } = await estimateForPanel(run, estimated, createRequest);
    // An estimate asked for without prompts is the whole job: nothing is created.
    if (mode === 'estimate' && options.skipConfirmation) {
      result.outcome = 'completed';
      return result;
    }
    const decision = await confirmCost(ports, panel, options.skipConfirmation, await account());
    if (decision.action === 'cancel') return result;
    if (decision.action === 'change') {
      // "Change settings" in the panel re-asks the cadence, even where the settings filled it.
      for (const key of CADENCE_KEYS) if (options[key] === undefined) state.fixed[key] = undefined;
      if (options.referenceDate === undefined) state.fixed.referenceDate = undefined;
      continue;
    }
    // The tile cover, when the person picked it in the comparison: its own estimated payload.
    const pickedTiles = decision.cover === 'tiles' && tileCover !== undefined;
    const chosen = pickedTiles ? tileCover.request : estimated;
    const toCreate = pickedTiles ? orderCreateRequest(chosen, state.chosen.tileDeduplication) : createRequest;
    if (pickedTiles) {
      result.request = toCreate;
      result.estimate = tileCover.estimate;
    }
    return createEstimatedOrder(run, account, chosen, toCreate, hooks);
  }
}

/** The order estimated and its cost panel built: the overlaps with existing orders and, for a
 * polygon order, the cheapest tile cover beside it. */
async function estimateForPanel(
  { ports, aoi, options, mode, state, result }: OrderRun,
  estimated: OrderEstimateRequest,
  createRequest: OrderCreateRequest,
) {
  ports.progress.report({ message: 'Estimating the order…' });
  const estimate = await ports.client.estimateOrder(estimated, { signal: ports.signal });
  result.estimate = estimate;
  const budget = ports.settings().confirmCostAbove;
  const panel = orderEstimateModel(aoi, createRequest, estimate, budget, result.cancellationDeadline);
  // Checked where someone reads it: an estimate, or a create that shows the panel. A create
  // without prompts goes straight to the order list reads of a billed call (orders.ts).
  result.overlaps = mode === 'estimate' || !options.skipConfirmation ? await overlapWarnings(ports, aoi) : [];
  panel.warnings.push(...result.overlaps);
  if (result.overlaps.length > 0) panel.caveat = OVERLAPPED_ESTIMATE_CAVEAT;
  // An order of the covering tiles is already a tile order: no comparison with the polygon one.
  const tileCover =
    aoi &&
    !state.forTiles &&
    estimated.GeometryTileOrdering !== true &&
    (options.compareCovers ?? !options.skipConfirmation)
      ? await estimateTileCover(ports, aoi, estimated)
      : undefined;
  if (tileCover) {
    panel.covers = [
      coverOption('polygon', estimate, estimated, []),
      coverOption('tiles', tileCover.estimate, tileCover.request, tileCover.tiles),
    ];
    result.covers = panel.covers;
  }
  return { estimate, panel, tileCover };
}

/** The create, with the very payload that was estimated (only TileDeduplication added), its
 * price asked again and reserved right before it leaves. */
async function createEstimatedOrder(
  { ports, result }: OrderRun,
  account: RunAccount,
  chosen: OrderEstimateRequest,
  toCreate: OrderCreateRequest,
  hooks: OrderHooks,
): Promise<OrderResult> {
  const { TileDeduplication: _dedup, ...sent } = toCreate;
  const drift = diffRequests(chosen, sent);
  if (drift.length > 0)
    throw new WorkflowError('profile-mismatch', `Not sent: the order differs from its estimate (${drift.join('; ')}).`);
  ports.progress.report({ message: 'Creating the order…' });
  const balanceBefore = (await account()).balances.EUR;
  const reservation = await reserveOrderPrice(ports, chosen, result.estimate, hooks.checkFreshPrice);
  try {
    result.order = await ports.client.createOrder(toCreate, {
      signal: ports.signal,
      ...(hooks.beforeCreate ? { beforeSend: hooks.beforeCreate } : {}),
    });
    reservation.spent();
  } catch (error) {
    // The answer was lost and the order list did not show the order: the client did not send
    // it again; the person is told to look rather than to create it a second time.
    if (!mayHaveBeenCharged(error)) {
      reservation.release();
      throw error;
    }
    reservation.uncertain();
    result.charge = await chargeUncertainty(ports, error, 'EUR', balanceBefore);
    result.outcome = 'unknown';
    return result;
  }
  result.outcome = 'completed';
  return result;
}

/** The order's first month priced again right before its create leaves (an order estimate of the
 * payload that is sent), held to what was confirmed; a risen price refuses the create. */
async function reserveOrderPrice(
  ports: WorkflowPorts,
  estimated: OrderEstimateRequest,
  confirmed: OrderEstimate | undefined,
  check: OrderHooks['checkFreshPrice'],
): Promise<Reservation> {
  const before = confirmed ? readOrderCosts(confirmed) : undefined;
  const currency = before?.currency ?? 'EUR';
  try {
    return await reserveFreshPrice({
      guard: ports.spending,
      what: 'The order',
      unit: currency,
      before: before?.currentMonth,
      ask: async () => {
        const now = readOrderCosts(await ports.client.estimateOrder(estimated, { signal: ports.signal }));
        check?.(now);
        return now.currencies.length <= 1 && now.currency === currency ? now.currentMonth : undefined;
      },
    });
  } catch (error) {
    throw isPriceRefusal(error) ? new WorkflowError('price-rose', error.message) : error;
  }
}

/** "Renews every month; cancel before 1 Dec 2026 00:00 UTC to stop next month's charge." */
export function recurringSentence(deadline: string): string {
  const day = new Date(deadline).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `This order renews every month until it is cancelled; cancel it before ${day} 00:00 UTC to stop next month's charge.`;
}
