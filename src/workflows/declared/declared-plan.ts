// `plan`: what applying an imagery file would do, and what it would cost, before anything billed.
// Each dataset's settings are resolved with nobody asked (a setting it leaves open takes its
// question's default, the model never: series-plan.ts) and checked as the series checks them, its
// dates resolved as the series resolves them (the given list, or the date search and its
// thinning), and every unit (area file × date) sorted by its folder's purchase ledger and the lock:
//
//   buy        never bought
//   have       saved, its file on the disk as the ledger recorded it (savedFileState)
//   rebuy      bought before, and bought again for a change that is named: the lock has this
//              area and date bought with another request, or the file saved was changed in place
//              since (its size, another SHA-256: it is there, so it is not called missing)
//   uncertain  sent, its answer lost: held, never bought again unasked
//   missing    saved, its file gone: buying it again costs
//   extra      bought (locked or on disk) and no longer declared: kept, never deleted
//   deferred   to buy, but beyond the file's monthly cap (budget.maxCreditsPerMonth): bought in a
//              later month, oldest first (the month it fits in is said)
//
// Orders (declared-orders.ts): create, exists, differs, uncertain, and deferred: to create, but
// beyond the file's monthly cap of the orders (budget.maxEuroPerMonth: declared-order-month.ts).
//
// Every buy, rebuy and missing unit is checked for availability and estimated with its final
// body; the plan adds up the credits and holds them against the account's balance and the file's
// budget, and says what would stop an apply. A ledger's line naming a file out of its folder is
// not taken (purchase-ledger.ts), and the plan notes it.
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ApiError, isApiError } from '../../api/errors';
import { linkOnTheWay } from '../../files/inside-folder';
import type { CompositeRequest, TaskingModel } from '../../api/types';
import { accountOnce, type AccountSnapshot, type RunAccount } from '../../pricing/account-snapshot';
import { BUYING, changesIn } from '../../pricing/purchase-plan';
import type { PurchaseUnitKind } from '../../pricing/purchase-plan';
import { WorkflowError, isWorkflowError } from '../../request/workflow-error';
import { LEDGER_NAME } from '../../ledger/ledger-journal';
import { HELD_STATES, PurchaseLedger, savedFileState } from '../../ledger/purchase-ledger';
import type { Adopted, LedgerUnit } from '../../ledger/purchase-ledger';
import { requestKey } from '../../ledger/request-key';
import { compositeRequest, diffRequests } from '../../request/request-profile';
import { poolSize } from '../engine/worker-pool';
import { checkAndPriceAll, dateProfile, defaultSeriesFields, seriesDates } from '../series/series-plan';
import type { Checked, SeriesFields } from '../series/series-plan';
import type { PricedDate } from '../series/series-estimate';
import type { DownloadSeriesOptions } from '../series/series-types';
import { DeclaredFileError, datasetFolder, declarationProblems, placeOf } from './declared-file';
import type { Declaration, DeclaredArea } from './declared-file';
import { CAP_REASON, MAX_DATES_PER_DATASET, MAX_UNITS_PER_FILE } from './declared-schema';
import type { DeclaredBudget, DeclaredDataset } from './declared-schema';
import { lockPathOf } from './declared-lock';
import type { ImageryLock, LockedImage } from './declared-lock';
import { planOrders } from './declared-orders';
import { withSeriesFlags } from './option-flags';
import { boughtDates, windowSearch } from './declared-window';
import { deferBeyondCap, monthOf, spentInMonth } from './declared-month';
import type { MonthSpend } from './declared-month';
import { holdOrdersToMonthlyCap } from './declared-order-month';
import type { OrderMonthSpend } from './declared-order-month';
import { nowOf } from '../engine/ports';
import type { WorkflowPorts } from '../engine/ports';
import { verifyOne } from './declared-verify';
import { deliveredBands, unmeasurableIndices } from './field-stats-checks';
import { modelBandsOf } from '../../request/band-expression';
import type { PlanOrder, PlannedOrder } from './declared-orders';

/** What the plan does to a unit: the kinds of every purchase's plan (pricing/purchase-plan.ts). */
export type UnitKind = PurchaseUnitKind;

