// Runs the units of a batch (tiles, mini-tiles, parts of a large AOI): units the manifest has as
// done are skipped, the others go through the worker pool, each outcome is recorded in the
// manifest as it happens, and progress reads "n of N, bytes". Every unit is a billed call: it is
// recorded as possibly charged before it is sent, so a unit cut off by a cancel, a crash or a kill
// (its answer never whole) is never sent again unasked. A unit whose billed call lost its answer
// may have been charged: it is recorded apart and a rerun skips it unless the person chose to send
// it again (`resendUncertain`). A cancel stops taking units; those not yet sent stay unrecorded.
import { isApiError } from '../../api/errors';
import { chargeUncertainty, mayHaveBeenCharged } from './charge-check';
import { isCancellation } from './errors';
import { formatBytes } from '../../common/format';
import type { BatchManifest } from './batch-manifest';
import type { WorkflowPorts } from './ports';
import type { BatchResult } from './results';
import { poolSize, runPool } from './worker-pool';

/** What the manifest says of a unit sent whose answer never came whole. */
export const SENT_NO_ANSWER = 'sent; the run ended before its answer arrived';

export interface BatchUnit<T> {
  id: string;
  input: T;
}

export interface BatchOptions {
  /** "tiles", "parts": what the progress message counts. */
  noun: string;
  /** Workers wanted (default 2), bounded by the key's MaxConcurrentConnections. */
  concurrency?: number;
  maxConcurrent?: number;
  /** Units that may have been charged in an earlier run and that the person chose to send again
   * ('all': every such unit of the manifest). */
  resendUncertain?: string[] | 'all';
  /** The account's credits before the batch, to show beside the credits after an uncertain unit. */
  creditsBefore?: number;
}

/** Processes one unit, reporting bytes as they arrive; resolves with its file. */
export type UnitWork<T> = (unit: BatchUnit<T>, onBytes: (received: number) => void) => Promise<{ file: string | undefined; bytes: number }>;

/** A unit the manifest holds as possibly charged that the person did not choose to send again. */
export function isHeld(manifest: BatchManifest, id: string, resendUncertain: BatchOptions['resendUncertain']): boolean {
  return manifest.unit(id)?.status === 'may-have-been-charged' && resendUncertain !== 'all' && !(resendUncertain ?? []).includes(id);
}

export async function runBatch<T>(ports: WorkflowPorts, manifest: BatchManifest, units: BatchUnit<T>[], options: BatchOptions, work: UnitWork<T>): Promise<BatchResult> {
  const result: BatchResult = { outcome: 'cancelled', manifestPath: manifest.path, units: [], files: [], failed: [], uncertain: [], bytes: 0 };
  const held = (unit: BatchUnit<T>) => isHeld(manifest, unit.id, options.resendUncertain);
  for (const unit of units.filter(held)) {
    const report = { id: unit.id, status: 'may-have-been-charged' as const, error: manifest.unit(unit.id)?.error };
    result.units.push(report);
    result.uncertain.push(report);
  }
  const todo = units.filter((unit) => !manifest.isDone(unit.id) && !held(unit));
  for (const unit of units.filter((u) => manifest.isDone(u.id))) {
    const done = manifest.unit(unit.id)!;
    result.units.push({ id: unit.id, status: 'skipped', file: done.file, bytes: done.bytes });
    if (done.file) result.files.push(done.file);
  }
  // Never more workers than the client's shared gate admits: extra ones would only queue there.
  const gateSize = (ports.client as { gate?: { size?: number } }).gate?.size;
  const size = Math.min(poolSize(options.concurrency, options.maxConcurrent), gateSize ?? Number.POSITIVE_INFINITY);
  let finished = units.length - todo.length;
  const inFlight = new Map<string, number>();
  const report = (increment?: number): void => {
    const bytes = result.bytes + [...inFlight.values()].reduce((a, b) => a + b, 0);
    ports.progress.report({ message: `${finished} of ${units.length} ${options.noun}, ${formatBytes(bytes)}`, bytes, increment });
  };
  report();
  await runPool(
    todo,
    size,
    async (unit) => {
      // isCancellation() treats any failure after an abort as the cancel: this unit stays unsent.
      if (ports.signal.aborted) throw new Error('cancelled before sending');
      await manifest.record(unit.id, { status: 'may-have-been-charged', error: SENT_NO_ANSWER });
      try {
        const written = await work(unit, (received) => (inFlight.set(unit.id, received), report()));
        await manifest.record(unit.id, { status: 'done', file: written.file, bytes: written.bytes });
        result.units.push({ id: unit.id, status: 'done', file: written.file, bytes: written.bytes });
        if (written.file) result.files.push(written.file);
        result.bytes += written.bytes;
      } catch (error) {
        if (isCancellation(error, ports.signal)) {
          // The client says the billed call never left (cancelled at the gate or in a back-off):
          // not sent, so not held. Any other cancel keeps the unit as possibly charged.
          if (isApiError(error) && error.kind === 'aborted' && !error.mayHaveBeenCharged) await manifest.record(unit.id, { status: 'pending' });
          throw error;
        }
        const text = error instanceof Error ? error.message : String(error);
        const message = ports.redact ? ports.redact(text) : text;
        const status = mayHaveBeenCharged(error) ? ('may-have-been-charged' as const) : ('failed' as const);
        await manifest.record(unit.id, { status, error: message });
        const report = { id: unit.id, status, error: message };
        result.units.push(report);
        (status === 'failed' ? result.failed : result.uncertain).push(report);
      } finally {
        inFlight.delete(unit.id);
      }
      finished++;
      report(100 / units.length);
    },
    ports.signal,
  );
  // Units cut off by the cancel were sent: the manifest holds them as possibly charged, and so does the result.
  const reported = new Set(result.units.map((u) => u.id));
  for (const unit of todo) {
    if (reported.has(unit.id) || manifest.unit(unit.id)?.status !== 'may-have-been-charged') continue;
    const cutOff = { id: unit.id, status: 'may-have-been-charged' as const, error: SENT_NO_ANSWER };
    result.units.push(cutOff);
    result.uncertain.push(cutOff);
  }
  result.outcome = ports.signal.aborted ? 'cancelled' : result.uncertain.length > 0 ? 'may-have-been-charged' : 'completed';
  if (result.uncertain.length > 0) {
    const reason = `${result.uncertain.length} of ${units.length} ${options.noun} were sent and their answers lost: ${result.uncertain[0]?.error ?? ''}`;
    result.charge = await chargeUncertainty(ports, new Error(reason), 'credits', options.creditsBefore);
  }
  return result;
}
