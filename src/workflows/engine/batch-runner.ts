// Runs the units of a batch (tiles, mini-tiles, parts of a large AOI, the dates of a series)
// through the folder's purchase ledger (purchase-ledger.ts), each bought by buy-unit.ts: units the ledger has as saved, with
// their file present, are skipped; units that may have been paid for (sent with no answer, an
// answer cut off, paid and not saved) are held and named, and sent again only when the person
// chose to (`resendUncertain`); the others go through the worker pool. Each unit is recorded as
// `sending` (on the disk) before its billed call, then `charged` when its answer arrives, then
// `saved`, `lost`, `refused`, `charged-not-saved` or `not-sent`. The manifest beside the outputs is
// written as a summary of the run for the Downloads view; the ledger decides. Progress reads
// "n of N, bytes". A cancel stops taking units; those not yet sent stay unrecorded.
import { chargeUncertainty } from './charge-check';
import { formatBytes } from '../../common/format';
import type { BatchManifest } from '../../ledger/batch-manifest';
import { buyUnit } from './buy-unit';
import type { Bought } from './buy-unit';
import { heldReason, sortByLedger } from '../../ledger/ledger-units';
import type { SortedUnits } from '../../ledger/ledger-units';
import type { PurchaseLedger } from '../../ledger/purchase-ledger';
import type { WorkflowPorts } from './ports';
import type { BatchResult, BatchUnitReport } from './results';
import { poolSize, runPool } from './worker-pool';

/** What the manifest says of a unit sent whose answer never came whole. */
export const SENT_NO_ANSWER = 'sent; the run ended before its answer arrived';

export interface BatchUnit<T> {
  id: string;
  input: T;
  /** The billed call's exact request body: the unit's key in the purchase ledger. */
  body: unknown;
  /** The estimate of this unit, when known (said when it is paid for and not saved). */
  credits?: number;
}

export interface BatchOptions {
  /** "tiles", "parts": what the progress message counts. */
  noun: string;
  /** The folder's purchase ledger, open (and locked) for this run. */
  ledger: PurchaseLedger;
  /** What the ledger calls these units: 'series', 'composite-part', 'tile', 'minitile'. */
  kind: string;
  /** Workers wanted (default 2), bounded by the key's MaxConcurrentConnections. */
  concurrency?: number;
  maxConcurrent?: number;
  /** Units that may have been charged in an earlier run and that the person chose to send again
   * ('all': every such unit of the manifest). */
  resendUncertain?: string[] | 'all';
  /** The account's credits before the batch, to show beside the credits after an uncertain unit. */
  creditsBefore?: number;
  /** The units' prices are derived, not the service's (tiles: an area times a composite rate):
   * they are held as an upper bound, and no "Spent" figure is said. */
  derivedPrices?: boolean;
}

/** Processes one unit, reporting bytes as they arrive; resolves with its file. */
export type UnitWork<T> = (
  unit: BatchUnit<T>,
  onBytes: (received: number) => void,
) => Promise<{ file: string | undefined; bytes: number }>;

/** How the batch prices a unit again right before it is sent (a composite body's estimate, a
 * tile's derived price): held in the run's spend guard, so a price risen since it was confirmed
 * refuses the unit instead of charging it. Without it, a unit goes at the price it was confirmed at. */
export type FreshUnitPrice<T> = (unit: BatchUnit<T>) => () => Promise<number | undefined>;

/** What a batch's run keeps while its units go: the result, and what the bought units cost. */
interface BatchRun {
  result: BatchResult;
  /** What the units bought in this run cost, at their fresh prices (or their estimates). */
  spent: { credits: number; bought: number; unpriced: boolean };
  paidNotSaved: Set<string>;
  inFlight: Map<string, number>;
  finished: number;
}

export async function runBatch<T>(
  ports: WorkflowPorts,
  manifest: BatchManifest,
  units: BatchUnit<T>[],
  options: BatchOptions,
  work: UnitWork<T>,
  freshPrice?: FreshUnitPrice<T>,
): Promise<BatchResult> {
  const sorted = await sortByLedger(options.ledger, manifest, units, options.kind, options.resendUncertain);
  const run = startRun(manifest, units, sorted);
  const todo = sorted.buy;
  // Never more workers than the client's shared gate admits: extra ones would only queue there.
  const gateSize = (ports.client as { gate?: { size?: number } }).gate?.size;
  const size = Math.min(poolSize(options.concurrency, options.maxConcurrent), gateSize ?? Number.POSITIVE_INFINITY);
  const report = progressReporter(ports, run, units.length, options.noun);
  report();
  await runPool(
    todo,
    size,
    async ({ unit, key }) => {
      // isCancellation() treats any failure after an abort as the cancel: this unit stays unsent.
      if (ports.signal.aborted) throw new Error('cancelled before sending');
      await sendUnit(ports, manifest, options, run, { unit, key, freshPrice }, work, report);
      run.finished++;
      report(100 / units.length);
    },
    ports.signal,
  );
  return finishRun(ports, run, { todo, total: units.length, options });
}

/** The run's start: the units held and had, said in the result before any is sent. */
function startRun<T>(manifest: BatchManifest, units: BatchUnit<T>[], sorted: SortedUnits<BatchUnit<T>>): BatchRun {
  const result: BatchResult = {
    outcome: 'cancelled',
    manifestPath: manifest.path,
    units: [],
    files: [],
    failed: [],
    uncertain: [],
    bytes: 0,
  };
  for (const { unit, record } of sorted.held) {
    const report = { id: unit.id, status: 'may-have-been-charged' as const, error: heldReason(record) };
    result.units.push(report);
    result.uncertain.push(report);
  }
  for (const { unit, path, bytes } of sorted.have) {
    result.units.push({ id: unit.id, status: 'skipped', file: path, bytes });
    if (path) result.files.push(path);
  }
  return {
    result,
    spent: { credits: 0, bought: 0, unpriced: false },
    paidNotSaved: new Set(sorted.held.filter((h) => h.record.state === 'charged-not-saved').map((h) => h.unit.id)),
    inFlight: new Map(),
    finished: units.length - sorted.buy.length,
  };
}