export interface PlanUnit {
  kind: UnitKind;
  dataset: string;
  area: string;
  date: string;
  /** The request body's key (the ledger's). */
  key: string;
  credits?: number;
  /** The image, relative to the imagery file (have, missing, extra). */
  file?: string;
  /** rebuy: what changed, field by field. */
  changes?: string[];
  /** Why it cannot be bought (unavailable: the service's refusal), or what the ledger says of an
   * uncertain unit, or why it is deferred. */
  reason?: string;
  /** deferred: the calendar month (YYYY-MM, UTC) the monthly cap lets it be bought in; absent when
   * it costs more than the cap alone. */
  month?: string;
}

/** The series of one dataset over one area file: what apply runs. */
export interface PlannedSeries {
  datasetIndex: number;
  dataset: DeclaredDataset;
  area: DeclaredArea;
  folder: string;
  fields: SeriesFields;
  /** Dates to buy (buy, rebuy, missing), priced and available. */
  priced: PricedDate[];
  /** Dates held as uncertain. */
  uncertain: string[];
  /** Every declared date of it, with its key and what the lock keeps of its request. */
  declared: { date: string; key: string; request: Record<string, unknown>; credits?: number }[];
  /** Units the ledger lacks whose locked image is on the disk intact: `have`, and recorded in the
   * ledger by apply (under the folder's lock) as saved, adopted from the lock. */
  adopted: Adopted[];
}

export interface Plan {
  file: string;
  units: PlanUnit[];
  orders: PlanOrder[];
  total: { credits: number; euroThisMonth: number; euroPerMonth: number };
  balance: { credits?: number };
  budget: DeclaredBudget | undefined;
  /** What stops an apply before any billed call: above the balance or the budget, a unit without a price. */
  stops: string[];
  /** What the plan left out and why: a ledger's line naming a file elsewhere than its folder. */
  notes: string[];
  /** The month's spend against the monthly cap, when the file sets one. */
  month?: MonthSpend;
  /** The month's orders against the orders' monthly cap (budget.maxEuroPerMonth), when the file sets one. */
  orderMonth?: OrderMonthSpend;
  /** The GUIDs of the lock's orders the service lists as cancelled that the lock does not say so
   * yet: apply keeps the month in the lock (declared-order-month.ts). Not shown. */
  cancelledOrders?: string[];
}

/** Why a saved unit whose file has its size is bought again, as a locked image is when its SHA-256
 * differs: the file is not the one the ledger recorded. */
const CHANGED_IN_PLACE =
  "its file changed since it was bought (the size saved, but not the ledger's inode and modification time, nor its SHA-256)";

/** A request's fields but the area and an upload address: what the lock keeps of it. */
function requestSummary(request: CompositeRequest): Record<string, unknown> {
  const {
    Wkt: _wkt,
    GeoJson: _geo,
    UploadUrl: _upload,
    ...rest
  } = request as CompositeRequest & { Wkt?: unknown; GeoJson?: unknown; UploadUrl?: unknown };
  return rest;
}

/** The series options a dataset declares (its name, area and folder are not). */
export function seriesOptionsOf(dataset: DeclaredDataset): DownloadSeriesOptions {
  const { name: _name, area: _area, folder: _folder, window: _window, fieldStats: _stats, ...options } = dataset;
  return options;
}

function toSlashes(path: string): string {
  return path.split(sep).join('/');
}

export async function makePlan(
  ports: WorkflowPorts,
  declaration: Declaration,
  lock: ImageryLock,
): Promise<{ plan: Plan; series: PlannedSeries[]; orders: PlannedOrder[] }> {
  const { file } = declaration;
  const { models, account } = await modelsAndAccount(ports);
  const limits = { credits: account.balances.credits };
  // The key's connections, as the run's snapshot read them (the client's gate is sized from the same answer).
  const workers = poolSize(account.maxConnections, account.maxConnections);
  const { units, series, stops, notes, current, ledgerFolders } = await planDatasets(
    ports,
    declaration,
    lock,
    models,
    workers,
    () => Promise.resolve(account),
  );
  units.push(...lockedNoLongerDeclared(lock, current));
  const budget = file.budget;
  const month =
    budget?.maxCreditsPerMonth !== undefined
      ? await holdToMonthlyCap(units, ledgerFolders, budget.maxCreditsPerMonth, monthOf(nowOf(ports)))
      : undefined;
  const ordered = await planOrders(ports, declaration, lock, models, (index, run) =>
    atPlace(declaration, ['orders', index], `order '${file.orders?.[index]?.name ?? index}'`, run),
  );
  const credits =
    Math.round(units.filter((u) => BUYING.has(u.kind)).reduce((sum, u) => sum + (u.credits ?? 0), 0) * 1e6) / 1e6;
  stops.push(...creditStops(credits, budget, limits.credits));
  const held = await deferOrdersBeyondCap(ports, lock, ordered, budget);
  const creating = ordered.orders.filter((o) => o.kind === 'create');
  stops.push(...orderStops(creating, budget));
  const plan: Plan = {
    file: declaration.path,
    units,
    orders: ordered.orders,
    total: { credits, ...euroTotals(creating) },
    balance: limits.credits !== undefined ? { credits: limits.credits } : {},
    budget,
    stops,
    notes,
    ...(month ? { month } : {}),
    ...(held ? { orderMonth: held.spend } : {}),
    ...(held?.cancelledNow.length ? { cancelledOrders: held.cancelledNow } : {}),
  };
  return { plan, series, orders: ordered.planned };
}

