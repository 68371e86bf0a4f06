// The monthly cap of an imagery file's orders (budget.maxEuroPerMonth), as budget.maxCreditsPerMonth
// is its images' (declared-month.ts): what the orders the lock holds cost in the calendar month
// (UTC: order-month-spend.ts), plus the new ones, held under the cap. The new orders are taken in
// the file's order while this month's orders and next month's stay within it (an order is billed
// its next month on the 1st, with no apply to stop it); the first that does not fit, and every one
// after it, is `deferred`: not created, with the reason and, when by today's prices it fits next
// month, that month. An order not priced yet is none of these: it stops apply, as it did.
import { WorkflowError } from '../../request/workflow-error';
import type { OrderCosts } from '../../pricing/order-costs';
import type { WorkflowPorts } from '../engine/ports';
import type { ImageryLock } from './declared-lock';
import type { PlanOrder } from './declared-orders';
import { ordersCostInMonth } from './order-month-spend';

/** The calendar month's orders against the file's monthly cap (budget.maxEuroPerMonth), in EUR. */
export interface OrderMonthSpend {
  /** YYYY-MM, UTC, by the run's clock. */
  month: string;
  /** What the orders the lock holds cost this month. */
  spentEuro: number;
  /** What they are billed next month (on its 1st), before this plan's new orders. */
  nextMonthEuro: number;
  /** The cap: budget.maxEuroPerMonth. */
  maxEuro: number;
  /** What the cap leaves this month after the month's orders and this plan's new ones. */
  leftEuro: number;
  /** This month's cost of the orders deferred. */
  deferredEuro: number;
  /** The lock's orders whose cost is not known, and why: no new order is created while any is. */
  unknown?: string[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const EPSILON = 1e-9;

function nextMonthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
}

/** An order to create the cap holds: one not priced yet, or without any price, stops apply instead
 * (declared-plan.ts). */
function capped(order: PlanOrder): boolean {
  return (
    order.kind === 'create' &&
    !order.notPricedYet &&
    (order.euroThisMonth !== undefined || order.euroPerMonth !== undefined)
  );
}

/** Why `order` does not fit in what is left (`room`); undefined when it does. */
function beyondCap(
  order: PlanOrder,
  cap: number,
  room: { thisMonth: number; nextMonth: number },
  month: string,
): { reason: string; month?: string } | undefined {
  if (order.euroThisMonth === undefined || order.euroPerMonth === undefined)
    return {
      reason: `its estimate does not price ${order.euroThisMonth === undefined ? 'this month' : 'next month'}, so the file's monthly cap cannot hold it`,
    };
  const now = order.euroThisMonth;
  const next = order.euroPerMonth;
  if (order.currency !== undefined && order.currency !== 'EUR')
    return { reason: `it is priced in ${order.currency}, and the file's monthly cap is in euros` };
  if (Math.max(now, next) > cap + EPSILON)
    return {
      reason: `it costs ${Math.max(now, next)} EUR a month, more than the file's monthly cap of ${cap} EUR alone: raise budget.maxEuroPerMonth to create it`,
    };
  const later = nextMonthOf(month);
  if (now > room.thisMonth + EPSILON) {
    const fitsLater = next <= room.nextMonth + EPSILON;
    return {
      reason: `the month's orders would reach ${round2(cap - room.thisMonth + now)} EUR of the file's ${cap} EUR${fitsLater ? `: it fits in ${later} by today's prices` : ''}`,
      ...(fitsLater ? { month: later } : {}),
    };
  }
  if (next > room.nextMonth + EPSILON)
    return {
      reason: `next month's orders would reach ${round2(cap - room.nextMonth + next)} EUR of the file's ${cap} EUR (the orders are billed ${later} on its 1st)`,
    };
  return undefined;
}

/** The orders to create beyond the cap made `deferred`, in the file's order; the month's figures
 * and the lock's orders found cancelled for the first time (apply keeps the month in the lock). */
export async function holdOrdersToMonthlyCap(
  ports: WorkflowPorts,
  lock: ImageryLock,
  orders: PlanOrder[],
  cap: number,
  month: string,
): Promise<{ spend: OrderMonthSpend; cancelledNow: string[] }> {
  const cost = await ordersCostInMonth(ports, lock, month);
  const room = { thisMonth: cap - cost.thisMonth, nextMonth: cap - cost.nextMonth };
  let waiting: PlanOrder | undefined;
  let deferred = 0;
  for (const order of orders.filter(capped)) {
    const beyond: { reason: string; month?: string } | undefined = waiting
      ? {
          reason: `it comes after order '${waiting.order}' in the file, which is deferred: orders are created in the file's order`,
        }
      : cost.unknown.length > 0
        ? {
            reason: `the month's orders are not all known (${cost.unknown.join('; ')}), so the file's monthly cap of ${cap} EUR cannot hold a new one`,
          }
        : beyondCap(order, cap, room, month);
    if (!beyond) {
      room.thisMonth -= order.euroThisMonth ?? 0;
      room.nextMonth -= order.euroPerMonth ?? 0;
      continue;
    }
    order.kind = 'deferred';
    order.reason = beyond.reason;
    if (beyond.month !== undefined) order.month = beyond.month;
    waiting ??= order;
    deferred += order.euroThisMonth ?? 0;
  }
  const spend: OrderMonthSpend = {
    month,
    spentEuro: cost.thisMonth,
    nextMonthEuro: cost.nextMonth,
    maxEuro: cap,
    leftEuro: round2(Math.max(0, room.thisMonth)),
    deferredEuro: round2(deferred),
    ...(cost.unknown.length > 0 ? { unknown: cost.unknown } : {}),
  };
  return { spend, cancelledNow: cost.cancelledNow };
}

/** What the cap leaves for the orders an apply creates, taken off as each create leaves. */
export interface MonthRoom {
  thisMonth: number;
  nextMonth: number;
}

export function monthRoomOf(spend: OrderMonthSpend): MonthRoom {
  return { thisMonth: spend.maxEuro - spend.spentEuro, nextMonth: spend.maxEuro - spend.nextMonthEuro };
}

/** Throws (nothing sent) when an order's price asked right before its create (the order
 * workflow's one fresh estimate) no longer fits what the cap leaves: its price rose since the plan. */
export function holdOrderToMonthRoom(name: string, room: MonthRoom, spend: OrderMonthSpend, costs: OrderCosts): void {
  const now = costs.currentMonth;
  const next = costs.perMonth ?? 0;
  const refused = (why: string) =>
    new WorkflowError(
      'needs-confirmation',
      `Order '${name}' was not created: ${why}; nothing was sent for it; run plan again to see its price now.`,
    );
  if (costs.currency !== 'EUR')
    throw refused(`it is priced in ${costs.currency} now, and the file's monthly cap is in euros`);
  if (now === undefined) throw refused('its estimate came without a price');
  if (now > room.thisMonth + EPSILON)
    throw refused(
      `it costs ${now} EUR this month now, and the month's orders would reach ${round2(spend.maxEuro - room.thisMonth + now)} EUR of the file's ${spend.maxEuro} EUR`,
    );
  if (next > room.nextMonth + EPSILON)
    throw refused(
      `it costs ${next} EUR next month now, and next month's orders would reach ${round2(spend.maxEuro - room.nextMonth + next)} EUR of the file's ${spend.maxEuro} EUR`,
    );
}

/** An order the monthly cap left uncreated, as an apply reports it. */
export interface DeferredOrder {
  order: string;
  area: string;
  euroThisMonth?: number;
  euroPerMonth?: number;
  reason?: string;
  month?: string;
}

/** "Deferred by the orders' monthly cap: order 'c' (0.93 EUR this month), not created: the month's
 * orders would reach …" (none: undefined). The reason is the first order's: the others wait for it. */
export function deferredOrdersSentence(deferred: readonly DeferredOrder[]): string | undefined {
  const first = deferred[0];
  if (!first) return undefined;
  const named = deferred.map(
    (d) => `'${d.order}'${d.euroThisMonth !== undefined ? ` (${d.euroThisMonth} EUR this month)` : ''}`,
  );
  const orders = deferred.length === 1 ? 'order' : 'orders';
  const them = deferred.length === 1 ? 'it' : 'them';
  return `Deferred by the orders' monthly cap: ${orders} ${named.join(', ')}, not created: ${first.reason ?? 'beyond budget.maxEuroPerMonth'}. A later apply creates ${them}, in the file's order, when the month leaves room.`;
}
