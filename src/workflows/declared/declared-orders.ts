// The orders of an imagery file in a plan: each order's payload built as Create Tasking Order
// builds it (order-payload.ts), then looked for among the account's orders by meaning (the
// lookup after a lost create: api/order-match.ts). `exists`: an order matches it. `differs`: the
// lock has this order by name with another payload: orders cannot be edited, so cancelling the
// old one and creating this one is shown and never done by apply. `uncertain`: the lock holds this
// very order without a GUID (its create was sent, its answer lost) and the account's list does
// not show it: it may exist and have been charged, so apply never creates it again (the person
// looks, and forgets it (declared-forget.ts) once they know it was not made). `create`: priced by the
// service's order estimate (this month, next month, its currency): an order that starts after
// those two months is billed nothing in them, and its price is said not to be estimated yet.
import { orderMatches } from '../../api/order-match';
import type { OrderCreateRequest, OrderEstimateRequest, TaskingModel } from '../../api/types';
import { checkConstellations, checkModel } from '../../request/choices';
import { readOrderCosts } from '../../pricing/order-costs';
import type { WorkflowPorts } from '../engine/ports';
import { requestKey } from '../../ledger/request-key';
import { diffRequests } from '../../request/request-profile';
import { ORDER_DEFAULTS } from '../../api/request-fields';
import type { OrderOptions } from '../orders/order-resolve';
import { orderCreateRequest, orderEstimateRequest } from '../orders/order-payload';
import type { Declaration, DeclaredArea } from './declared-file';
import type { DeclaredOrder } from './declared-schema';
import type { ImageryLock } from './declared-lock';
import type { PurchaseOrderKind } from '../../pricing/purchase-plan';

export interface PlanOrder {
  kind: PurchaseOrderKind;
  order: string;
  area: string;
  payloadHash: string;
  /** exists: the matching order; differs: the order to cancel first (by hand), absent when that
   * order's create was never answered. */
  guid?: string;
  currency?: string;
  euroThisMonth?: number;
  /** The estimate's next month (for an order already running, what each month costs). */
  euroPerMonth?: number;
  changes?: string[];
  /** create: its months are not priced yet (it starts after the two the estimate covers). */
  notPricedYet?: string;
  /** deferred: why: the file's monthly cap (budget.maxEuroPerMonth) and the figures beyond it. */
  reason?: string;
  /** deferred: the calendar month (YYYY-MM, UTC) it fits in by today's prices; absent when none is. */
  month?: string;
}

export interface PlannedOrder {
  order: DeclaredOrder;
  area: DeclaredArea;
  options: OrderOptions;
  payload: OrderCreateRequest;
  /** The estimate's body for this payload: what apply asks again right before the create leaves. */
  estimate: OrderEstimateRequest;
  payloadHash: string;
  kind: PlanOrder['kind'];
}

/** The payload but the area: what the lock keeps, so a change is named. */
export function payloadSummary(payload: OrderCreateRequest): Record<string, unknown> {
  const { Wkt: _wkt, GeoJson: _geo, ...rest } = payload as OrderCreateRequest & { GeoJson?: unknown };
  return rest;
}

/** The Create Tasking Order options of a declared order, every default filled in (so the payload
 * sent is the one planned). */
function orderOptionsOf(order: DeclaredOrder, models: TaskingModel[]): OrderOptions {
  const model = checkModel(order.model, models);
  return {
    model,
    satelliteConstellations: checkConstellations(model, order.satelliteConstellations ?? [], models),
    from: order.from,
    to: order.to,
    storageMonths: order.storageMonths ?? ORDER_DEFAULTS.storageMonths,
    apiRequests: order.apiRequests ?? ORDER_DEFAULTS.apiRequests,
    imageFrequency: order.imageFrequency ?? ORDER_DEFAULTS.imageFrequency,
    referenceDate: order.referenceDate ?? order.from,
    tileDeduplication: order.tileDeduplication ?? false,
    geometryTileOrdering: order.geometryTileOrdering ?? false,
    compareCovers: false,
  };
}

