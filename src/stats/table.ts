// The long table: one row per field, date and index, in the columns the issue names, written as
// CSV (RFC 4180: CRLF line ends, a field quoted when it holds a comma, quote or line break, its
// quotes doubled). Numbers are written in JavaScript's shortest round-trip form, so the same
// figures always make the same bytes; an empty cell is a statistic with no value. A name a
// spreadsheet would run as a formula is written as text (csv-cell.ts).
import type { Summary } from './summary';
import { byCodeUnits } from '../common/code-unit-order';
import { csvCell } from './csv-cell';
import { STAT_COLUMNS } from '../common/stat-columns';

export const COLUMNS = ['field', 'date', 'index', ...STAT_COLUMNS, 'image'] as const;

export interface StatsRow extends Partial<Summary> {
  field: string;
  /** YYYY-MM-DD. */
  date: string;
  index: string;
  valid_pixels: number;
  nodata_pixels: number;
  /** Undefined when the field covers no pixel under the rule (smaller than a pixel, centre rule). */
  valid_fraction: number | undefined;
  /** The image, relative to where the table is written, with forward slashes. */
  image: string;
}

function csvLine(row: StatsRow): string {
  let line = csvCell(row.field);
  for (let c = 1; c < COLUMNS.length; c++) line += `,${csvCell(row[COLUMNS[c] as (typeof COLUMNS)[number]])}`;
  return `${line}\r\n`;
}

/** Lines joined into one piece of the file: large enough for few writes, small beside the table. */
const LINES_PER_PIECE = 4096;

/** The table as CSV in pieces, header first: written piece by piece, a table of any length. */
export function* csvPieces(rows: readonly StatsRow[]): Generator<string> {
  yield `${COLUMNS.join(',')}\r\n`;
  for (let start = 0; start < rows.length; start += LINES_PER_PIECE) {
    let piece = '';
    for (const row of rows.slice(start, start + LINES_PER_PIECE)) piece += csvLine(row);
    yield piece;
  }
}

export function toCsv(rows: readonly StatsRow[]): string {
  return [...csvPieces(rows)].join('');
}

/** Date, then image: the table's order of images (each image's rows follow in the fields' and
 * indices' own order), the same inputs, the same table. */
export function compareImageRows(a: StatsRow, b: StatsRow): number {
  return byCodeUnits(a.date, b.date) || byCodeUnits(a.image, b.image);
}
