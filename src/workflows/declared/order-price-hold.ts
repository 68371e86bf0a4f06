// An order of an imagery file is held to the price a person saw, not only to the budget they set:
// the order workflow asks the order estimate again with the exact body right before its create
// (estimates are free; the one fresh price its spend guard holds too), and the create is refused
// when that price is above a ceiling: the price the plan showed for this order (apply
// --plan, the plan panel's Apply…), or what is left of --max-cost. An order planned at 0.25 EUR was
// otherwise created at 6.27 EUR because --max-cost 100 allowed it.
import { WorkflowError } from '../../request/workflow-error';
import { budgetedCost } from '../../pricing/order-costs';
import type { OrderCosts } from '../../pricing/order-costs';
import type { PlannedOrder } from './declared-orders';

/** The most an order may cost when its create leaves: the dearer of this month and a following
 * month, as a budget reads an order's price (budgetedCost). */
export interface OrderCeiling {
  /** undefined: the plan showed no price for it, so no price is within it. */
  price: number | undefined;
  currency: string | undefined;
  /** Whose figure it is, as the refusal says it: "the plan showed", "is left of --max-cost". */
  seen: string;
}

/** An order of a plan, or of a plan file (anyone's JSON: its prices are checked before use). */
export interface ShownOrder {
  kind: string;
  payloadHash: string;
  currency?: unknown;
  euroThisMonth?: unknown;
  euroPerMonth?: unknown;
}

/** What a plan's orders to create showed, by payload hash: the ceiling each is held to. Only
 * finite numbers and a three-letter currency code are taken. */
export function shownOrderPrices(
  orders: readonly ShownOrder[],
): Map<string, { price: number | undefined; currency: string | undefined }> {
  const figure = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const shown = new Map<string, { price: number | undefined; currency: string | undefined }>();
  for (const o of orders.filter((order) => order.kind === 'create'))
    shown.set(o.payloadHash, {
      price: budgetedCost({ currentMonth: figure(o.euroThisMonth), perMonth: figure(o.euroPerMonth) }),
      currency: typeof o.currency === 'string' && /^[A-Z]{3}$/.test(o.currency) ? o.currency : undefined,
    });
  return shown;
}

/** "6.27 EUR" */
function money(value: number, currency: string | undefined): string {
  return `${value}${currency ? ` ${currency}` : ''}`;
}

/** Throws (nothing sent) when the order's price asked right before its create (`now`, the order
 * workflow's one fresh estimate of the payload sent) is above any ceiling. */
export function holdOrderToCeilings(order: PlannedOrder, ceilings: readonly OrderCeiling[], costs: OrderCosts): void {
  if (ceilings.length === 0) return;
  const now = budgetedCost(costs);
  const name = `Order '${order.order.name}' was not created`;
  const advice = 'nothing was sent for it; run plan again to see its price now';
  for (const ceiling of ceilings) {
    if (ceiling.price === undefined)
      throw new WorkflowError('needs-confirmation', `${name}: ${ceiling.seen} no price for it; ${advice}.`);
    if (now === undefined)
      throw new WorkflowError('needs-confirmation', `${name}: its estimate came without a price; ${advice}.`);
    if (ceiling.currency !== undefined && costs.currency !== ceiling.currency)
      throw new WorkflowError(
        'needs-confirmation',
        `${name}: it is priced in ${costs.currency} now, and ${ceiling.seen} ${money(ceiling.price, ceiling.currency)}; ${advice}.`,
      );
    // A cent's rounding is no rise.
    if (now > ceiling.price + 1e-9)
      throw new WorkflowError(
        'needs-confirmation',
        `${name}: it costs ${money(now, costs.currency)} now (the dearer of this month and next), above the ${money(ceiling.price, ceiling.currency ?? costs.currency)} ${ceiling.seen}; ${advice}.`,
      );
  }
}
