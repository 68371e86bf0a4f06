// Compares the account's balance with an estimate before anything billed is sent, so a request the
// account cannot pay for stops here with the missing amount, not with a 994 from the service (after
// some units of a batch were already paid for). Images are paid from the processing credits
// (`CreditAmount`), orders from the euro balance (`EuroCreditAmount`, plus `EuroOverdraftLimit`
// where the newer account endpoint gives one): the live-service notes keep the two pools apart.
import { formatNumber } from '../../common/format';
import type { ApiKeyInfo } from '../../api/types';
import { WorkflowError, isCancellation } from './errors';
import type { EstimateModel } from './estimate-view-model';
import type { WorkflowPorts } from './ports';

export type BalanceUnit = 'credits' | 'EUR';

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** What the account can spend in a unit; undefined where the account endpoint does not say. */
export function spendable(info: ApiKeyInfo | undefined, unit: BalanceUnit): number | undefined {
  if (!info) return undefined;
  if (unit === 'credits') return finite(info.CreditAmount);
  const balance = finite(info.EuroCreditAmount);
  return balance === undefined ? undefined : balance + Math.max(0, finite(info.EuroOverdraftLimit) ?? 0);
}

/** Throws 'insufficient-credits' when the account is known to hold less than the estimate. */
export function checkCredits(estimate: number | undefined, credits: number | undefined, what: string, unit: BalanceUnit = 'credits'): void {
  if (estimate === undefined || credits === undefined || !Number.isFinite(estimate) || !Number.isFinite(credits)) return;
  if (estimate <= credits) return;
  const missing = Math.round((estimate - credits) * 100) / 100;
  const amount = (n: number) => (unit === 'EUR' ? `${formatNumber(n)} EUR` : `${formatNumber(n)} credits`);
  const holds = unit === 'EUR' ? 'the account can spend' : 'the account holds';
  throw new WorkflowError(
    'insufficient-credits',
    `Not enough ${unit === 'EUR' ? 'order balance' : 'credits'}: ${what} is estimated at ${amount(estimate)} and ${holds} ${formatNumber(credits)}; ${amount(missing)} more ${missing === 1 ? 'is' : 'are'} needed. Nothing was sent.`,
  );
}

/** The account's limits and balances, asked now (the balance moves with every billed call);
 * undefined when the account endpoint does not answer (the service then decides). */
export async function readAccount(ports: WorkflowPorts): Promise<ApiKeyInfo | undefined> {
  return ports.client.getApiKeyInfo({ signal: ports.signal }).catch((error: unknown) => {
    if (isCancellation(error, ports.signal)) throw error;
    return undefined;
  });
}

/** What a cost panel's Proceed would charge now, in which unit, described for a sentence: an
 * order is charged this month's cost at creation (the next months come later), an image batch
 * its credits. */
export function chargeOf(model: EstimateModel, cost: number | undefined): { amount: number | undefined; unit: BalanceUnit; what: string } {
  if (model.kind === 'order') return { amount: model.currentMonthCost ?? cost, unit: 'EUR', what: `this month's cost of ${lowerFirst(model.title)}` };
  return { amount: model.kind === 'composite' ? (model.credits ?? cost) : cost, unit: 'credits', what: lowerFirst(model.title) };
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
