// Compares the account's credits with an estimate before anything billed is sent, so a batch the
// account cannot pay for stops here with the missing amount, not with a 994 from the service after
// some units were already paid for.
import { formatNumber } from '../../common/format';
import { WorkflowError } from './errors';

/** Throws 'insufficient-credits' when the account is known to hold less than the estimate. */
export function checkCredits(estimate: number | undefined, credits: number | undefined, what: string): void {
  if (estimate === undefined || credits === undefined || !Number.isFinite(estimate) || !Number.isFinite(credits)) return;
  if (estimate <= credits) return;
  const missing = Math.round((estimate - credits) * 100) / 100;
  throw new WorkflowError(
    'insufficient-credits',
    `Not enough credits: ${what} is estimated at ${formatNumber(estimate)} credits and the account holds ${formatNumber(credits)}; ${formatNumber(missing)} more are needed. Nothing was sent.`,
  );
}
