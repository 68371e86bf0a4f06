// What the Plan code lens runs around the core of imagery as code (workflows/declared/): the
// ports under a cancellable progress (Cancel aborts every request in flight), the plan of a file
// as the command line makes it (`sat-imagery plan`: the file read with every problem at its place,
// the lock, the estimates cached by body), and the apply of exactly the plan the person saw
// (`apply --plan`: a fresh plan first, refused when it buys other units or costs more; each billed
// call held to the totals the person confirmed).
import * as vscode from 'vscode';
import { withOneAccountReading } from '../../pricing/account-snapshot';
import type { ImageryClient } from '../../api/types';
import { addSpent, overBudget, priceOf } from '../../pricing/cost-decision';
import type { Budget } from '../../pricing/cost-decision';
import type { EstimateDecision, EstimateModel } from '../../pricing/estimate-view-model';
import type { WorkflowPorts } from '../../workflows/engine/ports';
import { loadDeclaration } from '../../workflows/declared/declared-file';
import { holdForApply, lockPathOf, readLock } from '../../workflows/declared/declared-lock';
import { makePlan } from '../../workflows/declared/declared-plan';
import { plannedTableLines, plannedTables } from '../../workflows/declared/declared-field-stats';
import { BUYING } from '../../pricing/purchase-plan';
import type { PlanWithTables } from '../webview/estimate/plan-view-model';
import type { Plan } from '../../workflows/declared/declared-plan';
import { applyPlan } from '../../workflows/declared/declared-apply';
import { forgetUncertainOrder } from '../../workflows/declared/declared-forget';
import type { ForgetOutcome } from '../../workflows/declared/declared-forget';
import type { ApplyResult } from '../../workflows/declared/declared-apply';
import { withEstimateCache } from '../../workflows/declared/estimate-cache';
import { memoryEstimateStore } from '../../workflows/declared/estimate-cache-file';
import type { EstimateStore } from '../../workflows/declared/estimate-cache-file';
import { planDrift, plannedPurchases } from '../../workflows/declared/plan-drift';
import type { ExtensionServices } from '../extension-services';
import { rowCacheHome } from '../commands/showFieldStatistics';
import { withCancellableProgress } from '../prompts/progress-notify';
import { vscodePorts } from './run-workflow';

type ConfirmCost = WorkflowPorts['confirmCost'];

/** The window's estimates by service address: the Apply… after a plan asks none the plan asked. */
const estimateStores = new Map<string, EstimateStore>();

function estimateStoreFor(baseUrl: string): EstimateStore {
  let store = estimateStores.get(baseUrl);
  if (!store) estimateStores.set(baseUrl, (store = memoryEstimateStore()));
  return store;
}

/** A plan asks for no decision: nothing it sends is billed. */
const nothingToConfirm: ConfirmCost = async () => ({ action: 'cancel' });

async function withDeclaredPorts<T>(
  services: ExtensionServices,
  client: ImageryClient,
  title: string,
  confirmCost: ConfirmCost,
  work: (ports: WorkflowPorts) => Promise<T>,
): Promise<T> {
  return withCancellableProgress(title, (run) => {
    const ports = vscodePorts(services, client, title, 'declared', run, confirmCost);
    // One reading of the account for the plan and every series and order an apply buys.
    return work(withOneAccountReading(withEstimateCache(ports, estimateStoreFor(services.settings.baseUrl()))));
  });
}

/** The plan of an imagery file, as `sat-imagery plan` makes it. Throws DeclaredFileError with
 * every problem of the file at its place. */
export function planImageryFile(
  services: ExtensionServices,
  client: ImageryClient,
  path: string,
  title: string,
): Promise<PlanWithTables> {
  return withDeclaredPorts(services, client, title, nothingToConfirm, async (ports) => {
    const declaration = await loadDeclaration(path);
    const lock = await readLock(lockPathOf(path));
    const { plan } = await makePlan(ports, declaration, lock);
    // The field tables apply would bring up to date: names compared, nothing measured.
    const buying = plan.units.filter((u) => BUYING.has(u.kind));
    const tables = plannedTableLines(await plannedTables(declaration, lock, buying), (csv) =>
      vscode.workspace.asRelativePath(csv),
    );
    return tables.length > 0 ? { ...plan, tables } : plan;
  });
}

export type ApplyRun =
  | { outcome: 'refused'; reason: string; plan: Plan }
  | { outcome: 'applied'; result: ApplyResult; stopped?: string; lock: string };

/** What the person confirmed: the plan's credits (and the uncertain units', when re-sent), and its
 * new orders' dearer month each, in their currency. The file's budget.maxCredits caps the credits,
 * the re-sent units' too (as it caps `apply --resend-uncertain`'s --max-cost). */
