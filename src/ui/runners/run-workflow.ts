// What every workflow command does around its core: find the document, ask about an untrusted
// workspace, get the client, build the ports (quick picks, cancellable progress, notifications,
// the cost webview, the settings) and run the core. An invalid geometry is shown at its position
// in the editor; the failure itself is reported once by the command registry.
import { SpendGuard } from '../../buying/spend-guard';
import { redactKey } from '../key-redaction';
import * as vscode from 'vscode';
import { isWorkflowError } from '../../request/workflow-error';
import type { EstimateDecision, EstimateModel } from '../../pricing/estimate-view-model';
import type { AoiSource, WorkflowPorts, WorkflowSettings } from '../../workflows/engine/ports';
import type { ImageryClient } from '../../api/types';
import type { ExtensionServices } from '../extension-services';
import { withCancellableProgress, vscodeNotify } from '../prompts/progress-notify';
import { createQuickInputAsk } from '../prompts/quick-input';
import { confirmTrust, resolveTargetDocument } from '../prompts/target-document';

/** Options arrive untyped from executeCommand: anything but a plain object means "none". */
function optionsOf<O extends object>(value: unknown): O {
  return (
    value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof vscode.Uri) ? value : {}
  ) as O;
}

function workflowSettings(services: ExtensionServices): WorkflowSettings {
  return {
    defaults: services.settings.defaults(),
    confirmCostAbove: services.settings.confirmCostAbove(),
    outputDirectory: services.settings.outputDirectory(),
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
  };
}

/** The ports of a core run inside a cancellable progress: quick picks, the progress and its
 * signal, notifications, the settings read when asked, the log, the key's redaction. */
export function vscodePorts(
  services: ExtensionServices,
  client: ImageryClient,
  title: string,
  logName: string,
  run: { progress: WorkflowPorts['progress']; signal: AbortSignal },
  confirmCost: WorkflowPorts['confirmCost'],
): WorkflowPorts {
  const log = services.log(logName);
  return {
    client,
    ask: createQuickInputAsk(title),
    progress: run.progress,
    notify: vscodeNotify,
    confirmCost,
    signal: run.signal,
    // No budget in VS Code: the run may spend what the person confirmed in the cost panel.
    spending: new SpendGuard(),
    settings: () => workflowSettings(services),
    log: (message) => log.info(message),
    redact: redactKey,
  };
}

export async function runWorkflow<O extends { skipConfirmation?: boolean }, R>(
  services: ExtensionServices,
  title: string,
  uriArg: unknown,
  rawOptions: unknown,
  core: (ports: WorkflowPorts, source: AoiSource | undefined, options: O) => Promise<R>,
  documentRequired = true,
): Promise<{ result: R; uri: vscode.Uri | undefined } | undefined> {
  const options = optionsOf<O>(rawOptions);
  if (!(await confirmTrust())) return undefined;
  const target =
    documentRequired || uriArg !== undefined
      ? await resolveTargetDocument(uriArg, !options.skipConfirmation, services.aoiCache)
      : undefined;
  if (documentRequired && !target) return undefined;
  const client = await services.getClient();
  try {
    const result = await withCancellableProgress(title, (run) => {
      // The panel (and the zod it validates messages with) loads when first shown, not at
      // activation. While it waits, the progress notification would cover its buttons.
      // An order spends money in a currency at once and each month after: its Proceed is asked
      // once more in a modal naming both amounts (order-spend-question.ts); No is a cancel.
      const confirmCost = (model: EstimateModel, panelSignal: AbortSignal): Promise<EstimateDecision> =>
        run.aside(`${title}: waiting for your decision in the cost panel`, async () => {
          const decision = await (
            await import('../webview/estimate/index')
          ).showEstimatePanel(services, model, panelSignal);
          if (model.kind !== 'order' || decision.action !== 'proceed') return decision;
          return (await services.askOrderSpend(model, decision)) ? decision : { action: 'cancel' };
        });
      const ports = vscodePorts(services, client, title, 'workflow', run, confirmCost);
      return core(ports, target?.source, options);
    });
    return { result, uri: target?.uri };
  } catch (error) {
    if (isWorkflowError(error) && error.kind === 'invalid-geometry' && target)
      await revealProblem(target.uri, error.problems[0]?.range);
    throw error;
  }
}

async function revealProblem(
  uri: vscode.Uri,
  range: { start: { line: number; column: number }; end: { line: number; column: number } } | undefined,
): Promise<void> {
  if (!range) return;
  const selection = new vscode.Range(range.start.line, range.start.column, range.end.line, range.end.column);
  await vscode.window.showTextDocument(uri, { selection, preview: false }).then(undefined, () => undefined);
}
