// `apply`: buys exactly what a fresh plan lists as buy, rebuy and missing (and uncertain units
// only when the person names them), and creates the orders it lists as create (through Create
// Tasking Order's workflow: its cost gate, its lookup of a lost create; an order that differs is
// never cancelled here; each one is in the lock, without a GUID, before its create leaves, so an
// answer lost or a run killed in flight leaves it held as uncertain, never created twice), one series per dataset and area file, through the series
// workflow: its folder's purchase ledger (each unit recorded as sending before its billed call),
// its cost gate (the price shown, or held to the budget the person set) and its worker pool within the key's limits. The
// lock is written again from the ledgers after each series, so a crash leaves a lock that parses
// and says what the ledgers say. Nothing is sent when the plan has a stop (a budget or the
// balance below its total).
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { WorkflowError } from '../../request/workflow-error';
import { downloadSeries } from '../series/series-workflow';
import { runOrder } from '../orders/order-workflow';
import { ASK_NOBODY } from '../engine/resolve';
import type { PlannedOrder } from './declared-orders';
import { payloadSummary } from './declared-orders';
import type { SeriesDateReport, SeriesResult } from '../series/series-types';
import type { Declaration } from './declared-file';
import { writeLock } from './declared-lock';
import type { ImageryLock, LockedOrder } from './declared-lock';
import { isApiError } from '../../api/errors';
import { seriesOptionsOf } from './declared-plan';
import { BUYING } from '../../pricing/purchase-plan';
import type { Plan, PlannedSeries } from './declared-plan';
import { lockFromLedgers } from './lock-from-ledgers';
import { tidyFolders } from './tidy-folders';
import type { OrderCosts } from '../../pricing/order-costs';
import { holdOrderToCeilings } from './order-price-hold';
import type { OrderCeiling } from './order-price-hold';
import { purchaseNotes } from '../engine/purchase-notes';
import { monthOf } from './declared-month';
import type { DeferredUnit } from './declared-month';
import { holdOrderToMonthRoom, monthRoomOf } from './declared-order-month';
import type { DeferredOrder } from './declared-order-month';
import { nowOf } from '../engine/ports';
import type { RowCacheHome } from '../../stats/index';
import { updateDeclaredTables } from './declared-field-table';
import type { TableUpdate } from './declared-field-table';

export interface ApplyOptions {
  /** Send again the units held as uncertain. */
  resendUncertain: boolean;
  /** The prices an order to create is held to when its create leaves (order-price-hold.ts): asked
   * right before its create, so "what is left of a budget" is what is left then. */
  orderCeilings?: (order: PlannedOrder) => OrderCeiling[];
  /** Where the declared field tables keep their row caches (none: every image is measured). */
  rowCacheHome?: RowCacheHome;
}

interface AppliedSeries {
  dataset: string;
  area: string;
  outcome: SeriesResult['outcome'];
  dates: SeriesDateReport[];
  reason?: string;
}

export interface ApplyResult {
  series: AppliedSeries[];
  /** Orders created in this run (name, GUID); those whose creation is unknown count as uncertain. */
  orders: { order: string; outcome: string; guid?: string }[];
  /** Units bought in this run, uncertain after it, failed. */
  bought: number;
  /** The credits of the units bought in this run, at their estimates; unset when none was bought
   * or one of them had no estimate. */
  creditsSpent?: number;
  uncertain: number;
  failed: number;
  lock: ImageryLock;
  /** What the images bought say beyond "bought" (purchase-notes.ts): a field or the area mostly
   * without data, pixels coarser than asked; none when every image is fine. */
  notes: string[];
  /** Units the monthly cap left for a later month (declared-month.ts), oldest first. */
  deferred: DeferredUnit[];
  /** Orders the orders' monthly cap left uncreated (declared-order-month.ts), in the file's order. */
  deferredOrders: DeferredOrder[];
  /** The declared field tables brought up to date (declared-field-table.ts); one already up to date is not listed. */
  tables?: TableUpdate[];
}

type RunSeries = typeof downloadSeries;

/** Throws before any billed call when the plan says something stops it. */
function refuseStopped(plan: Plan): void {
  if (plan.stops.length > 0)
    throw new WorkflowError('needs-confirmation', `Nothing was sent: ${plan.stops.join('; ')}.`);
}

