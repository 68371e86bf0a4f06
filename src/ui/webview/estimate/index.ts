// The estimate webview's public surface: show an estimate and wait for the decision, restore the
// panel after a window reload, and (for tests) reach the panel on screen.
import * as vscode from 'vscode';
import type { EstimateDecision, EstimateModel } from '../../../pricing/estimate-view-model';
import type { ExtensionServices } from '../../extension-services';
import { EstimatePanel } from './estimate-panel';
import { parsePersistedState } from './protocol';
import type { PlanDecision, PlanView } from './plan-protocol';

export { EstimatePanel } from './estimate-panel';
export type { ShowMessage } from './protocol';

/**
 * Shows the estimate in the one estimate panel and resolves with the person's decision. A later
 * estimate replaces this one (this promise then resolves 'cancel'); closing the panel or aborting
 * `signal` resolves 'cancel' too.
 */
export async function showEstimatePanel(
  services: Pick<ExtensionServices, 'context'>,
  model: EstimateModel,
  signal?: AbortSignal,
): Promise<EstimateDecision> {
  if (signal?.aborted) return { action: 'cancel' };
  const panel = EstimatePanel.obtain(services.context.extensionUri);
  const decision = panel.present(model);
  if (!signal) return decision;
  const onAbort = () => panel.withdraw(decision);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await decision;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Shows an imagery file's plan in the cost panel and resolves with Apply… or 'close'. */
export function showPlanPanel(services: Pick<ExtensionServices, 'context'>, view: PlanView): Promise<PlanDecision> {
  return EstimatePanel.obtain(services.context.extensionUri).presentPlan(view);
}

/** Shows "working" in the open estimate panel, if there is one (e.g. while re-estimating). */
export function showEstimateBusy(message: string): void {
  EstimatePanel.active?.busy(message);
}

/** The estimate panel on screen, if any: what it shows, what it rendered, and a way to act. */
export function lastPanel(): EstimatePanel | undefined {
  return EstimatePanel.active;
}

/**
 * Brings the estimate panel back after a window reload, showing its last content read-only: the
 * workflow that waited for its decision is gone, so Proceed is disabled.
 */
export function reviveEstimatePanel(panel: vscode.WebviewPanel, state: unknown, extensionUri: vscode.Uri): void {
  const show = parsePersistedState(state)?.show;
  // Nothing (valid) to show: an empty panel would only wait forever for content.
  if (!show) return panel.dispose();
  EstimatePanel.revive(panel, extensionUri, show);
}