/** The models, and the run's one reading of the account: an apply's series and orders use the
 * same one (withOneAccountReading). Asked beside the models, which it does not need; a failure of
 * the models is said first. */
async function modelsAndAccount(ports: WorkflowPorts): Promise<{ models: TaskingModel[]; account: AccountSnapshot }> {
  const reading = accountOnce(ports)();
  reading.catch(() => undefined);
  const models: TaskingModel[] = await ports.client.listModels({ signal: ports.signal });
  return { models, account: await reading };
}

/** The lock's images no unit declared asks for any more: kept, never deleted. */
function lockedNoLongerDeclared(lock: ImageryLock, current: ReadonlySet<string>): PlanUnit[] {
  return lock.images
    .filter((locked) => !current.has(locked.bodyHash))
    .map((locked) => ({
      kind: 'extra',
      dataset: locked.dataset,
      area: locked.area,
      date: locked.date,
      key: locked.bodyHash,
      file: locked.file,
      reason: 'locked, no longer declared: kept',
    }));
}

/** What stops an apply of `credits` to buy: above the file's budget, above the account's balance. */
function creditStops(credits: number, budget: DeclaredBudget | undefined, balance: number | undefined): string[] {
  const stops: string[] = [];
  if (budget?.maxCredits !== undefined && credits > budget.maxCredits)
    stops.push(`the total of ${credits} credits is above the file's budget of ${budget.maxCredits} credits`);
  if (balance !== undefined && credits > balance)
    stops.push(`the total of ${credits} credits is above the account's balance of ${balance} credits`);
  return stops;
}

/** The new orders beyond the orders' monthly cap, deferred (declared-order-month.ts), when the file
 * sets one and there are orders; what apply runs follows what the cap deferred. */
async function deferOrdersBeyondCap(
  ports: WorkflowPorts,
  lock: ImageryLock,
  ordered: { orders: PlanOrder[]; planned: PlannedOrder[] },
  budget: DeclaredBudget | undefined,
): Promise<{ spend: OrderMonthSpend; cancelledNow: string[] } | undefined> {
  const held =
    budget?.maxEuroPerMonth !== undefined && (ordered.orders.length > 0 || lock.orders.length > 0)
      ? await holdOrdersToMonthlyCap(ports, lock, ordered.orders, budget.maxEuroPerMonth, monthOf(nowOf(ports)))
      : undefined;
  // The plan's orders and apply's are the file's, in order.
  for (const [i, planned] of ordered.planned.entries()) planned.kind = ordered.orders[i]!.kind;
  return held;
}

/** What the orders to create cost this month and each month after it, in euros. */
function euroTotals(creating: readonly PlanOrder[]): { euroThisMonth: number; euroPerMonth: number } {
  const euro = (pick: (o: PlanOrder) => number | undefined) =>
    Math.round(creating.reduce((sum, o) => sum + (pick(o) ?? 0), 0) * 100) / 100;
  return { euroThisMonth: euro((o) => o.euroThisMonth), euroPerMonth: euro((o) => o.euroPerMonth) };
}

/** What stops an apply of the orders to create: one without a price, or one not priced yet under
 * a monthly budget. */
function orderStops(creating: readonly PlanOrder[], budget: DeclaredBudget | undefined): string[] {
  const stops: string[] = [];
  for (const o of creating)
    if (o.euroThisMonth === undefined && o.euroPerMonth === undefined)
      stops.push(`the order '${o.order}' came without a price`);
    // A monthly budget cannot hold an order whose months are not priced yet.
    else if (o.notPricedYet && budget?.maxEuroPerMonth !== undefined)
      stops.push(
        `the order '${o.order}' is not priced yet (${o.notPricedYet.replace(/: what .*$/, '')}), so the file's budget of ${budget.maxEuroPerMonth} a month cannot hold it: create it nearer its start`,
      );
  return stops;
}

