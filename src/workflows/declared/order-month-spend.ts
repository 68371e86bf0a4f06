// What the orders of an imagery file cost in a calendar month (UTC), for its monthly cap
// (budget.maxEuroPerMonth): every order the lock holds, each created by an apply of the file,
// whether the file still declares it or not. The service bills an order month by month: its first
// month when it is created, each later month it runs in at 00:00 UTC on that month's 1st (a
// recurring order until it is cancelled before that 1st: live-service notes, "Field values").
//
//   created this month   the price its create was held to, which the lock keeps (the estimate
//                        asked right before it left): what the month was charged
//   created before       what the service's own estimate of the order says now, asked with the
//                        order as the service lists it (its period, cadence, area or tiles)
//
// A recurring order the service lists as cancelled costs nothing next month; nothing this month
// either when an apply had already found it cancelled in an earlier month (the lock's
// cancelSeen), for its renewal was stopped before this month began; found cancelled this month,
// or first now, it is counted, for the cancel may have come after the 1st. An order with an end
// date is counted to its end, cancelled or not (past Review a cancel stops nothing of it; one
// cancelled in Review was given back in full, which its record does not say). An order whose cost
// is not known (the service does not list it, its record cannot be priced, its create's answer
// was lost in an earlier month, another currency) is named: the cap cannot hold it, so no new
// order is created while it is there. A cap errs on the side of spending less.
import type { OrderEstimateRequest, TaskOrder } from '../../api/types';
import { readOrderCosts } from '../../pricing/order-costs';
import type { WorkflowPorts } from '../engine/ports';
import type { ImageryLock, LockedOrder } from './declared-lock';

/** What the file's orders cost this month and are committed to next month, in EUR. */
export interface OrdersMonthCost {
  thisMonth: number;
  nextMonth: number;
  /** Why an order's cost is not known: while any is, no new order is created. */
  unknown: string[];
  /** The GUIDs of the lock's orders the service lists as cancelled that the lock has not yet
   * seen so: apply keeps the month in the lock (cancelSeen). */
  cancelledNow: string[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}

/** The order estimate of an order as the service lists it; undefined when a field it needs is
 * missing (the record is the service's, so each field is checked). */
function estimateOfRecord(record: TaskOrder): OrderEstimateRequest | undefined {
  const constellations = strings(record.SatelliteConstellations);
  const numbers = [record.StorageMonths, record.ApiRequests, record.ImageFrequency];
  if (typeof record.Model !== 'string' || !constellations || !numbers.every((n) => typeof n === 'number'))
    return undefined;
  if (typeof record.From !== 'string' || typeof record.ReferenceDate !== 'string') return undefined;
  if (record.To !== null && typeof record.To !== 'string') return undefined;
  const tiles = strings(record.Tiles) ?? [];
  const miniTiles = strings(record.MiniTiles) ?? [];
  // An order of tiles is priced as tiles (its record may keep the geometry it was drawn from too).
  const area =
    tiles.length + miniTiles.length > 0
      ? {
          ...(tiles.length > 0 ? { TileGuids: tiles } : {}),
          ...(miniTiles.length > 0 ? { MiniTileGuids: miniTiles } : {}),
        }
      : typeof record.Wkt === 'string' && record.Wkt.trim() !== ''
        ? { Wkt: record.Wkt }
        : undefined;
  if (!area) return undefined;
  return {
    ...area,
    Model: record.Model,
    SatelliteConstellations: constellations,
    StorageMonths: record.StorageMonths!,
    ApiRequests: record.ApiRequests!,
    ImageFrequency: record.ImageFrequency!,
    ReferenceDate: record.ReferenceDate,
    From: record.From,
    To: record.To ?? null,
  } as OrderEstimateRequest;
}

const isCancelled = (record: TaskOrder | undefined) =>
  typeof record?.OrderingProcessStatus === 'string' && /^cancel/i.test(record.OrderingProcessStatus);

/** This month's and next month's cost of one order of the lock, or why it is not known. */
async function orderCost(
  ports: WorkflowPorts,
  entry: LockedOrder,
  record: TaskOrder | undefined,
  month: string,
): Promise<{ thisMonth: number; nextMonth: number } | { unknown: string }> {
  const name = `order '${entry.order}'${entry.guid ? ` (${entry.guid})` : ''}`;
  const recurring = (record ? record.To : entry.payload.To) === null;
  const renewalStopped = recurring && isCancelled(record);
  if (renewalStopped && entry.cancelSeen !== undefined && entry.cancelSeen < month)
    return { thisMonth: 0, nextMonth: 0 };
  const price = entry.price;
  if (price?.month === month) {
    if (price.currency !== 'EUR') return { unknown: `${name} is priced in ${price.currency}` };
    if (price.thisMonth === undefined) return { unknown: `${name} was created without a price this month` };
    return { thisMonth: price.thisMonth, nextMonth: renewalStopped ? 0 : (price.perMonth ?? price.thisMonth) };
  }
  if (!record)
    return {
      unknown: entry.guid
        ? `${name} is not in the account's list of orders`
        : `${name}: its create was sent on ${entry.at.slice(0, 10)} and its answer lost, and the account's list does not show it`,
    };
  const request = estimateOfRecord(record);
  if (!request) return { unknown: `${name}: the service's record of it cannot be priced` };
  const costs = readOrderCosts(await ports.client.estimateOrder(request, { signal: ports.signal }));
  if (costs.currency !== 'EUR') return { unknown: `${name} is priced in ${costs.currency}` };
  if (costs.currentMonth === undefined || !Number.isFinite(costs.currentMonth) || costs.currentMonth < 0)
    return { unknown: `${name}: the service's estimate of it came without a price` };
  const next = costs.perMonth !== undefined && Number.isFinite(costs.perMonth) ? costs.perMonth : costs.currentMonth;
  return { thisMonth: costs.currentMonth, nextMonth: renewalStopped ? 0 : Math.max(0, next) };
}

/** What the lock's orders cost in `month` and are committed to the month after. */
export async function ordersCostInMonth(
  ports: WorkflowPorts,
  lock: ImageryLock,
  month: string,
): Promise<OrdersMonthCost> {
  const result: OrdersMonthCost = { thisMonth: 0, nextMonth: 0, unknown: [], cancelledNow: [] };
  if (lock.orders.length === 0) return result;
  // Expired orders too: an order whose period ended may still be billed its storage.
  const listed = await ports.client.listOrders({ getExpired: true }, { signal: ports.signal });
  const byGuid = new Map<string, TaskOrder>();
  for (const record of listed)
    if (typeof record.TaskOrderGuid === 'string') byGuid.set(record.TaskOrderGuid.toLowerCase(), record);
  for (const entry of lock.orders) {
    const record = entry.guid !== undefined ? byGuid.get(entry.guid.toLowerCase()) : undefined;
    if (record && isCancelled(record) && entry.cancelSeen === undefined) result.cancelledNow.push(entry.guid!);
    const cost = await orderCost(ports, entry, record, month);
    if ('unknown' in cost) result.unknown.push(cost.unknown);
    else {
      result.thisMonth += cost.thisMonth;
      result.nextMonth += cost.nextMonth;
    }
  }
  result.thisMonth = round2(result.thisMonth);
  result.nextMonth = round2(result.nextMonth);
  return result;
}
