// What the field statistics chart shows, apart from drawing: the rows of one index laid out per
// field and date, the fields a search finds, the default selection, the day of year of a date,
// the value range of what is drawn, and the rows of the table. Pure (no DOM), so it is unit-tested
// in plain Node and the first frame of 1,000 fields × 52 dates costs one pass over the rows.
import { STAT_COLUMNS } from '../../../src/ui/webview/stats/protocol';
import type { PackedTable, StatColumn } from '../../../src/ui/webview/stats/protocol';

/** Fields selected at first: the first ones of the area file, the rest one search away. */
export const DEFAULT_SHOWN = 5;

const WIDTH = STAT_COLUMNS.length;
const COLUMN = Object.fromEntries(STAT_COLUMNS.map((c, i) => [c, i])) as Record<StatColumn, number>;

export interface IndexView {
  index: number;
  fieldCount: number;
  dateCount: number;
  /** The row of (field, date) for this index: rowAt[field * dateCount + date], -1 where none. */
  rowAt: Int32Array;
}

export function indexView(table: PackedTable, index: number): IndexView {
  const fieldCount = table.fields.length;
  const dateCount = table.dates.length;
  const rowAt = new Int32Array(fieldCount * dateCount).fill(-1);
  for (let r = 0; r < table.field.length; r++) {
    if (table.index[r] !== index) continue;
    const at = (table.field[r] as number) * dateCount + (table.date[r] as number);
    // Two images of one date (two tiles of a day): the one that saw more of the field, as the
    // host opens it (compute.ts imageOf); the first of equals.
    const before = rowAt[at] as number;
    if (before < 0 || validPixels(table, r) > validPixels(table, before)) rowAt[at] = r;
  }
  return { index, fieldCount, dateCount, rowAt };
}

function validPixels(table: PackedTable, row: number): number {
  const v = stat(table, row, 'valid_pixels');
  return Number.isFinite(v) ? v : 0;
}

/** Each selected field's style (its colour): kept while the field stays selected, so picking or
 * dropping another field never recolours it; a newly selected field takes the lowest one free. */
export function styleSlots(previous: ReadonlyMap<number, number>, selected: readonly number[]): Map<number, number> {
  const slots = new Map<number, number>();
  for (const f of selected) {
    const slot = previous.get(f);
    if (slot !== undefined) slots.set(f, slot);
  }
  const used = new Set(slots.values());
  let free = 0;
  for (const f of selected) {
    if (slots.has(f)) continue;
    while (used.has(free)) free++;
    slots.set(f, free);
    used.add(free);
  }
  return slots;
}

export function stat(table: PackedTable, row: number, column: StatColumn): number {
  return table.stats[row * WIDTH + COLUMN[column]] as number;
}

/** The fields whose id contains `query` (case-insensitive), in the file's order. */
export function searchFields(fields: readonly string[], query: string): number[] {
  const q = query.trim().toLowerCase();
  const found: number[] = [];
  fields.forEach((f, i) => {
    if (q === '' || f.toLowerCase().includes(q)) found.push(i);
  });
  return found;
}

export function defaultSelection(fieldCount: number, shown = DEFAULT_SHOWN): number[] {
  return Array.from({ length: Math.min(fieldCount, shown) }, (_, i) => i);
}

/** 1 for 1 January; 366 only for 31 December of a leap year. */
export function dayOfYear(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  const start = Date.UTC(Number(date.slice(0, 4)), 0, 1);
  return Math.round((time - start) / 86_400_000) + 1;
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** The lowest and highest value drawn: the medians of every field drawn or selected, and the
 * p25–p75 band of the selected ones. A flat or empty range is widened so the axis has a height. */
export function valueRange(
  table: PackedTable,
  view: IndexView,
  drawn: readonly number[],
  selected: readonly number[],
): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  const { stats } = table;
  const { rowAt, dateCount } = view;
  const chosen = new Set(selected);
  const [median, p25, p75] = [COLUMN.median, COLUMN.p25, COLUMN.p75];
  for (const f of new Set([...drawn, ...selected])) {
    const band = chosen.has(f);
    for (let d = 0; d < dateCount; d++) {
      const row = rowAt[f * dateCount + d] as number;
      if (row < 0) continue;
      const o = row * WIDTH;
      // NaN fails both comparisons: a statistic with no value widens nothing.
      const v = stats[o + median] as number;
      if (v < low) low = v;
      if (v > high) high = v;
      if (band) {
        const a = stats[o + p25] as number;
        const b = stats[o + p75] as number;
        if (a < low) low = a;
        if (b > high) high = b;
      }
    }
  }
  if (low === Infinity) return [0, 1];
  if (high - low < 1e-9) return [low - 0.5, high + 0.5];
  const pad = (high - low) * 0.05;
  return [low - pad, high + pad];
}

