// `forget`: takes an order held as uncertain out of the lock, once the person knows its create
// was not made. Such an entry (no GUID: its create was sent and its answer lost) stops every later
// apply from creating the order, rightly, since it may exist and be charged; without this, the only
// way on was to edit the lock by hand. The account's list is asked first, as the plan asks it: an
// order it shows is never forgotten (the next apply writes its GUID). What is left is the person's
// word that it was not made, so the entry goes only when they confirm. Held as an apply is
// (holdForApply), so no apply reads or writes the lock meanwhile.
import type { WorkflowPorts } from '../engine/ports';
import type { Declaration } from './declared-file';
import { holdForApply, readLock, writeLock } from './declared-lock';
import type { LockedOrder } from './declared-lock';
import { planOrders } from './declared-orders';

export type ForgetOutcome =
  /** Taken out of the lock; `declared`: the file still declares it, so the next plan prices it. */
  | { kind: 'forgotten'; entry: LockedOrder; declared: boolean }
  /** Held as uncertain, not taken out: the person has not confirmed. */
  | { kind: 'held'; entry: LockedOrder; declared: boolean }
  /** The account lists it (or the lock has its GUID): it exists, nothing to forget. */
  | { kind: 'exists'; guid?: string }
  /** The lock holds no order of that name without a GUID. */
  | { kind: 'not-held'; uncertain: string[] };

/** What forgetting an order held as uncertain risks, as the command line and the modal say it. */
export function forgetRisk(held: Extract<ForgetOutcome, { kind: 'held' }>): string {
  return `Forgetting it lets the next apply create it${held.declared ? '' : ' (if the file declares it again)'}: if the service made it after all, you would pay for two.`;
}

export async function forgetUncertainOrder(
  ports: WorkflowPorts,
  declaration: Declaration,
  lockPath: string,
  name: string,
  confirmed: boolean,
  command: string,
): Promise<ForgetOutcome> {
  return holdForApply(lockPath, command, async () => {
    const lock = await readLock(lockPath);
    const entry = lock.orders.find((o) => o.order === name && o.guid === undefined);
    if (!entry) {
      const named = lock.orders.find((o) => o.order === name);
      if (named?.guid !== undefined) return { kind: 'exists', guid: named.guid };
      return {
        kind: 'not-held',
        uncertain: lock.orders.filter((o) => o.guid === undefined).map((o) => o.order),
      };
    }
    // The plan's own reading of the file's orders against the account's list and the lock.
    const models = await ports.client.listModels({ signal: ports.signal });
    const { orders } = await planOrders(ports, declaration, lock, models, (_index, run) => run());
    const planned = orders.find((o) => o.order === name);
    if (planned?.kind === 'exists') return { kind: 'exists', ...(planned.guid ? { guid: planned.guid } : {}) };
    const declared = (declaration.file.orders ?? []).some((o) => o.name === name);
    if (!confirmed) return { kind: 'held', entry, declared };
    await writeLock(lockPath, { ...lock, orders: lock.orders.filter((o) => o !== entry) });
    return { kind: 'forgotten', entry, declared };
  });
}
