// Field alerts from the long table: every field's series under each index, the rules over each,
// in one stable order (field, index, date, then drop, unseen, low-coverage). `alertsOf` takes the
// rows a caller has; `alertsOfTable` and `tableAlerts` read a table file as it streams, keeping per
// field only the columns the rules read (observations.ts), never the rows.
import { basename } from 'node:path';
import { ALERT_RULES, DEFAULT_ALERT_OPTIONS } from './alert-types';
import type { Alert, AlertOptions } from './alert-types';
import { SeriesBuilder, own, seriesOf } from './observations';
import type { RowFacts, Table } from './observations';
import { alertsOfSeries } from './rules';
import type { StatsRow } from '../table';
import { COLUMNS } from '../table';
import { readTableFile, tableNumber } from '../read-table';
import type { CsvRecord } from '../csv-records';
import { byCodeUnits } from '../../common/code-unit-order';

/** The alerts of `rows`, under `index` alone when one is given. */
export function alertsOf(rows: readonly StatsRow[], options: Partial<AlertOptions> = {}, index?: string): Alert[] {
  return rulesOver(seriesOf(rows, index), options);
}

const column = (name: (typeof COLUMNS)[number]): number => COLUMNS.indexOf(name);
const MEAN = column('mean');
const VALID = column('valid_pixels');
const NODATA = column('nodata_pixels');
const FRACTION = column('valid_fraction');
const IMAGE = column('image');

/** The alerts of the table `sat-imagery stats` wrote to `file`, under `index` alone when one is
 * given (tableAlerts). */
export async function alertsOfTable(
  file: string,
  options: Partial<AlertOptions> = {},
  index?: string,
  name = basename(file),
): Promise<Alert[]> {
  return (await tableAlerts(file, { options, ...(index !== undefined ? { index } : {}), name })).alerts;
}

/** What a table lists besides its alerts: each field, date and image once. */
export interface TableContents {
  fields: Set<string>;
  dates: Set<string>;
  images: Set<string>;
}

/** The alerts of the table `sat-imagery stats` wrote to `file` (named `name` in errors, a link
 * refused with `noFollow`), under `index` alone when one is given, and what it lists. Only the
 * columns the rules read are parsed (and refused when they hold no number); a row's field, index
 * and date are compared in place with the series that came next on the date before and the row
 * before's date, and copied only when they differ: a table's dates each list its fields and
 * indices in one order. Its memory is the rules' columns and the names, never the rows. */
export async function tableAlerts(
  file: string,
  read: { options?: Partial<AlertOptions>; index?: string; name?: string; noFollow?: boolean } = {},
): Promise<{ alerts: Alert[] } & TableContents> {
  const name = read.name ?? basename(file);
  const builder = new SeriesBuilder(read.index);
  const contents: TableContents = { fields: new Set(), dates: new Set(), images: new Set() };
  let lastDate = '';
  let lastImage = '';
  // One object for every row: the builder copies what it keeps (a row was 80 bytes of garbage).
  const facts: RowFacts = {
    field: '',
    date: '',
    index: '',
    mean: undefined,
    validPixels: 0,
    nodataPixels: 0,
    validFraction: undefined,
  };
  const onRow = (row: CsvRecord, line: number) => {
    const valid = row.digitsAt(VALID);
    const nodata = row.digitsAt(NODATA);
    const next = builder.seriesName(builder.nextSeries());
    const known = next !== undefined && row.cellIs(0, next.field) && row.cellIs(2, next.index);
    if (!row.cellIs(1, lastDate) || contents.dates.size === 0) contents.dates.add((lastDate = own(row.cell(1))));
    // Names kept for the whole run are strings of their own, not cuts of the file's text (own).
    if (!row.cellIs(IMAGE, lastImage) || contents.images.size === 0)
      contents.images.add((lastImage = own(row.cell(IMAGE))));
    facts.field = known ? next.field : row.cell(0);
    facts.date = lastDate;
    facts.index = known ? next.index : row.cell(2);
    facts.mean = tableNumber(row, MEAN, name, line);
    facts.validPixels = valid >= 0 ? valid : (tableNumber(row, VALID, name, line) ?? 0);
    facts.nodataPixels = nodata >= 0 ? nodata : (tableNumber(row, NODATA, name, line) ?? 0);
    facts.validFraction = tableNumber(row, FRACTION, name, line);
    if (!known && !contents.fields.has(facts.field)) contents.fields.add(own(facts.field));
    builder.add(facts, known ? builder.nextSeries() : undefined);
  };
  await readTableFile(file, name, onRow, read.noFollow ? { noFollow: true } : {});
  return { alerts: rulesOver(builder.finish(), read.options ?? {}), ...contents };
}

function rulesOver(table: Table, options: Partial<AlertOptions>): Alert[] {
  const settings = { ...DEFAULT_ALERT_OPTIONS, ...options };
  const alerts = table.series.flatMap((one) => alertsOfSeries(one, table, settings));
  return alerts.sort(
    (a, b) =>
      byCodeUnits(a.field, b.field) ||
      byCodeUnits(a.index, b.index) ||
      byCodeUnits(a.date, b.date) ||
      ALERT_RULES.indexOf(a.rule) - ALERT_RULES.indexOf(b.rule),
  );
}
