// Runs the units of a batch (tiles, mini-tiles, parts of a large AOI, the dates of a series)
// through the folder's purchase ledger (purchase-ledger.ts): units the ledger has as saved, with
// their file present, are skipped; units that may have been paid for (sent with no answer, an
// answer cut off, paid and not saved) are held and named, and sent again only when the person
// chose to (`resendUncertain`); the others go through the worker pool. Each unit is recorded as
// `sending` (on the disk) before its billed call, then `charged` when its answer arrives, then
// `saved`, `lost`, `refused`, `charged-not-saved` or `not-sent`. The manifest beside the outputs is
// written as a summary of the run for the Downloads view; the ledger decides. Progress reads
// "n of N, bytes". A cancel stops taking units; those not yet sent stay unrecorded.
import { isApiError } from '../../api/errors';
import { isFileError } from '../../files/safe-files';
import { chargeUncertainty, mayHaveBeenCharged } from './charge-check';
import { isCancellation } from './errors';
import { formatBytes } from '../../common/format';
import type { BatchManifest } from './batch-manifest';
import { heldReason, paidNotSavedReason, sortByLedger } from './ledger-units';
import type { PurchaseLedger } from './purchase-ledger';
import type { WorkflowPorts } from './ports';
import type { BatchResult } from './results';
import { poolSize, runPool } from './worker-pool';
import { reserveFreshPrice } from '../../buying/fresh-price';
import type { Reservation } from '../../buying/spend-guard';

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
  const { ledger } = options;
  const result: BatchResult = {
    outcome: 'cancelled',
    manifestPath: manifest.path,
    units: [],
    files: [],
    failed: [],
    uncertain: [],
    bytes: 0,
  };
  const sorted = await sortByLedger(ledger, manifest, units, options.kind, options.resendUncertain);
  for (const { unit, record } of sorted.held) {
    const report = { id: unit.id, status: 'may-have-been-charged' as const, error: heldReason(record) };
    result.units.push(report);
    result.uncertain.push(report);
  }
  for (const { unit, path, bytes } of sorted.have) {
    result.units.push({ id: unit.id, status: 'skipped', file: path, bytes });
    if (path) result.files.push(path);
  }
  const todo = sorted.buy;
  const run: BatchRun = {
    result,
    spent: { credits: 0, bought: 0, unpriced: false },
    paidNotSaved: new Set(sorted.held.filter((h) => h.record.state === 'charged-not-saved').map((h) => h.unit.id)),
    inFlight: new Map(),
    finished: units.length - todo.length,
  };
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
      const reservation = freshPrice ? await reserveOrRefuse(ports, manifest, run, unit, freshPrice) : undefined;
      if (reservation !== null) await sendUnit(ports, manifest, options, run, { unit, key, reservation }, work, report);
      run.finished++;
      report(100 / units.length);
    },
    ports.signal,
  );
  // Units cut off by the cancel were sent: the ledger holds them as possibly charged, and so does the result.
  const reported = new Set(result.units.map((u) => u.id));
  for (const { unit, key } of todo) {
    const state = ledger.unit(key)?.state;
    if (reported.has(unit.id) || (state !== 'sending' && state !== 'charged')) continue;
    const cutOff = { id: unit.id, status: 'may-have-been-charged' as const, error: SENT_NO_ANSWER };
    result.units.push(cutOff);
    result.uncertain.push(cutOff);
  }
  const { spent } = run;
  // Rounded to a millionth: 0.1 + 0.2 credits are 0.3, as the estimates said them.
  if (spent.bought > 0 && !spent.unpriced) result.creditsSpent = Math.round(spent.credits * 1e6) / 1e6;
  result.outcome = ports.signal.aborted
    ? 'cancelled'
    : result.uncertain.length > 0
      ? 'may-have-been-charged'
      : 'completed';
  if (result.uncertain.length > 0) {
    const paid = result.uncertain.filter((u) => run.paidNotSaved.has(u.id));
    const reason =
      paid.length === result.uncertain.length
        ? `${paid.length} of ${units.length} ${options.noun} were paid for but could not be saved: ${paid[0]?.error ?? ''}`
        : `${result.uncertain.length} of ${units.length} ${options.noun} were sent and their answers lost, or may have been charged: ${result.uncertain[0]?.error ?? ''}`;
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

/** The unit's fresh price held in the run's spend guard; null when it was refused (not sent, said
 * in the result and the manifest: nothing was recorded as sent, nothing was charged). */
async function reserveOrRefuse<T>(
  ports: WorkflowPorts,
  manifest: BatchManifest,
  run: BatchRun,
  unit: BatchUnit<T>,
  freshPrice: FreshUnitPrice<T>,
): Promise<Reservation | null> {
  try {
    return await reserveFreshPrice({
      guard: ports.spending,
      what: unit.id,
      unit: 'credits',
      before: unit.credits,
      ask: freshPrice(unit),
    });
  } catch (error) {
    if (isCancellation(error, ports.signal)) throw error;
    const text = redactText(ports, error instanceof Error ? error.message : String(error));
    const failure = { id: unit.id, status: 'failed' as const, error: text };
    await manifest.record(unit.id, { status: 'failed', error: text });
    run.result.units.push(failure);
    run.result.failed.push(failure);
    return null;
  }
}

const redactText = (ports: WorkflowPorts, text: string): string => (ports.redact ? ports.redact(text) : text);

/** One billed unit through the ledger: recorded as sending before it leaves, then settled by what
 * came back; its reservation spent, held as uncertain, or released with it. */
async function sendUnit<T>(
  ports: WorkflowPorts,
  manifest: BatchManifest,
  options: BatchOptions,
  run: BatchRun,
  sending: { unit: BatchUnit<T>; key: string; reservation: Reservation | undefined },
  work: UnitWork<T>,
  report: () => void,
): Promise<void> {
  const { ledger } = options;
  const { unit, key, reservation } = sending;
  const { result, spent } = run;
  const price = reservation?.amount ?? unit.credits;
  await ledger.sending(key, { id: unit.id, kind: options.kind, credits: price });
  await manifest.record(unit.id, { status: 'may-have-been-charged', error: SENT_NO_ANSWER });
  try {
    const onBytes = (received: number) => {
      if (received > 0) ledger.charged(key).catch(() => undefined);
      run.inFlight.set(unit.id, received);
      report();
    };
    const written = await work(unit, onBytes);
    reservation?.spent();
    await ledger.saved(key, written.file, written.bytes);
    await manifest.record(unit.id, { status: 'done', file: written.file, bytes: written.bytes });
    result.units.push({ id: unit.id, status: 'done', file: written.file, bytes: written.bytes });
    if (written.file) result.files.push(written.file);
    result.bytes += written.bytes;
    spent.bought++;
    if (price === undefined || options.derivedPrices) spent.unpriced = true;
    else spent.credits += price;
  } catch (error) {
    if (isCancellation(error, ports.signal)) {
      // The client says the billed call never left (cancelled at the gate or in a back-off):
      // not sent, so not held. Any other cancel keeps the unit as possibly charged.
      if (isApiError(error) && error.kind === 'aborted' && !error.mayHaveBeenCharged) {
        reservation?.release();
        await ledger.settle(key, 'not-sent');
        await manifest.record(unit.id, { status: 'pending' });
      } else reservation?.uncertain();
      throw error;
    }
    const text = redactText(ports, error instanceof Error ? error.message : String(error));
    // A file error comes only after a 2xx answer: the image was paid for and is not on the disk.
    const paid = isFileError(error);
    if (paid) run.paidNotSaved.add(unit.id);
    const message = paid ? paidNotSavedReason(unit.id, text, price) : text;
    const status = paid || mayHaveBeenCharged(error) ? ('may-have-been-charged' as const) : ('failed' as const);
    if (status === 'failed') reservation?.release();
    else if (paid) reservation?.spent();
    else reservation?.uncertain();
    await ledger.settle(
      key,
      paid ? 'charged-not-saved' : status === 'failed' ? (isApiError(error) ? 'refused' : 'not-sent') : 'lost',
      message,
    );
    await manifest.record(unit.id, { status, error: message });
    const failure = { id: unit.id, status, error: message };
    result.units.push(failure);
    (status === 'failed' ? result.failed : result.uncertain).push(failure);
  } finally {
    run.inFlight.delete(unit.id);
  }
}
