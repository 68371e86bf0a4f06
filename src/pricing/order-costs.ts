// Reads an order estimate in either shape the service answers (live-service notes): the flat
// `CurrentMonthCost`/`NextMonthCost` with a `Costs` breakdown, or the newer `CurrentMonthCosts` /
// `RecurringCostsEstimate` blocks with `TotalCost` (in `CurrencyCode`) or `TotalCostEuro`.
import type { OrderEstimate } from '../api/types';

export interface OrderCosts {
  currency: string;
  /** Every currency the estimate names; more than one is refused by the cost decision. */
  currencies: string[];
  /** What is billed this month (order + storage), when the estimate says. */
  currentMonth: number | undefined;
  /** What each following month costs (next month, or the recurring estimate). */
  perMonth: number | undefined;
  currentMonthOrder: number | undefined;
  currentMonthStorage: number | undefined;
  nextMonthOrder: number | undefined;
  nextMonthStorage: number | undefined;
}

/** The service's own caveat, shown beside every order price. */
export const ESTIMATE_CAVEAT =
  'The service estimates as if nothing changes in your existing orders this month and the area overlaps none of them.';
/** The caveat where the area overlaps an existing order (or that could not be checked): the
 * plain one would state the opposite of the overlap warning beside it. */
export const OVERLAPPED_ESTIMATE_CAVEAT =
  'The service estimates as if nothing changes in your existing orders this month and as if the area overlapped none of them, which the warnings above say may not hold here: the price may differ.';

/** A price as the service gave it: any number, so that one below zero or not finite reaches the
 * cost decision (cost-decision.ts), which refuses it; anything else is no price. */
function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && !Number.isNaN(value) ? value : undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A `{ CurrencyCode, TotalCost | TotalCostEuro }` block: its total and the currency it is in. */
function block(value: unknown): { total: number | undefined; currency: string | undefined } {
  const b = record(value);
  if (!b) return { total: undefined, currency: undefined };
  const total = numberOr(b.TotalCost);
  if (total !== undefined) return { total, currency: typeof b.CurrencyCode === 'string' ? b.CurrencyCode : undefined };
  const euro = numberOr(b.TotalCostEuro);
  return { total: euro, currency: euro === undefined ? undefined : 'EUR' };
}

function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

export function readOrderCosts(estimate: OrderEstimate): OrderCosts {
  const costs = record(estimate.Costs) ?? {};
  const currentOrder = numberOr(costs.CurrentMonthOrderCostEstimate);
  const currentStorage = numberOr(costs.CurrentMonthStorageCosts);
  const nextOrder = numberOr(costs.NextMonthOrderCostEstimate);
  const nextStorage = numberOr(costs.NextMonthStorageCosts);
  const current = block(estimate.CurrentMonthCosts);
  const recurring = block(estimate.RecurringCostsEstimate);
  const named = [
    typeof costs.CurrencyCode === 'string' ? costs.CurrencyCode : undefined,
    current.currency,
    recurring.currency,
  ].filter((c): c is string => c !== undefined);
  const currency = named[0] ?? 'EUR';
  return {
    currency,
    currencies: [...new Set(named)],
    currentMonth: numberOr(estimate.CurrentMonthCost) ?? current.total ?? sum(currentOrder, currentStorage),
    perMonth: numberOr(estimate.NextMonthCost) ?? recurring.total ?? sum(nextOrder, nextStorage),
    currentMonthOrder: currentOrder,
    currentMonthStorage: currentStorage,
    nextMonthOrder: nextOrder,
    nextMonthStorage: nextStorage,
  };
}

/** The larger of this month's and a following month's cost: what the budget is checked against. */
export function orderCostOf(estimate: OrderEstimate): number | undefined {
  return budgetedCost(readOrderCosts(estimate));
}

/** The same figure from totals already read by readOrderCosts (a cost view's model holds them). */
export function budgetedCost({
  currentMonth,
  perMonth,
}: Pick<OrderCosts, 'currentMonth' | 'perMonth'>): number | undefined {
  if (currentMonth === undefined && perMonth === undefined) return undefined;
  return Math.max(currentMonth ?? 0, perMonth ?? 0);
}
