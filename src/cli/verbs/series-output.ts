// What `sat-imagery series` (series.ts) says after its run: the report (--json), the lines for a
// terminal, and the exit code, each from the series' result with the dates in the command line's
// words.
import { existsSync } from 'node:fs';
import type { SeriesDateReport, SeriesResult } from '../../workflows/series/series-types';
import { chargeSentence, validitySentence } from '../../workflows/engine/results';
import { ExitCode, exitCodeOfOutcome } from '../exit-codes';
import { RESEND_ADVICE, spentText, stoppedText } from '../format';
import type { StoppedEstimate } from '../ports';
import type { seriesStats } from './stats';

/** The command line's words for a date's outcome (kept from its first version). */
type CliStatus = Exclude<SeriesDateReport['status'], 'may-have-been-charged' | 'partial'> | 'uncertain';

type CliDate = Omit<SeriesDateReport, 'status'> & { status: CliStatus };

/** The dates the series reports, partial ones left out (they are listed apart). */
export function cliDates(result: SeriesResult): CliDate[] {
  return result.dates.filter((d) => d.status !== 'partial').map((d) => ({ ...d, status: cliStatus(d.status) }));
}

/** What the run did, as --json prints it. */
export function seriesReport(
  result: SeriesResult,
  dates: CliDate[],
  notes: string[],
  stopped: StoppedEstimate | undefined,
  interrupted: boolean,
) {
  return {
    outcome: stopped ? 'stopped' : result.outcome === 'cancelled' && !interrupted ? 'completed' : result.outcome,
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
}

/** The report with the field statistics --stats wrote after the series, if any. */
export function withStats<Report extends object>(
  report: Report,
  stats: Awaited<ReturnType<typeof seriesStats>> | undefined,
) {
  return stats
    ? { ...report, stats: { csv: stats.csv, rows: stats.rows.length, failures: stats.failures, notes: stats.notes } }
    : report;
}

function cliStatus(status: SeriesDateReport['status']): CliStatus {
  return status === 'may-have-been-charged' ? 'uncertain' : status === 'partial' ? 'not-available' : status;
}

export function seriesExitCode(
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

export function seriesText(
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
