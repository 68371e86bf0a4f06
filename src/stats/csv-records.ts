// RFC 4180 records from text handed over in pieces (a file read chunk by chunk, or all of it at
// once): quoted cells may hold commas, quotes (doubled) and line breaks; CRLF, LF or a lone CR
// ends a record. Each cell is the text the table's writer was given (cellText: a neutralised
// formula loses its quote). A line without a quote or a lone CR (nearly every line of a table the
// product wrote) is only found and its commas noted, with no cell copied until a reader asks for
// it: a table of a million rows whose reader needs a few cells of each reads at close to the
// speed of splitting it into lines, and makes next to no garbage.
import { cellText } from './csv-cell';

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;
const ZERO = 48;

/** One record, valid until the sink returns (the next record reuses it). */
export class CsvRecord {
  length = 0;
  private text = '';
  /** Of a plain line: where each cell starts, and one past the end of the last (its end + 1). */
  private bounds = new Int32Array(32);
  /** Of a record read character by character: its cells, already unquoted. */
  private readonly cells: string[] = [];
  private plain = false;

  cell(c: number): string {
    return this.plain ? this.text.slice(this.bounds[c], (this.bounds[c + 1] as number) - 1) : (this.cells[c] as string);
  }

  /** Whether cell `c` is exactly `text`, without copying the cell. */
  cellIs(c: number, text: string): boolean {
    if (!this.plain) return this.cells[c] === text;
    const start = this.bounds[c] as number;
    return (this.bounds[c + 1] as number) - 1 - start === text.length && this.text.startsWith(text, start);
  }

  /** The whole number cell `c` writes in 1 to 15 digits, or -1 when it is anything else. */
  digitsAt(c: number): number {
    const cell = this.plain ? undefined : (this.cells[c] as string);
    const start = this.plain ? (this.bounds[c] as number) : 0;
    const end = this.plain ? (this.bounds[c + 1] as number) - 1 : (cell as string).length;
    const text = cell ?? this.text;
    if (end <= start || end - start > 15) return -1;
    let value = 0;
    for (let i = start; i < end; i++) {
      const digit = text.charCodeAt(i) - ZERO;
      if (digit < 0 || digit > 9) return -1;
      value = value * 10 + digit;
    }
    return value;
  }

  setPlain(text: string, start: number, end: number): void {
    this.plain = true;
    this.text = text;
    let count = 0;
    let from = start;
    for (;;) {
      if (count + 2 > this.bounds.length) this.grow();
      this.bounds[count++] = from;
      const comma = text.indexOf(',', from);
      if (comma === -1 || comma >= end) break;
      from = comma + 1;
    }
    this.bounds[count] = end + 1;
    this.length = count;
  }

  startCells(): string[] {
    this.plain = false;
    this.cells.length = 0;
    return this.cells;
  }

  finishCells(): void {
    this.length = this.cells.length;
  }

  private grow(): void {
    const bigger = new Int32Array(this.bounds.length * 2);
    bigger.set(this.bounds);
    this.bounds = bigger;
  }
}

/** Called with each record; the record is reused for the next one (copy what is kept). */
export type RecordSink = (record: CsvRecord) => void;

export class CsvRecords {
  private rest = '';
  private readonly record = new CsvRecord();

  constructor(private readonly sink: RecordSink) {}

  /** Hands over the next piece of the text; `last` when nothing follows it. The line a piece
   * finishes is read joined to what came before it, and the rest of the piece where it is: the
   * whole piece joined to the line's start was a copy of the piece (a megabyte) at each piece. */
  push(piece: string, last = false): void {
    const lf = this.rest === '' || last ? -1 : piece.indexOf('\n');
    if (lf === -1) {
      this.scan(this.rest + piece, last);
      return;
    }
    const before = this.rest;
    this.rest = '';
    this.scan(before + piece.slice(0, lf + 1), false);
    const after = piece.slice(lf + 1);
    this.scan(this.rest === '' ? after : this.rest + after, last);
  }

  /** The records of `text`, what follows the last whole one kept for the next piece. */
  private scan(text: string, last: boolean): void {
    let at = 0;
    let nextQuote = text.indexOf('"');
    let nextCr = text.indexOf('\r');
    while (at < text.length) {
      const lf = text.indexOf('\n', at);
      if (nextQuote !== -1 && nextQuote < at) nextQuote = text.indexOf('"', at);
      if (nextCr !== -1 && nextCr < at) nextCr = text.indexOf('\r', at);
      const end = lf === -1 ? text.length : lf;
      // (A text with no CR at all, nextCr -1, starting with an empty line, end 0, has no CRLF.)
      const crlf = lf !== -1 && nextCr !== -1 && nextCr === end - 1;
      const plain = (nextQuote === -1 || nextQuote >= end) && (nextCr === -1 || nextCr >= end || crlf);
      if (plain && lf !== -1) {
        this.record.setPlain(text, at, crlf ? end - 1 : end);
        this.sink(this.record);
        at = end + 1;
        continue;
      }
      const next = plain && !last ? -1 : this.quotedRecord(text, at, last);
      if (next === -1) break;
      at = next;
    }
    this.rest = text.slice(at);
  }

  /** One record read character by character from `start`; where the next record starts, or -1
   * when the record may go on in the next piece (it is read again with it). */
  private quotedRecord(text: string, start: number, last: boolean): number {
    const cells = this.record.startCells();
    let cell = '';
    let quoted = false;
    let wasQuoted = false;
    const endCell = (): void => {
      cells.push(cellText(cell, wasQuoted));
      cell = '';
      wasQuoted = false;
    };
    const endRecord = (): void => {
      endCell();
      this.record.finishCells();
      this.sink(this.record);
    };
    let i = start;
    while (i < text.length) {
      const ch = text.charCodeAt(i);
      if (quoted) {
        if (ch === QUOTE && i + 1 >= text.length && !last) return -1;
        if (ch === QUOTE && text.charCodeAt(i + 1) === QUOTE) {
          cell += '"';
          i += 2;
          continue;
        }
        if (ch === QUOTE) quoted = false;
        else cell += text[i];
        i++;
        continue;
      }
      if (ch === QUOTE && cell === '') quoted = wasQuoted = true;
      else if (ch === COMMA) endCell();
      else if (ch === CR || ch === LF) {
        if (ch === CR && i + 1 >= text.length && !last) return -1;
        endRecord();
        return ch === CR && text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
      } else cell += text[i];
      i++;
    }
    if (!last) return -1;
    if (cell !== '' || cells.length > 0) endRecord();
    return text.length;
  }
}
