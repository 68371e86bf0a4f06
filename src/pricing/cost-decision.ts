// The one cost decision both hosts ask: the extension's cost gate (cost-gate.ts) and the command
// line's budget (cli/ports.ts). It reads every part of a price from the plan of the cost view's
// model (purchase-plan.ts), each in its own unit: the images' credits (unit by unit, then their
// total), a tasking order's first month and each following month, and the order
// AutomaticOrderCreation lets the service create. A price no
// budget can mean is refused before anything is shown or sent: below zero (it would offset the
// rest of a sum), not a finite number, or an order priced in more than one currency. A budget then
// holds each part in its own unit: credits against credits, an order's dearer month in its currency.
import { WorkflowError } from '../request/workflow-error';
import type { CoverOption, EstimateModel } from './estimate-view-model';
import { budgetedCost } from './order-costs';
import { BUYING } from './purchase-plan';
import type { PurchaseUnit } from './purchase-plan';

export interface OrderPrice {
  /** The person's own order, or the one the service creates under AutomaticOrderCreation. */
  createdBy: 'order' | 'AutomaticOrderCreation';
  currency: string;
  /** Charged when the order is created. */
  currentMonth: number | undefined;
  /** Charged each following month. */
  perMonth: number | undefined;
}

/** Every part of what Proceed would cost; a part the request does not buy is absent. */
export interface Price {
  /** Undefined credits: the service gave no price for the images. */
  images?: { credits: number | undefined };
  order?: OrderPrice;
}

export interface Budget {
  amount: number | undefined;
  /** Where the person sets it, named in the sentence: '--max-cost', 'satImagery.confirmCostAbove'. */
  name: string;
  /** --max-cost lets a cost equal to it through ("within"); the setting asks for a cost under it. */
  inclusive: boolean;
  /** Spent earlier in the same run, per unit ('credits' or a currency), for a budget of a run. */
  spent?: Readonly<Record<string, number>>;
}

const NOTHING_SENT =
  'A price below zero or not a number cannot be held to a budget, so nothing was sent; estimate again later, and tell the service if it persists.';

/** The amount, or a refusal when the service's figure is below zero or not finite. */
export function checkedAmount(value: number | undefined, what: string, unit: string): number | undefined {
  if (value === undefined) return undefined;
  if (Number.isFinite(value) && value >= 0) return value;
  throw new WorkflowError(
    'invalid-price',
    `Refused: the service priced ${what} at ${value} ${unit}, ${Number.isFinite(value) ? 'below zero' : 'not a finite number'}. ${NOTHING_SENT}`,
  );
}

/** The one currency of an order's price, or a refusal naming the currencies it mixes. */
function oneCurrency(currencies: readonly string[] | undefined, currency: string, what: string): string {
  const all = [...new Set([currency, ...(currencies ?? [])])];
  if (all.length === 1) return currency;
  throw new WorkflowError(
    'invalid-price',
    `Refused: the service priced ${what} in more than one currency (${all.join(' and ')}), so neither the balance nor a budget can hold it. Nothing was sent.`,
  );
}

type PricedOrder = Pick<CoverOption, 'currency' | 'currencies' | 'currentMonth' | 'perMonth'>;

function orderPrice(order: PricedOrder, createdBy: OrderPrice['createdBy'], what: string): OrderPrice {
  const currency = oneCurrency(order.currencies, order.currency, what);
  return {
    createdBy,
    currency,
    currentMonth: checkedAmount(order.currentMonth, `${what}'s first month`, currency),
    perMonth: checkedAmount(order.perMonth, `each month of ${what}`, currency),
  };
}

/** Every part of the model's price, checked, read from its plan (purchase-plan.ts) as an imagery
 * file's apply reads its own: the images from the plan's units and total, the order from its order
 * to create. The details a plan does not carry are checked from the model: an order's breakdown
 * and its covers, the currencies the estimate named, the order AutomaticOrderCreation would make. */
