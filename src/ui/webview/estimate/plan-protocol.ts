// What the cost panel shows of an imagery file's plan (src/workflows/declared/declared-plan.ts): the
// one plan type of every purchase (pricing/purchase-plan.ts: every unit with what a plan does to
// it, every order, the totals, the account's balance, the file's budget, what stops an apply and
// the plan's notes), with the file it is of and, after an apply, its summary. Declared once as the
// zod schema the page validates it with; the types are its z.infer. zod/mini, like the rest of the
// panel's protocol. This file must not import `vscode`.
import * as z from 'zod/mini';
import { purchasePlanShape } from '../../../pricing/purchase-plan';

const planViewSchema = z.object({
  ...purchasePlanShape,
  title: z.string(),
  /** The imagery file, as the person knows it (relative to the workspace when inside it). */
  file: z.string(),
  /** What an apply does to the declared field tables, as `sat-imagery plan` says it ("field table
   * rgb: 2 images to add (rgb/field-stats.csv)"); one line per table an apply changes. */
  tables: z.optional(z.array(z.string())),
  /** The last apply's outcome, or why it was refused, shown above the plan. */
  summary: z.optional(z.object({ text: z.string(), severity: z.enum(['info', 'warning', 'error']) })),
});

export type PlanView = z.infer<typeof planViewSchema>;

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
