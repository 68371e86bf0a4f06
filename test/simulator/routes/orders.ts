// Tasking orders: estimate, create (with tile deduplication), list, details and cancel.
import { Codes, SimError } from '../envelope';
import { monthOfMs } from '../order-billing';
import { chargeOrder, nestedEstimate, priceOrder, readOrderRequest, settleCancel } from '../order-pricing';
import type { OrderRequest } from '../order-pricing';
import type { SimulatorState, StoredOrder } from '../state';
import { dayNumber } from '../dates';
import { tileByGuid } from '../tiles';
import { json } from './route';
import type { Route, RouteContext } from './route';

function sameSettings(a: StoredOrder, b: OrderRequest): boolean {
  const key = (c: string[]) => [...c].sort().join(',');
  const overlap =
    dayNumber(a.From) <= (b.To === null ? Infinity : dayNumber(b.To)) &&
    dayNumber(b.From) <= (a.To === null ? Infinity : dayNumber(a.To));
  return (
    a.Model === b.Model &&
    key(a.SatelliteConstellations) === key(b.SatelliteConstellations) &&
    a.ImageFrequency === b.ImageFrequency &&
    a.ReferenceDate === b.ReferenceDate &&
    overlap
  );
}

/** Drops tiles (and mini-tiles of tiles) already ordered by an aligned, active tile order. */
function deduplicate(state: SimulatorState, request: OrderRequest): string[] {
  const owned = new Set<string>();
  for (const order of state.stored) {
    if (!state.isActive(order) || !sameSettings(order, request)) continue;
    for (const guid of [...order.Tiles, ...order.MiniTiles]) owned.add(guid);
  }
  const skipped: string[] = [];
  const keep = (guid: string) => {
    const alreadyOwned = owned.has(guid) || [...owned].some((g) => sameTile(state, g, guid));
    if (alreadyOwned) skipped.push(guid);
    return !alreadyOwned;
  };
  request.Tiles = request.Tiles.filter(keep);
  request.MiniTiles = request.MiniTiles.filter(keep);
  request.boxes = [...request.Tiles, ...request.MiniTiles].map(
    (g) => (tileByGuid(state.seed, g) as { bbox: StoredOrder['boxes'][number] }).bbox,
  );
  return skipped;
}

/** True when `tileGuid` is the whole tile that holds the mini-tile `miniGuid`. */
function sameTile(state: SimulatorState, tileGuid: string, miniGuid: string): boolean {
  const tile = tileByGuid(state.seed, tileGuid);
  const mini = tileByGuid(state.seed, miniGuid);
  return !!tile && !!mini && tile.sub === 0 && tile.ix === mini.ix && tile.iy === mini.iy;
}

function estimate(ctx: RouteContext) {
  const price = priceOrder(readOrderRequest(ctx.body, ctx.state.seed), ctx.state);
  return json(ctx.spec.orderEstimateShape === 'nested' ? nestedEstimate(price) : price);
}

function create(ctx: RouteContext) {
  const { state } = ctx;
  const request = readOrderRequest(ctx.body, state.seed);
  const dedup = ctx.body.TileDeduplication === true && request.Wkt === null;
  const skipped = dedup ? deduplicate(state, request) : [];
  return json(state.view(placeOrder(state, request, skipped)));
}

/** Prices, charges (this month's cost) and stores an order: what every created order goes
 * through, the ones AutomaticOrderCreation makes included. */
export function placeOrder(state: SimulatorState, request: OrderRequest, deduplicated: string[] = []): StoredOrder {
  const price = priceOrder(request, state);
  chargeOrder(state, price);
  const { boxes, ...fields } = request;
  const stored: StoredOrder = {
    ...fields,
    TaskOrderGuid: state.nextOrderGuid(),
    TaskOrderAreaKm2: price.AreaKm2 as number,
    DeduplicatedTiles: deduplicated,
    boxes,
    createdAt: state.now(),
    costs: { thisMonth: price.CurrentMonthCost as number, nextMonth: price.NextMonthCost as number },
    charges:
      (price.CurrentMonthCost as number) > 0
        ? [{ month: monthOfMs(state.now()), euros: price.CurrentMonthCost as number }]
        : [],
  };
  state.stored.push(stored);
  return stored;
}

