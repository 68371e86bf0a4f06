// What the cost webview shows and what it answers. The workflows build an EstimateModel from the
// service's estimate and the request; the panel (src/ui/webview) renders it and returns a decision.
// Lives in the core so the workflows can use it without importing the VS Code layer. The model is
// declared once, as the zod schema the page validates it with (ui/webview/estimate/protocol.ts);
// its types are that schema's z.infer, so a field cannot be added to one and not the other.
// The workflows import only the types: zod/mini loads with the panel, not with a workflow.
import * as z from 'zod/mini';
import { purchasePlanSchema } from './purchase-plan';

const position = z.array(z.number());
const polygon = z.array(z.array(position));
const boundingBox = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });
const money = z.optional(z.number());
/** Every currency the estimate named (one, unless the service mixed them). */
const currencies = z.optional(z.array(z.string()));

const estimateAoi = z.object({
  polygons: z.array(polygon),
  billedBoxes: z.array(boundingBox),
  areaKm2: z.number(),
  billedAreaKm2: z.number(),
  /** The least billed per polygon (the billing rules the area was measured with), km²; none for tiles. */
  minBilledKm2: z.optional(z.number()),
});

/** A labelled setting shown in the summary (model, constellations, dates, resolution, bands, EPSG). */
const settingLine = z.object({ label: z.string(), value: z.string() });

const common = {
  title: z.string(),
  aoi: z.optional(estimateAoi),
  settings: z.array(settingLine),
  /** Plain sentences: billed area much larger than drawn, cost above budget, renewal deadline. */
  warnings: z.array(z.string()),
  /** The exact request payload that Proceed sends. */
  payload: z.unknown(),
  /** The `satImagery.confirmCostAbove` budget, when set. */
  budget: z.optional(z.number()),
  /** What the purchase buys, unit by unit and order by order, as an imagery file's plan says it
   * (purchase-plan.ts): the price the cost decision reads, and the table the panel shows. The rest
   * of the model is the kind's details. */
  plan: purchasePlanSchema,
};

/** The estimate of the tasking order the service would create with AutomaticOrderCreation: the
 * service decides that order, so this is its price with the person's order settings. */
const automaticOrderPrice = z.object({
  currency: z.string(),
  currencies,
  currentMonth: money,
  perMonth: money,
  billedKm2: z.optional(z.number()),
  /** Says that the service decides the order and which settings this estimate used. */
  note: z.string(),
  caveat: z.string(),
  /** The order estimate request that was sent. */
  request: z.unknown(),
});

const compositeEstimateModel = z.object({
  ...common,
  kind: z.literal('composite'),
  /** The images' credits, as the plan totals them (a series: all its dates). */
  credits: money,
  areaEstimateKm2: z.optional(z.number()),
  fileSizeMB: z.optional(z.number()),
  timeSeconds: z.optional(z.number()),
  /** A time series: its dates are the plan's units, and the figures above are all dates' together. */
  series: z.optional(z.boolean()),
  /** AutomaticOrderCreation on an area no order covers: the order the service may create. */
  automaticOrder: z.optional(automaticOrderPrice),
});

const orderCadence = z.object({
  imageFrequency: z.number(),
  storageMonths: z.number(),
  apiRequests: z.number(),
  /** YYYY-MM-DD: the day the image cadence counts from. */
  referenceDate: z.optional(z.string()),
});

/** One way to order the area, estimated: what Proceed with `cover: id` would create. */
const coverOption = z.object({
  id: z.enum(['polygon', 'tiles']),
  label: z.string(),
  currency: z.string(),
  currencies,
  currentMonth: money,
  perMonth: money,
  billedKm2: z.optional(z.number()),
  tiles: z.number(),
  miniTiles: z.number(),
  /** The tiles' and mini-tiles' footprints in lon/lat; empty for the polygon order (its billed
   * boxes are the AOI's). */
  footprints: z.array(z.object({ guid: z.string(), polygons: z.array(polygon) })),
});

const orderEstimateModel = z.object({
  ...common,
  kind: z.literal('order'),
  currency: z.string(),
  currencies,
  currentMonthOrder: money,
  currentMonthStorage: money,
  nextMonthOrder: money,
  nextMonthStorage: money,
  recurring: z.boolean(),
  /** For a recurring order: the last moment (ISO) a cancellation stops next month's charge. */
  cancellationDeadline: z.optional(z.string()),
  cancellationDate: z.optional(z.string()),
  imageDates: z.array(z.string()),
  /** Totals as the service gave them (either estimate shape); the breakdown above may be absent. */
  currentMonthCost: money,
  perMonthCost: money,
  /** The cadence the order asks for, shown beside the price. */
  cadence: z.optional(orderCadence),
  /** The service's caveat: no change to existing orders and no overlap with them assumed. */
  caveat: z.optional(z.string()),
  /** The cheapest-cover comparison: the polygon order and the tile order the service proposes. */
  covers: z.optional(z.array(coverOption)),
});

const tileChoice = z.object({
  guid: z.string(),
  miniTile: z.boolean(),
  epsg: z.optional(z.string()),
  /** Footprint polygon(s) in lon/lat, from DataGeogWkt. */
  polygons: z.array(polygon),
});

const tileSelectionModel = z.object({
  ...common,
  kind: z.literal('tiles'),
  tiles: z.array(tileChoice),
  preselected: z.array(z.string()),
});

export const estimateModelSchema = z.discriminatedUnion('kind', [
  compositeEstimateModel,
  orderEstimateModel,
  tileSelectionModel,
]);

export type EstimateAoi = z.infer<typeof estimateAoi>;
export type SettingLine = z.infer<typeof settingLine>;
export type AutomaticOrderPrice = z.infer<typeof automaticOrderPrice>;
export type CompositeEstimateModel = z.infer<typeof compositeEstimateModel>;
export type CoverOption = z.infer<typeof coverOption>;
export type OrderEstimateModel = z.infer<typeof orderEstimateModel>;
export type TileChoice = z.infer<typeof tileChoice>;
export type TileSelectionModel = z.infer<typeof tileSelectionModel>;
export type EstimateModel = z.infer<typeof estimateModelSchema>;

export type EstimateDecision =
  | { action: 'proceed'; selectedTiles?: string[]; cover?: CoverOption['id'] }
  | { action: 'cancel' }
  | { action: 'change' };
