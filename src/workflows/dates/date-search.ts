// The date search shared by "Find available dates" and the download: one request over the AOI
// and window, read into full and partial coverage, and the date items a person picks from.
import type { Aoi } from '../../geometry/types';
import { ageOf, dateCoverage, lastDaysWindow, readableDate } from '../engine/date-coverage';
import type { DateCoverage } from '../engine/date-coverage';
import type { WorkflowPorts } from '../engine/ports';
import type { PickItem } from '../../request/pick-item';
import { aoiField } from '../../request/request-profile';
import type { AoiMode } from '../../request/request-profile';

export interface DateWindow {
  from: string; // ISO date-time, UTC
  to: string;
}

export function windowOf(options: { from?: string; to?: string }, now: Date): DateWindow {
  const fallback = lastDaysWindow(now, 30);
  const asDateTime = (text: string): string => (text.length === 10 ? `${text}T00:00:00Z` : text);
  return {
    from: options.from ? asDateTime(options.from) : fallback.from,
    to: options.to ? asDateTime(options.to) : fallback.to,
  };
}

export async function searchDates(
  ports: WorkflowPorts,
  aoi: Aoi,
  aoiMode: AoiMode,
  model: string,
  constellations: readonly string[],
  window: DateWindow,
): Promise<DateCoverage> {
  ports.progress.report({ message: `Searching dates ${window.from.slice(0, 10)} to ${window.to.slice(0, 10)}…` });
  const results = await ports.client.searchAvailableDates(
    {
      ...aoiField(aoi, aoiMode),
      From: window.from,
      To: window.to,
      SatelliteConstellations: [...constellations],
      Model: model,
    } as Parameters<typeof ports.client.searchAvailableDates>[0],
    { signal: ports.signal },
  );
  return dateCoverage(results, model);
}

/** Whole-area dates first, newest first; partial ones after, marked as such. */
export function dateItems(coverage: DateCoverage, now: Date): PickItem<string>[] {
  const full = coverage.full.map((date) => ({
    label: date,
    description: `${readableDate(date)} · ${ageOf(date, now)}`,
    detail: 'covers the whole area',
    value: date,
  }));
  const partial = coverage.partial.map((date) => ({
    label: date,
    description: `${readableDate(date)} · ${ageOf(date, now)}`,
    detail: `partial: covers only part of the area`,
    value: date,
  }));
  return [...full, ...partial];
}

/** Plain-text table of the dates, for a log or a read-only document. */
export function describeCoverage(coverage: DateCoverage, model: string, window: DateWindow, now: Date): string {
  const lines = [`Dates with imagery for ${model}, ${window.from.slice(0, 10)} to ${window.to.slice(0, 10)}:`];
  if (coverage.full.length === 0 && coverage.partial.length === 0) lines.push('  none in this window');
  for (const date of coverage.full)
    lines.push(`  ${date}  ${readableDate(date).padEnd(17)} ${ageOf(date, now).padEnd(12)} whole area`);
  for (const date of coverage.partial)
    lines.push(`  ${date}  ${readableDate(date).padEnd(17)} ${ageOf(date, now).padEnd(12)} part of the area only`);
  return lines.join('\n');
}
