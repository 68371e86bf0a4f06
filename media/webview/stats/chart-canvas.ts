// The chart, drawn on a canvas of our own (no chart library: a time axis, lines, a band and points
// are a few hundred lines, and 1,000 fields are one path): every field found by the search as a
// thin line of its median (inside its p25–p75 band, where a skewed field's mean need not be),
// the selected fields in colour with their p25–p75 band and their points,
// a date with little valid area as a hollow, faded point. By day of year, each season of a
// selected field is its own line over the same months. Colours only from the theme's variables.
import {
  DEFAULT_SHOWN,
  MONTHS,
  dayOfYear,
  isFaded,
  seasons,
  stat,
  ticks,
  timeLabels,
  valueRange,
  yearOf,
} from './chart-model';
import type { AxisLabel, IndexView } from './chart-model';
import { MARKERS, drawSwatch, traceMarker } from './markers';
import type { SeriesStyle, SwatchStyle } from './markers';
import { STAT_COLUMNS } from '../../../src/ui/webview/stats/protocol';
import type { PackedTable } from '../../../src/ui/webview/stats/protocol';

export type ChartMode = 'time' | 'doy';

export interface ChartState {
  table: PackedTable;
  view: IndexView;
  /** Fields drawn as thin lines (the search's result). */
  drawn: readonly number[];
  /** Fields drawn in colour, with their band and points. */
  selected: readonly number[];
  /** Each selected field's style (styleSlots): its colour whatever else is selected. */
  slots: ReadonlyMap<number, number>;
  mode: ChartMode;
  threshold: number;
  /** A field and date to mark (a Field alerts row): a dashed line at the date, a ring at the point. */
  focus?: { field: number; date: number };
}

export interface HitPoint {
  x: number;
  y: number;
  field: number;
  date: number;
}

const PALETTE = [
  '--vscode-charts-blue',
  '--vscode-charts-orange',
  '--vscode-charts-green',
  '--vscode-charts-purple',
  '--vscode-charts-red',
  '--vscode-charts-yellow',
];
const DASHES = [[], [6, 3], [2, 3], [8, 3, 2, 3]];
const MONTH_STARTS = [1, 32, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];

function themeColour(name: string, fallback = '--vscode-foreground'): string {
  const style = getComputedStyle(document.documentElement);
  return style.getPropertyValue(name).trim() || style.getPropertyValue(fallback).trim() || '#888';
}

/** The k-th dash (solid, dashed, dotted…): by day of year each season's, by date each round of
 * the palette's. */
function nthDash(k: number): number[] {
  return DASHES[k % DASHES.length] as number[];
}

/** The style of the i-th selected field: its colour, and once the palette comes round again, its
 * dash (by date) and its point's shape (in both views), so six fields or twenty-four differ. */
export function seriesStyle(i: number): SeriesStyle {
  const round = Math.floor(i / PALETTE.length);
  return {
    colour: themeColour(PALETTE[i % PALETTE.length] as string),
    dash: nthDash(round),
    marker: MARKERS[round % MARKERS.length] as SeriesStyle['marker'],
  };
}

export class ChartCanvas {
  private points: HitPoint[] = [];
  lines = 0;

  constructor(readonly canvas: HTMLCanvasElement) {}

  /** Draws `state` and returns how many lines it drew. */
  draw(state: ChartState): number {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(200, this.canvas.clientWidth);
    const height = Math.max(160, this.canvas.clientHeight);
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return 0;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = themeColour('--vscode-editor-background', '--vscode-sideBar-background');
    ctx.fillRect(0, 0, width, height);
    const { table, view } = state;
    const plot = { left: 56, top: 12, right: width - 12, bottom: height - 34 };
    const [low, high] = valueRange(table, view, state.drawn, state.selected);
    const y = (v: number) => plot.bottom - ((v - low) / (high - low)) * (plot.bottom - plot.top);
    const times = table.dates.map((d) => Date.parse(`${d}T00:00:00Z`));
    const first = times[0] ?? 0;
    const last = times[times.length - 1] ?? 1;
    const span = Math.max(last - first, 86_400_000);
    const xOfDate =
      state.mode === 'time'
        ? (d: number) => plot.left + (((times[d] as number) - first) / span) * (plot.right - plot.left)
        : (d: number) => plot.left + ((dayOfYear(table.dates[d] as string) - 1) / 365) * (plot.right - plot.left);
    this.axes(ctx, plot, low, high, y, state.mode, first, span);
    this.valueTitle(ctx, plot, `${table.indices[view.index] ?? ''} (median)`);
    this.points = [];
    this.lines = 0;
    if (state.mode === 'time') this.background(ctx, state, xOfDate, y);
    this.selectedLines(ctx, state, xOfDate, y);
    if (state.focus) this.focusMark(ctx, state, state.focus, plot, xOfDate, y);
    return this.lines;
  }

