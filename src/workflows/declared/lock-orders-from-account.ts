// What the plan's reading of the account tells apply of the lock's orders, kept in the lock before
// any order is created: the GUID of an order held without one, and the month a cancel was seen.
import type { LockFile } from './declared-lock';
import type { Plan } from './declared-plan';

/** An order the account lists for a lock entry held without a GUID (under its name, or its old
 * name when it was renamed): the GUID is kept now, unless another entry holds that order already. */
export async function adoptListedOrderGuids(plan: Plan, lockFile: LockFile): Promise<void> {
  for (const o of plan.orders) {
    if (o.kind !== 'exists' || o.guid === undefined) continue;
    const held = lockFile.lock.orders.filter((l) => l.guid === undefined && l.payloadHash === o.payloadHash);
    const locked = held.find((l) => l.order === o.order) ?? held[0];
    if (!locked || lockFile.lock.orders.some((l) => l.guid === o.guid)) continue;
    await lockFile.keepOrder({ ...locked, order: o.order, area: o.area, guid: o.guid }, o.order, locked.order);
  }
}

/** The month an apply first found each of the lock's orders cancelled (a recurring order's
 * renewal stopped before the months after it: order-month-spend.ts), kept in the lock. */
export async function keepCancelSeen(plan: Plan, lockFile: LockFile, month: string): Promise<void> {
  const seen = new Set(plan.cancelledOrders ?? []);
  const { lock } = lockFile;
  if (!lock.orders.some((l) => l.guid !== undefined && seen.has(l.guid) && l.cancelSeen === undefined)) return;
  const orders = lock.orders.map((l) =>
    l.guid !== undefined && seen.has(l.guid) && l.cancelSeen === undefined ? { ...l, cancelSeen: month } : l,
  );
  await lockFile.write({ ...lock, orders });
}
