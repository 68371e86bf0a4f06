// Builds what the cost webview shows from the service's estimates and the request that produced
// them: the settings in words, the drawn and the billed area, and the warnings a person should
// read before paying (a billed area far larger than the drawn one). A tasking order's model,
// which adds its renewal, is the orders' own (orders/order-estimate-model.ts).
import { counted } from '../common/format';
import type { CompositeEstimate, CompositeRequest, OrderEstimate, TileRecord } from '../api/types';
import type { Aoi } from '../geometry/types';
import type {
  CompositeEstimateModel,
  EstimateAoi,
  SettingLine,
  TileChoice,
  TileSelectionModel,
} from './estimate-view-model';
import type { CompositeProfile } from '../request/request-profile';
import { polygonsOfWkt } from '../geometry/wkt-footprint';
import { orderCostOf } from './order-costs';
import { purchasePlan, settingBudget } from './purchase-plan';
import type { PurchaseUnit } from './purchase-plan';

/** What a composite's unit is called in its plan: the whole area, or one of its parts. */
const WHOLE_AREA = 'whole area';

export function estimateAoi(aoi: Aoi): EstimateAoi {
  return {
    polygons: aoi.polygons,
    billedBoxes: aoi.billedBoxes,
    areaKm2: aoi.areaKm2,
    billedAreaKm2: aoi.billedAreaKm2,
    minBilledKm2: aoi.minBilledKm2,
  };
}

export function areaWarnings(aoi: Aoi): string[] {
  // A thin diagonal AOI is billed as its bounding box: say so when that costs much more.
  if (aoi.areaKm2 > 0 && aoi.billedAreaKm2 > 2 * aoi.areaKm2) {
    const factor = (aoi.billedAreaKm2 / aoi.areaKm2).toFixed(1);
    return [
      `The billed area (${aoi.billedAreaKm2.toFixed(2)} km², bounding boxes) is ${factor} times the drawn area (${aoi.areaKm2.toFixed(2)} km²).`,
    ];
  }
  return [];
}

/** A composite's units: the whole area, or each part sent on its own with its own price. */
export function compositeUnits(
  date: string,
  credits: number | undefined,
  parts?: readonly (number | undefined)[],
): PurchaseUnit[] {
  const unit = (area: string, price: number | undefined): PurchaseUnit => ({
    kind: 'buy',
    label: 'composite',
    area,
    date,
    ...(price !== undefined ? { credits: price } : {}),
  });
  if (!parts) return [unit(WHOLE_AREA, credits)];
  return parts.map((price, i) => unit(`part ${i + 1} of ${parts.length}`, price));
}

/** `parts`: the credits of each part of an area sent in parts (the estimate is their sum). */
export function compositeEstimateModel(
  aoi: Aoi,
  profile: CompositeProfile,
  request: CompositeRequest,
  estimate: CompositeEstimate,
  budget: number | undefined,
  parts?: readonly (number | undefined)[],
): CompositeEstimateModel {
  // Any number: a price below zero or not finite is refused by the cost decision, not hidden.
  const credits = typeof estimate.CreditEstimate === 'number' ? estimate.CreditEstimate : undefined;
  const warnings = areaWarnings(aoi);
  if (budget !== undefined && credits !== undefined && credits >= budget)
    warnings.push(`The cost (${credits} credits) is at or above your budget of ${budget} credits.`);
  const settings: SettingLine[] = [
    { label: 'Date', value: profile.date },
    { label: 'Model', value: profile.model },
    { label: 'Constellations', value: profile.satelliteConstellations.join(', ') },
    { label: 'Resolution', value: `${profile.resolution} m` },
    { label: 'Bands', value: profile.bandnames },
    { label: 'EPSG', value: String(profile.epsgProjection) },
    { label: 'Area sent as', value: profile.aoiMode === 'wkt' ? 'WKT' : 'GeoJSON' },
  ];
  const seconds = numberOr(estimate.FastTimeEstimateSeconds) ?? numberOr(estimate.SlowTimeEstimateSeconds);
  return {
    kind: 'composite',
    title: `Composite of ${profile.date}`,
    aoi: estimateAoi(aoi),
    settings,
    warnings,
    payload: request,
    budget,
    plan: purchasePlan({
      units: compositeUnits(profile.date, credits, parts),
      credits,
      budget: settingBudget(budget, 'images'),
    }),
    credits,
    areaEstimateKm2: numberOr(estimate.AreaEstimateKm2),
    fileSizeMB: numberOr(estimate.FileSizeEstimateMB),
    timeSeconds: seconds,
  };
}

/** The larger of this month's and next month's cost: what the budget is checked against. */
export function orderCost(estimate: OrderEstimate): number | undefined {
  return orderCostOf(estimate);
}

export function tileChoice(tile: TileRecord): TileChoice | undefined {
  if (typeof tile.Guid !== 'string') return undefined;
  return {
    guid: tile.Guid,
    miniTile: tile.MiniTile === true,
    epsg: tile.Epsg === undefined ? undefined : String(tile.Epsg),
    polygons: typeof tile.DataGeogWkt === 'string' ? polygonsOfWkt(tile.DataGeogWkt) : [],
  };
}

/** Why a tile choice has no price yet: the tiles are priced once chosen, before anything is bought. */
const TILES_NOT_PRICED =
  'Process Tiles prices the tiles you choose (their billed area at the rate of a composite estimate) before anything is bought';

export function tileSelectionModel(aoi: Aoi, tiles: TileChoice[], preselected: string[]): TileSelectionModel {
  const minis = tiles.filter((t) => t.miniTile).length;
  const units = tiles.map((t): PurchaseUnit => ({
    kind: 'buy',
    label: t.guid,
    area: t.miniTile ? 'mini-tile' : 'tile',
    date: '',
  }));
  return {
    kind: 'tiles',
    title: `${counted(tiles.length - minis, 'tile')} and ${counted(minis, 'mini-tile')} over the area`,
    aoi: estimateAoi(aoi),
    settings: [],
    warnings: [],
    payload: { TileGuids: preselected },
    budget: undefined,
    plan: purchasePlan({ units, notPricedYet: TILES_NOT_PRICED }),
    tiles,
    preselected,
  };
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