  /** The chart as a PNG that reads on its own: a title above it and under it the selected fields'
   * swatches, then (by day of year) each season's dash, on the theme's background, at the chart's
   * own pixel density. */
  png(title: string, fields: readonly { label: string; style: SwatchStyle }[], seasons: readonly string[]): string {
    const legend = [
      ...fields,
      ...seasons.map((year, k) => ({
        label: year,
        style: { colour: themeColour('--vscode-descriptionForeground'), dash: nthDash(k) },
      })),
    ];
    const chart = this.canvas;
    const ratio = chart.width / Math.max(1, chart.clientWidth || chart.width);
    const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
    const out = document.createElement('canvas');
    const measure = out.getContext('2d');
    if (!measure) return chart.toDataURL('image/png');
    measure.font = `${12 * ratio}px ${family}`;
    // The legend's items laid out in rows across the chart's width.
    const pad = 10 * ratio;
    const swatch = { width: 22 * ratio, height: 12 * ratio };
    const rowHeight = 18 * ratio;
    const placed: { x: number; row: number; label: string; style: SwatchStyle }[] = [];
    let x = pad;
    let row = 0;
    for (const item of legend) {
      const w = swatch.width + 6 * ratio + measure.measureText(item.label).width + 14 * ratio;
      if (x + w > chart.width - pad && x > pad) {
        row++;
        x = pad;
      }
      placed.push({ x, row, ...item });
      x += w;
    }
    const titleHeight = 26 * ratio;
    const legendHeight = legend.length > 0 ? (row + 1) * rowHeight + pad : 0;
    out.width = chart.width;
    out.height = titleHeight + chart.height + legendHeight;
    const ctx = out.getContext('2d');
    if (!ctx) return chart.toDataURL('image/png');
    ctx.fillStyle = themeColour('--vscode-editor-background', '--vscode-sideBar-background');
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.fillStyle = themeColour('--vscode-foreground');
    ctx.font = `600 ${13 * ratio}px ${family}`;
    ctx.textBaseline = 'middle';
    ctx.fillText(title, pad, titleHeight / 2, chart.width - 2 * pad);
    ctx.drawImage(chart, 0, titleHeight);
    ctx.font = `${12 * ratio}px ${family}`;
    for (const p of placed) {
      const y = titleHeight + chart.height + p.row * rowHeight + rowHeight / 2;
      drawSwatch(ctx, p.style, p.x, y - swatch.height / 2, swatch.width, swatch.height);
      ctx.fillStyle = themeColour('--vscode-foreground');
      ctx.fillText(p.label, p.x + swatch.width + 6 * ratio, y);
    }
    return out.toDataURL('image/png');
  }

  /** The point nearest (px, py) in CSS pixels, within 10 px. */
  hit(px: number, py: number): HitPoint | undefined {
    let best: HitPoint | undefined;
    let bestDistance = 100;
    for (const p of this.points) {
      const d = (p.x - px) ** 2 + (p.y - py) ** 2;
      if (d <= bestDistance) {
        best = p;
        bestDistance = d;
      }
    }
    return best;
  }