/** The units to buy beyond the monthly cap, deferred (declared-month.ts); the month's figures. */
async function holdToMonthlyCap(
  units: PlanUnit[],
  folders: readonly string[],
  cap: number,
  month: string,
): Promise<MonthSpend> {
  const toBuy = units.filter((u): u is PlanUnit & { credits: number } => BUYING.has(u.kind) && u.credits !== undefined);
  const { spend, deferred } = deferBeyondCap(toBuy, cap, await spentInMonth(folders, month), month);
  for (const { unit, month: later, reason } of deferred) {
    unit.kind = 'deferred';
    unit.reason = reason;
    if (later !== undefined) unit.month = later;
  }
  return spend;
}

/** Why a dataset's folder is not read, when it is a symbolic link or lies under one inside the
 * imagery file's folder: its ledger and its images are another folder's (a repository can commit
 * `rgb -> /somewhere` with a ledger of `saved` lines there), so its units are not had; apply
 * refuses to write through it too (engine/output-folder.ts). */
async function linkedFolderNote(directory: string, folder: string): Promise<string | undefined> {
  const inside = relative(directory, folder);
  // The ledger's path: every folder on its way, the dataset's own included, is looked at.
  const link = await linkOnTheWay(directory, join(inside, LEDGER_NAME));
  if (!link) return undefined;
  return `${toSlashes(inside)}: reached through ${link.link}, a symbolic link (to ${link.target}): its ledger and images are not read, so none of its units is taken as had, and apply does not write there; use the folder by its own path`;
}

/** What a ledger's lines naming files elsewhere were taken for: nothing (the ledger leaves them out). */
function ignoredLinesNote(directory: string, folder: string, ignored: readonly { file: string }[]): string {
  const named = ignored.slice(0, 3).map((line) => JSON.stringify(line.file));
  const more = ignored.length > named.length ? ` and ${ignored.length - named.length} more` : '';
  const lines = ignored.length === 1 ? 'a line' : `${ignored.length} lines`;
  return `${toSlashes(relative(directory, join(folder, LEDGER_NAME)))}: ${lines} naming ${named.join(', ')}${more} ignored: a ledger names an image by its own name in its folder, so no unit was taken as bought from ${ignored.length === 1 ? 'it' : 'them'}`;
}

/** Settings refused by the checks the commands make: said at the dataset's or order's place. */
async function atPlace<T>(
  declaration: Declaration,
  path: (string | number)[],
  what: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const at = `${placeOf(declaration, path)}: ${what}`;
    // A dataset's option is named with the series flag that sets it (an order's are not series').
    const named = (message: string, fields?: readonly string[]) =>
      path[0] === 'datasets' ? withSeriesFlags(message, fields) : message;
    // The service refused a field: said at its place, its kind (and exit code) kept.
    if (isApiError(error) && error.kind === 'validation') {
      const fields = Object.keys(error.fieldErrors ?? {});
      throw new ApiError({
        kind: error.kind,
        message: `${at}: ${named(error.message, fields)}`,
        status: error.status,
        code: error.code,
        serverMessage: error.serverMessage,
        fieldErrors: error.fieldErrors,
        endpoint: error.endpoint,
        attempts: error.attempts,
        cause: error,
      });
    }
    const refused =
      (isWorkflowError(error) && error.kind === 'invalid-option') || (error as Error).name === 'UsageError';
    if (!refused) throw error;
    throw new WorkflowError('invalid-option', `${at}: ${named((error as Error).message)}`);
  }
}

/** A locked image of a unit the folder's ledger lacks (deleted, or never there): trusted when it is
 * a plain file of the dataset's folder whose size and SHA-256 are the lock's (verify's check), and
 * then adopted; otherwise bought again as any unit the ledger lacks, and the plan says why. */