export async function applyPlan(
  ports: WorkflowPorts,
  declaration: Declaration,
  lockPath: string,
  plan: Plan,
  planned: readonly PlannedSeries[],
  orders: readonly PlannedOrder[],
  lock: ImageryLock,
  options: ApplyOptions,
  runSeries: RunSeries = downloadSeries,
): Promise<ApplyResult> {
  // Before anything else, stop or not: what a killed run left does not wait for a run that buys.
  await tidyFolders(ports, declaration.directory, planned, 'apply of an imagery file');
  refuseStopped(plan);
  const result: ApplyResult = {
    series: [],
    orders: [],
    bought: 0,
    uncertain: 0,
    failed: 0,
    lock,
    notes: [],
    deferred: deferredOf(plan),
    deferredOrders: plan.orders
      .filter((o) => o.kind === 'deferred')
      .map(({ order, area, euroThisMonth, euroPerMonth, reason, month }) => ({
        order,
        area,
        ...(euroThisMonth !== undefined ? { euroThisMonth } : {}),
        ...(euroPerMonth !== undefined ? { euroPerMonth } : {}),
        ...(reason !== undefined ? { reason } : {}),
        ...(month !== undefined ? { month } : {}),
      })),
  };
  /** Each series that bought something: what it spent (undefined: not known). */
  const spent: (number | undefined)[] = [];
  for (const s of planned) {
    const wanted = new Set(
      plan.units
        .filter(
          (u) =>
            u.dataset === s.dataset.name && u.area === s.area.file && BUYING.has(u.kind) && u.credits !== undefined,
        )
        .map((u) => u.date),
    );
    const resend = options.resendUncertain ? s.uncertain : [];
    const dates = [...s.priced.filter((p) => wanted.has(p.date)).map((p) => p.date), ...resend].sort();
    if (dates.length === 0) continue;
    const { from: _from, to: _to, every: _every, nth: _nth, maxDates: _max, ...options_ } = seriesOptionsOf(s.dataset);
    const source: AoiSource = { text: s.area.text, name: s.area.file, format: s.area.format };
    let series: SeriesResult | undefined;
    try {
      // The dataset's settings resolve again as the plan resolved them: nobody asked.
      const seriesOptions = {
        ...options_,
        dates,
        outputDirectory: s.folder,
        ...(resend.length > 0 ? { resendUncertain: resend } : {}),
      };
      series = await runSeries(ports, source, seriesOptions, 'nobody');
    } finally {
      // What the ledger holds now, whatever happened to the run.
      result.lock = await lockFromLedgers(declaration, planned, result.lock);
      await writeLock(lockPath, result.lock);
    }
    const done = series.dates.filter((d) => d.status === 'done').length;
    result.bought += done;
    if (done > 0) spent.push(series.creditsSpent);
    result.uncertain += series.dates.filter((d) => d.status === 'may-have-been-charged').length;
    result.failed += series.dates.filter((d) => d.status === 'failed').length;
    result.series.push({
      dataset: s.dataset.name,
      area: s.area.file,
      outcome: series.outcome,
      dates: series.dates,
      ...(series.reason ? { reason: series.reason } : {}),
    });
    if (series.reason) break; // the cost gate stopped it: nothing further is sent
  }
  let stopped = result.series.some((s) => s.reason !== undefined);
  /** The lock with the entries of `names` replaced by `entry` (or taken out), in one write. */
  const keepOrder = async (entry: LockedOrder | undefined, ...names: string[]) => {
    const others = result.lock.orders.filter((l) => !names.includes(l.order));
    result.lock = { ...result.lock, orders: entry ? [...others, entry] : others };
    await writeLock(lockPath, result.lock);
  };
  // An order the account lists for a lock entry held without a GUID (under its name, or its old
  // name when it was renamed): the GUID is kept now, unless another entry holds that order already.
  for (const o of plan.orders) {
    if (o.kind !== 'exists' || o.guid === undefined) continue;
    const held = result.lock.orders.filter((l) => l.guid === undefined && l.payloadHash === o.payloadHash);
    const locked = held.find((l) => l.order === o.order) ?? held[0];
    if (!locked || result.lock.orders.some((l) => l.guid === o.guid)) continue;
    await keepOrder({ ...locked, order: o.order, area: o.area, guid: o.guid }, o.order, locked.order);
  }
  await keepCancelSeen(plan, result, lockPath, monthOf(nowOf(ports)));
  // What the orders' monthly cap leaves, taken off as each create leaves at its fresh price.
  const room = plan.orderMonth ? monthRoomOf(plan.orderMonth) : undefined;
  for (const o of orders.filter((order) => order.kind === 'create')) {
    if (stopped || ports.signal.aborted) break;
    const source: AoiSource = { text: o.area.text, name: o.area.file, format: o.area.format };
    const pending: LockedOrder = {
      order: o.order.name,
      area: o.area.file,
      payloadHash: o.payloadHash,
      payload: payloadSummary(o.payload),
      at: new Date().toISOString(),
    };
    // In the lock right before the create's POST leaves: a run killed or cancelled in flight leaves it held as uncertain.
    let sent = false;
    const ceilings = options.orderCeilings?.(o) ?? [];
    const beforeCreate = async () => {
      await keepOrder(pending, o.order.name);
      sent = true;
    };
    // A price asked right before the create above the one seen, or beyond what the monthly cap
    // leaves, stops it before the lock holds it: nothing was sent. The price it was held to is kept
    // in the lock with the month it leaves in: what the month's orders count for it.
    const checkFreshPrice = (costs: OrderCosts) => {
      holdOrderToCeilings(o, ceilings, costs);
      if (room && plan.orderMonth) holdOrderToMonthRoom(o.order.name, room, plan.orderMonth, costs);
      pending.price = {
        month: monthOf(nowOf(ports)),
        currency: costs.currency,
        ...(costs.currentMonth !== undefined ? { thisMonth: costs.currentMonth } : {}),
        ...(costs.perMonth !== undefined ? { perMonth: costs.perMonth } : {}),
      };
    };
    let created: Awaited<ReturnType<typeof runOrder>>;
    try {
      // Declared whole (every default filled in by the plan): nothing is open, nobody is asked.
      created = await runOrder(ports, source, o.options, 'create', {
        beforeCreate,
        checkFreshPrice,
        settling: ASK_NOBODY,
      });
    } catch (error) {
      // Refused for certain (refused before sending, or the service said no to the request
      // itself): nothing was made, nothing is held. Any other failure (a 5xx, which a gateway
      // may answer after the order was made) keeps it held as uncertain.
      if (sent && refusedForCertain(error)) await keepOrder(undefined, o.order.name);
      throw error;
    }
    if (sent && room) {
      room.thisMonth -= pending.price?.thisMonth ?? 0;
      room.nextMonth -= pending.price?.perMonth ?? 0;
    }
    const guid = typeof created.order?.TaskOrderGuid === 'string' ? created.order.TaskOrderGuid : undefined;
    result.orders.push({ order: o.order.name, outcome: created.outcome, ...(guid ? { guid } : {}) });
    // Cancelled once the POST was leaving, it may have been made: held, as a lost answer is.
    const cancelledInFlight = sent && created.outcome === 'cancelled';
    if (created.outcome === 'may-have-been-charged' || created.outcome === 'unknown' || cancelledInFlight)
      result.uncertain++;
    if (created.outcome === 'cancelled') stopped = true;
    if (guid) await keepOrder({ ...pending, guid, at: new Date().toISOString() }, o.order.name);
  }
  result.notes = purchaseNotes(
    result.series.flatMap((s) => s.dates.map((d) => ({ label: `${s.dataset} ${d.date}`, ...d }))),
    'image',
  );
  if (spent.length > 0 && spent.every((c) => c !== undefined))
    result.creditsSpent = Math.round(spent.reduce((a, c) => a + c, 0) * 1e6) / 1e6;
  // Also when nothing was bought: the lock says what the ledgers say (a first apply over bought folders).
  result.lock = await lockFromLedgers(declaration, planned, result.lock);
  await writeLock(lockPath, result.lock);
  // After the lock is written: a table that cannot be made loses no purchase.
  result.tables = await updateDeclaredTables(declaration, result.lock, options.rowCacheHome, ports.signal);
  return result;
}

