// The messages between the extension host and the field statistics page, in both directions, as
// zod schemas; the TypeScript types are inferred from them (z.infer), never written twice. The long
// table travels packed: names once (fields, dates, indices, images) and, per row, indices into
// them and the statistics as one Float64Array (NaN: no value), which postMessage carries as
// binary. 1,000 fields × 52 dates is 52,000 rows: about 5 MB of numbers, not 20 MB of JSON.
// Must not import `vscode`.
import * as z from 'zod/mini';
import { Views } from '../../constants';

// The statistics of a row, in this order, STAT_COLUMNS.length numbers per row (packed-table.ts
// writes them in this order by name; its unit test compares each column).
export { STAT_COLUMNS } from '../../../common/stat-columns';
export type { StatColumn } from '../../../common/stat-columns';

export const STATS_VIEW_TYPE = Views.fieldStatistics;

const indexArray = z.custom<Uint32Array>((v) => v instanceof Uint32Array, 'Uint32Array');
const numbers = z.custom<Float64Array>((v) => v instanceof Float64Array, 'Float64Array');
/** The chart as a PNG data URL (canvas.toDataURL): text crosses every webview transport alike. */
const pngDataUrl = z
  .string()
  .check(z.regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/), z.maxLength(64 * 1024 * 1024));

/** The long table, one entry per row in each array; `stats` holds STAT_COLUMNS.length numbers per row. */
const packedTableSchema = z.object({
  fields: z.array(z.string()),
  /** YYYY-MM-DD, ascending. */
  dates: z.array(z.string()),
  indices: z.array(z.string()),
  field: indexArray,
  date: indexArray,
  index: indexArray,
  stats: numbers,
});

const showSchema = z.object({
  type: z.literal('show'),
  title: z.string(),
  /** What was measured: the area file, the images folder and the pixel rule, in words. */
  subtitle: z.string(),
  table: packedTableSchema,
  /** Dates whose field has less valid area than this (0..1) are drawn faded and marked. */
  validThreshold: z.number().check(z.gte(0), z.lte(1)),
  /** Images that could not be measured, each with its reason. */
  failures: z.array(z.object({ image: z.string(), reason: z.string() })),
});

export const statsHostSchema = z.discriminatedUnion('type', [
  showSchema,
  /** An export was written (or not: `error`); `file` is the path the person chose. */
  z.object({
    type: z.literal('exported'),
    what: z.enum(['csv', 'png']),
    file: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
  /** Asks the page for its chart as a PNG (answered with `png`); tests and the PNG export. */
  z.object({ type: z.literal('drawPng'), requestId: z.string() }),
  /** Shows one field at one date (a Field alerts row was clicked): that field alone selected, the
   * date marked on the chart and in the table, the index the alert is of, and a button that opens
   * that date's image with the field outlined. A field or date the table lacks shows nothing. */
  z.object({
    type: z.literal('focus'),
    field: z.string().check(z.minLength(1), z.maxLength(1000)),
    date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    index: z.optional(z.string().check(z.maxLength(200))),
    /** Why: the alert's sentence, shown beside the date. */
    note: z.optional(z.string().check(z.maxLength(2000))),
  }),
  /** Acts on the page as a person would (tests): search, select, switch the view. */
  z.object({
    type: z.literal('act'),
    search: z.optional(z.string()),
    select: z.optional(z.array(z.string())),
    view: z.optional(z.enum(['time', 'doy'])),
    index: z.optional(z.string()),
  }),
]);

export const statsPageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** A point of the chart (or a date of the table) was clicked: open the image of that row of the
   * table (the row the page drew, in the order the host sent them) with its field outlined. */
  z.object({ type: z.literal('openPoint'), row: z.int().check(z.minimum(0)) }),
  z.object({ type: z.literal('exportCsv') }),
  /** The chart as PNG, to save (`inReplyTo` when the host asked for it). */
  z.object({ type: z.literal('png'), dataUrl: pngDataUrl, inReplyTo: z.optional(z.string()) }),
  /** After each draw: what is shown, for tests and the log. */
  z.object({
    type: z.literal('rendered'),
    texts: z.record(z.string(), z.string()),
    /** Lines drawn (one per field, or per field and season), and the time the draw took. */
    lines: z.number(),
    drawMs: z.number(),
  }),
]);

export type PackedTable = z.infer<typeof packedTableSchema>;
export type StatsShowMessage = z.infer<typeof showSchema>;
export type StatsHostMessage = z.infer<typeof statsHostSchema>;
export type StatsPageMessage = z.infer<typeof statsPageSchema>;
export type StatsFocusMessage = Extract<StatsHostMessage, { type: 'focus' }>;