async function lockedImage(
  declaration: Declaration,
  folder: string,
  image: LockedImage,
): Promise<{ adopt?: Omit<Adopted, 'id'>; why: string }> {
  const path = resolve(declaration.directory, image.file);
  if (dirname(path) !== resolve(folder))
    return { why: `the lock's image ${image.file} is not in the dataset's folder: not trusted without the ledger` };
  const { problem } = await verifyOne(declaration.directory, image);
  if (problem !== undefined)
    return { why: `the lock's image ${image.file} is not trusted without the ledger (${problem})` };
  return {
    adopt: {
      key: image.bodyHash,
      kind: 'series',
      file: basename(path),
      bytes: image.bytes,
      sha256: image.sha256,
      reason: `adopted from ${basename(lockPathOf(declaration.path))}: its file matched the lock's SHA-256`,
    },
    why: "the ledger lacks it; its file matches the lock's SHA-256, so it is kept (apply records it in the ledger)",
  };
}

/** A dataset whose fieldStats names an index its images cannot give, with the Bandnames its
 * settings resolved to (the settings' default, or `all`: the model's bands as the models list
 * names them), is refused at the index's place, as the file's own checks refuse one against the
 * file's `bandnames` (field-stats-checks.ts): apply would buy the images, then fail the table. */
function refuseUnmeasurable(
  declaration: Declaration,
  index: number,
  fields: Pick<SeriesFields, 'bandnames' | 'model'>,
  models: readonly TaskingModel[],
): void {
  const dataset = declaration.file.datasets![index]!;
  if (!dataset.fieldStats) return;
  const modelBands = modelBandsOf(models.find((m) => m.Model === fields.model));
  const bands = deliveredBands(fields.bandnames, modelBands);
  const problems = bands ? unmeasurableIndices(dataset, index, bands) : [];
  if (problems.length > 0)
    throw new DeclaredFileError(
      declaration.path,
      declarationProblems(declaration, problems),
      'Nothing billed was sent.',
    );
}

/** The dates a dataset's search found, and the file's units with them, held to the caps the file's
 * own dates are held to (declared-schema.ts): refused before any estimate, at the dataset's place. */
function refuseAboveCaps(declaration: Declaration, index: number, found: number, units: number): void {
  const at = `${placeOf(declaration, ['datasets', index])}: dataset '${declaration.file.datasets?.[index]?.name}'`;
  if (found > MAX_DATES_PER_DATASET)
    throw new WorkflowError(
      'invalid-geometry',
      `${at}: its search found ${found} dates, above the cap of ${MAX_DATES_PER_DATASET} per dataset (${CAP_REASON}): set maxDates, every or a shorter from and to. Nothing was priced or bought.`,
    );
  if (units > MAX_UNITS_PER_FILE)
    throw new WorkflowError(
      'invalid-geometry',
      `${at}: with the dates its search found the file declares ${units} units, above the cap of ${MAX_UNITS_PER_FILE} per imagery file (${CAP_REASON}). Nothing was priced or bought.`,
    );
}

/** One dataset's area file on its way through the plan: its folder's ledger, its settings, then
 * the dates its search found, then its units sorted. */
interface SeriesDraft {
  index: number;
  area: DeclaredArea;
  folder: string;
  ledger: Map<string, LedgerUnit>;
  options: DownloadSeriesOptions;
  fields: SeriesFields;
}

/** A dataset's folder as the plan read it, and its series resolved (those of its area files). */
interface DatasetDraft {
  notes: string[];
  ledger: Map<string, LedgerUnit>;
  drafts: SeriesDraft[];
}

/** The datasets' series in steps, so the key's connections never idle between datasets: each
 * dataset's folder read and settings resolved, in order; every series' dates searched at the key's
 * connections; then, in order, the caps held (before any estimate is asked) and the units sorted;
 * and all their units to buy checked and priced in one pool (checkAndPriceAll). Units, notes and
 * stops come out in the datasets' order, as one dataset after another gave them, and a failure is
 * said as the first in the file's order would have been. */
