// The long table (src/stats' rows) packed for the page (protocol.ts): each name once, each row as
// indices into the names and its statistics in STAT_COLUMNS order (NaN where a statistic has no
// value: a field with no pixel under the rule). Pure, so it is unit-tested in plain Node.
import type { StatsRow } from '../../../stats/index';
import { STAT_COLUMNS } from './protocol';
import type { PackedTable } from './protocol';

export function packTable(
  rows: readonly StatsRow[],
  fieldOrder: readonly string[],
  indexOrder: readonly string[],
): PackedTable {
  const dateSet = new Set<string>();
  const indexSet = new Set<string>();
  for (const row of rows) {
    dateSet.add(row.date);
    indexSet.add(row.index);
  }
  const dates = [...dateSet].sort();
  const indices = indexOrder.filter((i) => indexSet.has(i));
  const fieldAt = new Map(fieldOrder.map((f, i) => [f, i]));
  const dateAt = new Map(dates.map((d, i) => [d, i]));
  const indexAt = new Map(indices.map((d, i) => [d, i]));
  const width = STAT_COLUMNS.length;
  const field = new Uint32Array(rows.length);
  const date = new Uint32Array(rows.length);
  const index = new Uint32Array(rows.length);
  const stats = new Float64Array(rows.length * width);
  // One pass, each column named: 52,000 rows pack in a few milliseconds (the chart's first frame).
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as StatsRow;
    field[r] = fieldAt.get(row.field) ?? 0;
    date[r] = dateAt.get(row.date) ?? 0;
    index[r] = indexAt.get(row.index) ?? 0;
    const o = r * width;
    stats[o] = value(row.mean);
    stats[o + 1] = value(row.median);
    stats[o + 2] = value(row.std);
    stats[o + 3] = value(row.min);
    stats[o + 4] = value(row.max);
    stats[o + 5] = value(row.p10);
    stats[o + 6] = value(row.p25);
    stats[o + 7] = value(row.p75);
    stats[o + 8] = value(row.p90);
    stats[o + 9] = value(row.valid_pixels);
    stats[o + 10] = value(row.nodata_pixels);
    stats[o + 11] = value(row.valid_fraction);
  }
  return { fields: [...fieldOrder], dates, indices, field, date, index, stats };
}

function value(v: number | undefined): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
}
