// The long table (src/stats' rows) packed for the page (protocol.ts): each name once, each row as
// indices into the names and its statistics in STAT_COLUMNS order (NaN where a statistic has no
// value: a field with no pixel under the rule). Pure, so it is unit-tested in plain Node.
import type { StatsRow } from '../../../stats/index';
import { STAT_COLUMNS } from './protocol';
import type { PackedTable } from './protocol';

export function packTable(rows: readonly StatsRow[], fieldOrder: readonly string[], indexOrder: readonly string[]): PackedTable {
  const dates = [...new Set(rows.map((r) => r.date))].sort();
  const indices = [...indexOrder.filter((i) => rows.some((r) => r.index === i))];
  const fieldAt = new Map(fieldOrder.map((f, i) => [f, i]));
  const dateAt = new Map(dates.map((d, i) => [d, i]));
  const indexAt = new Map(indices.map((d, i) => [d, i]));
  const width = STAT_COLUMNS.length;
  const table: PackedTable = {
    fields: [...fieldOrder],
    dates,
    indices,
    field: new Uint32Array(rows.length),
    date: new Uint32Array(rows.length),
    index: new Uint32Array(rows.length),
    stats: new Float64Array(rows.length * width),
  };
  rows.forEach((row, r) => {
    table.field[r] = fieldAt.get(row.field) ?? 0;
    table.date[r] = dateAt.get(row.date) ?? 0;
    table.index[r] = indexAt.get(row.index) ?? 0;
    STAT_COLUMNS.forEach((column, c) => {
      const value = row[column];
      table.stats[r * width + c] = typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN;
    });
  });
  return table;
}
