// Reading back a table `sat-imagery stats` wrote (table.ts): RFC 4180 CSV whose header is exactly
// the table's columns. A file with other columns is not such a table and is refused by name; an
// empty cell is a statistic with no value, and a name the writer neutralised as a formula reads
// back as it was (csv-cell.ts). Used by the map, which colours fields by a table it
// finds beside the images.
import { STAT_COLUMNS } from '../common/stat-columns';
import { cellText } from './csv-cell';
import { StatsError } from './errors';
import { COLUMNS } from './table';
import type { StatsRow } from './table';

const NUMERIC = new Set<string>(STAT_COLUMNS);

/** The header line a statistics table starts with. */
export const TABLE_HEADER = COLUMNS.join(',');

export function readStatsCsv(text: string, name: string): StatsRow[] {
  const records = csvRecords(text.replace(/^\uFEFF/, ''));
  const header = records.shift();
  if (!header || header.join(',') !== TABLE_HEADER)
    throw new StatsError('bad-input', `${name} is not a statistics table: its first line is not ${TABLE_HEADER}.`);
  return records.map((cells, r) => {
    if (cells.length !== COLUMNS.length)
      throw new StatsError(
        'bad-input',
        `${name}, row ${r + 2}: ${cells.length} cells where the table has ${COLUMNS.length}.`,
      );
    const row: Record<string, string | number | undefined> = {};
    COLUMNS.forEach((column, c) => {
      const cell = cells[c] as string;
      if (!NUMERIC.has(column)) row[column] = cell;
      else if (cell !== '') {
        const value = Number(cell);
        if (!Number.isFinite(value))
          throw new StatsError('bad-input', `${name}, row ${r + 2}: ${column} is '${cell}', not a number.`);
        row[column] = value;
      }
    });
    return { ...row, valid_pixels: row.valid_pixels ?? 0, nodata_pixels: row.nodata_pixels ?? 0 } as StatsRow;
  });
}

/** RFC 4180 records: quoted cells may hold commas, quotes (doubled) and line breaks. Each cell is
 * the text the table's writer was given (cellText: a neutralised formula loses its quote). */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    cells.push(cellText(cell, wasQuoted));
    cell = '';
    wasQuoted = false;
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = wasQuoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' || ch === '\n') {
      endCell();
      records.push(cells);
      cells = [];
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else cell += ch;
    i++;
  }
  if (cell !== '' || cells.length > 0) {
    endCell();
    records.push(cells);
  }
  return records;
}
