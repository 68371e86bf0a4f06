// Decides whether a cost may proceed. A person confirms in the cost webview; a caller that asks
// to skip the confirmation (tests, keybindings, other extensions) gets it skipped only when the
// cost is known and under the `confirmCostAbove` budget, and a clear refusal otherwise.
import { WorkflowError } from './errors';
import type { EstimateDecision, EstimateModel } from './estimate-view-model';
import type { WorkflowPorts } from './ports';

export async function confirmCost(
  ports: WorkflowPorts,
  model: EstimateModel,
  cost: number | undefined,
  skipConfirmation: boolean | undefined,
): Promise<EstimateDecision> {
  if (!skipConfirmation) {
    ports.progress.report({ message: 'Waiting for your decision in the cost panel…' });
    return ports.confirmCost(model, ports.signal);
  }
  const budget = ports.settings().confirmCostAbove;
  if (budget !== undefined && cost !== undefined && Number.isFinite(cost) && cost < budget) return { action: 'proceed' };
  const why =
    cost === undefined
      ? 'the service gave no cost for it'
      : budget === undefined
        ? `no budget is set (satImagery.confirmCostAbove) and it costs ${cost}`
        : `it costs ${cost}, not under the budget of ${budget} (satImagery.confirmCostAbove)`;
  throw new WorkflowError('needs-confirmation', `This request needs a confirmation: ${why}. Run the command interactively to review the cost and confirm it.`);
}