/** The month an apply first found each of the lock's orders cancelled (a recurring order's
 * renewal stopped before the months after it: order-month-spend.ts), kept in the lock. */
async function keepCancelSeen(plan: Plan, result: ApplyResult, lockPath: string, month: string): Promise<void> {
  const seen = new Set(plan.cancelledOrders ?? []);
  if (!result.lock.orders.some((l) => l.guid !== undefined && seen.has(l.guid) && l.cancelSeen === undefined)) return;
  const orders = result.lock.orders.map((l) =>
    l.guid !== undefined && seen.has(l.guid) && l.cancelSeen === undefined ? { ...l, cancelSeen: month } : l,
  );
  result.lock = { ...result.lock, orders };
  await writeLock(lockPath, result.lock);
}

/** The plan's deferred units, oldest first: what an apply leaves to a later month. */
function deferredOf(plan: Plan): DeferredUnit[] {
  return plan.units
    .filter((u) => u.kind === 'deferred')
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map(({ dataset, area, date, credits, month }) => ({
      dataset,
      area,
      date,
      ...(credits !== undefined ? { credits } : {}),
      ...(month !== undefined ? { month } : {}),
    }));
}

/** The units and orders an earlier run left held as possibly charged (a kill, a full disk, a lost
 * answer) that an apply of `plan` leaves held: an order always, a unit unless the person chose to
 * send it again. They are uncertain after the apply as much as before it. */
export function heldBefore(plan: Plan, options: ApplyOptions): number {
  const units = options.resendUncertain ? 0 : plan.units.filter((u) => u.kind === 'uncertain').length;
  return units + plan.orders.filter((o) => o.kind === 'uncertain').length;
}

/** A failure that says the create was not made: refused before it left, or a 4xx about the
 * request itself (not a timeout or a rate limit, and never one that may have been charged). */
function refusedForCertain(error: unknown): boolean {
  // A refusal of a second attempt says nothing of the first (a 503 a gateway gave after the order was made).
  if (!isApiError(error) || error.mayHaveBeenCharged || (error.attempts ?? 1) > 1) return false;
  if (error.kind === 'local-validation' || error.kind === 'validation' || error.kind === 'auth') return true;
  return (
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}
