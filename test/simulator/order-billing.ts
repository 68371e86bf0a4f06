// Orders billed month by month, as the live-service notes describe them: creating an order bills
// its first calendar month (UTC) from the EUR balance at once and commits the next one
// (chargeOrder, order-pricing.ts); at 00:00 UTC on the 1st of each later month, every order that
// runs in that month is billed for it: a recurring order until its renewal is stopped (a cancel
// before that 1st), an order with an end date for each month of its period (past Review a cancel
// stops nothing of it: it has no renewal). An order cancelled in Review was cancelled in full and
// is billed nothing more. A month is billed when the clock has reached it, before the next
// request is handled (so no request's log entry carries it); each order keeps what it was billed,
// month by month (`charges`), and the account's CurrentMonthCosts and NextMonthCosts are read
// again from the orders. The demo's preloaded orders were never charged and are billed nothing.
import { dayNumber } from './dates';
import { round } from './geometry';
import { priceOrder } from './order-pricing';
import type { SimulatorState, StoredOrder } from './state';

/** "2026-07" of an instant, in UTC. */
export function monthOfMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function nextMonthOf(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
}

/** The day number of the 1st of `month`. */
function firstDayOf(month: string): number {
  return dayNumber(`${month}-01`);
}

/** True when nothing more is billed to the order from `month` on: it was never charged (the
 * demo's), it was cancelled in Review, or its renewal was stopped by a cancel before that month. */
function billedNoMore(order: StoredOrder, month: string): boolean {
  if (!order.charges) return true;
  if (order.canceledAt === undefined) return false;
  if (order.canceledInReview) return true;
  return order.To === null && order.canceledAt < firstDayOf(month) * 86_400_000;
}

/** What the order costs in `month` (order and storage), by the service's price of that month. */
function costIn(state: SimulatorState, order: StoredOrder, month: string): number {
  if (billedNoMore(order, month)) return 0;
  return priceOrder(order, state, firstDayOf(month)).CurrentMonthCost as number;
}

/** Bills every month the clock has reached since the last one billed, then reads the account's
 * month costs again from the orders. */
export function billMonths(state: SimulatorState): void {
  const now = monthOfMs(state.now());
  if (state.billedMonth >= now) return;
  while (state.billedMonth < now) {
    const month = nextMonthOf(state.billedMonth);
    for (const order of state.stored) {
      const euros = round(costIn(state, order, month), 2);
      if (euros <= 0) continue;
      order.charges!.push({ month, euros });
      state.account.EuroCreditAmount = round(state.account.EuroCreditAmount - euros, 2);
    }
    state.billedMonth = month;
  }
  const next = nextMonthOf(now);
  let current = 0;
  let committed = 0;
  for (const order of state.stored) {
    for (const charge of order.charges ?? []) if (charge.month === now) current += charge.euros;
    committed += costIn(state, order, next);
  }
  state.account.CurrentMonthCosts = round(current, 2);
  state.account.NextMonthCosts = round(committed, 2);
}
