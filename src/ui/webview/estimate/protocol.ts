// The messages between the extension host and the estimate webview, in both directions. Both sides
// import this file and validate every message on arrival: a webview is a separate page, and a
// message that does not parse is dropped rather than trusted. zod/mini keeps the webview bundle
// small (the classic API would add ~450 KB). This file must not import `vscode`.
import * as z from 'zod/mini';
import type { EstimateModel } from '../../../workflows/engine/estimate-view-model';
import { basemapReplySchema, basemapRequestSchema } from '../common/protocol';

const position = z.array(z.number());
const polygon = z.array(z.array(position));
const boundingBox = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });

const estimateAoi = z.object({
  polygons: z.array(polygon),
  billedBoxes: z.array(boundingBox),
  areaKm2: z.number(),
  billedAreaKm2: z.number(),
  minBilledKm2: z.optional(z.number()),
});

const common = {
  title: z.string(),
  aoi: z.optional(estimateAoi),
  settings: z.array(z.object({ label: z.string(), value: z.string() })),
  warnings: z.array(z.string()),
  payload: z.unknown(),
  budget: z.optional(z.number()),
};

const compositeModel = z.object({
  ...common,
  kind: z.literal('composite'),
  credits: z.optional(z.number()),
  areaEstimateKm2: z.optional(z.number()),
  fileSizeMB: z.optional(z.number()),
  timeSeconds: z.optional(z.number()),
  series: z.optional(z.object({ dates: z.array(z.object({ date: z.string(), credits: z.optional(z.number()) })), total: z.optional(z.number()) })),
  automaticOrder: z.optional(
    z.object({
      currency: z.string(),
      currentMonth: z.optional(z.number()),
      perMonth: z.optional(z.number()),
      billedKm2: z.optional(z.number()),
      note: z.string(),
      caveat: z.string(),
      request: z.unknown(),
    }),
  ),
});

const orderModel = z.object({
  ...common,
  kind: z.literal('order'),
  currency: z.string(),
  currentMonthOrder: z.optional(z.number()),
  currentMonthStorage: z.optional(z.number()),
  nextMonthOrder: z.optional(z.number()),
  nextMonthStorage: z.optional(z.number()),
  recurring: z.boolean(),
  cancellationDeadline: z.optional(z.string()),
  cancellationDate: z.optional(z.string()),
  imageDates: z.array(z.string()),
  currentMonthCost: z.optional(z.number()),
  perMonthCost: z.optional(z.number()),
  cadence: z.optional(z.object({ imageFrequency: z.number(), storageMonths: z.number(), apiRequests: z.number(), referenceDate: z.optional(z.string()) })),
  caveat: z.optional(z.string()),
  covers: z.optional(
    z.array(
      z.object({
        id: z.enum(['polygon', 'tiles']),
        label: z.string(),
        currency: z.string(),
        currentMonth: z.optional(z.number()),
        perMonth: z.optional(z.number()),
        billedKm2: z.optional(z.number()),
        tiles: z.number(),
        miniTiles: z.number(),
        footprints: z.array(z.object({ guid: z.string(), polygons: z.array(polygon) })),
      }),
    ),
  ),
});

const tilesModel = z.object({
  ...common,
  kind: z.literal('tiles'),
  tiles: z.array(
    z.object({ guid: z.string(), miniTile: z.boolean(), epsg: z.optional(z.string()), polygons: z.array(polygon) }),
  ),
  preselected: z.array(z.string()),
});

export const estimateModelSchema = z.discriminatedUnion('kind', [compositeModel, orderModel, tilesModel]);

// Compile-time guard: every EstimateModel the workflows build must pass the schema's shape.
type Assignable<T extends U, U> = T;
export type ModelFitsSchema = Assignable<EstimateModel, z.input<typeof estimateModelSchema>>;

/** What the page shows: the model (polygons thinned for drawing) plus the payload as text. */
const showMessage = z.object({
  type: z.literal('show'),
  model: estimateModelSchema,
  /** Pretty JSON of the payload, cut at a size the page can hold; Copy always copies it whole. */
  payloadText: z.string(),
  payloadTruncated: z.boolean(),
  /** Restored after a reload: Proceed is disabled, since the request behind it is gone. */
  readOnly: z.boolean(),
  note: z.optional(z.string()),
});

export const hostMessageSchema = z.discriminatedUnion('type', [
  showMessage,
  /** The host is working (e.g. a new estimate is on its way); buttons are disabled meanwhile. */
  z.object({ type: z.literal('busy'), message: z.string() }),
  /** The payload is on the clipboard. */
  z.object({ type: z.literal('copied') }),
  /** A basemap file the page's map asked for. */
  basemapReplySchema,
]);

export const webviewMessageSchema = z.discriminatedUnion('type', [
  /** The page script runs and listens: the host may send `show`. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('proceed'), selectedTiles: z.optional(z.array(z.string())), cover: z.optional(z.enum(['polygon', 'tiles'])) }),
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('change') }),
  z.object({ type: z.literal('copyPayload') }),
  /** After each render: the text of every `data-testid` element, so tests can read what is shown. */
  z.object({ type: z.literal('rendered'), texts: z.record(z.string(), z.string()) }),
  /** The map asks for a basemap file (never fetched: see common/protocol.ts). */
  basemapRequestSchema,
]);

/** What the page keeps in `vscode.setState`, and what the serializer gets back after a reload. */
export const persistedStateSchema = z.object({
  show: showMessage,
  selectedTiles: z.optional(z.array(z.string())),
});

export type ShowMessage = Omit<z.infer<typeof showMessage>, 'model'> & { model: EstimateModel };
export type HostMessage = ShowMessage | Exclude<z.infer<typeof hostMessageSchema>, { type: 'show' }>;
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;
export type PersistedState = { show: ShowMessage; selectedTiles?: string[] };

/** Parses a message from the webview; undefined when it is not one of ours. */
export function parseWebviewMessage(data: unknown): WebviewMessage | undefined {
  const result = webviewMessageSchema.safeParse(data);
  return result.success ? result.data : undefined;
}

/** Parses a message from the host; undefined when it is not one of ours. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  const result = hostMessageSchema.safeParse(data);
  // The schema mirrors EstimateModel field by field (see ModelFitsSchema); optional keys parse
  // as absent where the interface says `T | undefined`, which is the same thing once serialized.
  return result.success ? (result.data as HostMessage) : undefined;
}

/** Parses a saved page state; undefined when it is missing or from an incompatible version. */
export function parsePersistedState(data: unknown): PersistedState | undefined {
  const result = persistedStateSchema.safeParse(data);
  return result.success ? (result.data as PersistedState) : undefined;
}
