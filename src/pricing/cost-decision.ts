// The one cost decision both hosts ask: the extension's cost gate (cost-gate.ts) and the command
// line's budget (cli/ports.ts). It reads every part of a price from the cost view's model, each in
// its own unit: the images' credits (a series: date by date), a tasking order's first month and
// each following month, and the order AutomaticOrderCreation lets the service create. A price no
// budget can mean is refused before anything is shown or sent: below zero (it would offset the
// rest of a sum), not a finite number, or an order priced in more than one currency. A budget then
// holds each part in its own unit: credits against credits, an order's dearer month in its currency.
import { WorkflowError } from '../request/workflow-error';
import type { CoverOption, EstimateModel } from './estimate-view-model';
import { budgetedCost } from './order-costs';

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

/** Every part of the model's price, checked. `cost` stands in for credits a model does not carry. */
export function priceOf(model: EstimateModel, cost?: number): Price {
  if (model.kind === 'tiles') return {};
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
    return {
      order: orderPrice(
        { ...model, currentMonth: model.currentMonthCost, perMonth: model.perMonthCost },
        'order',
        'the order',
      ),
    };
  }
  const price: Price = { images: { credits: imageCredits(model.series?.dates, model.credits ?? cost) } };
  if (model.automaticOrder)
    price.order = orderPrice(
      model.automaticOrder,
      'AutomaticOrderCreation',
      'the tasking order the service would create',
    );
  return price;
}

/** A series' credits date by date, so a date below zero refuses the run instead of lowering its
 * total; undefined when any date came without a price. */
function imageCredits(
  dates: readonly { date: string; credits?: number }[] | undefined,
  total: number | undefined,
): number | undefined {
  if (!dates) return checkedAmount(total, 'the images', 'credits');
  let sum = 0;
  for (const { date, credits } of dates) {
    const amount = checkedAmount(credits, `the image of ${date}`, 'credits');
    if (amount === undefined) return undefined;
    sum += amount;
  }
  return Math.round(sum * 1e6) / 1e6;
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