/** The run's end: units cut off by a cancel, what was spent, the outcome and, when any unit may
 * have been charged, the balance before and after. */
async function finishRun<T>(
  ports: WorkflowPorts,
  run: BatchRun,
  batch: { todo: Array<{ unit: BatchUnit<T>; key: string }>; total: number; options: BatchOptions },
): Promise<BatchResult> {
  const { result, spent } = run;
  const { todo, total, options } = batch;
  // Units cut off by the cancel were sent: the ledger holds them as possibly charged, and so does the result.
  const reported = new Set(result.units.map((u) => u.id));
  for (const { unit, key } of todo) {
    const state = options.ledger.unit(key)?.state;
    if (reported.has(unit.id) || (state !== 'sending' && state !== 'charged')) continue;
    const cutOff = { id: unit.id, status: 'may-have-been-charged' as const, error: SENT_NO_ANSWER };
    result.units.push(cutOff);
    result.uncertain.push(cutOff);
  }
  // Rounded to a millionth: 0.1 + 0.2 credits are 0.3, as the estimates said them.
  if (spent.bought > 0 && !spent.unpriced) result.creditsSpent = Math.round(spent.credits * 1e6) / 1e6;
  result.outcome = ports.signal.aborted
    ? 'cancelled'
    : result.uncertain.length > 0
      ? 'may-have-been-charged'
      : 'completed';
  if (result.uncertain.length > 0) {
    const paid = result.uncertain.filter((u) => run.paidNotSaved.has(u.id));
    const { noun } = options;
    const reason =
      paid.length === result.uncertain.length
        ? `${paid.length} of ${total} ${noun} were paid for but could not be saved: ${paid[0]?.error ?? ''}`
        : `${result.uncertain.length} of ${total} ${noun} were sent and their answers lost, or may have been charged: ${result.uncertain[0]?.error ?? ''}`;
    result.charge = await chargeUncertainty(ports, new Error(reason), 'credits', options.creditsBefore);
  }
  return result;
}

/** "n of N tiles, bytes": the progress of the batch, with the bytes of the units in flight. */
function progressReporter(
  ports: WorkflowPorts,
  run: BatchRun,
  total: number,
  noun: string,
): (increment?: number) => void {
  return (increment?: number): void => {
    const bytes = run.result.bytes + [...run.inFlight.values()].reduce((a, b) => a + b, 0);
    ports.progress.report({ message: `${run.finished} of ${total} ${noun}, ${formatBytes(bytes)}`, bytes, increment });
  };
}

/** One billed unit bought through the ledger (buy-unit.ts), the manifest recording it as sent
 * before it leaves; what came back is said in the result and the manifest. */
async function sendUnit<T>(
  ports: WorkflowPorts,
  manifest: BatchManifest,
  options: BatchOptions,
  run: BatchRun,
  sending: { unit: BatchUnit<T>; key: string; freshPrice: FreshUnitPrice<T> | undefined },
  work: UnitWork<T>,
  report: () => void,
): Promise<void> {
  const { unit, key, freshPrice } = sending;
  const bought = await buyUnit(
    ports,
    options.ledger,
    {
      key,
      id: unit.id,
      kind: options.kind,
      name: unit.id,
      credits: unit.credits,
      pricing: freshPrice && { what: unit.id, ask: freshPrice(unit) },
      recordSending: () => manifest.record(unit.id, { status: 'may-have-been-charged', error: SENT_NO_ANSWER }),
    },
    (received) =>
      work(unit, (bytes) => {
        received(bytes);
        run.inFlight.set(unit.id, bytes);
        report();
      }),
  ).finally(() => run.inFlight.delete(unit.id));
  await recordBought(manifest, options, run, unit.id, bought);
}

/** What the result and the manifest say of a unit, from what became of it. */
async function recordBought(
  manifest: BatchManifest,
  options: BatchOptions,
  run: BatchRun,
  id: string,
  bought: Bought,
): Promise<void> {
  const { result, spent } = run;
  if (bought.kind === 'cancelled') {
    if (!bought.sent) await manifest.record(id, { status: 'pending' });
    throw bought.error;
  }
  if (bought.kind === 'saved') {
    const { file, bytes, price } = bought;
    await manifest.record(id, { status: 'done', file, bytes });
    result.units.push({ id, status: 'done', file, bytes });
    if (file) result.files.push(file);
    result.bytes += bytes;
    spent.bought++;
    if (price === undefined || options.derivedPrices) spent.unpriced = true;
    else spent.credits += price;
    return;
  }
  if (bought.kind === 'paid-not-saved') run.paidNotSaved.add(id);
  const uncertain = bought.kind === 'paid-not-saved' || bought.kind === 'lost';
  const status = uncertain ? ('may-have-been-charged' as const) : ('failed' as const);
  const failure: BatchUnitReport = {
    id,
    status,
    error: bought.kind === 'paid-not-saved' ? bought.reason : bought.text,
  };
  await manifest.record(id, { status, error: failure.error });
  result.units.push(failure);
  (uncertain ? result.uncertain : result.failed).push(failure);
}