async function planDatasets(
  ports: WorkflowPorts,
  declaration: Declaration,
  lock: ImageryLock,
  models: TaskingModel[],
  workers: number,
  account: RunAccount,
) {
  const units: PlanUnit[] = [];
  const notes: string[] = [];
  const current = new Set<string>();
  /** The dataset folders whose ledgers are read: what the monthly cap counts as spent. */
  const ledgerFolders: string[] = [];
  const datasets: DatasetDraft[] = [];
  const searches: Promise<Settled<{ dates: string[]; notes: string[] }>>[] = [];
  const failure = await firstFailure(async () => {
    for (const [i, dataset] of (declaration.file.datasets ?? []).entries()) {
      const folder = datasetFolder(declaration.directory, dataset);
      const read = await readDatasetFolder(declaration.directory, folder);
      if (!read.linked) ledgerFolders.push(folder);
      const drafts: SeriesDraft[] = [];
      datasets.push({ notes: read.notes, ledger: read.ledger, drafts });
      for (const area of declaration.datasetAreas[i] ?? []) {
        const draft = await resolveSeries(ports, declaration, i, area, folder, read.ledger, models, account);
        // Its settings resolved (one Bandnames for all its area files): before any of its dates is searched.
        if (drafts.length === 0) refuseUnmeasurable(declaration, i, draft.fields, models);
        drafts.push(draft);
        // Searched while the next is resolved: the client's gate holds them to the key's connections.
        searches.push(settled(searchSeries(ports, declaration, draft, lock)));
      }
    }
  });
  // In order, each as its search answers (sorted while later searches are out): the caps hold
  // the file's units so far, so they refuse before any estimate is asked.
  const sorted: DraftSorted[] = [];
  for (const [i, dataset] of datasets.entries()) {
    notes.push(...dataset.notes);
    for (const draft of dataset.drafts) {
      const found = await searches[sorted.length]!;
      if (!found.ok) throw found.error;
      const mine = await sortSeries(declaration, draft, found.value.dates, lock, current);
      units.push(...mine.units);
      notes.push(...found.value.notes);
      sorted.push({ ...mine, draft });
    }
    units.push(...extraInFolder(declaration, i, dataset.ledger, current, lock));
  }
  if (failure) throw failure.error;
  const { series, stops } = await priceSeries(ports, declaration, sorted, workers);
  return { units, series, stops, notes, current, ledgerFolders };
}

/** Every series' units to buy checked and priced in one pool, each series' prices then set on its
 * units in order; a series whose check failed says so at its dataset's place. */
async function priceSeries(
  ports: WorkflowPorts,
  declaration: Declaration,
  sorted: readonly DraftSorted[],
  workers: number,
): Promise<{ series: PlannedSeries[]; stops: string[] }> {
  const jobs = sorted.map(({ draft, units }) => ({
    aoi: draft.area.aoi,
    fields: draft.fields,
    dates: units.filter((u) => BUYING.has(u.kind)).map((u) => u.date),
  }));
  const checked = await checkAndPriceAll(ports, jobs, workers);
  const series: PlannedSeries[] = [];
  const stops: string[] = [];
  for (const [n, one] of sorted.entries()) {
    const dataset = datasetOf(declaration, one.draft);
    const result = checked[n]!;
    // A failed check stops the plan (nothing billed was sent), said at its dataset's place.
    if (!result.ok)
      await atPlace(declaration, ['datasets', one.draft.index], `dataset '${dataset.name}'`, () =>
        Promise.reject(result.error),
      );
    else {
      stops.push(...settleSeries(dataset.name, one, result));
      series.push(plannedSeries(declaration, one, result.priced));
    }
  }
  return { series, stops };
}

/** What `run` threw, kept to be said in its turn (after the failures of the datasets before it). */
async function firstFailure(run: () => Promise<void>): Promise<{ error: unknown } | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return { error };
  }
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise's outcome, to be said in its turn (a rejection held is not left unhandled). */
function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

function datasetOf(declaration: Declaration, draft: SeriesDraft): DeclaredDataset {
  return declaration.file.datasets![draft.index]!;
}

/** A dataset folder's ledger and what the plan says of the folder: read through no link. */
async function readDatasetFolder(
  directory: string,
  folder: string,
): Promise<{ linked: boolean; ledger: Map<string, LedgerUnit>; notes: string[] }> {
  const linked = await linkedFolderNote(directory, folder);
  if (linked) return { linked: true, ledger: new Map(), notes: [linked] };
  const { units: ledger, ignored } = await PurchaseLedger.review(folder);
  return { linked: false, ledger, notes: ignored.length > 0 ? [ignoredLinesNote(directory, folder, ignored)] : [] };
}

