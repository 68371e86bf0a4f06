// Each field's observations under one index, from the long table (one row per field, date and
// index): one per date, oldest first, each with its value and the share of the field that had
// data. What the rules read; no I/O. Kept as columns, never a row object: every observation of
// the table in a few typed arrays (the series it belongs to, its date's number, its value and its
// share), then ordered series by series in one counting pass. Ten thousand fields of 52 dates
// under two indices are a million observations: about 24 bytes each this way, and no allocation
// per row or per series beyond its name.
import type { StatsRow } from '../table';
import { byCodeUnits } from '../../common/code-unit-order';

/** The dates of a table, each numbered once: its text and its day (since 1970-01-01, UTC). */
export interface Calendar {
  dates: string[];
  days: number[];
}

/** The observations of every series, each series' a run of positions (`start`, `length`). */
export interface Observations {
  dateIds: Int32Array;
  /** The field's mean; NaN when the index gave no number (every pixel nodata or NaN). */
  values: Float64Array;
  /** The share of the field's pixels with a value under the index, 0..1; 0 when the value is NaN. */
  shares: Float64Array;
}

export interface FieldSeries {
  field: string;
  index: string;
  /** Where its observations start in the columns, and how many there are (one per date). */
  start: number;
  length: number;
}

/** What the rules read: the series, the columns they index and the dates those number. */
export interface Table {
  series: FieldSeries[];
  observations: Observations;
  calendar: Calendar;
}

/** What a row says of a field on a date, as the builder takes it. */
export interface RowFacts {
  field: string;
  date: string;
  index: string;
  mean: number | undefined;
  validPixels: number;
  nodataPixels: number;
  validFraction: number | undefined;
}

/** A row's share of the field with a value. A row whose value is not a finite number (an index
 * that is NaN on every pixel, a table written by another tool) has none: its date is no valid one. */
function shareOf(row: RowFacts): number {
  if (row.mean === undefined || !Number.isFinite(row.mean)) return 0;
  const seen = row.validPixels + row.nodataPixels;
  return row.validFraction ?? (seen > 0 ? row.validPixels / seen : 0);
}

function columns(capacity: number): Observations & { seriesIds: Int32Array } {
  return {
    seriesIds: new Int32Array(capacity),
    dateIds: new Int32Array(capacity),
    values: new Float64Array(capacity),
    shares: new Float64Array(capacity),
  };
}

/**
 * Every field's series under each index (or `index` alone), built row by row in the order fields
 * and indices first appear in the table. A row whose image covers none of the field's pixels (the
 * field outside the image, or smaller than a pixel) is no observation: that date was not bought
 * for that field. Two rows of one field, index and date (two images of one date) are one
 * observation: the one with the larger share (the later in the table when equal).
 */
export class SeriesBuilder {
  private readonly calendar: Calendar = { dates: [], days: [] };
  private readonly dateIds = new Map<string, number>();
  private readonly byField = new Map<string, Map<string, number>>();
  private readonly series: FieldSeries[] = [];
  private rows = columns(4096);
  private count = 0;
  /** The series of the last row added. */
  private last = -1;
  private lastField = '';
  private lastDate: string | undefined;
  private lastDateId = -1;
  private lastIndices: Map<string, number> | undefined;

  constructor(private readonly index?: string) {}

  /** The series a row of the table in the same order as the rows added so far would be of next:
   * a table's dates each list the fields and indices in one order, so a reader that finds the row
   * is of it need not copy the row's field and index out of the text. */
  nextSeries(): number {
    return this.last + 1 < this.series.length ? this.last + 1 : 0;
  }

  seriesName(id: number): FieldSeries | undefined {
    return this.series[id];
  }

  /** Adds a row, of the series `seriesId` when the caller knows it (nextSeries). */
  add(row: RowFacts, seriesId?: number): void {
    if (this.index !== undefined && row.index !== this.index) return;
    if (row.validPixels + row.nodataPixels <= 0) return;
    if (this.count === this.rows.values.length) this.grow();
    const share = shareOf(row);
    const at = this.count++;
    const id = seriesId ?? this.seriesIdOf(row.field, row.index);
    (this.series[id] as FieldSeries).length++;
    this.last = id;
    this.rows.seriesIds[at] = id;
    this.rows.dateIds[at] = this.dateIdOf(row.date);
    this.rows.values[at] = share > 0 ? (row.mean as number) : NaN;
    this.rows.shares[at] = share;
  }

  /** The series, each oldest first and one observation per date, over the columns they index. */
  finish(): Table {
    const grouped = this.grouped();
    const observations = { dateIds: grouped.dateIds, values: grouped.values, shares: grouped.shares };
    for (const one of this.series) oneByDate(one, observations, this.calendar.dates);
    return { series: this.series, observations, calendar: this.calendar };
  }

