// Builds what the cost webview shows from the service's estimates and the request that produced
// them: the settings in words, the drawn and the billed area, and the warnings a person should
// read before paying (a billed area far larger than the drawn one, a recurring renewal).
import { counted } from '../../common/format';
import type {
  CompositeEstimate,
  CompositeRequest,
  OrderCreateRequest,
  OrderEstimate,
  TileRecord,
} from '../../api/types';
import type { Aoi } from '../../geometry/types';
import type {
  CompositeEstimateModel,
  EstimateAoi,
  OrderEstimateModel,
  SettingLine,
  TileChoice,
  TileSelectionModel,
} from './estimate-view-model';
import type { CompositeProfile } from './request-profile';
import { polygonsOfWkt } from '../../geometry/wkt-footprint';
import { imageFrequencyText } from '../orders/order-status';
import { ESTIMATE_CAVEAT, orderCostOf, readOrderCosts } from './order-costs';

export function estimateAoi(aoi: Aoi): EstimateAoi {
  return {
    polygons: aoi.polygons,
    billedBoxes: aoi.billedBoxes,
    areaKm2: aoi.areaKm2,
    billedAreaKm2: aoi.billedAreaKm2,
    minBilledKm2: aoi.minBilledKm2,
  };
}

function areaWarnings(aoi: Aoi): string[] {
  // A thin diagonal AOI is billed as its bounding box: say so when that costs much more.
  if (aoi.areaKm2 > 0 && aoi.billedAreaKm2 > 2 * aoi.areaKm2) {
    const factor = (aoi.billedAreaKm2 / aoi.areaKm2).toFixed(1);
    return [
      `The billed area (${aoi.billedAreaKm2.toFixed(2)} km², bounding boxes) is ${factor} times the drawn area (${aoi.areaKm2.toFixed(2)} km²).`,
    ];
  }
  return [];
}

export function compositeEstimateModel(
  aoi: Aoi,
  profile: CompositeProfile,
  request: CompositeRequest,
  estimate: CompositeEstimate,
  budget: number | undefined,
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
    credits,
    areaEstimateKm2: numberOr(estimate.AreaEstimateKm2),
    fileSizeMB: numberOr(estimate.FileSizeEstimateMB),
    timeSeconds: seconds,
  };
}

export function orderEstimateModel(
  aoi: Aoi | undefined,
  request: OrderCreateRequest,
  estimate: OrderEstimate,
  budget: number | undefined,
  cancellationDeadline: string | undefined,
): OrderEstimateModel {
  const costs = readOrderCosts(estimate);
  const recurring = request.To === null;
  const warnings = aoi ? areaWarnings(aoi) : [];
  if (recurring && cancellationDeadline) {
    warnings.push(
      `This order renews every month. Cancel it before ${cancellationDeadline.replace('T', ' ').replace(/:00(\.000)?Z$/, '')} UTC to stop next month's charge.`,
    );
  }
  const total = orderCost(estimate);
  if (budget !== undefined && total !== undefined && total >= budget)
    warnings.push(
      `The cost (${costs.currency} ${total} a month) is at or above your budget of ${costs.currency} ${budget}.`,
    );
  return {
    kind: 'order',
    title: recurring ? 'Recurring tasking order' : `Tasking order ${request.From} to ${request.To}`,
    aoi: aoi ? estimateAoi(aoi) : undefined,
    settings: [
      { label: 'Model', value: request.Model },
      { label: 'Constellations', value: request.SatelliteConstellations.join(', ') },
      {
        label: 'Period',
        value: recurring ? `from ${request.From}, renewing monthly` : `${request.From} to ${request.To}`,
      },
      { label: 'Image frequency', value: imageFrequencyText(request.ImageFrequency) },
      { label: 'Reference date', value: request.ReferenceDate },
      { label: 'Storage months', value: String(request.StorageMonths) },
      { label: 'API requests', value: String(request.ApiRequests) },
      ...(request.GeometryTileOrdering
        ? [{ label: 'Ordered as', value: 'the whole tiles covering the area (GeometryTileOrdering)' }]
        : []),
      { label: 'Tile deduplication', value: request.TileDeduplication ? 'yes' : 'no' },
      { label: 'Billed area', value: estimate.AreaKm2 !== undefined ? `${estimate.AreaKm2} km²` : 'unknown' },
    ],
    warnings,
    payload: request,
    budget,
    currency: costs.currency,
    currencies: costs.currencies,
    currentMonthOrder: costs.currentMonthOrder,
    currentMonthStorage: costs.currentMonthStorage,
    nextMonthOrder: costs.nextMonthOrder,
    nextMonthStorage: costs.nextMonthStorage,
    currentMonthCost: costs.currentMonth,
    perMonthCost: costs.perMonth,
    cadence: {
      imageFrequency: request.ImageFrequency,
      storageMonths: request.StorageMonths,
      apiRequests: request.ApiRequests,
      referenceDate: request.ReferenceDate,
    },
    caveat: ESTIMATE_CAVEAT,
    recurring,
    cancellationDeadline: recurring ? cancellationDeadline : undefined,
    cancellationDate: typeof estimate.CancellationDate === 'string' ? estimate.CancellationDate : undefined,
    imageDates: Array.isArray(estimate.ImageDates) ? estimate.ImageDates.filter((d) => typeof d === 'string') : [],
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

export function tileSelectionModel(aoi: Aoi, tiles: TileChoice[], preselected: string[]): TileSelectionModel {
  const minis = tiles.filter((t) => t.miniTile).length;
  return {
    kind: 'tiles',
    title: `${counted(tiles.length - minis, 'tile')} and ${counted(minis, 'mini-tile')} over the area`,
    aoi: estimateAoi(aoi),
    settings: [],
    warnings: [],
    payload: { TileGuids: preselected },
    budget: undefined,
    tiles,
    preselected,
  };
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