/** Images a dataset's folder bought that no unit declared so far asks for any more. */
function extraInFolder(
  declaration: Declaration,
  index: number,
  ledger: Map<string, LedgerUnit>,
  current: Set<string>,
  lock: ImageryLock,
): PlanUnit[] {
  const dataset = declaration.file.datasets![index]!;
  const folder = datasetFolder(declaration.directory, dataset);
  const extra: PlanUnit[] = [];
  for (const unit of ledger.values()) {
    if (unit.state !== 'saved' || current.has(unit.key) || lock.images.some((l) => l.bodyHash === unit.key)) continue;
    extra.push({
      kind: 'extra',
      dataset: dataset.name,
      area: '',
      date: unit.id ?? '',
      key: unit.key,
      ...(unit.file ? { file: toSlashes(relative(declaration.directory, join(folder, unit.file))) } : {}),
      reason: 'on disk, no longer declared: kept',
    });
  }
  return extra;
}

/** A dataset's settings over one area file, with nobody asked (a setting the dataset leaves open
 * takes its question's default), said at the dataset's place when refused. */
async function resolveSeries(
  ports: WorkflowPorts,
  declaration: Declaration,
  index: number,
  area: DeclaredArea,
  folder: string,
  ledger: Map<string, LedgerUnit>,
  models: TaskingModel[],
  account: RunAccount,
): Promise<SeriesDraft> {
  const dataset = declaration.file.datasets![index]!;
  return atPlace(declaration, ['datasets', index], `dataset '${dataset.name}'`, async () => {
    const window = dataset.window ? windowSearch(dataset.window, nowOf(ports)) : {};
    const options: DownloadSeriesOptions = { ...seriesOptionsOf(dataset), ...window };
    const aoiMode = options.aoiMode ?? area.format;
    const { fields } = await defaultSeriesFields({ ports, aoi: area.aoi, aoiMode, options, models, account });
    return { index, area, folder, ledger, options, fields };
  });
}

/** A series' dates: the given list, or its window's search thinned, keeping the dates its ledger
 * or the lock holds as bought; and the note of the part-only dates it skipped. */
async function searchSeries(
  ports: WorkflowPorts,
  declaration: Declaration,
  draft: SeriesDraft,
  lock: ImageryLock,
): Promise<{ dates: string[]; notes: string[] }> {
  const dataset = datasetOf(declaration, draft);
  const { area, fields } = draft;
  return atPlace(declaration, ['datasets', draft.index], `dataset '${dataset.name}'`, async () => {
    const locked = lock.images.filter((l) => l.dataset === dataset.name && l.area === area.file);
    const keyOf = (date: string) => requestKey(compositeRequest(dateProfile(area.aoi, fields, date)));
    // Only a searched series thins its dates; a given list is taken as it is.
    const searching = !(draft.options.dates && draft.options.dates.length > 0);
    const bought = searching ? boughtDates(draft.ledger, locked, keyOf) : [];
    const { dates, partial } = await seriesDates(ports, area.aoi, fields, draft.options, bought);
    return { dates, notes: partial.length > 0 ? [partialNote(dataset.name, area.file, partial)] : [] };
  });
}

interface SortedSeries {
  units: PlanUnit[];
  uncertain: string[];
  declared: PlannedSeries['declared'];
  adopted: Adopted[];
}

type DraftSorted = SortedSeries & { draft: SeriesDraft };

/** A series' dates held to the caps and sorted by its folder's ledger and the lock (buy, have,
 * rebuy, uncertain, missing); its keys join `current`. */