  /** The vertical axis named by the index drawn, along its left edge. */
  private valueTitle(
    ctx: CanvasRenderingContext2D,
    plot: { left: number; top: number; right: number; bottom: number },
    title: string,
  ): void {
    ctx.save();
    ctx.fillStyle = themeColour('--vscode-descriptionForeground');
    ctx.font = `11px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    ctx.translate(10, (plot.top + plot.bottom) / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(title, 0, 0);
    ctx.restore();
  }

  private axes(
    ctx: CanvasRenderingContext2D,
    plot: { left: number; top: number; right: number; bottom: number },
    low: number,
    high: number,
    y: (v: number) => number,
    mode: ChartMode,
    first: number,
    span: number,
  ): void {
    const grid = themeColour('--vscode-editorWidget-border', '--vscode-panel-border');
    const text = themeColour('--vscode-descriptionForeground');
    ctx.font = `11px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    ctx.lineWidth = 1;
    ctx.strokeStyle = grid;
    ctx.fillStyle = text;
    ctx.globalAlpha = 1;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const v of ticks(low, high)) {
      const yy = Math.round(y(v)) + 0.5;
      ctx.globalAlpha = 0.35;
      ctx.beginPath();
      ctx.moveTo(plot.left, yy);
      ctx.lineTo(plot.right, yy);
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.fillText(String(v), plot.left - 6, yy);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    const labels: AxisLabel[] =
      mode === 'doy'
        ? MONTH_STARTS.map((d, i) => ({
            x: plot.left + ((d - 1) / 365) * (plot.right - plot.left),
            label: MONTHS[i] as string,
          }))
        : timeLabels(first, span, plot.left, plot.right);
    // By date the labels are already as many as the width has room for (timeLabels); the months of
    // the year (by day of year) are thinned here.
    const every =
      mode === 'doy'
        ? Math.max(1, Math.ceil(labels.length / Math.max(1, Math.floor((plot.right - plot.left) / 56))))
        : 1;
    labels.forEach((l, i) => {
      const xx = Math.round(l.x) + 0.5;
      if (!l.partial) {
        ctx.globalAlpha = 0.2;
        ctx.beginPath();
        ctx.moveTo(xx, plot.top);
        ctx.lineTo(xx, plot.bottom);
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
      // A label at the axis's end is kept inside the canvas ("24 Nov" lost its "v").
      const half = ctx.measureText(l.label).width / 2;
      if (i % every === 0) ctx.fillText(l.label, Math.min(xx, plot.right + 10 - half), plot.bottom + 6);
    });
    // The labels written under the axis, for the browser test (a canvas's text cannot be read).
    this.canvas.dataset.ticks = labels
      .filter((_, i) => i % every === 0)
      .map((l) => l.label)
      .join('|');
    ctx.strokeStyle = grid;
    ctx.beginPath();
    ctx.moveTo(plot.left + 0.5, plot.top);
    ctx.lineTo(plot.left + 0.5, plot.bottom + 0.5);
    ctx.lineTo(plot.right, plot.bottom + 0.5);
    ctx.stroke();
  }

  /** Every field found, as one path of thin lines: 1,000 fields are one stroke. The medians are read
   * straight from the packed statistics and each date's x computed once (52,000 points). */
  private background(
    ctx: CanvasRenderingContext2D,
    state: ChartState,
    x: (d: number) => number,
    y: (v: number) => number,
  ): void {
    const { table, view } = state;
    const chosen = new Set(state.selected);
    const xs = Float64Array.from({ length: view.dateCount }, (_, d) => x(d));
    const { stats } = table;
    const { rowAt, dateCount } = view;
    const width = STAT_COLUMNS.length;
    const path = new Path2D();
    for (const f of state.drawn) {
      if (chosen.has(f)) continue;
      let pen = false;
      const base = f * dateCount;
      for (let d = 0; d < dateCount; d++) {
        const row = rowAt[base + d] as number;
        if (row < 0) continue;
        const v = stats[row * width + 1] as number; // the median: STAT_COLUMNS[1]
        if (v !== v) continue; // NaN: no value
        if (pen) path.lineTo(xs[d] as number, y(v));
        else path.moveTo(xs[d] as number, y(v));
        pen = true;
      }
      this.lines++;
    }
    ctx.save();
    ctx.strokeStyle = themeColour('--vscode-descriptionForeground');
    ctx.globalAlpha = state.drawn.length > 200 ? 0.15 : 0.3;
    ctx.lineWidth = 1;
    ctx.stroke(path);
    ctx.restore();
  }

  private selectedLines(
    ctx: CanvasRenderingContext2D,
    state: ChartState,
    x: (d: number) => number,
    y: (v: number) => number,
  ): void {
    const { table, view } = state;
    const years = seasons(table.dates);
    state.selected.forEach((f, i) => {
      const style = seriesStyle(state.slots.get(f) ?? i);
      const { colour, dash } = style;
      // By day of year, each season is a line of its own (its dash says the year); by date, one line.
      const groups =
        state.mode === 'doy'
          ? years.map((year) => ({
              dash: nthDash(years.indexOf(year)),
              dates: datesOf(table.dates, (d) => yearOf(d) === year),
            }))
          : [{ dash, dates: datesOf(table.dates, () => true) }];
      for (const group of groups) {
        const points = group.dates
          .map((d) => ({ d, row: view.rowAt[f * view.dateCount + d] as number }))
          .filter((p) => p.row >= 0 && Number.isFinite(stat(table, p.row, 'median')));
        if (points.length === 0) continue;
        if (bandsShown(state)) this.band(ctx, table, points, colour, x, y);
        ctx.save();
        ctx.strokeStyle = colour;
        ctx.lineWidth = 2;
        ctx.setLineDash(group.dash);
        ctx.beginPath();
        points.forEach((p, k) =>
          k === 0
            ? ctx.moveTo(x(p.d), y(stat(table, p.row, 'median')))
            : ctx.lineTo(x(p.d), y(stat(table, p.row, 'median'))),
        );
        ctx.stroke();
        ctx.restore();
        this.lines++;
        for (const p of points) this.point(ctx, table, p, f, style, state.threshold, x, y);
      }
    });
  }

  /** The date a Field alerts row asked for: a dashed line across the plot, and a ring round the
   * field's point when it has one. */
  private focusMark(
    ctx: CanvasRenderingContext2D,
    { table, view }: ChartState,
    focus: { field: number; date: number },
    plot: { top: number; bottom: number },
    x: (d: number) => number,
    y: (v: number) => number,
  ): void {
    const px = x(focus.date);
    ctx.save();
    ctx.strokeStyle = themeColour('--vscode-editorWarning-foreground', '--vscode-charts-orange');
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(px, plot.top);
    ctx.lineTo(px, plot.bottom);
    ctx.stroke();
    const row = view.rowAt[focus.field * view.dateCount + focus.date] as number;
    const value = row >= 0 ? stat(table, row, 'median') : Number.NaN;
    if (Number.isFinite(value)) {
      ctx.setLineDash([]);
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(px, y(value), 8, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
  }

  private band(
    ctx: CanvasRenderingContext2D,
    table: PackedTable,
    points: { d: number; row: number }[],
    colour: string,
    x: (d: number) => number,
    y: (v: number) => number,
  ): void {
    const withBand = points.filter(
      (p) => Number.isFinite(stat(table, p.row, 'p25')) && Number.isFinite(stat(table, p.row, 'p75')),
    );
    if (withBand.length === 0) return;
    ctx.save();
    ctx.fillStyle = colour;
    ctx.globalAlpha = 0.12;
    ctx.beginPath();
    withBand.forEach((p, k) =>
      k === 0 ? ctx.moveTo(x(p.d), y(stat(table, p.row, 'p75'))) : ctx.lineTo(x(p.d), y(stat(table, p.row, 'p75'))),
    );
    for (let k = withBand.length - 1; k >= 0; k--) {
      const p = withBand[k] as { d: number; row: number };
      ctx.lineTo(x(p.d), y(stat(table, p.row, 'p25')));
    }
    ctx.closePath();
    if (withBand.length === 1) {
      const p = withBand[0] as { d: number; row: number };
      ctx.fillRect(
        x(p.d) - 3,
        y(stat(table, p.row, 'p75')),
        6,
        y(stat(table, p.row, 'p25')) - y(stat(table, p.row, 'p75')),
      );
    } else ctx.fill();
    ctx.restore();
  }

  private point(
    ctx: CanvasRenderingContext2D,
    table: PackedTable,
    p: { d: number; row: number },
    field: number,
    { colour, marker }: SeriesStyle,
    threshold: number,
    x: (d: number) => number,
    y: (v: number) => number,
  ): void {
    const px = x(p.d);
    const py = y(stat(table, p.row, 'median'));
    const faded = isFaded(table, p.row, threshold);
    ctx.save();
    traceMarker(ctx, marker, px, py, faded ? 3.5 : 3);
    if (faded) {
      // Little valid area: a hollow, faded point, so it reads as less sure than its neighbours;
      // its ring stays visible on a dark background (the whole point at 45 % vanished there).
      ctx.fillStyle = themeColour('--vscode-editor-background', '--vscode-sideBar-background');
      ctx.fill();
      ctx.globalAlpha = 0.75;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 1.75;
      ctx.stroke();
    } else {
      ctx.fillStyle = colour;
      ctx.fill();
    }
    ctx.restore();
    this.points.push({ x: px, y: py, field, date: p.d });
  }
}

/** Bands for a few fields only (seasons laid over each other: two), or they cover each other. */
export function bandsShown(state: Pick<ChartState, 'mode' | 'selected'>): boolean {
  return state.selected.length <= (state.mode === 'time' ? BANDS_BY_DATE : BANDS_BY_DAY);
}

export const BANDS_BY_DATE = DEFAULT_SHOWN;
export const BANDS_BY_DAY = 2;

function datesOf(dates: readonly string[], keep: (date: string) => boolean): number[] {
  const out: number[] = [];
  dates.forEach((d, i) => {
    if (keep(d)) out.push(i);
  });
  return out;
}
