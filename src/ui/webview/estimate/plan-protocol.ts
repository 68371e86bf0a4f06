// What the cost panel shows of an imagery file's plan (src/workflows/declared/declared-plan.ts):
// every unit with what a plan does to it, every order, the total in credits and in the orders'
// currency, the account's balance, the file's budget, what stops an apply and the plan's notes; after an apply, its
// summary. Declared once as the zod schema the page validates it with; the types are its z.infer.
// zod/mini, like the rest of the panel's protocol. This file must not import `vscode`.
import * as z from 'zod/mini';

const planUnit = z.object({
  kind: z.enum(['buy', 'have', 'rebuy', 'uncertain', 'missing', 'extra', 'unavailable', 'deferred']),
  dataset: z.string(),
  area: z.string(),
  date: z.string(),
  credits: z.optional(z.number()),
  /** The image, relative to the imagery file. */
  file: z.optional(z.string()),
  /** rebuy: what changed in the request. */
  changes: z.optional(z.array(z.string())),
  /** Not available, what the ledger says of an uncertain unit, or why it is deferred. */
  reason: z.optional(z.string()),
  /** deferred: the month (YYYY-MM) the monthly cap lets it be bought in. */
  month: z.optional(z.string()),
});

const planOrder = z.object({
  kind: z.enum(['create', 'exists', 'differs', 'uncertain']),
  order: z.string(),
  area: z.string(),
  guid: z.optional(z.string()),
  currency: z.optional(z.string()),
  euroThisMonth: z.optional(z.number()),
  euroPerMonth: z.optional(z.number()),
  changes: z.optional(z.array(z.string())),
  /** create: not priced yet (it starts after the months the estimate covers), and why. */
  notPricedYet: z.optional(z.string()),
});

const planViewSchema = z.object({
  title: z.string(),
  /** The imagery file, as the person knows it (relative to the workspace when inside it). */
  file: z.string(),
  units: z.array(planUnit),
  orders: z.array(planOrder),
  total: z.object({ credits: z.number(), euroThisMonth: z.number(), euroPerMonth: z.number() }),
  /** The orders' currency (the plan adds them up in it); undefined without orders to create. */
  currency: z.optional(z.string()),
  balance: z.object({ credits: z.optional(z.number()) }),
  budget: z.optional(
    z.object({
      maxCredits: z.optional(z.number()),
      maxCreditsPerMonth: z.optional(z.number()),
      maxEuroPerMonth: z.optional(z.number()),
    }),
  ),
  /** The month's spend against the monthly cap (declared-plan.ts MonthSpend), when the file sets one. */
  month: z.optional(
    z.object({
      month: z.string(),
      spentCredits: z.number(),
      maxCredits: z.number(),
      leftCredits: z.number(),
      deferredCredits: z.number(),
    }),
  ),
  /** What stops an apply before any billed call. */
  stops: z.array(z.string()),
  /** What the plan left out and why (a ledger line naming a file elsewhere, a dataset folder that is
   * a link, a lock's image not trusted): the CLI's "Note:" lines. Absent: none. */
  notes: z.optional(z.array(z.string())),
  /** Units to buy, orders to create, or an order that differs. */
  changes: z.boolean(),
  /** Apply… would send something: a unit to buy with its price (one not available has none and
   * is not bought), or an order to create. */
  applicable: z.boolean(),
  /** The last apply's outcome, or why it was refused, shown above the plan. */
  summary: z.optional(z.object({ text: z.string(), severity: z.enum(['info', 'warning', 'error']) })),
});

export type PlanView = z.infer<typeof planViewSchema>;
export type PlanViewUnit = z.infer<typeof planUnit>;

/** The host shows a plan; Apply… is offered when it has changes and nothing stops it. */
export const planMessage = z.object({ type: z.literal('plan'), plan: planViewSchema });

/** The page's Apply…: uncertain units are re-sent only when the person ticked that. */
export const applyMessage = z.object({ type: z.literal('apply'), resendUncertain: z.boolean() });

/** The page's Forget… on an order held as uncertain: the host asks once more before the lock changes. */
export const forgetMessage = z.object({ type: z.literal('forget'), order: z.string() });

export type PlanMessage = z.infer<typeof planMessage>;

/** What the person did with a plan: Apply… (with or without the uncertain units), Forget… an
 * uncertain order, or closed it. */
export type PlanDecision =
  { action: 'apply'; resendUncertain: boolean } | { action: 'forget'; order: string } | { action: 'close' };