  /** The observations reordered series by series (a counting sort: the table's order kept within
   * each series), each series' start and length set. */
  private grouped(): Observations {
    const { seriesIds, dateIds, values, shares } = this.rows;
    let start = 0;
    for (const one of this.series) {
      one.start = start;
      start += one.length;
    }
    const next = Int32Array.from(this.series, (one) => one.start);
    const out = columns(this.count);
    for (let i = 0; i < this.count; i++) {
      const at = next[seriesIds[i] as number] as number;
      next[seriesIds[i] as number] = at + 1;
      out.dateIds[at] = dateIds[i] as number;
      out.values[at] = values[i] as number;
      out.shares[at] = shares[i] as number;
    }
    this.rows = columns(0);
    return out;
  }

  private seriesIdOf(field: string, index: string): number {
    let byIndex = field === this.lastField ? this.lastIndices : this.byField.get(field);
    if (!byIndex) this.byField.set((field = own(field)), (byIndex = new Map()));
    this.lastField = field;
    this.lastIndices = byIndex;
    let id = byIndex.get(index);
    if (id === undefined) {
      id = this.series.length;
      this.series.push({ field, index: own(index), start: 0, length: 0 });
      byIndex.set(index, id);
    }
    return id;
  }

  private dateIdOf(date: string): number {
    // A table lists each date's rows together: the same date as the row before needs no lookup.
    if (date === this.lastDate) return this.lastDateId;
    let id = this.dateIds.get(date);
    if (id === undefined) {
      id = this.calendar.dates.length;
      this.dateIds.set((date = own(date)), id);
      this.calendar.dates.push(date);
      this.calendar.days.push(Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000));
    }
    this.lastDate = date;
    this.lastDateId = id;
    return id;
  }

  private grow(): void {
    const bigger = columns(this.rows.values.length * 2);
    bigger.seriesIds.set(this.rows.seriesIds);
    bigger.dateIds.set(this.rows.dateIds);
    bigger.values.set(this.rows.values);
    bigger.shares.set(this.rows.shares);
    this.rows = bigger;
  }
}

/** A name kept for the whole run as a string of its own: a cell cut from a megabyte of the file
 * could otherwise keep all of that megabyte alive. */
export function own(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** Oldest first, one per date, in place: of one date's, the larger share, the later when equal. */
function oneByDate(series: FieldSeries, columns: Observations, dates: readonly string[]): void {
  const { dateIds, values, shares } = columns;
  const { start, length } = series;
  const dateAt = (i: number): string => dates[dateIds[i] as number] as string;
  let inOrder = true;
  for (let i = start + 1; i < start + length && inOrder; i++) inOrder = dateAt(i - 1) <= dateAt(i);
  // Sorted (stably, so the table's order stays within a date) only when the table was not.
  if (!inOrder) sortByDate(series, columns, dateAt);
  let kept = 0;
  for (let i = start; i < start + length; i++) {
    const last = start + kept - 1;
    const sameDate = kept > 0 && dateIds[last] === dateIds[i];
    if (sameDate && (shares[i] as number) < (shares[last] as number)) continue;
    const at = sameDate ? last : start + kept++;
    dateIds[at] = dateIds[i] as number;
    values[at] = values[i] as number;
    shares[at] = shares[i] as number;
  }
  series.length = kept;
}

function sortByDate({ start, length }: FieldSeries, columns: Observations, dateAt: (i: number) => string): void {
  const order = Array.from({ length }, (_, k) => start + k).sort((a, b) => byCodeUnits(dateAt(a), dateAt(b)) || a - b);
  const [dateIds, values, shares] = [columns.dateIds, columns.values, columns.shares].map((column) =>
    Array.from(order, (i) => column[i] as number),
  ) as [number[], number[], number[]];
  columns.dateIds.set(dateIds, start);
  columns.values.set(values, start);
  columns.shares.set(shares, start);
}

/** The series of rows already read as objects (alertsOf). */
export function seriesOf(rows: readonly StatsRow[], index?: string): Table {
  const builder = new SeriesBuilder(index);
  for (const row of rows)
    builder.add({
      field: row.field,
      date: row.date,
      index: row.index,
      mean: row.mean,
      validPixels: row.valid_pixels,
      nodataPixels: row.nodata_pixels,
      validFraction: row.valid_fraction,
    });
  return builder.finish();
}

export interface Observation {
  date: string;
  /** The field's mean; undefined when the index gave no number. */
  value: number | undefined;
  share: number;
}

/** Each series' observations as objects, oldest first and one per date, for a caller that looks at
 * a table's last dates (the map's change since the previous valid date), not at a million rows. */
export function observationsOf(
  rows: readonly StatsRow[],
  index?: string,
): { field: string; index: string; observations: Observation[] }[] {
  const { series, observations, calendar } = seriesOf(rows, index);
  return series.map(({ field, index: name, start, length }) => ({
    field,
    index: name,
    observations: Array.from({ length }, (_, k) => {
      const value = observations.values[start + k] as number;
      return {
        date: calendar.dates[observations.dateIds[start + k] as number] as string,
        value: Number.isNaN(value) ? undefined : value,
        share: observations.shares[start + k] as number,
      };
    }),
  }));
}
