// After a billed call whose answer was lost: read the account's balance again, so the person sees
// before and after instead of guessing, and the words that say it was not sent again.
import { isApiError } from '../../api/errors';
import { isCancellation } from './errors';
import type { WorkflowPorts } from './ports';
import type { ChargeUncertainty } from './results';

/** The balance images (`credits`) or orders (`EUR`) are paid from; undefined when the account
 * endpoint does not answer. */
export async function readBalance(ports: WorkflowPorts, unit: ChargeUncertainty['unit']): Promise<number | undefined> {
  try {
    const info = await ports.client.getApiKeyInfo({ signal: ports.signal });
    const value = unit === 'EUR' ? info.EuroCreditAmount : info.CreditAmount;
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  } catch (error) {
    if (isCancellation(error, ports.signal)) throw error;
    return undefined;
  }
}

/** True for the client's "sent, answer lost, may have been charged" failure. */
export function mayHaveBeenCharged(error: unknown): boolean {
  return isApiError(error) && error.mayHaveBeenCharged;
}

export async function chargeUncertainty(ports: WorkflowPorts, error: unknown, unit: ChargeUncertainty['unit'], before: number | undefined): Promise<ChargeUncertainty> {
  const reason = error instanceof Error ? error.message : String(error);
  // After a cancel nothing more is asked of the service: the balance after stays unknown.
  return { reason, unit, before, after: ports.signal.aborted ? undefined : await readBalance(ports, unit) };
}