function flag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name) ?? query.get(name[0]?.toUpperCase() + name.slice(1));
  return value !== null && value.toLowerCase() === 'true';
}

/** A listed order as the service shows it: the `reformatOrderWkt` fault rewrites its numbers. */
function listed(ctx: RouteContext, order: StoredOrder): Record<string, unknown> {
  const view = ctx.state.view(order);
  if (ctx.faults.reformatOrderWkt && typeof view.Wkt === 'string') view.Wkt = reformatWkt(view.Wkt);
  return view;
}

/** `POLYGON((10.1 56.1,...))` → `POLYGON ((10.100000 56.100000, ...))`. */
function reformatWkt(wkt: string): string {
  return wkt
    .replace(/-?\d+(\.\d+)?([eE][-+]?\d+)?/g, (n) => Number(n).toFixed(6))
    .replace(/\s*,\s*/g, ', ')
    .replace(/([A-Za-z])\s*\(/g, '$1 (');
}

/** With `orderListDelayMs` a new order is not yet in the list, as on a service whose reads lag. */
function visible(ctx: RouteContext, order: StoredOrder): boolean {
  return order.createdAt + (ctx.faults.orderListDelayMs ?? 0) <= ctx.state.now();
}

function list(ctx: RouteContext) {
  const { state } = ctx;
  const recurringOnly = flag(ctx.query, 'recurringOnly');
  const withExpired = flag(ctx.query, 'getExpired');
  const orders = state.stored.filter(
    (o) => visible(ctx, o) && (!recurringOnly || o.To === null) && (withExpired || !state.isExpired(o)),
  );
  return json({ TaskOrders: orders.map((o) => listed(ctx, o)) });
}

function orderGuids(ctx: RouteContext, method: string): string[] {
  let raw: unknown[] = [];
  if (method === 'POST') {
    const value = ctx.body.Guids ?? ctx.body.guids;
    raw = Array.isArray(value) ? value : [];
  } else {
    for (const name of ['taskOrderGuid', 'TaskOrderGuid', 'guids', 'Guids']) {
      for (const v of ctx.query.getAll(name)) raw.push(...v.split(','));
    }
  }
  const guids = raw.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim());
  if (guids.length === 0) {
    const field = method === 'POST' ? 'Guids' : 'taskOrderGuid';
    throw new SimError(400, `Name at least one order in ${field}.`, Codes.validation, {
      [field]: ['At least one order GUID is required.'],
    });
  }
  return guids;
}

function details(ctx: RouteContext, method: string) {
  const orders = orderGuids(ctx, method).flatMap((guid) => {
    const order = ctx.state.find(guid);
    if (order && visible(ctx, order)) return [listed(ctx, order)];
    // The `unknownOrderAsEmptyList` fault: an unknown GUID is left out, not refused.
    if (ctx.faults.unknownOrderAsEmptyList) return [];
    throw new SimError(404, `No order ${guid}.`, 404);
  });
  return json({ TaskOrders: orders });
}

function cancel(ctx: RouteContext) {
  const guid = ctx.query.get('taskOrderGuid') ?? ctx.query.get('TaskOrderGuid');
  if (!guid)
    throw new SimError(400, 'Name the order in the taskOrderGuid query parameter.', Codes.validation, {
      taskOrderGuid: ['Required.'],
    });
  const order = ctx.state.find(guid);
  if (!order) throw new SimError(404, `No order ${guid}.`, 404);
  // Cancelling twice is 200 and settles the money once.
  if (order.canceledAt === undefined) {
    settleCancel(ctx.state, order);
    order.canceledAt = ctx.state.now();
  }
  return json(ctx.state.view(order));
}

export function orderRoutes(detailsMethod: 'GET' | 'POST'): Route[] {
  return [
    { method: 'POST', path: '/api/tasking/orders/estimate', needsBody: true, handle: estimate },
    { method: 'POST', path: '/api/tasking/orders', needsBody: true, handle: create },
    { method: 'GET', path: '/api/tasking/orders', needsBody: false, handle: list },
    {
      method: detailsMethod,
      path: '/api/tasking/orders/details',
      needsBody: detailsMethod === 'POST',
      handle: (ctx) => details(ctx, detailsMethod),
    },
    { method: 'DELETE', path: '/api/tasking/orders/cancel', needsBody: false, handle: cancel },
  ];
}
