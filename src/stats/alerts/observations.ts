// A field's observations under one index, from the long table (one row per field, date and
// index): one per date, oldest first, each with its value and the share of the field that had
// data. What the rules read; no I/O.
import type { StatsRow } from '../table';
import { byCodeUnits } from '../../common/code-unit-order';

export interface Observation {
  date: string;
  /** Days since 1970-01-01 (UTC). */
  day: number;
  /** The field's mean; undefined when the index gave no number (every pixel nodata or NaN). */
  value: number | undefined;
  /** The share of the field's pixels with a value under the index, 0..1; 0 when `value` is none. */
  share: number;
}

export interface FieldSeries {
  field: string;
  index: string;
  observations: Observation[];
}

/** A row's share of the field with a value. A row whose value is not a finite number (an index
 * that is NaN on every pixel, a table written by another tool) has none: its date is no valid one. */
function shareOf(row: StatsRow): number {
  if (row.mean === undefined || !Number.isFinite(row.mean)) return 0;
  const seen = row.valid_pixels + row.nodata_pixels;
  return row.valid_fraction ?? (seen > 0 ? row.valid_pixels / seen : 0);
}

/**
 * Every field's series under each index (or `index` alone), in the order fields and indices first
 * appear in the table. A row whose image covers none of the field's pixels (the field outside the
 * image, or smaller than a pixel) is no observation: that date was not bought for that field. Two
 * rows of one field, index and date (two images of one date) are one observation: the one with
 * the larger share (the later in the table when equal). Grouped field by index in nested maps and
 * each date's day number computed once: a table of a million rows makes no key per row.
 */
export function seriesOf(rows: readonly StatsRow[], index?: string): FieldSeries[] {
  const byField = new Map<string, Map<string, Observation[]>>();
  const all: FieldSeries[] = [];
  const days = new Map<string, number>();
  for (const row of rows) {
    if (index !== undefined && row.index !== index) continue;
    if (row.valid_pixels + row.nodata_pixels <= 0) continue;
    let byIndex = byField.get(row.field);
    if (!byIndex) byField.set(row.field, (byIndex = new Map()));
    let observations = byIndex.get(row.index);
    if (!observations) {
      byIndex.set(row.index, (observations = []));
      all.push({ field: row.field, index: row.index, observations });
    }
    let day = days.get(row.date);
    if (day === undefined) days.set(row.date, (day = Math.floor(Date.parse(`${row.date}T00:00:00Z`) / 86_400_000)));
    const share = shareOf(row);
    observations.push({ date: row.date, day, value: share > 0 ? row.mean : undefined, share });
  }
  return all.map((series) => ({ ...series, observations: oneByDate(series.observations) }));
}

/** Oldest first, one per date: of one date's, the larger share, the later when equal. */
function oneByDate(observations: Observation[]): Observation[] {
  // Sorted (stably, so the table's order stays within a date) only when the table was not.
  const inOrder = observations.every((o, i) => i === 0 || (observations[i - 1] as Observation).date <= o.date);
  const sorted = inOrder ? observations : [...observations].sort((a, b) => byCodeUnits(a.date, b.date));
  const one: Observation[] = [];
  for (const seen of sorted) {
    const last = one.at(-1);
    if (last?.date !== seen.date) one.push(seen);
    else if (seen.share >= last.share) one[one.length - 1] = seen;
  }
  return one;
}
