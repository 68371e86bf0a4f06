// Decides whether a cost may proceed, for every billed workflow alike. First the account's balance
// is compared with what Proceed would charge (no 994 round trip: the missing amount in words).
// Then a person confirms in the cost webview; a caller that asks to skip the confirmation (tests,
// keybindings, other extensions) gets it skipped only when the cost is known and under the
// `confirmCostAbove` budget, and a clear refusal otherwise.
import { WorkflowError } from './errors';
import { chargeOf, checkCredits, readAccount, spendable } from './credit-check';
import type { EstimateDecision, EstimateModel, OrderEstimateModel } from './estimate-view-model';
import type { WorkflowPorts } from './ports';

export async function confirmCost(
  ports: WorkflowPorts,
  model: EstimateModel,
  cost: number | undefined,
  skipConfirmation: boolean | undefined,
): Promise<EstimateDecision> {
  const charge = chargeOf(model, cost);
  const account = await readAccount(ports);
  const balance = spendable(account, charge.unit);
  // With a choice of covers the check waits for the one picked: either may be the affordable one.
  const covers = model.kind === 'order' && (model.covers?.length ?? 0) > 1;
  if (!covers) checkCredits(charge.amount, balance, charge.what, charge.unit);
  // AutomaticOrderCreation: the order the service would create is paid from the euro balance.
  const order = model.kind === 'composite' ? model.automaticOrder : undefined;
  const orderBalance = order ? spendable(account, 'EUR') : undefined;
  if (order) checkCredits(order.currentMonth, orderBalance, "this month's cost of the tasking order the service would create", 'EUR');
  // An account answer without a balance (the newer endpoint documents none) refuses nothing: the
  // price and the budget still hold, and the person is told the balance was not compared.
  const unknown = [...(balance === undefined ? [charge.unit] : []), ...(order && orderBalance === undefined && charge.unit !== 'EUR' ? ['EUR' as const] : [])];
  if (unknown.length > 0) {
    const sentence = `The account's balance could not be checked (${unknown.map((u) => (u === 'EUR' ? 'order balance' : 'credits')).join(', ')}): the service's account answer gives none, so this price was not compared with what the account holds.`;
    ports.log?.(sentence);
    model.warnings.push(sentence);
  }
  const decision = await decide(ports, model, cost, skipConfirmation);
  if (covers && decision.action === 'proceed') {
    const picked = (model as OrderEstimateModel).covers!.find((c) => c.id === (decision.cover ?? 'polygon'));
    checkCredits(picked?.currentMonth ?? charge.amount, balance, `this month's cost of the ${picked?.id === 'tiles' ? 'tile order' : 'polygon order'}`, 'EUR');
  }
  return decision;
}

async function decide(ports: WorkflowPorts, model: EstimateModel, cost: number | undefined, skipConfirmation: boolean | undefined): Promise<EstimateDecision> {
  if (!skipConfirmation) {
    ports.progress.report({ message: 'Waiting for your decision in the cost panel…' });
    return ports.confirmCost(model, ports.signal);
  }
  const budget = ports.settings().confirmCostAbove;
  const under = (value: number | undefined) => budget !== undefined && value !== undefined && Number.isFinite(value) && value < budget;
  const order = model.kind === 'composite' ? model.automaticOrder : undefined;
  // The order the service would create is held to the same budget, in its own currency: the
  // larger of this month's and a following month's cost, as for any order.
  const orderCost = order && (order.currentMonth !== undefined || order.perMonth !== undefined) ? Math.max(order.currentMonth ?? 0, order.perMonth ?? 0) : undefined;
  if (under(cost) && (!order || under(orderCost))) return { action: 'proceed' };
  const why =
    order && under(cost)
      ? orderCost === undefined
        ? 'the service gave no price for the tasking order it would create (AutomaticOrderCreation)'
        : `the tasking order the service would create (AutomaticOrderCreation) costs ${orderCost} ${order.currency}, not under the budget of ${budget} (satImagery.confirmCostAbove)`
      : cost === undefined
      ? 'the service gave no cost for it'
      : budget === undefined
        ? `no budget is set (satImagery.confirmCostAbove) and it costs ${cost}`
        : `it costs ${cost}, not under the budget of ${budget} (satImagery.confirmCostAbove)`;
  throw new WorkflowError('needs-confirmation', `This request needs a confirmation: ${why}. Run the command interactively to review the cost and confirm it.`);
}
