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

function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/**
 * Every field's series under each index (or `index` alone), in the order fields and indices first
 * appear in the table. A row whose image covers none of the field's pixels (the field outside the
 * image, or smaller than a pixel) is no observation: that date was not bought for that field. Two
 * rows of one field, index and date (two images of one date) are one observation: the one with
 * the larger share (the later in the table when equal).
 */
export function seriesOf(rows: readonly StatsRow[], index?: string): FieldSeries[] {
  const byKey = new Map<string, { series: FieldSeries; byDate: Map<string, Observation> }>();
  for (const row of rows) {
    if (index !== undefined && row.index !== index) continue;
    if (row.valid_pixels + row.nodata_pixels <= 0) continue;
    const key = `${row.field}\n${row.index}`;
    let entry = byKey.get(key);
    if (!entry) {
      entry = { series: { field: row.field, index: row.index, observations: [] }, byDate: new Map() };
      byKey.set(key, entry);
    }
    const share = shareOf(row);
    const known = entry.byDate.get(row.date);
    if (known && known.share > share) continue;
    const value = share > 0 ? row.mean : undefined;
    entry.byDate.set(row.date, { date: row.date, day: dayOf(row.date), value, share });
  }
  return [...byKey.values()].map(({ series, byDate }) => ({
    ...series,
    observations: [...byDate.values()].sort((a, b) => byCodeUnits(a.date, b.date)),
  }));
}
