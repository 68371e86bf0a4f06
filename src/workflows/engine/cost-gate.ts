// Decides whether a cost may proceed, for every billed workflow alike. The price is read and
// checked by the one cost decision both hosts ask (cost-decision.ts): a price below zero, not
// finite or in two currencies stops here. Then the account's balance (the run's account snapshot,
// read once at its start) is compared with what Proceed would charge (no 994 round trip: the missing amount in words). Then a person confirms in the
// cost webview; a caller that asks to skip the confirmation (tests, keybindings, other extensions)
// gets it skipped only when every part of the price is known and under the `confirmCostAbove`
// budget, each in its own unit, and a clear refusal otherwise.
import { WorkflowError } from '../../request/workflow-error';
import { overBudget, priceOf } from '../../pricing/cost-decision';
import type { Price } from '../../pricing/cost-decision';
import type { AccountSnapshot } from '../../pricing/account-snapshot';
import { chargeOf, checkCredits } from '../../pricing/credit-check';
import type { EstimateDecision, EstimateModel, OrderEstimateModel } from '../../pricing/estimate-view-model';
import type { WorkflowPorts } from './ports';

export async function confirmCost(
  ports: WorkflowPorts,
  model: EstimateModel,
  skipConfirmation: boolean | undefined,
  account: AccountSnapshot,
): Promise<EstimateDecision> {
  // The price is the plan's (its units and total, its order), read in one place.
  const price = priceOf(model);
  const charge = chargeOf(model, price);
  // The run's one reading of the account, less what the run spent or may have spent since (an
  // apply's earlier series and orders), each pool in its unit.
  const left = (unit: 'credits' | 'EUR'): number | undefined => {
    const read = account.balances[unit];
    return read === undefined ? undefined : read - ports.spending.spent(unit) - ports.spending.uncertain(unit);
  };
  // The order balance is in euros: an order priced in another currency cannot be compared with it.
  const inEuros = (currency: string) => (currency === 'EUR' ? left('EUR') : undefined);
  const balance = model.kind === 'order' ? inEuros(model.currency) : left(charge.unit);
  // With a choice of covers the check waits for the one picked: either may be the affordable one.
  const covers = model.kind === 'order' && (model.covers?.length ?? 0) > 1;
  if (!covers) checkCredits(charge.amount, balance, charge.what, charge.unit);
  // AutomaticOrderCreation: the order the service would create is paid from the euro balance.
  const order = model.kind === 'composite' ? model.automaticOrder : undefined;
  const orderBalance = order ? inEuros(order.currency) : undefined;
  if (order)
    checkCredits(
      order.currentMonth,
      orderBalance,
      "this month's cost of the tasking order the service would create",
      'EUR',
    );
  // An account answer without a balance (the newer endpoint documents none) refuses nothing: the
  // price and the budget still hold, and the person is told the balance was not compared.
  const unknown = [
    ...(balance === undefined ? [charge.unit] : []),
    ...(order && orderBalance === undefined && charge.unit !== 'EUR' ? ['EUR' as const] : []),
  ];
  if (unknown.length > 0) {
    const sentence = `The account's balance could not be checked (${unknown.map((u) => (u === 'EUR' ? 'order balance' : 'credits')).join(', ')}): the service's account answer gives none, so this price was not compared with what the account holds.`;
    ports.log?.(sentence);
    model.warnings.push(sentence);
  }
  // The plan shows what the account holds beside the price, as an imagery file's plan does.
  model.plan.balance = {
    ...(left('credits') !== undefined ? { credits: left('credits') } : {}),
    ...(left('EUR') !== undefined ? { euro: left('EUR') } : {}),
  };
  const foreign = model.kind === 'order' ? model.currency : order?.currency;
  if (foreign !== undefined && foreign !== 'EUR')
    model.warnings.push(
      `The order is priced in ${foreign} and the order balance is kept in EUR: the balance was not compared with it.`,
    );
  const decision = await decide(ports, model, price, skipConfirmation);
  if (decision.action !== 'proceed') return decision;
  let orderNow = price.order?.currentMonth;
  if (covers) {
    const picked = (model as OrderEstimateModel).covers!.find((c) => c.id === (decision.cover ?? 'polygon'));
    orderNow = picked?.currentMonth ?? charge.amount;
    checkCredits(
      orderNow,
      balance,
      `this month's cost of the ${picked?.id === 'tiles' ? 'tile order' : 'polygon order'}`,
      'EUR',
    );
  }
  // What the person confirmed is what the run may spend: each billed call is priced again right
  // before it leaves and held to it (buying/spend-guard.ts).
  if (price.images?.credits !== undefined) ports.spending.confirm('credits', price.images.credits);
  if (price.order && orderNow !== undefined) ports.spending.confirm(price.order.currency, orderNow);
  return decision;
}

async function decide(
  ports: WorkflowPorts,
  model: EstimateModel,
  price: Price,
  skipConfirmation: boolean | undefined,
): Promise<EstimateDecision> {
  if (!skipConfirmation) {
    ports.progress.report({ message: 'Waiting for your decision in the cost panel…' });
    return ports.confirmCost(model, ports.signal);
  }
  const why = overBudget(price, {
    amount: ports.settings().confirmCostAbove,
    name: 'satImagery.confirmCostAbove',
    inclusive: false,
  });
  if (why === undefined) return { action: 'proceed' };
  throw new WorkflowError(
    'needs-confirmation',
    `This request needs a confirmation: ${why}. Run the command interactively to review the cost and confirm it.`,
  );
}
