// The messages between the extension host and the Show on Map page, in both directions, checked
// on arrival on both sides. Geometry travels packed in typed arrays (src/geometry/packed.ts),
// never as JSON arrays of arrays: postMessage carries a typed array as bytes. This file must not
// import `vscode`.
import * as z from 'zod/mini';
import { basemapReplySchema, basemapRequestSchema } from '../common/protocol';

const packed = z.object({
  coordinates: z.instanceof(Float64Array),
  ringEnds: z.instanceof(Uint32Array),
  polygonEnds: z.instanceof(Uint32Array),
});
const box = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });
const point = z.tuple([z.number(), z.number()]);

const feature = z.object({
  id: z.string(),
  kind: z.enum(['aoi', 'billed', 'tile', 'miniTile', 'order', 'footprint', 'workspace', 'problem', 'fieldValue']),
  polygons: z.optional(packed),
  point: z.optional(point),
  label: z.optional(z.string()),
  /** Written on the map (a tile's id, a series date), in caption row `captionRow` (default 0). */
  caption: z.optional(z.string()),
  captionRow: z.optional(z.number()),
  status: z.optional(z.enum(['active', 'pending', 'ended', 'failed'])),
  severity: z.optional(z.enum(['error', 'warning'])),
  selected: z.optional(z.boolean()),
  /** Field values: the fill, a #rrggbb of the ramp (none: the field has no value). */
  fill: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/))),
});

/** What the page draws of the AOI document. */
const aoiMessage = z.object({
  type: z.literal('aoi'),
  /** The document's name, for the heading. */
  name: z.string(),
  /** The last good geometry (undefined: the document never parsed, or is empty). */
  polygons: z.optional(packed),
  billedBoxes: z.array(box),
  areaKm2: z.optional(z.number()),
  billedAreaKm2: z.optional(z.number()),
  vertexCount: z.number(),
  /** Vertices drawn, when the geometry was thinned for display. */
  drawnVertexCount: z.number(),
  /** Problems of the Problems panel that have a place. */
  problems: z.array(z.object({ at: point, message: z.string(), severity: z.enum(['error', 'warning']) })),
  /** The document does not parse now: the drawing is the last good one. */
  invalid: z.optional(z.object({ message: z.string(), line: z.number(), column: z.number() })),
  /** The document holds no text (or only white space). */
  empty: z.boolean(),
  /** Zoom to the AOI (first drawing, or the person asked). */
  fit: z.boolean(),
});

const layerMessage = z.object({
  type: z.literal('layer'),
  id: z.string(),
  title: z.string(),
  features: z.array(feature),
  visible: z.optional(z.boolean()),
  zIndex: z.number(),
});

/** The AOI's fields coloured by their latest value (field-values-layer.ts), with the ramp's legend
 * (none when no field has a value). */
const fieldValuesMessage = z.object({
  type: z.literal('fieldValues'),
  id: z.string(),
  title: z.string(),
  features: z.array(feature),
  zIndex: z.number(),
  legend: z.optional(
    z.object({
      index: z.string(),
      statistic: z.string(),
      table: z.string(),
      min: z.number(),
      max: z.number(),
      minText: z.string(),
      maxText: z.string(),
      firstDate: z.string(),
      lastDate: z.string(),
      stops: z.array(z.string().check(z.regex(/^#[0-9a-f]{6}$/))),
      withoutValue: z.number(),
      /** What the colours say: the latest value (a sequential ramp), or the change since the
       * previous valid date (a diverging one, no change in its middle: `midText`). */
      mode: z.optional(z.enum(['latest', 'change'])),
      midText: z.optional(z.string()),
      /** The fields and their figures as text, one line each (what the colours say, for a screen
       * reader and for copying). */
      lines: z.optional(z.array(z.string()).check(z.maxLength(20_000))),
    }),
  ),
});

const imageMessage = z.object({
  type: z.literal('image'),
  id: z.string(),
  title: z.string(),
  url: z.string(),
  bbox: box,
  zIndex: z.number(),
});

/** Downloaded images drawn in place: quick-looks already reprojected to Web Mercator (EPSG:3857),
 * each an RGBA buffer (a typed array: bytes, not JSON numbers) and its extent in metres. */
const imagesMessage = z.object({
  type: z.literal('images'),
  id: z.string(),
  title: z.string(),
  zIndex: z.number(),
  images: z.array(
    z.object({
      key: z.string(),
      width: z.number(),
      height: z.number(),
      rgba: z.instanceof(Uint8Array),
      extent: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    }),
  ),
});

const highlightMessage = z.object({ type: z.literal('highlight'), polygon: z.optional(z.number()) });
const configMessage = z.object({ type: z.literal('config'), tileUrl: z.optional(z.string()) });

export const hostMessageSchema = z.discriminatedUnion('type', [
  configMessage,
  aoiMessage,
  layerMessage,
  fieldValuesMessage,
  imageMessage,
  imagesMessage,
  highlightMessage,
  basemapReplySchema,
]);

export const pageMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The map asks for a basemap file (never fetched: see common/protocol.ts). */
  basemapRequestSchema,
  /** The person clicked a polygon of the AOI: reveal its text. */
  z.object({ type: z.literal('reveal'), polygon: z.number() }),
  /** What the page drew (tests and the bench read it). */
  z.object({
    type: z.literal('drawn'),
    /** Milliseconds from the host message's arrival to this frame. */
    ms: z.number(),
    /** 'layers': the layers are set (counts known, nothing painted yet); 'frame': the first frame
     * showing the AOI; 'complete': everything drawn, the basemap included. */
    phase: z.enum(['layers', 'frame', 'complete']),
    layers: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        visible: z.boolean(),
        toggleable: z.boolean(),
        featureCount: z.number(),
        /** The first feature ids of the layer (tests check what is listed). */
        ids: z.optional(z.array(z.string())),
      }),
    ),
    basemapScales: z.array(z.string()),
    /** The basemap files read so far (land, water, places), e.g. 'places/19_14.json'. */
    basemapFiles: z.array(z.string()),
    typedArrays: z.boolean(),
  }),
  z.object({ type: z.literal('toggle'), id: z.string(), visible: z.boolean() }),
  /** The person chose what the fields' colours say: their latest value, or their change since the
   * previous valid date. */
  z.object({ type: z.literal('colourFields'), by: z.enum(['latest', 'change']) }),
]);

export type MapHostMessage = z.infer<typeof hostMessageSchema>;
export type MapPageMessage = z.infer<typeof pageMessageSchema>;
export type AoiMessage = z.infer<typeof aoiMessage>;
export type LayerMessage = z.infer<typeof layerMessage>;
export type ImagesMessage = z.infer<typeof imagesMessage>;
export type FieldValuesMessage = z.infer<typeof fieldValuesMessage>;
export type FieldColouring = Extract<MapPageMessage, { type: 'colourFields' }>['by'];
export type DrawnMessage = Extract<MapPageMessage, { type: 'drawn' }>;