function payloadOf(
  area: DeclaredArea,
  options: OrderOptions,
): { estimate: OrderEstimateRequest; payload: OrderCreateRequest } {
  const estimate = orderEstimateRequest(area.aoi, {
    model: options.model!,
    satelliteConstellations: options.satelliteConstellations!,
    from: options.from!,
    to: options.to ?? null,
    storageMonths: options.storageMonths!,
    apiRequests: options.apiRequests!,
    imageFrequency: options.imageFrequency!,
    referenceDate: options.referenceDate!,
    geometryTileOrdering: options.geometryTileOrdering,
  });
  return { estimate, payload: orderCreateRequest(estimate, options.tileDeduplication) };
}

export async function planOrders(
  ports: WorkflowPorts,
  declaration: Declaration,
  lock: ImageryLock,
  models: TaskingModel[],
  atOrder: <T>(index: number, run: () => Promise<T>) => Promise<T>,
): Promise<{ orders: PlanOrder[]; planned: PlannedOrder[] }> {
  const declared = declaration.file.orders ?? [];
  if (declared.length === 0 && !lock.orders.some((o) => o.guid === undefined)) return { orders: [], planned: [] };
  const existing = await ports.client.listOrders(undefined, { signal: ports.signal });
  const orders: PlanOrder[] = [];
  const planned: PlannedOrder[] = [];
  const claimed = new Set<ImageryLock['orders'][number]>();
  const declaredNames = new Set(declared.map((o) => o.name));
  for (let i = 0; i < declared.length; i++) {
    const order = declared[i]!;
    const area = declaration.orderAreas[i]![0]!;
    await atOrder(i, async () => {
      const options = orderOptionsOf(order, models);
      const { estimate, payload } = payloadOf(area, options);
      const payloadHash = requestKey(payload);
      const base = { order: order.name, area: area.file, payloadHash };
      const match = existing.find((o) => orderMatches(o, payload));
      // By name, else (a renamed order) the very payload under a name the file no longer declares,
      // which no other order has taken.
      const locked =
        lock.orders.find((o) => o.order === order.name) ??
        lock.orders.find((o) => o.payloadHash === payloadHash && !declaredNames.has(o.order) && !claimed.has(o));
      if (locked) claimed.add(locked);
      let entry: PlanOrder;
      if (match)
        entry = {
          ...base,
          kind: 'exists',
          ...(typeof match.TaskOrderGuid === 'string' ? { guid: match.TaskOrderGuid } : {}),
        };
      // Created with this payload (its GUID came from the service) though the list does not show
      // it (a list that lags its writes): it exists; never created a second time.
      else if (locked && locked.payloadHash === payloadHash && locked.guid !== undefined)
        entry = { ...base, kind: 'exists', guid: locked.guid };
      else if (locked && locked.payloadHash !== payloadHash)
        entry = {
          ...base,
          kind: 'differs',
          ...(locked.guid !== undefined ? { guid: locked.guid } : {}),
          changes: diffRequests(locked.payload, payloadSummary(payload)),
        };
      else if (locked && locked.guid === undefined) entry = { ...base, kind: 'uncertain' };
      else {
        const costs = readOrderCosts(await ports.client.estimateOrder(estimate, { signal: ports.signal }));
        // Nothing in either month the estimate prices: the order has not started by then.
        const unpriced = costs.currentMonth === 0 && costs.perMonth === 0;
        entry = {
          ...base,
          kind: 'create',
          currency: costs.currency,
          ...(costs.currentMonth !== undefined ? { euroThisMonth: costs.currentMonth } : {}),
          ...(costs.perMonth !== undefined ? { euroPerMonth: costs.perMonth } : {}),
          ...(unpriced
            ? {
                notPricedYet: `it starts ${options.from}, after this month and next, the months the service's estimate prices: what it costs each month from then is not estimated yet`,
              }
            : {}),
        };
      }
      orders.push(entry);
      planned.push({ order, area, options, payload, estimate, payloadHash, kind: entry.kind });
    });
  }
  // An order whose create was never answered and that the file no longer declares (removed, or
  // renamed with another payload) is still shown: it may exist and be charged.
  for (const o of lock.orders)
    if (o.guid === undefined && !claimed.has(o))
      orders.push({ order: o.order, area: o.area, payloadHash: o.payloadHash, kind: 'uncertain' });
  return { orders, planned };
}
