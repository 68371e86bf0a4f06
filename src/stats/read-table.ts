// Reading back a table `sat-imagery stats` wrote (table.ts): RFC 4180 CSV whose header is exactly
// the table's columns. A file with other columns is not such a table and is refused by name; an
// empty cell is a statistic with no value, and a name the writer neutralised as a formula reads
// back as it was (csv-cell.ts). `readStatsCsv` makes every row an object (the map, which colours
// fields by a table it finds beside the images); `readTableFile` streams a file's records to a
// reader that keeps only what it needs (the alerts over a table of a million rows).
import { isAscii } from 'node:buffer';
import { STAT_COLUMNS } from '../common/stat-columns';
import { IMAGE_FILE_LIMIT, withBoundedFile } from '../files/bounded-read';
import { CsvRecords } from './csv-records';
import type { CsvRecord } from './csv-records';
import { StatsError } from './errors';
import { COLUMNS } from './table';
import type { StatsRow } from './table';

const NUMERIC = new Set<string>(STAT_COLUMNS);

/** The header line a statistics table starts with. */
export const TABLE_HEADER = COLUMNS.join(',');

/** Each row (the record is reused for the next row) with its line number (the header is line 1). */
type RowSink = (row: CsvRecord, line: number) => void;

/** The records of a table, its header and each row's count of cells checked before `onRow`:
 * `push` its text in pieces, then `end`. */
function tableRecords(name: string, onRow: RowSink): { push(piece: string): void; end(): void } {
  let line = 0;
  const records = new CsvRecords((record) => {
    line++;
    if (line === 1) {
      if (Array.from({ length: record.length }, (_, c) => record.cell(c)).join(',') !== TABLE_HEADER)
        throw notATable(name);
      return;
    }
    if (record.length !== COLUMNS.length)
      throw new StatsError(
        'bad-input',
        `${name}, row ${line}: ${record.length} cells where the table has ${COLUMNS.length}.`,
      );
    onRow(record, line);
  });
  let started = false;
  return {
    push(piece) {
      // A byte order mark before the header is no part of it.
      records.push(started ? piece : piece.replace(/^\uFEFF/, ''));
      started ||= piece.length > 0;
    },
    end() {
      records.push('', true);
      if (line === 0) throw notATable(name);
    },
  };
}

function notATable(name: string): StatsError {
  return new StatsError('bad-input', `${name} is not a statistics table: its first line is not ${TABLE_HEADER}.`);
}

/** The number in cell `c` of row `line`, undefined when empty; a cell that is no number is refused. */
export function tableNumber(row: CsvRecord, c: number, name: string, line: number): number | undefined {
  const cell = row.cell(c);
  if (cell === '') return undefined;
  const value = Number(cell);
  if (!Number.isFinite(value))
    throw new StatsError('bad-input', `${name}, row ${line}: ${COLUMNS[c]} is '${cell}', not a number.`);
  return value;
}

export function readStatsCsv(text: string, name: string): StatsRow[] {
  const rows: StatsRow[] = [];
  const records = tableRecords(name, (record, line) => {
    const row: Record<string, string | number | undefined> = {};
    COLUMNS.forEach((column, c) => {
      if (!NUMERIC.has(column)) row[column] = record.cell(c);
      else {
        const value = tableNumber(record, c, name, line);
        if (value !== undefined) row[column] = value;
      }
    });
    rows.push({ ...row, valid_pixels: row.valid_pixels ?? 0, nodata_pixels: row.nodata_pixels ?? 0 } as StatsRow);
  });
  records.push(text);
  records.end();
  return rows;
}

/** Streams the table in `file` (named `name` in errors) row by row to `onRow`, a megabyte at a
 * time: the file is never held whole, nor its rows as objects. `noFollow`: a link at `file` is
 * refused, not read. */
export async function readTableFile(
  file: string,
  name: string,
  onRow: RowSink,
  options: { noFollow?: boolean } = {},
): Promise<void> {
  const records = tableRecords(name, onRow);
  // Streamed, so it needs no bound of its own beyond what any large file has (an image's).
  await withBoundedFile(
    file,
    IMAGE_FILE_LIMIT,
    async (opened) => {
      const buffer = Buffer.alloc(1 << 20);
      let kept = 0;
      for (let position = 0; ;) {
        const read = await opened.readAt(buffer, kept, buffer.length - kept, position);
        position += read;
        const filled = kept + read;
        const whole = read === 0 ? filled : wholeCharacters(buffer, filled);
        records.push(textOf(buffer, whole));
        buffer.copy(buffer, 0, whole, filled);
        kept = filled - whole;
        if (read === 0) break;
      }
    },
    options,
  );
  records.end();
}

/** How many of the first `filled` bytes end on a whole UTF-8 character (a character cut by the
 * end of a read waits for the next). */
function wholeCharacters(bytes: Buffer, filled: number): number {
  let start = filled;
  // At most three continuation bytes (10xxxxxx) follow a character's first byte.
  while (start > 0 && filled - start < 4 && ((bytes[start - 1] as number) & 0xc0) === 0x80) start--;
  if (start === 0 || filled - start >= 4) return filled;
  const lead = bytes[start - 1] as number;
  const size = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return size > filled - start + 1 ? start - 1 : filled;
}

/** The text of `bytes`' first `end`: ASCII (a table of plain names) is decoded byte for byte,
 * which is the same text and quicker than UTF-8's decoder. */
function textOf(bytes: Buffer, end: number): string {
  const view = bytes.subarray(0, end);
  return view.toString(isAscii(view) ? 'latin1' : 'utf8');
}
