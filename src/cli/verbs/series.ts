// `series`: one composite per date over a window, through the same time-series workflow as the
// extension's command (src/workflows/series/series-workflow.ts): every date priced first, the
// total held against --max-cost by the cost guard (date by date: none below zero), then the dates through the worker pool with a manifest beside
// the images, so a rerun skips finished dates and never re-sends a date whose billed answer was
// lost (--resend-uncertain sends those again, on purpose). What it prints and exits with:
// series-output.ts.
import { parseEvery } from '../../workflows/series/series-dates';
import type { DownloadSeriesOptions } from '../../workflows/series/series-types';
import { downloadSeries } from '../../workflows/series/series-workflow';
import type { OptionReader } from '../args';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, UsageError } from '../exit-codes';
import { purchaseNotes } from '../../workflows/engine/purchase-notes';
import type { StoppedEstimate } from '../ports';
import { compositeOptions } from './composite-options';
import { cliDates, seriesExitCode, seriesReport, seriesText, withStats } from './series-output';

export async function seriesVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const o = context.options;
  const request = seriesRequest(o);
  const source = await context.area();
  // --stats' options are checked before anything is bought, not after.
  if (o.flag('stats')) (await import('./stats')).measureOptions(context);
  const ports = await context.ports(context.guard());
  const directory = context.outputDirectory();
  // --resend-uncertain names no dates: it means every date the manifest holds as possibly charged.
  const resendUncertain = o.flag('resend-uncertain') ? ('all' as const) : undefined;
  // A question the flags leave open takes its default, as every verb's does: nobody is asked.
  const result = await downloadSeries(
    ports,
    source,
    { ...request, outputDirectory: directory, resendUncertain },
    'nobody',
  );
  const stopped = ports.stopped as StoppedEstimate | undefined;
  const dates = cliDates(result);
  // The dates bought that leave a field (or the area) mostly without data, pixels coarser than asked.
  const notes = purchaseNotes(
    dates.map((d) => ({ label: d.date, coverage: d.coverage, pixelSize: d.pixelSize })),
    'date',
  );
  const report = seriesReport(result, dates, notes, stopped, context.signal.aborted);
  // --stats: the series ends with its field statistics (images already paid for: only local work).
  const stats =
    o.flag('stats') && result.itemCollection
      ? await (await import('./stats')).seriesStats(context, source.text, source.name, directory)
      : undefined;
  context.terminal.result(
    withStats(report, stats),
    () =>
      seriesText(result, dates, notes, stopped) +
      (stats ? `\nField statistics: ${stats.csv} (${stats.rows.length} rows)` : ''),
  );
  const code = seriesExitCode(result, dates, stopped, context.signal.aborted);
  return code === ExitCode.ok && stats && stats.failures.length > 0 ? ExitCode.failure : code;
}

/** The series the flags ask for, checked before anything is read or asked: the dates (--dates, or
 * a search thinned by --every and --nth), how many, how many at once, and the composite's options. */
function seriesRequest(o: OptionReader): DownloadSeriesOptions {
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
  return { ...options, dates: given, every, nth, maxDates, concurrency };
}
