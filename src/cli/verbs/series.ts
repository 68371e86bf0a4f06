// `series`: one composite per date over a window, through the same time-series workflow as the
// extension's command (src/workflows/series/series-workflow.ts): every date priced first, the
// total held against --max-cost by the cost guard (date by date: none below zero), then the dates through the worker pool with a manifest beside
// the images, so a rerun skips finished dates and never re-sends a date whose billed answer was
// lost (--resend-uncertain sends those again, on purpose).
import { existsSync } from 'node:fs';
import { parseEvery } from '../../workflows/series/series-dates';
import type { SeriesDateReport, SeriesResult } from '../../workflows/series/series-types';
import { downloadSeries } from '../../workflows/series/series-workflow';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, exitCodeOfOutcome, UsageError } from '../exit-codes';
import { RESEND_ADVICE, spentText, stoppedText } from '../format';
import { chargeSentence, validitySentence } from '../../workflows/engine/results';
import { purchaseNotes } from '../../workflows/engine/purchase-notes';
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
  if (everyText !== undefined && every === undefined)
    throw new UsageError(`--every must be a number of days such as 7, 7d or 2w, or week or month, not '${everyText}'.`);
  const maxDates = o.number('max-dates', { integer: true, min: 1 });
  const nth = o.number('nth', { integer: true, min: 1 });
  const concurrency = o.number('concurrency', { integer: true, min: 1 });
  const given = o.days('dates');
  if (given && (nth !== undefined || everyText !== undefined))
    throw new UsageError('--nth and --every thin the dates a search found; --dates names the dates itself.');
  if (!options.model) throw new UsageError('Missing --model.');
  const source = await context.area();
  // --stats' options are checked before anything is bought, not after.
  if (o.flag('stats')) (await import('./stats')).measureOptions(context);
  const guard = context.guard();
  const ports = await context.ports(guard);
  const directory = context.outputDirectory();
  // --resend-uncertain names no dates: it means every date the manifest holds as possibly charged.
  const resendUncertain = o.flag('resend-uncertain') ? ('all' as const) : undefined;
  // A question the flags leave open takes its default, as every verb's does: nobody is asked.
  const result = await downloadSeries(
    ports,
    source,
    {
      ...options,
      dates: given,
      every,
      nth,
      maxDates,
      concurrency,
      outputDirectory: directory,
      resendUncertain,
    },
    'nobody',
  );
  const stopped = ports.stopped as StoppedEstimate | undefined;
  const dates = result.dates.filter((d) => d.status !== 'partial').map((d) => ({ ...d, status: cliStatus(d.status) }));
  // The dates bought that leave a field (or the area) mostly without data, pixels coarser than asked.
  const notes = purchaseNotes(
    dates.map((d) => ({ label: d.date, coverage: d.coverage, pixelSize: d.pixelSize })),
    'date',
  );
  const report = {
    outcome: stopped
      ? 'stopped'
      : result.outcome === 'cancelled' && !context.signal.aborted
        ? 'completed'
        : result.outcome,
    // A manifest named only when there is one (an unconfirmed run writes none).
    manifestPath: result.manifestPath && existsSync(result.manifestPath) ? result.manifestPath : undefined,
    dates,
    partial: result.dates.filter((d) => d.status === 'partial').map((d) => d.date),
    files: result.files,
    bytes: result.bytes,
    totalCredits: result.totalCredits,
    creditsSpent: result.creditsSpent,
    itemCollection: result.itemCollection,
    collection: result.collection,
    ...(notes.length > 0 ? { notes } : {}),
    ...(stopped ? { stopped: { cost: stopped.cost, price: stopped.price, reason: stopped.reason } } : {}),
  };
  // --stats: the series ends with its field statistics (images already paid for: only local work).
  const stats =
    o.flag('stats') && result.itemCollection
      ? await (await import('./stats')).seriesStats(context, source.text, source.name, directory)
      : undefined;
  const withStats = stats
    ? { ...report, stats: { csv: stats.csv, rows: stats.rows.length, failures: stats.failures, notes: stats.notes } }
    : report;
  context.terminal.result(
    withStats,
    () =>
      seriesText(result, dates, notes, stopped) +
      (stats ? `\nField statistics: ${stats.csv} (${stats.rows.length} rows)` : ''),
  );
  const code = seriesExitCode(result, dates, stopped, context.signal.aborted);
  return code === ExitCode.ok && stats && stats.failures.length > 0 ? ExitCode.failure : code;
}

function cliStatus(status: SeriesDateReport['status']): CliStatus {
  return status === 'may-have-been-charged' ? 'uncertain' : status === 'partial' ? 'not-available' : status;
}

function seriesExitCode(
  result: SeriesResult,
  dates: { status: CliStatus }[],
  stopped: StoppedEstimate | undefined,
  interrupted: boolean,
): number {
  const count = (status: CliStatus) => dates.filter((d) => d.status === status).length;
  const facts = {
    interrupted,
    failed: count('failed'),
    notAvailable: count('not-available'),
    uncertain: count('uncertain'),
  };
  if (stopped && !interrupted && facts.uncertain === 0) return ExitCode.notConfirmed;
  if (dates.length === 0 && !interrupted) return ExitCode.notAvailable;
  // The series reports 'cancelled' for a run that ended early without an interrupt (nothing to send).
  return exitCodeOfOutcome(result.outcome === 'cancelled' && !interrupted ? 'completed' : result.outcome, facts);
}

function seriesText(
  result: SeriesResult,
  dates: { date: string; status: string; file?: string; error?: string; validFraction?: number }[],
  notes: string[],
  stopped: StoppedEstimate | undefined,
): string {
  // Not confirmed: the estimate says it all; a line per date 'not-sent' before it said nothing more.
  const lines = dates
    .filter((d) => !(stopped && d.status === 'not-sent'))
    .map((d) => {
      const validity = validitySentence(d.validFraction);
      const what =
        d.status === 'uncertain'
          ? `possibly charged: ${d.error ? `${d.error}; ` : ''}${RESEND_ADVICE}`
          : (d.file ?? d.error ?? '');
      return `${d.date}  ${d.status.padEnd(13)} ${what}${validity ? `  (${validity})` : ''}`;
    });
  const empty = dates.filter((d) => d.validFraction === 0).length;
  if (empty > 0)
    lines.push(
      `${empty} date${empty === 1 ? ' was' : 's were'} paid for but hold${empty === 1 ? 's' : ''} no valid pixels.`,
    );
  lines.push(...notes);
  if (dates.length === 0) lines.push('No dates with imagery of the whole area in this window.');
  const partial = result.dates.filter((d) => d.status === 'partial').length;
  if (partial > 0)
    lines.push(`${partial} date(s) cover only part of the area and were skipped (AllowPartialImage is off).`);
  if (result.totalCredits !== undefined && !stopped) lines.push(`Estimated total: ${result.totalCredits} credits`);
  const spent = spentText(result);
  if (spent) lines.push(spent);
  if (result.charge)
    lines.push(
      chargeSentence(result.charge, `${result.uncertain.length} date${result.uncertain.length === 1 ? '' : 's'}`),
    );
  if (stopped) lines.push(stoppedText(stopped));
  if (result.itemCollection) lines.push(`STAC ItemCollection: ${result.itemCollection}`);
  if (result.collection) lines.push(`STAC Collection: ${result.collection}`);
  if (result.manifestPath && existsSync(result.manifestPath)) lines.push(`Manifest: ${result.manifestPath}`);
  return lines.join('\n');
}
