// `series`: one composite per date over a window, as a loop of the download workflow, with a
// manifest beside the images so a rerun skips finished dates. A date is marked "pending" in the
// manifest just before its billed call goes out; a run killed then leaves it pending, and the
// next run reports it as possibly charged instead of paying for it twice (--resend-uncertain
// sends it again, on purpose).
import { createHash } from 'node:crypto';
import { downloadComposite } from '../../workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../workflows/dates/find-dates-workflow';
import { BatchManifest } from '../../workflows/engine/batch-manifest';
import { checkOutputFolder } from '../../workflows/engine/output-folder';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, UsageError, exitCodeOf } from '../exit-codes';
import { stoppedText } from '../format';
import type { StoppedEstimate } from '../ports';
import { compositeOptions } from './composite-options';
import { parseEvery, selectSeriesDates } from './series-dates';

type DateStatus = 'done' | 'skipped' | 'failed' | 'not-available' | 'uncertain' | 'not-sent';

export interface SeriesDateReport {
  date: string;
  status: DateStatus;
  file?: string;
  bytes?: number;
  error?: string;
}

export interface SeriesResult {
  outcome: 'completed' | 'cancelled' | 'stopped';
  manifestPath: string;
  dates: SeriesDateReport[];
  files: string[];
  bytes: number;
  stopped?: { date: string; cost: number | undefined; reason: string };
}

export async function seriesVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const o = context.options;
  const options = compositeOptions(o);
  const everyText = o.string('every');
  const every = everyText === undefined ? undefined : parseEvery(everyText);
  if (everyText !== undefined && every === undefined) throw new UsageError(`--every must be a number of days such as 7, 7d or 2w, not '${everyText}'.`);
  const maxDates = o.number('max-dates', { integer: true, min: 1 });
  const given = o.days('dates');
  if (!options.model) throw new UsageError('Missing --model.');
  const source = await context.area();
  const guard = context.guard();
  const ports = await context.ports(guard);
  const directory = context.outputDirectory();

  let dates: string[];
  if (given) dates = selectSeriesDates(given, { maxDates });
  else {
    const found = await findAvailableDates(ports, source, options);
    dates = selectSeriesDates(found.coverage?.full ?? [], { every, maxDates });
  }
  const profile = {
    model: options.model,
    satelliteConstellations: options.satelliteConstellations ?? null,
    epsgProjection: options.epsgProjection ?? null,
    resolution: options.resolution ?? null,
    bandnames: options.bandnames ?? null,
    area: createHash('sha256').update(source.text).digest('hex'),
  };
  await checkOutputFolder(directory); // before the first billed call, and the manifest needs it
  const manifest = await BatchManifest.open(directory, 'series', profile);
  const result: SeriesResult = { outcome: 'completed', manifestPath: manifest.path, dates: [], files: [], bytes: 0 };
  const resend = o.flag('resend-uncertain');
  let stopped: StoppedEstimate | undefined;

  for (const [index, date] of dates.entries()) {
    if (context.signal.aborted) break;
    const previous = manifest.unit(date);
    if (manifest.isDone(date)) {
      result.dates.push({ date, status: 'skipped', file: previous?.file, bytes: previous?.bytes });
      if (previous?.file) result.files.push(previous.file);
      continue;
    }
    if (previous?.status === 'pending' && !resend) {
      result.dates.push({ date, status: 'uncertain', error: 'an earlier run sent this billed request and lost the answer: it may have been charged (not sent again; --resend-uncertain sends it)' });
      continue;
    }
    context.terminal.resetProgress();
    context.terminal.report({ message: `Date ${index + 1} of ${dates.length}: ${date}` });
    ports.stopped = undefined;
    // Mark the date pending right before its billed call: the guard said proceed, process is next.
    const confirm = ports.confirmCost;
    ports.confirmCost = async (model, signal) => {
      const decision = await confirm(model, signal);
      if (decision.action === 'proceed') await manifest.record(date, { status: 'pending' });
      return decision;
    };
    let sent = false;
    try {
      const composite = await downloadComposite(ports, source, { ...options, date, outputDirectory: directory });
      sent = manifest.unit(date)?.status === 'pending';
      // Read through a cast: the assignment above narrowed the field, but the guard sets it meanwhile.
      const halted = ports.stopped as StoppedEstimate | undefined;
      if (halted) {
        stopped = halted;
        result.stopped = { date, cost: stopped.cost, reason: stopped.reason };
        result.outcome = 'stopped';
        result.dates.push({ date, status: 'not-sent', error: stopped.reason });
        break;
      }
      if (composite.outcome === 'completed') {
        const file = composite.files[0];
        await manifest.record(date, { status: 'done', file, bytes: composite.bytes });
        result.dates.push({ date, status: 'done', file, bytes: composite.bytes });
        result.files.push(...composite.files);
        result.bytes += composite.bytes;
      } else if (composite.outcome === 'not-available') {
        await manifest.record(date, { status: 'failed', error: composite.reason });
        result.dates.push({ date, status: 'not-available', error: composite.reason });
      } else {
        result.outcome = 'cancelled';
        if (sent) result.dates.push({ date, status: 'uncertain', error: 'interrupted during the billed download' });
        break;
      }
    } catch (error) {
      sent = manifest.unit(date)?.status === 'pending';
      const message = error instanceof Error ? error.message : String(error);
      const code = exitCodeOf(error);
      if (sent && (code === ExitCode.network || code === ExitCode.mayHaveBeenCharged || code === ExitCode.interrupted)) {
        // The answer to a billed call was lost: it stays pending, and the run stops here.
        result.dates.push({ date, status: 'uncertain', error: message });
        result.outcome = code === ExitCode.interrupted ? 'cancelled' : 'stopped';
        break;
      }
      if (code === ExitCode.network || code === ExitCode.auth || code === ExitCode.usage || code === ExitCode.interrupted) throw error;
      await manifest.record(date, { status: 'failed', error: message });
      result.dates.push({ date, status: 'failed', error: message });
    } finally {
      ports.confirmCost = confirm;
    }
  }
  if (context.signal.aborted) result.outcome = 'cancelled';
  context.terminal.result(result, () => seriesText(result, stopped));
  return seriesExitCode(result, dates.length);
}

function seriesExitCode(result: SeriesResult, planned: number): number {
  if (result.outcome === 'cancelled') return ExitCode.interrupted;
  if (result.dates.some((d) => d.status === 'uncertain')) return ExitCode.mayHaveBeenCharged;
  if (result.outcome === 'stopped') return ExitCode.notConfirmed;
  if (planned === 0) return ExitCode.notAvailable;
  if (result.dates.some((d) => d.status === 'failed')) return ExitCode.failure;
  if (result.dates.every((d) => d.status === 'not-available')) return ExitCode.notAvailable;
  return ExitCode.ok;
}

function seriesText(result: SeriesResult, stopped: StoppedEstimate | undefined): string {
  const lines = result.dates.map((d) => `${d.date}  ${d.status.padEnd(13)} ${d.file ?? d.error ?? ''}`);
  if (result.dates.length === 0) lines.push('No dates with imagery of the whole area in this window.');
  if (stopped) lines.push(stoppedText(stopped));
  lines.push(`Manifest: ${result.manifestPath}`);
  return lines.join('\n');
}
