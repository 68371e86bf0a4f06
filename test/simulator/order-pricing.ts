// Reading and pricing an order request (estimate and create share it): the billed area of the
// AOI parts or tiles, the image dates by cadence, and the month-by-month costs in EUR.
import { ORDER_PRICE_PER_KM2_IMAGE, STORAGE_PRICE_PER_KM2_MONTH, TILE_REBATE } from './catalog';
import { dayNumber, isoDay } from './dates';
import { Codes, SimError } from './envelope';
import { billedAreaKm2, bboxWkt, readAoi, round } from './geometry';
import type { Bbox } from './geometry';
import type { SimulatorState, StoredOrder } from './state';
import { tileByGuid, tilesInBbox } from './tiles';
import { FieldChecker } from './validation';

export interface OrderRequest {
  Model: string;
  SatelliteConstellations: string[];
  StorageMonths: number;
  ApiRequests: number;
  ImageFrequency: number;
  ReferenceDate: string;
  From: string;
  To: string | null;
  Wkt: string | null;
  Tiles: string[];
  MiniTiles: string[];
  boxes: Bbox[];
}

function guidList(check: FieldChecker, field: string, seed: number): string[] {
  const value = check.body[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    check.add(field, `${field} must be an array of GUIDs.`);
    return [];
  }
  const out: string[] = [];
  for (const guid of value) {
    const tile = typeof guid === 'string' ? tileByGuid(seed, guid) : undefined;
    const wantMini = field === 'MiniTileGuids';
    if (!tile || tile.sub > 0 !== wantMini)
      check.add(field, `'${String(guid)}' is not a known ${wantMini ? 'mini-tile' : 'tile'} GUID.`);
    else if (!out.includes(tile.guid)) out.push(tile.guid);
  }
  return out;
}

