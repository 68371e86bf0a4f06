// The one plan of a purchase, whatever is bought: what happens to each unit (an image: a composite,
// a part of one, a date of a series, a tile, a dataset's date in an imagery file) and to each
// tasking order, the totals, the account's balance, the budget, what stops it and the notes. An
// imagery file's plan (workflows/declared/declared-plan.ts), a composite (one unit, or one a part),
// a series (one a date), tiles (one a tile) and an order (one order) are all this type, and the cost
// panel and the Plan panel render it with one function (media/webview/estimate/plan-table.ts).
// Declared once, as the zod schema the page validates it with; its types are that schema's z.infer.
// zod/mini, as the rest of the panel's protocol; the workflows import only the types and the pure
// helpers below.
import * as z from 'zod/mini';

/** What a plan does to a unit. */
const UNIT_KINDS = ['buy', 'have', 'rebuy', 'uncertain', 'missing', 'extra', 'unavailable', 'deferred'] as const;
export type PurchaseUnitKind = (typeof UNIT_KINDS)[number];

/** The kinds a purchase sends, each priced: never bought, changed, or its file gone. */
export const BUYING: ReadonlySet<PurchaseUnitKind> = new Set<PurchaseUnitKind>(['buy', 'rebuy', 'missing']);

const purchaseUnit = z.object({
  kind: z.enum(UNIT_KINDS),
  /** The dataset of an imagery file, or what the unit is: a composite, a part of one, a tile. */
  label: z.string(),
  /** The area file, or the part of the area. */
  area: z.string(),
  /** YYYY-MM-DD; empty when the unit has none yet (a tile before its date is chosen). */
  date: z.string(),
  credits: z.optional(z.number()),
  /** The image, relative to the imagery file. */
  file: z.optional(z.string()),
  /** rebuy: what changed in the request. */
  changes: z.optional(z.array(z.string())),
  /** Not available (the service's reason), what the ledger says of an uncertain unit, or why it is
   * deferred. */
  reason: z.optional(z.string()),
  /** deferred: the month (YYYY-MM) the monthly cap lets it be bought in. */
  month: z.optional(z.string()),
});

/** What a plan does to a tasking order: `deferred` is to create, but beyond the file's monthly cap
 * (budget.maxEuroPerMonth), as a deferred unit is beyond maxCreditsPerMonth. */
const ORDER_KINDS = ['create', 'exists', 'differs', 'uncertain', 'deferred'] as const;
export type PurchaseOrderKind = (typeof ORDER_KINDS)[number];

const purchaseOrder = z.object({
  kind: z.enum(ORDER_KINDS),
  order: z.string(),
  area: z.string(),
  guid: z.optional(z.string()),
  currency: z.optional(z.string()),
  /** This month's cost, in `currency` (the name is the imagery file's: EUR unless the service says). */
  euroThisMonth: z.optional(z.number()),
  /** Each following month's cost, in `currency`. */
  euroPerMonth: z.optional(z.number()),
  changes: z.optional(z.array(z.string())),
  /** create: not priced yet (it starts after the months the estimate covers), and why. */
  notPricedYet: z.optional(z.string()),
  /** deferred: why (the monthly cap and the figures that do not fit). */
  reason: z.optional(z.string()),
  /** deferred: the month (YYYY-MM) it fits in by today's prices; absent when none is known. */
  month: z.optional(z.string()),
});

const planBudget = z.object({
  maxCredits: z.optional(z.number()),
  maxCreditsPerMonth: z.optional(z.number()),
  maxEuroPerMonth: z.optional(z.number()),
  /** Where the budget is set, when it is not the imagery file's: 'satImagery.confirmCostAbove'. */
  setting: z.optional(z.string()),
});

export const purchasePlanShape = {
  units: z.array(purchaseUnit),
  /** What the units column is headed: 'Dataset' for an imagery file, 'Image' otherwise. */
  labelHeading: z.optional(z.string()),
  orders: z.array(purchaseOrder),
  /** credits: the images to buy (undefined when one came without a price); the orders' months in
   * `currency`. */
  total: z.object({ credits: z.optional(z.number()), euroThisMonth: z.number(), euroPerMonth: z.number() }),
  /** The orders' currency (the plan adds them up in it); undefined without orders to create. */
  currency: z.optional(z.string()),
  /** What the account holds (less what the run spent since its reading): credits for images, the
   * order balance in EUR for orders. */
  balance: z.object({ credits: z.optional(z.number()), euro: z.optional(z.number()) }),
  budget: z.optional(planBudget),
  /** The month's spend against the monthly cap (declared-plan.ts MonthSpend), when a file sets one. */
  month: z.optional(
    z.object({
      month: z.string(),
      spentCredits: z.number(),
      maxCredits: z.number(),
      leftCredits: z.number(),
      deferredCredits: z.number(),
    }),
  ),
  /** The month's orders against the file's monthly cap in euros (declared-order-month.ts
   * OrderMonthSpend), when a file sets one. */
  orderMonth: z.optional(
    z.object({
      month: z.string(),
      spentEuro: z.number(),
      nextMonthEuro: z.number(),
      maxEuro: z.number(),
      leftEuro: z.number(),
      deferredEuro: z.number(),
      unknown: z.optional(z.array(z.string())),
    }),
  ),
  /** What stops the purchase before any billed call. */
  stops: z.array(z.string()),
  /** What the plan left out and why (the CLI's "Note:" lines). Absent: none. */
  notes: z.optional(z.array(z.string())),
  /** The units are not priced yet, and when they will be (tiles chosen on a map, priced by Process
   * Tiles before anything is bought). */
  notPricedYet: z.optional(z.string()),
  /** Units to buy (or deferred), orders to create, or an order that differs. */
  changes: z.boolean(),
  /** Something would be sent: a unit to buy with its price, or an order to create. */
  applicable: z.boolean(),
};

