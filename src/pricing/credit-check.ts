// Compares the account's balance with an estimate before anything billed is sent, so a request the
// account cannot pay for stops here with the missing amount, not with a 994 from the service (after
// some units of a batch were already paid for). Images are paid from the processing credits,
// orders from the order balance: both as the run's account snapshot defines them
// (account-snapshot.ts), the two pools kept apart.
import { formatNumber } from '../common/format';
import type { BalanceUnit } from './account-snapshot';
import { WorkflowError } from '../request/workflow-error';
import type { EstimateModel } from './estimate-view-model';
import type { Price } from './cost-decision';
import { budgetedCost } from './order-costs';

/** Throws 'insufficient-credits' when the account is known to hold less than the estimate. */
export function checkCredits(
  estimate: number | undefined,
  credits: number | undefined,
  what: string,
  unit: BalanceUnit = 'credits',
): void {
  if (estimate === undefined || credits === undefined || !Number.isFinite(estimate) || !Number.isFinite(credits))
    return;
  if (estimate <= credits) return;
  const missing = Math.round((estimate - credits) * 100) / 100;
  const amount = (n: number) => (unit === 'EUR' ? `${formatNumber(n)} EUR` : `${formatNumber(n)} credits`);
  const holds = unit === 'EUR' ? 'the account can spend' : 'the account holds';
  throw new WorkflowError(
    'insufficient-credits',
    `Not enough ${unit === 'EUR' ? 'order balance' : 'credits'}: ${what} is estimated at ${amount(estimate)} and ${holds} ${formatNumber(credits)}; ${amount(missing)} more ${missing === 1 ? 'is' : 'are'} needed. Nothing was sent.`,
  );
}

/** What a cost panel's Proceed would charge now, in which unit, described for a sentence, read from
 * the plan's price (cost-decision.ts): an order is charged this month's cost at creation (the next
 * months come later; the dearer month when the service gave no first), an image batch its credits. */
export function chargeOf(
  model: EstimateModel,
  price: Price,
): { amount: number | undefined; unit: BalanceUnit; what: string } {
  if (model.kind === 'order')
    return {
      amount: price.order?.currentMonth ?? (price.order ? budgetedCost(price.order) : undefined),
      unit: 'EUR',
      what: `this month's cost of ${lowerFirst(model.title)}`,
    };
  return { amount: price.images?.credits, unit: 'credits', what: lowerFirst(model.title) };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