export function priceOf(model: EstimateModel): Price {
  const price: Price = {};
  const images = imageCredits(model);
  if (images) price.images = images;
  if (model.kind === 'order') {
    const breakdown = [
      model.currentMonthOrder,
      model.currentMonthStorage,
      model.nextMonthOrder,
      model.nextMonthStorage,
    ];
    for (const part of breakdown) checkedAmount(part, 'a part of the order', model.currency);
    for (const cover of model.covers ?? [])
      orderPrice(cover, 'order', `the ${cover.id === 'tiles' ? 'tile' : 'polygon'} order`);
  }
  const order = model.plan.orders.find((o) => o.kind === 'create');
  if (order) {
    const currency = order.currency ?? 'EUR';
    const currencies = model.kind === 'order' ? model.currencies : undefined;
    price.order = orderPrice(
      { currency, currencies, currentMonth: order.euroThisMonth, perMonth: order.euroPerMonth },
      'order',
      'the order',
    );
  }
  if (model.kind === 'composite' && model.automaticOrder)
    price.order = orderPrice(
      model.automaticOrder,
      'AutomaticOrderCreation',
      'the tasking order the service would create',
    );
  return price;
}

/** The images' credits: each unit to buy checked, so a date or a part below zero refuses the run
 * instead of lowering its total, then the plan's total (undefined when a unit came without a
 * price). None when the plan buys no image, or has not priced its units yet (a tile choice). */
function imageCredits(model: EstimateModel): Price['images'] {
  const { plan } = model;
  const buying = plan.units.filter((u) => BUYING.has(u.kind));
  if (buying.length === 0 || plan.notPricedYet !== undefined) return undefined;
  // One image is "the images", as it always was; a series' dates are named, even one alone.
  const one = buying.length === 1 && !(model.kind === 'composite' && model.series);
  for (const unit of buying)
    checkedAmount(unit.credits, one ? 'the images' : `the image of ${unitName(unit)}`, 'credits');
  if (buying.some((u) => u.credits === undefined)) return { credits: undefined };
  return { credits: checkedAmount(plan.total.credits, 'the images', 'credits') };
}

/** A unit as a sentence names it: its date, and its part or tile when it has one. */
function unitName(unit: PurchaseUnit): string {
  const of = unit.area.startsWith('part ') ? `${unit.area} of ` : unit.label !== 'composite' ? `${unit.label} of ` : '';
  return `${of}${unit.date}`;
}

/** The order's figure a budget holds: the dearer of its first and a following month. */
export function orderFigure(order: OrderPrice): number | undefined {
  return budgetedCost(order);
}

/** Why the price does not fit the budget (each part in its own unit), or undefined when it does. */
export function overBudget(price: Price, budget: Budget): string | undefined {
  const parts: { unit: string; value: number | undefined; says: (v: number) => string; none: string }[] = [];
  if (price.images)
    parts.push({
      unit: 'credits',
      value: price.images.credits,
      says: (v) => `it costs ${v} credits`,
      none: 'the service gave no cost for it',
    });
  if (price.order) {
    const { currency, createdBy } = price.order;
    const automatic = createdBy === 'AutomaticOrderCreation';
    parts.push({
      unit: currency,
      value: orderFigure(price.order),
      says: (v) =>
        automatic
          ? `the tasking order the service would create (AutomaticOrderCreation) costs ${v} ${currency}`
          : `it costs ${v} ${currency}`,
      none: automatic
        ? 'the service gave no price for the tasking order it would create (AutomaticOrderCreation)'
        : 'the service gave no cost for it',
    });
  }
  if (parts.length === 0) return 'the service gave no cost for it';
  for (const part of parts) {
    if (part.value === undefined) return part.none;
    if (budget.amount === undefined) return `no budget is set (${budget.name}) and ${part.says(part.value)}`;
    const spent = budget.spent?.[part.unit] ?? 0;
    // To the millionth, as totals are rounded: 0.3 - 0.1 is 0.19999999999999998, not the 0.2 left.
    const left = Math.round((budget.amount - spent) * 1e6) / 1e6;
    if (budget.inclusive ? part.value <= left : part.value < left) continue;
    const limit =
      spent > 0 ? `the ${round(left)} left of the budget of ${budget.amount}` : `the budget of ${budget.amount}`;
    return `${part.says(part.value)}, ${budget.inclusive ? 'above' : 'not under'} ${limit} (${budget.name})`;
  }
  return undefined;
}

/** What a run's budget has used once a price went: each part in its unit, as overBudget counts it. */
export function addSpent(spent: Record<string, number>, price: Price): void {
  const order = price.order ? orderFigure(price.order) : undefined;
  if (price.images?.credits !== undefined) spent.credits = (spent.credits ?? 0) + price.images.credits;
  if (price.order && order !== undefined) spent[price.order.currency] = (spent[price.order.currency] ?? 0) + order;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