export const purchasePlanSchema = z.object(purchasePlanShape);

export type PurchasePlan = z.infer<typeof purchasePlanSchema>;
export type PurchaseUnit = z.infer<typeof purchaseUnit>;
type PurchaseOrder = z.infer<typeof purchaseOrder>;

/** A figure a page can show: NaN or Infinity would not survive the message. */
function finite(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** Without the fields that are undefined (the message carries no `undefined`). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The credits of the units a purchase sends, to the millionth; undefined when one has no price. */
function buyingCredits(units: readonly Pick<PurchaseUnit, 'kind' | 'credits'>[]): number | undefined {
  let sum = 0;
  for (const unit of units) {
    if (!BUYING.has(unit.kind)) continue;
    if (unit.credits === undefined || !Number.isFinite(unit.credits)) return undefined;
    sum += unit.credits;
  }
  return Math.round(sum * 1e6) / 1e6;
}

/** True when the folders or the account differ from what is asked: units to buy, orders to
 * create, what a monthly cap defers of either, or an order that differs (which only the person can
 * cancel). Uncertain units and orders are not changes: nothing is made of them unless the person
 * says so. */
export function changesIn(
  units: readonly { kind: PurchaseUnitKind }[],
  orders: readonly { kind: PurchaseOrderKind }[],
): boolean {
  return (
    units.some((u) => BUYING.has(u.kind) || u.kind === 'deferred') ||
    orders.some((o) => o.kind === 'create' || o.kind === 'differs' || o.kind === 'deferred')
  );
}

export interface PlanParts {
  units: PurchaseUnit[];
  orders?: PurchaseOrder[];
  /** The images' total when the builder fixes it otherwise (tiles: rounded up to the cent). */
  credits?: number | undefined;
  budget?: PurchasePlan['budget'];
  balance?: number | undefined;
  stops?: string[];
  notes?: string[];
  notPricedYet?: string;
  labelHeading?: string;
}

/** A plan from its units and orders: the totals, the changes and whether anything would be sent
 * follow from them (as an imagery file's plan says them). */
export function purchasePlan(parts: PlanParts): PurchasePlan {
  const orders = parts.orders ?? [];
  const creating = orders.filter((o) => o.kind === 'create');
  const euro = (pick: (o: PurchaseOrder) => number | undefined) =>
    Math.round(creating.reduce((sum, o) => sum + (finite(pick(o)) ?? 0), 0) * 100) / 100;
  const credits = 'credits' in parts ? parts.credits : buyingCredits(parts.units);
  // The service's figures as it gave them: the cost decision refuses one below zero or not finite
  // (cost-decision.ts), and only the page's copy drops them (finitePlan).
  const plan: PurchasePlan = {
    units: parts.units.map((u) => defined({ ...u })),
    orders: orders.map((o) => defined({ ...o })),
    total: defined({
      credits,
      euroThisMonth: euro((o) => o.euroThisMonth),
      euroPerMonth: euro((o) => o.euroPerMonth),
    }),
    balance: defined({ credits: parts.balance }),
    stops: parts.stops ?? [],
    changes: changesIn(parts.units, orders),
    applicable:
      (parts.notPricedYet === undefined && parts.units.some((u) => BUYING.has(u.kind) && u.credits !== undefined)) ||
      creating.length > 0,
  };
  const currency = creating.find((o) => o.currency !== undefined)?.currency;
  if (currency !== undefined) plan.currency = currency;
  if (parts.budget) plan.budget = defined(parts.budget);
  if (parts.notes?.length) plan.notes = parts.notes;
  if (parts.notPricedYet !== undefined) plan.notPricedYet = parts.notPricedYet;
  if (parts.labelHeading !== undefined) plan.labelHeading = parts.labelHeading;
  return plan;
}

/** The plan as a page can receive it: NaN or Infinity would arrive as null and fail its check, so
 * a figure that is not finite is shown as not given. */
export function finitePlan<P extends PurchasePlan>(plan: P): P {
  return {
    ...plan,
    units: plan.units.map((u) => defined({ ...u, credits: finite(u.credits) })),
    orders: plan.orders.map((o) =>
      defined({ ...o, euroThisMonth: finite(o.euroThisMonth), euroPerMonth: finite(o.euroPerMonth) }),
    ),
    total: defined({ ...plan.total, credits: finite(plan.total.credits) }),
    balance: defined({ credits: finite(plan.balance.credits), euro: finite(plan.balance.euro) }),
  };
}

/** The cost panel's budget (satImagery.confirmCostAbove) in the plan's words: credits for images,
 * the dearer month of an order in its currency. */
export function settingBudget(amount: number | undefined, of: 'images' | 'order'): PurchasePlan['budget'] {
  // Unset, it is still named: the panel says where a budget would be set.
  const setting = 'satImagery.confirmCostAbove';
  if (amount === undefined) return { setting };
  return of === 'images' ? { maxCredits: amount, setting } : { maxEuroPerMonth: amount, setting };
}
