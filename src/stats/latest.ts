// The latest value of each field: what the map colours a field by. For one index and one
// statistic, each field's row of the latest date that has a value (a date whose field had no
// valid pixel is passed over, so a cloudy last date does not blank the field). Rows of one date
// from two images: the one later in the table's order (date, image, field, index) counts.
import type { Summary } from './summary';
import type { StatsRow } from './table';

export type Statistic = keyof Summary;

export interface LatestValue {
  field: string;
  /** YYYY-MM-DD of the row the value comes from. */
  date: string;
  value: number;
  image: string;
}

/** Field id → its latest value of `statistic` under `index`; fields with no value are absent. */
export function latestValues(
  rows: readonly StatsRow[],
  index: string,
  statistic: Statistic = 'mean',
): Map<string, LatestValue> {
  const latest = new Map<string, LatestValue>();
  for (const row of rows) {
    if (row.index !== index) continue;
    const value = row[statistic];
    if (value === undefined || !Number.isFinite(value)) continue;
    const known = latest.get(row.field);
    if (!known || row.date >= known.date)
      latest.set(row.field, { field: row.field, date: row.date, value, image: row.image });
  }
  return latest;
}

/** The indices of a table, in the order they first appear. */
export function indicesOf(rows: readonly StatsRow[]): string[] {
  return [...new Set(rows.map((r) => r.index))];
}
