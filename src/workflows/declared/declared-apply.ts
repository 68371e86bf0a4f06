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
import type { WorkflowPorts } from '../engine/ports';
import { nowOf } from '../engine/ports';
import { purchaseNotes } from '../engine/purchase-notes';
import { WorkflowError } from '../../request/workflow-error';
import { downloadSeries } from '../series/series-workflow';
import type { RowCacheHome } from '../../stats/index';
import { buyPlannedSeries } from './buy-planned-series';
import type { AppliedSeries, RunSeries } from './buy-planned-series';
import { createPlannedOrders } from './create-planned-orders';
import type { CreatedOrder } from './create-planned-orders';
import type { Declaration } from './declared-file';
import { updateDeclaredTables } from './declared-field-table';
import type { TableUpdate } from './declared-field-table';
import { LockFile } from './declared-lock';
import type { ImageryLock } from './declared-lock';
import { monthOf } from './declared-month';
import type { DeferredUnit } from './declared-month';
import type { DeferredOrder } from './declared-order-month';
import type { PlannedOrder } from './declared-orders';
import type { Plan, PlannedSeries } from './declared-plan';
import { lockFromLedgers } from './lock-from-ledgers';
import { adoptListedOrderGuids, keepCancelSeen } from './lock-orders-from-account';
import type { OrderCeiling } from './order-price-hold';
import { tidyFolders } from './tidy-folders';

export interface ApplyOptions {
  /** Send again the units held as uncertain. */
  resendUncertain: boolean;
  /** The prices an order to create is held to when its create leaves (order-price-hold.ts): asked
   * right before its create, so "what is left of a budget" is what is left then. */
  orderCeilings?: (order: PlannedOrder) => OrderCeiling[];
  /** Where the declared field tables keep their row caches (none: every image is measured). */
  rowCacheHome?: RowCacheHome;
}

export interface ApplyResult {
  series: AppliedSeries[];
  /** Orders created in this run (name, GUID); those whose creation is unknown count as uncertain. */
  orders: CreatedOrder[];
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
  const lockFile = new LockFile(lockPath, lock);
  const images = await buyPlannedSeries(
    { ports, declaration, planned, lockFile, runSeries },
    plan,
    options.resendUncertain,
  );
  await adoptListedOrderGuids(plan, lockFile);
  await keepCancelSeen(plan, lockFile, monthOf(nowOf(ports)));
  const stopped = images.series.some((s) => s.reason !== undefined);
  const created = await createPlannedOrders(ports, plan, orders, options.orderCeilings, lockFile, stopped);
  // Also when nothing was bought: the lock says what the ledgers say (a first apply over bought folders).
  await lockFile.write(await lockFromLedgers(declaration, planned, lockFile.lock));
  // After the lock is written: a table that cannot be made loses no purchase.
  const tables = await updateDeclaredTables(declaration, lockFile.lock, options.rowCacheHome, ports.signal);
  return {
    series: images.series,
    orders: created.orders,
    bought: images.bought,
    uncertain: images.uncertain + created.uncertain,
    failed: images.failed,
    lock: lockFile.lock,
    notes: imageNotes(images.series),
    deferred: deferredOf(plan),
    deferredOrders: deferredOrdersOf(plan),
    ...creditsSpentOf(images.spent),
    tables,
  };
}

/** What the images bought say beyond "bought" (purchase-notes.ts). */
function imageNotes(series: readonly AppliedSeries[]): string[] {
  return purchaseNotes(
    series.flatMap((s) => s.dates.map((d) => ({ label: `${s.dataset} ${d.date}`, ...d }))),
    'image',
  );
}

/** The credits the series spent, when each that bought something knows what it spent. */
function creditsSpentOf(spent: readonly (number | undefined)[]): { creditsSpent?: number } {
  if (spent.length === 0 || !spent.every((c) => c !== undefined)) return {};
  return { creditsSpent: Math.round(spent.reduce((a, c) => a + c, 0) * 1e6) / 1e6 };
}

/** The plan's deferred orders: what an apply leaves uncreated, in the file's order. */
function deferredOrdersOf(plan: Plan): DeferredOrder[] {
  return plan.orders
    .filter((o) => o.kind === 'deferred')
    .map(({ order, area, euroThisMonth, euroPerMonth, reason, month }) => ({
      order,
      area,
      ...(euroThisMonth !== undefined ? { euroThisMonth } : {}),
      ...(euroPerMonth !== undefined ? { euroPerMonth } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...(month !== undefined ? { month } : {}),
    }));
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