async function sortSeries(
  declaration: Declaration,
  draft: SeriesDraft,
  dates: readonly string[],
  lock: ImageryLock,
  current: Set<string>,
): Promise<SortedSeries> {
  const { index, area, folder, ledger, fields } = draft;
  const dataset = datasetOf(declaration, draft);
  refuseAboveCaps(declaration, index, dates.length, current.size + dates.length);
  const locked = new Map<string, LockedImage>();
  for (const l of lock.images) if (l.dataset === dataset.name && l.area === area.file) locked.set(l.date, l);
  const mine: PlanUnit[] = [];
  const uncertain: string[] = [];
  const declared: PlannedSeries['declared'] = [];
  const adopted: Adopted[] = [];
  for (const date of dates) {
    const request = compositeRequest(dateProfile(area.aoi, fields, date));
    const key = requestKey(request);
    current.add(key);
    declared.push({ date, key, request: requestSummary(request) });
    const base = { dataset: dataset.name, area: area.file, date, key };
    const record = ledger.get(key);
    const fileOf = (name: string | undefined) =>
      name ? { file: toSlashes(relative(declaration.directory, join(folder, name))) } : {};
    if (record && HELD_STATES.has(record.state)) {
      uncertain.push(date);
      mine.push({
        ...base,
        kind: 'uncertain',
        reason: `${record.state}: it may have been charged; bought again only with --resend-uncertain`,
        ...(record.credits !== undefined ? { credits: record.credits } : {}),
      });
    } else if (record?.state === 'saved') {
      const state = await savedFileState(folder, record);
      mine.push({
        ...base,
        kind: state === 'present' ? 'have' : state === 'changed' ? 'rebuy' : 'missing',
        ...fileOf(record.file),
        ...(state === 'changed' ? { changes: [CHANGED_IN_PLACE] } : {}),
      });
    } else {
      const before = locked.get(date);
      const trusted = !record && before?.bodyHash === key ? await lockedImage(declaration, folder, before) : undefined;
      if (trusted?.adopt) {
        adopted.push({
          ...trusted.adopt,
          id: date,
          ...(before?.credits !== undefined ? { credits: before.credits } : {}),
        });
        mine.push({ ...base, kind: 'have', file: before!.file, reason: trusted.why });
      } else if (trusted) mine.push({ ...base, kind: 'buy', reason: trusted.why });
      else if (before && before.bodyHash !== key) {
        const changes = diffRequests(before.request, requestSummary(request));
        if (before.featureHash !== area.featureHash) changes.push('the area changed');
        mine.push({ ...base, kind: 'rebuy', changes: changes.length > 0 ? changes : ['the request changed'] });
      } else mine.push({ ...base, kind: 'buy' });
    }
  }
  return { units: mine, uncertain, declared, adopted };
}

/** A series' prices on its units: a date the check turned down `unavailable` with the service's
 * reason, the others their credits; what stops an apply (a date without a price). */
function settleSeries(dataset: string, series: DraftSorted, checked: Checked): string[] {
  const price = new Map(checked.priced.map((p) => [p.date, p.credits]));
  const stops: string[] = [];
  for (const unit of series.units) {
    if (!BUYING.has(unit.kind)) continue;
    const refusal = checked.refused.find((r) => r.date === unit.date);
    if (refusal) {
      // Not bought by apply (the series would refuse it too), not counted among the images to
      // buy, and said beside the unit with the service's reason.
      unit.kind = 'unavailable';
      unit.reason = `not available: ${refusal.error ?? refusal.status}`;
      continue;
    }
    const credits = price.get(unit.date);
    if (credits === undefined) stops.push(`${dataset} ${series.draft.area.file} ${unit.date} came without a price`);
    else unit.credits = credits;
  }
  for (const d of series.declared)
    d.credits = price.get(d.date) ?? series.units.find((u) => u.date === d.date)?.credits;
  return stops;
}

/** What apply runs of a series: its settings, its dates to buy priced, those held, its declared
 * dates and the images adopted from the lock. */
function plannedSeries(declaration: Declaration, series: DraftSorted, priced: PricedDate[]): PlannedSeries {
  const { index, area, folder, fields } = series.draft;
  const { uncertain, declared, adopted } = series;
  return {
    datasetIndex: index,
    dataset: datasetOf(declaration, series.draft),
    area,
    folder,
    fields,
    priced,
    uncertain,
    declared,
    adopted,
  };
}

/** The dates the search found over part of the area only: skipped, unless the dataset allows
 * partial images, and said (they never become units, so the plan's table cannot say them). */
function partialNote(dataset: string, area: string, partial: readonly string[]): string {
  const named = partial.slice(0, 5).join(', ');
  const more = partial.length > 5 ? ` and ${partial.length - 5} more` : '';
  return `${dataset} ${area}: ${partial.length} date${partial.length === 1 ? '' : 's'} found cover${partial.length === 1 ? 's' : ''} the area only in part, skipped (${named}${more}); set output.AllowPartialImage to buy such dates`;
}

/** True when the folders or the account differ from the file: units to buy, orders to create, what
 * a monthly cap defers of either (changes pending, though no apply this month makes them: a
 * scheduled plan still says the folders or the account lack them), or an order that differs (which
 * only the person can cancel). Uncertain units and orders are not changes: nothing is made of them unless the person
 * says so (`hasUncertainty`). */
export function hasChanges(plan: Plan): boolean {
  return changesIn(plan.units, plan.orders);
}

/** A unit or an order whose billed call went out and whose answer never came. */
export function hasUncertainty(plan: Plan): boolean {
  return plan.units.some((u) => u.kind === 'uncertain') || plan.orders.some((o) => o.kind === 'uncertain');
}
