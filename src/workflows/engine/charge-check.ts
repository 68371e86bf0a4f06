// After a billed call whose answer was lost: read the account's balance again, so the person sees
// before and after instead of guessing, and the words that say it was not sent again.
// The balance before is the run's account snapshot's; the one after is the only balance a run
// reads a second time, with the snapshot's definition, so the two compare.
import { isApiError } from '../../api/errors';
import { readAccountNow } from '../../pricing/account-snapshot';
import type { WorkflowPorts } from './ports';
import type { ChargeUncertainty } from './results';

/** True for the client's "sent, answer lost, may have been charged" failure. */
export function mayHaveBeenCharged(error: unknown): boolean {
  return isApiError(error) && error.mayHaveBeenCharged;
}

export async function chargeUncertainty(
  ports: WorkflowPorts,
  error: unknown,
  unit: ChargeUncertainty['unit'],
  before: number | undefined,
): Promise<ChargeUncertainty> {
  const reason = error instanceof Error ? error.message : String(error);
  // After a cancel nothing more is asked of the service: the balance after stays unknown.
  return {
    reason,
    unit,
    before,
    after: ports.signal.aborted ? undefined : (await readAccountNow(ports.client, ports.signal)).balances[unit],
  };
}
