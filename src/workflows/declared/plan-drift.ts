// The rule that keeps an apply to the plan a person saw (the CLI's `--plan`, the cost panel's
// Apply…): a fresh plan made just before the first billed call must buy the same units and create
// the same orders, for no more credits than the plan that was seen. Anything else is refused, and
// nothing is sent.
import { BUYING } from '../../pricing/purchase-plan';
import type { Plan, PlanUnit } from './declared-plan';
import { shownOrderPrices } from './order-price-hold';
import type { ShownOrder } from './order-price-hold';

/** What a plan buys, as keys ("buy <body hash>", "create <payload hash>"), and its credits. */
export interface PlannedPurchases {
  keys: Set<string>;
  credits: number;
  /** Each order to create's price as the plan showed it, by payload hash: what its create is held to. */
  orderPrices: ReturnType<typeof shownOrderPrices>;
}

/** The purchases of a plan (or of a plan file's units and orders). A unit without a price (not
 * available) is not one: apply buys none, and its price was never seen. */
export function plannedPurchases(
  units: readonly Pick<PlanUnit, 'kind' | 'key' | 'credits'>[],
  orders: readonly ShownOrder[],
  credits: number,
): PlannedPurchases {
  const bought = units.filter((u) => BUYING.has(u.kind) && u.credits !== undefined).map((u) => `${u.kind} ${u.key}`);
  const created = orders.filter((o) => o.kind === 'create').map((o) => `create ${o.payloadHash}`);
  return { keys: new Set([...bought, ...created]), credits, orderPrices: shownOrderPrices(orders) };
}

/** Why the fresh plan is not the one seen: other purchases, or a higher total; undefined when it is. */
export type PlanDrift = { kind: 'other-units' } | { kind: 'dearer'; seen: number; now: number };

export function planDrift(seen: PlannedPurchases, fresh: Plan): PlanDrift | undefined {
  const now = plannedPurchases(fresh.units, fresh.orders, fresh.total.credits);
  const same = now.keys.size === seen.keys.size && [...now.keys].every((k) => seen.keys.has(k));
  if (!same) return { kind: 'other-units' };
  if (now.credits > seen.credits) return { kind: 'dearer', seen: seen.credits, now: now.credits };
  return undefined;
}
