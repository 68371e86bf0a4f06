// The messages between the extension host and the image viewer page, in both directions. Pixels
// travel as typed arrays (RGBA bytes, histogram counts), which postMessage carries as binary,
// never as JSON arrays of numbers. Both sides validate every message. Must not import `vscode`.
import * as z from 'zod/mini';
import { Views } from '../../constants';
import { basemapReplySchema, basemapRequestSchema } from '../common/protocol';

const rgba = z.custom<Uint8ClampedArray>((v) => v instanceof Uint8ClampedArray, 'RGBA bytes');
const counts = z.custom<Uint32Array>((v) => v instanceof Uint32Array, 'histogram counts');
const box = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const lonLat = z.tuple([z.number(), z.number()]);

const stretchCuts = z.array(z.object({ low: z.number(), high: z.number() }));
const direction = z.union([z.literal(-1), z.literal(1)]);

const preset = z.object({
  id: z.string(),
  label: z.string(),
  ramp: z.optional(z.enum(['gray', 'index'])),
  bands: z.array(z.string()),
});

/** One channel of a rendered view: its stretch and histogram, in values (reflectance, index). */
const channel = z.object({
  band: z.string(),
  /** How a value is named: reflectance, index value, or a plain number. */
  kind: z.enum(['reflectance', 'index', 'number']),
  low: z.number(),
  high: z.number(),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
  histogram: counts,
});

const showMessage = z.object({
  type: z.literal('show'),
  fileName: z.string(),
  width: z.number(),
  height: z.number(),
  /** Label/value rows of the metadata pane. */
  facts: z.array(z.object({ label: z.string(), value: z.string(), id: z.string() })),
  presets: z.array(preset),
  /** The requested area's rings in full-resolution pixel positions (column, row), when known. */
  aoi: z.optional(z.array(z.array(z.tuple([z.number(), z.number()])))),
  /** The request that made the image (pretty JSON from the STAC sidecar), when there is one. */
  requestText: z.optional(z.string()),
  /** The dates of the series the image belongs to (its folder's STAC ItemCollection), and its place. */
  series: z.optional(z.object({ dates: z.array(z.string()), index: z.number() })),
  /** The band mapping, cut-offs and dimming to start with: what the previous date's viewer showed. */
  display: z.optional(
    z.object({ presetId: z.string(), stretch: z.optional(stretchCuts), dimOutside: z.optional(z.boolean()) }),
  ),
  /** A field outlined over the image (Open Image's `outline`), in full-resolution pixel positions. */
  outline: z.optional(z.object({ rings: z.array(z.array(z.tuple([z.number(), z.number()]))), label: z.string() })),
  /** Where the image lies, in lon/lat, for the locator map: its outline and the requested area. */
  locator: z.optional(z.object({ footprint: z.array(lonLat), aoi: z.array(z.array(lonLat)) })),
});

const viewMessage = z.object({
  type: z.literal('view'),
  inReplyTo: z.string(),
  presetId: z.string(),
  /** The full-resolution window this view covers: [x0, y0, x1, y1]. */
  window: box,
  width: z.number(),
  height: z.number(),
  rgba,
  channels: z.array(channel),
  /** No channel has a valid pixel in this window (all nodata): nothing to stretch or draw. */
  empty: z.boolean(),
  /** The ramp as 256 RGBA colours, for the legend of a single band. */
  legend: z.optional(rgba),
  /** Image level read: 0 is full resolution. */
  level: z.number(),
});

const bandReading = z.object({
  name: z.string(),
  raw: z.nullable(z.number()),
  value: z.nullable(z.number()),
  kind: z.enum(['reflectance', 'index', 'number']),
});

const pixelMessage = z.object({
  type: z.literal('pixel'),
  inReplyTo: z.string(),
  column: z.number(),
  row: z.number(),
  /** undefined when outside the image. */
  inside: z.boolean(),
  lon: z.nullable(z.number()),
  lat: z.nullable(z.number()),
  x: z.number(),
  y: z.number(),
  crs: z.string(),
  bands: z.array(bandReading),
});

export const viewerHostSchema = z.discriminatedUnion('type', [
  showMessage,
  viewMessage,
  pixelMessage,
  /** Puts the inspector's cursor on a pixel, as the arrow keys do (tests, and "go to" later). */
  z.object({ type: z.literal('cursor'), column: z.number(), row: z.number() }),
  /** Outlines a field over the image (a viewer already open, asked again with an outline). */
  z.object({
    type: z.literal('outline'),
    rings: z.array(z.array(z.tuple([z.number(), z.number()]))),
    label: z.string(),
  }),
  /** Steps to the previous or next date of the series, as the page's buttons do (tests, commands). */
  z.object({ type: z.literal('step'), direction }),
  /** The file cannot be shown: what is wrong with it, and its size. */
  z.object({
    type: z.literal('failed'),
    fileName: z.string(),
    message: z.string(),
    fileSize: z.string(),
    inReplyTo: z.optional(z.string()),
  }),
  /** A basemap file the locator map asked for. */
  basemapReplySchema,
]);

export const viewerPageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** A view of `window` about `targetWidth` pixels wide; `stretch` overrides the percentile cut-offs (values, per channel). */
  z.object({
    type: z.literal('render'),
    requestId: z.string(),
    presetId: z.string(),
    window: box,
    targetWidth: z.number(),
    stretch: z.optional(stretchCuts),
    /** `stretch` came from another date of the series: used only where it suits this image. */
    carried: z.optional(z.boolean()),
  }),
  /** Open the previous / next date of the series in this one's place, with this band mapping, these cut-offs and this dimming. */
  z.object({
    type: z.literal('step'),
    direction,
    presetId: z.string(),
    stretch: z.optional(stretchCuts),
    dimOutside: z.optional(z.boolean()),
  }),
  z.object({ type: z.literal('inspect'), requestId: z.string(), column: z.number(), row: z.number() }),
  /** After each render: the text of every `data-testid` element, so tests can read what is shown. */
  z.object({ type: z.literal('rendered'), texts: z.record(z.string(), z.string()) }),
  /** The locator map asks for a basemap file (never fetched: see common/protocol.ts). */
  basemapRequestSchema,
]);

export type ViewerHostMessage = z.infer<typeof viewerHostSchema>;
export type ViewerPageMessage = z.infer<typeof viewerPageSchema>;
export type ViewMessage = z.infer<typeof viewMessage>;
export type PixelMessage = z.infer<typeof pixelMessage>;
export type ShowViewerMessage = z.infer<typeof showMessage>;
export type ViewChannel = z.infer<typeof channel>;

export const VIEWER_VIEW_TYPE = Views.imageViewer;
