// `series`: one composite per date over a window, through the same time-series workflow as the
// extension's command (src/workflows/series/series-workflow.ts): every date priced first, the
// total held against --max-cost, then the dates through the worker pool with a manifest beside
// the images, so a rerun skips finished dates and never re-sends a date whose billed answer was
// lost (--resend-uncertain sends those again, on purpose).
import { parseEvery } from '../../workflows/series/series-dates';
import type { SeriesDateReport, SeriesResult } from '../../workflows/series/series-types';
import { downloadSeries } from '../../workflows/series/series-workflow';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, UsageError } from '../exit-codes';
import { stoppedText } from '../format';
import type { StoppedEstimate } from '../ports';
import { compositeOptions } from './composite-options';

/** The command line's words for a date's outcome (kept from its first version). */
type CliStatus = Exclude<SeriesDateReport['status'], 'may-have-been-charged' | 'partial'> | 'uncertain';

export async function seriesVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const o = context.options;
  const { date: _date, ...options } = compositeOptions(o);
  const everyText = o.string('every');
  const every = everyText === undefined ? undefined : parseEvery(everyText);
  if (everyText !== undefined && every === undefined) throw new UsageError(`--every must be a number of days such as 7, 7d or 2w, or week or month, not '${everyText}'.`);
  const maxDates = o.number('max-dates', { integer: true, min: 1 });
  const nth = o.number('nth', { integer: true, min: 1 });
  const concurrency = o.number('concurrency', { integer: true, min: 1 });
  const given = o.days('dates');
  if (given && (nth !== undefined || everyText !== undefined)) throw new UsageError('--nth and --every thin the dates a search found; --dates names the dates itself.');
  if (!options.model) throw new UsageError('Missing --model.');
  const source = await context.area();
  // --stats' options are checked before anything is bought, not after.
  if (o.flag('stats')) (await import('./stats')).measureOptions(context);
  const guard = context.guard();
  const ports = await context.ports(guard);
  const directory = context.outputDirectory();
  // --resend-uncertain names no dates: it means every date the manifest holds as possibly charged.
  const resendUncertain = o.flag('resend-uncertain') ? ('all' as const) : undefined;
  const result = await downloadSeries(ports, source, { ...options, dates: given, every, nth, maxDates, concurrency, outputDirectory: directory, skipConfirmation: true, resendUncertain });
  const stopped = ports.stopped as StoppedEstimate | undefined;
  const dates = result.dates.filter((d) => d.status !== 'partial').map((d) => ({ ...d, status: cliStatus(d.status) }));
  const report = { outcome: stopped ? 'stopped' : result.outcome === 'cancelled' && !context.signal.aborted ? 'completed' : result.outcome, manifestPath: result.manifestPath, dates, partial: result.dates.filter((d) => d.status === 'partial').map((d) => d.date), files: result.files, bytes: result.bytes, totalCredits: result.totalCredits, itemCollection: result.itemCollection, ...(stopped ? { stopped: { cost: stopped.cost, reason: stopped.reason } } : {}) };
  // --stats: the series ends with its field statistics (images already paid for: only local work).
  const stats = o.flag('stats') && result.itemCollection ? await (await import('./stats')).seriesStats(context, source.text, source.name, directory) : undefined;
  const withStats = stats ? { ...report, stats: { csv: stats.csv, rows: stats.rows.length, failures: stats.failures } } : report;
  context.terminal.result(withStats, () => seriesText(result, dates, stopped) + (stats ? `\nField statistics: ${stats.csv} (${stats.rows.length} rows)` : ''));
  const code = seriesExitCode(result, dates, stopped, context.signal.aborted);
  return code === ExitCode.ok && stats && stats.failures.length > 0 ? ExitCode.failure : code;
}

function cliStatus(status: SeriesDateReport['status']): CliStatus {
  return status === 'may-have-been-charged' ? 'uncertain' : status === 'partial' ? 'not-available' : status;
}

function seriesExitCode(result: SeriesResult, dates: { status: CliStatus }[], stopped: StoppedEstimate | undefined, interrupted: boolean): number {
  if (interrupted) return ExitCode.interrupted;
  if (dates.some((d) => d.status === 'uncertain')) return ExitCode.mayHaveBeenCharged;
  if (stopped) return ExitCode.notConfirmed;
  if (dates.length === 0) return ExitCode.notAvailable;
  if (dates.some((d) => d.status === 'failed')) return ExitCode.failure;
  if (dates.every((d) => d.status === 'not-available')) return ExitCode.notAvailable;
  return result.outcome === 'cancelled' ? ExitCode.interrupted : ExitCode.ok;
}

function seriesText(result: SeriesResult, dates: { date: string; status: string; file?: string; error?: string }[], stopped: StoppedEstimate | undefined): string {
  const lines = dates.map((d) => `${d.date}  ${d.status.padEnd(13)} ${d.file ?? d.error ?? ''}`);
  if (dates.length === 0) lines.push('No dates with imagery of the whole area in this window.');
  const partial = result.dates.filter((d) => d.status === 'partial').length;
  if (partial > 0) lines.push(`${partial} date(s) cover only part of the area and were skipped (AllowPartialImage is off).`);
  if (result.totalCredits !== undefined) lines.push(`Estimated total: ${result.totalCredits} credits`);
  if (stopped) lines.push(stoppedText(stopped));
  if (result.itemCollection) lines.push(`STAC ItemCollection: ${result.itemCollection}`);
  if (result.manifestPath) lines.push(`Manifest: ${result.manifestPath}`);
  return lines.join('\n');
}