/** Round steps for an axis from `low` to `high`, about `count` of them. */
export function ticks(low: number, high: number, count = 5): number[] {
  const raw = (high - low) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** The seasons (years) the dates span, oldest first. */
export function seasons(dates: readonly string[]): number[] {
  return [...new Set(dates.map(yearOf))].sort((a, b) => a - b);
}

export interface TableLine {
  row: number;
  field: string;
  date: string;
  index: string;
  faded: boolean;
}

/** The table's rows: the selected fields, each date in order, for the index shown. */
export function tableLines(
  table: PackedTable,
  view: IndexView,
  selected: readonly number[],
  threshold: number,
  limit = 5000,
): TableLine[] {
  const lines: TableLine[] = [];
  for (const f of selected) {
    for (let d = 0; d < view.dateCount && lines.length < limit; d++) {
      const row = view.rowAt[f * view.dateCount + d] as number;
      if (row < 0) continue;
      lines.push({
        row,
        field: table.fields[f] as string,
        date: table.dates[d] as string,
        index: table.indices[view.index] as string,
        faded: isFaded(table, row, threshold),
      });
    }
  }
  return lines;
}

/** A date with little valid area in the field (or none at all) is drawn faded and marked. */
export function isFaded(table: PackedTable, row: number, threshold: number): boolean {
  const fraction = stat(table, row, 'valid_fraction');
  return !(fraction >= threshold);
}

/** A number as the table shows it: four significant digits, a fraction as a percentage. */
export function formatStat(value: number, column: StatColumn): string {
  if (!Number.isFinite(value)) return '–';
  if (column === 'valid_fraction') return `${(value * 100).toFixed(0)} %`;
  if (column === 'valid_pixels' || column === 'nodata_pixels') return String(Math.round(value));
  return Number(value.toPrecision(4)).toString();
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Room (px) a month's name needs between the time axis's start and the next month's line. */
const PARTIAL_MONTH_ROOM = 36;

/** A label under the time axis at `x`; `partial`: a month begun before the axis's start (no grid line). */
export interface AxisLabel {
  x: number;
  label: string;
  partial?: true;
}

/**
 * The time axis's labels: the first of each month between `first` and `first + span` (a year's
 * number on 1 January), placed between `left` and `right`; and, when the dates start within a
 * month, that month's name at the axis's start (`partial`: no grid line, the month began earlier),
 * where it has room before the next month's line. A season from 2 May said no month until June.
 */
export function monthLabels(first: number, span: number, left: number, right: number): AxisLabel[] {
  const start = new Date(first);
  const out: AxisLabel[] = [];
  let year = start.getUTCFullYear();
  let month = start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1);
  for (;;) {
    year += Math.floor(month / 12);
    month %= 12;
    const t = Date.UTC(year, month, 1);
    if (t > first + span) break;
    out.push({
      x: left + ((t - first) / span) * (right - left),
      label: month === 0 ? String(year) : (MONTHS[month] as string),
    });
    month++;
  }
  if (start.getUTCDate() !== 1 && (out[0]?.x ?? right) - left >= PARTIAL_MONTH_ROOM)
    out.unshift({ x: left, label: MONTHS[start.getUTCMonth()] as string, partial: true });
  return out;
}

const DAY = 86_400_000;
/** Room (px) one time label needs: "28 Nov" (about 34 px in the chart's 11 px font) and its gap. */
const LABEL_ROOM = 44;
/** Up to this span the axis counts days (each day, every other day, Mondays, every other Monday);
 * a longer one (a season, years) counts months. */
const DAY_TICKS_UP_TO = 92 * DAY;

/**
 * The time axis's labels, adapted to the span so the axis never says one word for all of it: for
 * weeks, days ("3 Nov", the year added where it changes), as often as the width has room for; for
 * a season or longer, months (every one, or every 2nd, 3rd, 6th, 12th), a year's number on January.
 * Over three weeks of November the axis once said only "Nov".
 */
export function timeLabels(first: number, span: number, left: number, right: number): AxisLabel[] {
  const room = Math.max(1, Math.floor((right - left) / LABEL_ROOM));
  const place = (t: number) => left + ((t - first) / span) * (right - left);
  if (span <= DAY_TICKS_UP_TO) {
    for (const step of [1, 2, 7, 14]) {
      const days = dayTicks(first, span, step);
      if (days.length <= room) return dayLabels(days, place);
    }
  }
  for (const step of [1, 2, 3, 6, 12]) {
    if (step === 1) {
      const months = monthLabels(first, span, left, right);
      if (months.length <= room) return months;
      continue;
    }
    const months = monthTicks(first, span, step);
    if (months.length <= room || step === 12) return months.map((t) => ({ x: place(t), label: monthName(t) }));
  }
  return [];
}

/** Midnights from `first` to `first + span`, every `step` days; a week's step falls on Mondays. */
function dayTicks(first: number, span: number, step: number): number[] {
  let t = Math.ceil(first / DAY) * DAY;
  if (step >= 7) while (new Date(t).getUTCDay() !== 1) t += DAY;
  const out: number[] = [];
  for (; t <= first + span; t += step * DAY) out.push(t);
  return out;
}

function dayLabels(days: readonly number[], place: (t: number) => number): AxisLabel[] {
  let year: number | undefined;
  return days.map((t, i) => {
    const d = new Date(t);
    const label = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()] as string}`;
    // The year where it changes (not on the first label: the title and the table say it).
    const changed = i > 0 && year !== d.getUTCFullYear();
    year = d.getUTCFullYear();
    return { x: place(t), label: changed ? `${label} ${year}` : label };
  });
}

/** The first days of the months from `first` to `first + span` whose month is a multiple of `step`. */
function monthTicks(first: number, span: number, step: number): number[] {
  const start = new Date(first);
  let year = start.getUTCFullYear();
  let month = Math.ceil((start.getUTCMonth() + (start.getUTCDate() === 1 ? 0 : 1)) / step) * step;
  const out: number[] = [];
  for (;;) {
    year += Math.floor(month / 12);
    month %= 12;
    const t = Date.UTC(year, month, 1);
    if (t > first + span) return out;
    out.push(t);
    month += step;
  }
}

function monthName(t: number): string {
  const d = new Date(t);
  return d.getUTCMonth() === 0 ? String(d.getUTCFullYear()) : (MONTHS[d.getUTCMonth()] as string);
}