export function readOrderRequest(body: Record<string, unknown>, seed: number): OrderRequest {
  const check = new FieldChecker(body);
  const model = check.model();
  const constellations = check.constellations(model);
  const storage = check.integer('StorageMonths', 1, 60);
  const apiRequests = check.integer('ApiRequests', 0, 1_000_000);
  const frequency = check.integer('ImageFrequency', 1, 31);
  const reference = check.date('ReferenceDate');
  const from = check.date('From');
  if (!('To' in body)) check.add('To', 'The To field is required (null for a recurring order).');
  const to = 'To' in body ? check.date('To', true) : undefined;
  if (typeof from === 'string' && typeof to === 'string' && to < from) check.add('To', 'To must not be before From.');
  const tiles = guidList(check, 'TileGuids', seed);
  const miniTiles = guidList(check, 'MiniTileGuids', seed);
  // Newer public material: with GeometryTileOrdering the tiles covering the geometry are ordered.
  const geometryTiles = body.GeometryTileOrdering;
  if (geometryTiles !== undefined && typeof geometryTiles !== 'boolean')
    check.add('GeometryTileOrdering', 'GeometryTileOrdering must be true or false.');
  if (geometryTiles === true && body.Wkt === undefined && body.GeoJson === undefined)
    check.add(
      'GeometryTileOrdering',
      'GeometryTileOrdering orders the tiles covering a geometry: send Wkt or GeoJson with it.',
    );
  check.done();
  let wkt: string | null = null;
  let boxes: Bbox[];
  if (tiles.length + miniTiles.length > 0 && body.Wkt === undefined && body.GeoJson === undefined) {
    boxes = [...tiles, ...miniTiles].map((g) => (tileByGuid(seed, g) as { bbox: Bbox }).bbox);
  } else {
    if (typeof body.Wkt === 'string' && !/^\s*GEOMETRYCOLLECTION\s*\(/i.test(body.Wkt)) {
      const message = 'Tasking orders take Wkt as a GEOMETRYCOLLECTION of polygons or multipolygons.';
      throw new SimError(400, message, Codes.geometry, { Wkt: [message] });
    }
    const aoi = readAoi(body);
    boxes = aoi.parts.map((p) => p.bbox);
    wkt = typeof body.Wkt === 'string' ? body.Wkt : `GEOMETRYCOLLECTION(${boxes.map(bboxWkt).join(', ')})`;
    if (geometryTiles === true) {
      // The whole tiles under the geometry's parts, each once, billed as tiles (not as the area).
      const covering = new Map(aoi.parts.flatMap((p) => tilesInBbox(seed, p.bbox)).map((t) => [t.guid, t]));
      tiles.push(...covering.keys());
      boxes = [...covering.values()].map((t) => t.bbox);
      wkt = null;
    }
  }
  return {
    Model: model?.model as string,
    SatelliteConstellations: constellations,
    StorageMonths: storage as number,
    ApiRequests: apiRequests as number,
    ImageFrequency: frequency as number,
    ReferenceDate: reference as string,
    From: from as string,
    To: to as string | null,
    Wkt: wkt,
    Tiles: tiles,
    MiniTiles: miniTiles,
    boxes,
  };
}

function monthStart(day: number, add: number): number {
  const d = new Date(day * 86_400_000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1) / 86_400_000;
}

/** The full estimate shape of the live service, for the request as read, on `today` (a day
 * number; the clock's by default: order-billing.ts prices a month on its 1st). */
export function priceOrder(order: OrderRequest, state: SimulatorState, today = state.today()): Record<string, unknown> {
  const area = billedAreaKm2(order.boxes);
  const isTileOrder = order.Tiles.length + order.MiniTiles.length > 0 && order.Wkt === null;
  const perImage = ORDER_PRICE_PER_KM2_IMAGE * (isTileOrder ? TILE_REBATE : 1);
  const from = dayNumber(order.From);
  // A recurring order is priced up to the end of next month, which is what can be billed now.
  const end = order.To === null ? monthStart(today, 2) - 1 : dayNumber(order.To);
  const reference = dayNumber(order.ReferenceDate);
  const step = order.ImageFrequency;
  const first = reference + Math.ceil((from - reference) / step) * step;
  const imageDays: number[] = [];
  for (let day = first; day <= end && imageDays.length < 1000; day += step) imageDays.push(day);
  const thisMonth = [monthStart(today, 0), monthStart(today, 1)] as const;
  const nextMonth = [monthStart(today, 1), monthStart(today, 2)] as const;
  const within = (range: readonly [number, number]) => imageDays.filter((d) => d >= range[0] && d < range[1]).length;
  const activeIn = (range: readonly [number, number]) => from < range[1] && end >= range[0];
  const currentOrder = round(within(thisMonth) * area.billed * perImage, 2);
  const nextOrder = round(within(nextMonth) * area.billed * perImage, 2);
  const currentStorage = activeIn(thisMonth) ? round(area.billed * STORAGE_PRICE_PER_KM2_MONTH, 2) : 0;
  const nextStorage = activeIn(nextMonth) ? round(area.billed * STORAGE_PRICE_PER_KM2_MONTH, 2) : 0;
  const cancellation = order.To === null ? isoDay(monthStart(today, 1)) : isoDay(Math.max(from, today));
  return {
    StorageMonths: order.StorageMonths,
    ApiRequests: order.ApiRequests,
    Model: order.Model,
    SatelliteConstellations: order.SatelliteConstellations,
    CancellationDate: `${cancellation}T00:00:00Z`,
    AreaKm2: area.billed,
    AreaKm2BeforeMinimum1Km2PerAoi: area.raw,
    CurrentMonthCost: round(currentOrder + currentStorage, 2),
    NextMonthCost: round(nextOrder + nextStorage, 2),
    Costs: {
      CurrencyCode: 'EUR',
      CurrentMonthOrderCostEstimate: currentOrder,
      CurrentMonthStorageCosts: currentStorage,
      NextMonthOrderCostEstimate: nextOrder,
      NextMonthStorageCosts: nextStorage,
    },
    UsageUnits: order.ApiRequests,
    Tiles: order.Tiles,
    MiniTiles: order.MiniTiles,
    AreasOfInterestWkt: order.boxes.map(bboxWkt),
    ImageDates: imageDays.map(isoDay),
  };
}

/** The newer estimate shape (live-service notes, "Another estimate shape"): this month's and the
 * recurring monthly cost as `{ CurrencyCode, TotalCost, TotalCostEuro }`, no flat totals. */
export function nestedEstimate(flat: Record<string, unknown>): Record<string, unknown> {
  const costs = flat.Costs as Record<string, number>;
  const block = (order: number, storage: number) => ({
    CurrencyCode: 'EUR',
    OrderCost: order,
    StorageCost: storage,
    TotalCost: round(order + storage, 2),
    TotalCostEuro: round(order + storage, 2),
  });
  return {
    AreaKm2: flat.AreaKm2,
    CancellationDate: flat.CancellationDate,
    CurrentMonthCosts: block(costs.CurrentMonthOrderCostEstimate as number, costs.CurrentMonthStorageCosts as number),
    RecurringCostsEstimate: block(costs.NextMonthOrderCostEstimate as number, costs.NextMonthStorageCosts as number),
    Tiles: flat.Tiles,
    MiniTiles: flat.MiniTiles,
    ImageDates: flat.ImageDates,
  };
}

/** Refuses an order the account cannot pay this month. */
export function chargeOrder(state: SimulatorState, estimate: Record<string, unknown>): void {
  const current = estimate.CurrentMonthCost as number;
  if (current > state.account.EuroCreditAmount) {
    throw new SimError(
      400,
      `Not enough credits: this month's cost is ${current} EUR and ${state.account.EuroCreditAmount} EUR is left.`,
      Codes.credits,
    );
  }
  state.account.EuroCreditAmount = round(state.account.EuroCreditAmount - current, 2);
  state.account.CurrentMonthCosts = round(state.account.CurrentMonthCosts + current, 2);
  state.account.NextMonthCosts = round(state.account.NextMonthCosts + (estimate.NextMonthCost as number), 2);
}

/** What cancelling an order does to the account (live-service notes, "Orders, processing units and
 * tiers"), called before the order is marked cancelled. In Review it is cancelled in full: what
 * creating it took from the EUR balance comes back, its first month's charge is taken out of its
 * record, and neither month's cost is owed (nor any later: order-billing.ts). Past Review
 * nothing comes back now; only a recurring order's renewal stops, so next month's cost is dropped
 * (the cancel always comes before 00:00 UTC of the 1st of the month that cost is for). An order
 * never charged (the demo's) settles nothing. The request log marks the refund (`refunded`). */
export function settleCancel(state: SimulatorState, order: StoredOrder): void {
  const costs = order.costs;
  if (!costs) return;
  const account = state.account;
  if (state.status(order) === 'Review') {
    order.canceledInReview = true;
    const created = new Date(order.createdAt).toISOString().slice(0, 7);
    order.charges = (order.charges ?? []).filter((charge) => charge.month !== created);
    account.EuroCreditAmount = round(account.EuroCreditAmount + costs.thisMonth, 2);
    account.CurrentMonthCosts = round(account.CurrentMonthCosts - costs.thisMonth, 2);
    account.NextMonthCosts = round(account.NextMonthCosts - costs.nextMonth, 2);
  } else if (order.To === null) {
    account.NextMonthCosts = round(account.NextMonthCosts - costs.nextMonth, 2);
  }
}
