// What the cost webview shows and what it answers. The workflows build an EstimateModel from the
// service's estimate and the request; the panel (src/ui/webview) renders it and returns a decision.
// Lives in the core so the workflows can use it without importing the VS Code layer.
import type { BoundingBox, PolygonCoordinates } from '../../geometry/types';

export interface EstimateAoi {
  polygons: PolygonCoordinates[];
  billedBoxes: BoundingBox[];
  areaKm2: number;
  billedAreaKm2: number;
  /** The least billed per polygon (the billing rules the area was measured with), km²; none for tiles. */
  minBilledKm2?: number;
}

/** A labelled setting shown in the summary (model, constellations, dates, resolution, bands, EPSG). */
export interface SettingLine {
  label: string;
  value: string;
}

interface EstimateCommon {
  title: string;
  aoi: EstimateAoi | undefined;
  settings: SettingLine[];
  /** Plain sentences: billed area much larger than drawn, cost above budget, renewal deadline. */
  warnings: string[];
  /** The exact request payload that Proceed sends. */
  payload: unknown;
  /** The `satImagery.confirmCostAbove` budget, when set. */
  budget: number | undefined;
}

export interface CompositeEstimateModel extends EstimateCommon {
  kind: 'composite';
  credits: number | undefined;
  areaEstimateKm2: number | undefined;
  fileSizeMB: number | undefined;
  timeSeconds: number | undefined;
  /** A time series: each date with its credits; `credits` is then their total. */
  series?: SeriesEstimate;
  /** AutomaticOrderCreation on an area no order covers: the order the service may create. */
  automaticOrder?: AutomaticOrderPrice;
}

/** The estimate of the tasking order the service would create with AutomaticOrderCreation: the
 * service decides that order, so this is its price with the person's order settings. */
export interface AutomaticOrderPrice {
  currency: string;
  /** Every currency the estimate named (one, unless the service mixed them). */
  currencies?: string[];
  currentMonth: number | undefined;
  perMonth: number | undefined;
  billedKm2: number | undefined;
  /** Says that the service decides the order and which settings this estimate used. */
  note: string;
  caveat: string;
  /** The order estimate request that was sent. */
  request: unknown;
}

export interface SeriesEstimate {
  dates: { date: string; credits?: number }[];
  /** Undefined when a date came without a price. */
  total?: number;
}

export interface OrderEstimateModel extends EstimateCommon {
  kind: 'order';
  currency: string;
  /** Every currency the estimate named (one, unless the service mixed them). */
  currencies?: string[];
  currentMonthOrder: number | undefined;
  currentMonthStorage: number | undefined;
  nextMonthOrder: number | undefined;
  nextMonthStorage: number | undefined;
  recurring: boolean;
  /** For a recurring order: the last moment (ISO) a cancellation stops next month's charge. */
  cancellationDeadline: string | undefined;
  cancellationDate: string | undefined;
  imageDates: string[];
  /** Totals as the service gave them (either estimate shape); the breakdown above may be absent. */
  currentMonthCost?: number;
  perMonthCost?: number;
  /** The cadence the order asks for, shown beside the price. */
  cadence?: OrderCadence;
  /** The service's caveat: no change to existing orders and no overlap with them assumed. */
  caveat?: string;
  /** The cheapest-cover comparison: the polygon order and the tile order the service proposes. */
  covers?: CoverOption[];
}

export interface OrderCadence {
  imageFrequency: number;
  storageMonths: number;
  apiRequests: number;
  /** YYYY-MM-DD: the day the image cadence counts from. */
  referenceDate?: string;
}

/** One way to order the area, estimated: what Proceed with `cover: id` would create. */
export interface CoverOption {
  id: 'polygon' | 'tiles';
  label: string;
  currency: string;
  currencies?: string[];
  currentMonth: number | undefined;
  perMonth: number | undefined;
  billedKm2: number | undefined;
  tiles: number;
  miniTiles: number;
  /** The tiles' and mini-tiles' footprints in lon/lat; empty for the polygon order (its billed
   * boxes are the AOI's). */
  footprints: { guid: string; polygons: PolygonCoordinates[] }[];
}

export interface TileChoice {
  guid: string;
  miniTile: boolean;
  epsg: string | undefined;
  /** Footprint polygon(s) in lon/lat, from DataGeogWkt. */
  polygons: PolygonCoordinates[];
}

export interface TileSelectionModel extends EstimateCommon {
  kind: 'tiles';
  tiles: TileChoice[];
  preselected: string[];
}

export type EstimateModel = CompositeEstimateModel | OrderEstimateModel | TileSelectionModel;

export type EstimateDecision =
  | { action: 'proceed'; selectedTiles?: string[]; cover?: CoverOption['id'] }
  | { action: 'cancel' }
  | { action: 'change' };