function confirmedBudgets(seen: Plan, resendUncertain: boolean): { credits: number; orders: number } {
  const uncertain = resendUncertain
    ? seen.units.filter((u) => u.kind === 'uncertain').reduce((sum, u) => sum + (u.credits ?? 0), 0)
    : 0;
  const orders = seen.orders
    .filter((o) => o.kind === 'create')
    .reduce((sum, o) => sum + Math.max(o.euroThisMonth ?? 0, o.euroPerMonth ?? 0), 0);
  const credits = Math.round((seen.total.credits + uncertain) * 1e6) / 1e6;
  const cap = seen.budget?.maxCredits;
  return { credits: cap !== undefined ? Math.min(credits, cap) : credits, orders: Math.round(orders * 100) / 100 };
}

/** The cost port of an apply: every billed call within what is left of the totals confirmed. */
function heldToConfirmed(seen: Plan, resendUncertain: boolean, stopped: { reason?: string }): ConfirmCost {
  const budgets = confirmedBudgets(seen, resendUncertain);
  const spent: Record<string, number> = {};
  return async (model: EstimateModel): Promise<EstimateDecision> => {
    const price = priceOf(model);
    const budget: Budget = {
      amount: price.order && !price.images ? budgets.orders : budgets.credits,
      name: 'the plan you confirmed',
      inclusive: true,
      spent,
    };
    const why = overBudget(price, budget);
    if (why !== undefined) {
      stopped.reason = why;
      return { action: 'cancel' };
    }
    addSpent(spent, price);
    return { action: 'proceed' };
  };
}

/** Buys exactly the plan the person saw, through the core apply the command line runs. A fresh
 * plan made first must buy the same units and orders for no more credits (planDrift, the rule of
 * `apply --plan`), and re-send only uncertain units the person saw; otherwise nothing is sent. */
export function applySeenPlan(
  services: ExtensionServices,
  client: ImageryClient,
  path: string,
  seen: Plan,
  resendUncertain: boolean,
  title: string,
): Promise<ApplyRun> {
  const stopped: { reason?: string } = {};
  return withDeclaredPorts(services, client, title, heldToConfirmed(seen, resendUncertain, stopped), async (ports) => {
    const declaration = await loadDeclaration(path);
    const lockPath = lockPathOf(path);
    // One apply of this file at a time (another window, or the command line), from reading its lock to the last write.
    return holdForApply(lockPath, 'VS Code: Apply', async () => {
      const lock = await readLock(lockPath);
      const { plan, series, orders } = await makePlan(ports, declaration, lock);
      const drift = planDrift(plannedPurchases(seen.units, seen.orders, seen.total.credits), plan);
      if (drift?.kind === 'other-units')
        return {
          outcome: 'refused',
          reason:
            'The plan changed since you saw it (other images to buy or orders to create): nothing was sent. Review the new plan.',
          plan,
        };
      if (drift?.kind === 'dearer')
        return {
          outcome: 'refused',
          reason: `The plan now costs ${drift.now} credits, more than the ${drift.seen} you saw: nothing was sent. Review the new plan.`,
          plan,
        };
      const seenUncertain = new Set(seen.units.filter((u) => u.kind === 'uncertain').map((u) => u.key));
      if (resendUncertain && plan.units.some((u) => u.kind === 'uncertain' && !seenUncertain.has(u.key)))
        return {
          outcome: 'refused',
          reason: 'Other images became uncertain since you saw the plan: nothing was sent. Review the new plan.',
          plan,
        };
      if (plan.stops.length > 0)
        return { outcome: 'refused', reason: `Nothing was sent: ${plan.stops.join('; ')}.`, plan };
      // Each order is held to the price the panel showed for it when its create leaves.
      const shown = plannedPurchases(seen.units, seen.orders, seen.total.credits).orderPrices;
      const result = await applyPlan(ports, declaration, lockPath, plan, series, orders, lock, {
        resendUncertain,
        rowCacheHome: rowCacheHome(services),
        orderCeilings: (o) => [
          {
            ...(shown.get(o.payloadHash) ?? { price: undefined, currency: undefined }),
            seen: 'the plan you saw showed',
          },
        ],
      });
      return {
        outcome: 'applied',
        result,
        lock: lockPath,
        ...(stopped.reason !== undefined ? { stopped: stopped.reason } : {}),
      };
    });
  });
}

/** Forget… of an order held as uncertain, as `sat-imagery forget` runs it: the account's list is
 * asked first and an order it shows is never forgotten; `confirmed` false only looks. */
export function forgetHeldOrder(
  services: ExtensionServices,
  client: ImageryClient,
  path: string,
  order: string,
  confirmed: boolean,
  title: string,
): Promise<ForgetOutcome> {
  return withDeclaredPorts(services, client, title, nothingToConfirm, async (ports) =>
    forgetUncertainOrder(ports, await loadDeclaration(path), lockPathOf(path), order, confirmed, 'VS Code: Forget'),
  );
}
