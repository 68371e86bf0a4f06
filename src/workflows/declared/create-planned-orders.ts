// apply's orders: each order the plan lists as create, in the file's order, through Create Tasking
// Order's workflow (its cost gate, its lookup of a lost create). Each one is in the lock, without a
// GUID, before its create leaves, so an answer lost or a run killed in flight leaves it held as
// uncertain, never created twice; its GUID is kept as soon as the answer brings it.
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { nowOf } from '../engine/ports';
import { ASK_NOBODY } from '../engine/resolve';
import { runOrder } from '../orders/order-workflow';
import { isApiError } from '../../api/errors';
import type { OrderCosts } from '../../pricing/order-costs';
import type { LockFile, LockedOrder } from './declared-lock';
import { monthOf } from './declared-month';
import { holdOrderToMonthRoom, monthRoomOf } from './declared-order-month';
import type { MonthRoom, OrderMonthSpend } from './declared-order-month';
import type { PlannedOrder } from './declared-orders';
import { payloadSummary } from './declared-orders';
import type { Plan } from './declared-plan';
import { holdOrderToCeilings } from './order-price-hold';
import type { OrderCeiling } from './order-price-hold';

/** An order this run created (name, GUID), or whose creation is unknown. */
export interface CreatedOrder {
  order: string;
  outcome: string;
  guid?: string;
}

/** The prices an order's create is held to when it leaves. */
interface PriceHolds {
  /** Asked right before each create (order-price-hold.ts). */
  orderCeilings: ((order: PlannedOrder) => OrderCeiling[]) | undefined;
  /** What the orders' monthly cap leaves, taken off as each create leaves at its fresh price. */
  room: MonthRoom | undefined;
  spend: OrderMonthSpend | undefined;
}

/** The orders to create, until one is cancelled or the run is (`stopped`: a series' cost gate
 * stopped it, nothing further is sent). */
export async function createPlannedOrders(
  ports: WorkflowPorts,
  plan: Plan,
  orders: readonly PlannedOrder[],
  orderCeilings: PriceHolds['orderCeilings'],
  lockFile: LockFile,
  stopped: boolean,
): Promise<{ orders: CreatedOrder[]; uncertain: number }> {
  const holds: PriceHolds = {
    orderCeilings,
    room: plan.orderMonth ? monthRoomOf(plan.orderMonth) : undefined,
    spend: plan.orderMonth,
  };
  const created = { orders: [] as CreatedOrder[], uncertain: 0 };
  for (const o of orders.filter((order) => order.kind === 'create')) {
    if (stopped || ports.signal.aborted) break;
    const one = await createOrder(ports, o, holds, lockFile);
    created.orders.push(one.created);
    if (one.uncertain) created.uncertain++;
    if (one.created.outcome === 'cancelled') break; // cancelled: nothing further is sent
  }
  return created;
}

/** One order created: held in the lock before its create leaves, kept with its GUID after. */
async function createOrder(
  ports: WorkflowPorts,
  o: PlannedOrder,
  { orderCeilings, room, spend }: PriceHolds,
  lockFile: LockFile,
): Promise<{ created: CreatedOrder; uncertain: boolean }> {
  const source: AoiSource = { text: o.area.text, name: o.area.file, format: o.area.format };
  const pending = lockEntryOf(o);
  // In the lock right before the create's POST leaves: a run killed or cancelled in flight leaves it held as uncertain.
  let sent = false;
  const ceilings = orderCeilings?.(o) ?? [];
  const beforeCreate = async () => {
    await lockFile.keepOrder(pending, o.order.name);
    sent = true;
  };
  const checkFreshPrice = freshPriceCheck(ports, o, ceilings, room, spend, pending);
  let created: Awaited<ReturnType<typeof runOrder>>;
  try {
    // Declared whole (every default filled in by the plan): nothing is open, nobody is asked.
    created = await runOrder(ports, source, o.options, 'create', {
      beforeCreate,
      checkFreshPrice,
      settling: ASK_NOBODY,
    });
  } catch (error) {
    // Refused for certain (refused before sending, or the service said no to the request
    // itself): nothing was made, nothing is held. Any other failure (a 5xx, which a gateway
    // may answer after the order was made) keeps it held as uncertain.
    if (sent && refusedForCertain(error)) await lockFile.keepOrder(undefined, o.order.name);
    throw error;
  }
  if (sent && room) {
    room.thisMonth -= pending.price?.thisMonth ?? 0;
    room.nextMonth -= pending.price?.perMonth ?? 0;
  }
  const guid = typeof created.order?.TaskOrderGuid === 'string' ? created.order.TaskOrderGuid : undefined;
  // Cancelled once the POST was leaving, it may have been made: held, as a lost answer is.
  const cancelledInFlight = sent && created.outcome === 'cancelled';
  const uncertain = created.outcome === 'may-have-been-charged' || created.outcome === 'unknown' || cancelledInFlight;
  if (guid) await lockFile.keepOrder({ ...pending, guid, at: new Date().toISOString() }, o.order.name);
  return { created: { order: o.order.name, outcome: created.outcome, ...(guid ? { guid } : {}) }, uncertain };
}

/** The order as the lock holds it before its create leaves: without a GUID. */
function lockEntryOf(o: PlannedOrder): LockedOrder {
  return {
    order: o.order.name,
    area: o.area.file,
    payloadHash: o.payloadHash,
    payload: payloadSummary(o.payload),
    at: new Date().toISOString(),
  };
}

/** A price asked right before the create above the one seen, or beyond what the monthly cap
 * leaves, stops it before the lock holds it: nothing was sent. The price it was held to is kept
 * in the lock with the month it leaves in (`pending.price`): what the month's orders count for it. */
function freshPriceCheck(
  ports: WorkflowPorts,
  o: PlannedOrder,
  ceilings: readonly OrderCeiling[],
  room: MonthRoom | undefined,
  spend: OrderMonthSpend | undefined,
  pending: LockedOrder,
): (costs: OrderCosts) => void {
  return (costs) => {
    holdOrderToCeilings(o, ceilings, costs);
    if (room && spend) holdOrderToMonthRoom(o.order.name, room, spend, costs);
    pending.price = {
      month: monthOf(nowOf(ports)),
      currency: costs.currency,
      ...(costs.currentMonth !== undefined ? { thisMonth: costs.currentMonth } : {}),
      ...(costs.perMonth !== undefined ? { perMonth: costs.perMonth } : {}),
    };
  };
}

/** A failure that says the create was not made: refused before it left, or a 4xx about the
 * request itself (not a timeout or a rate limit, and never one that may have been charged). */
function refusedForCertain(error: unknown): boolean {
  // A refusal of a second attempt says nothing of the first (a 503 a gateway gave after the order was made).
  if (!isApiError(error) || error.mayHaveBeenCharged || (error.attempts ?? 1) > 1) return false;
  if (error.kind === 'local-validation' || error.kind === 'validation' || error.kind === 'auth') return true;
  return (
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}
