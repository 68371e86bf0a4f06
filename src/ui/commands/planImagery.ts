// Plan (the code lens on imagery.json and *.imagery.json): the file's plan in the cost panel, as
// `sat-imagery plan` makes it, and Apply… there: a modal names the total, then exactly that plan is
// bought (`apply --plan`'s rule: refused when a fresh plan differs) and the panel shows the summary
// and the plan made after it ("no changes" when everything was bought; planImagery-apply.ts). The
// file's problems go to the Problems view at their place (planImagery-session.ts). Forget… on an
// order held as uncertain takes it out of the lock after a modal (planImagery-forget.ts, through
// declared-forget.ts, as `sat-imagery forget`), never one the account's list shows.
// Returns what happened, for tests and other extensions.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { ExtensionServices } from '../extension-services';
import { confirmTrust } from '../prompts/target-document';
import type { PlanView } from '../webview/estimate/plan-protocol';
import { toPlanView } from '../webview/estimate/plan-view-model';
import type { Command } from './command';
import { applyAndPlanAgain } from './planImagery-apply';
import { forgetAndPlanAgain } from './planImagery-forget';
import { planFile } from './planImagery-session';
import type { PlanImageryOptions, PlanImageryResult, PlanSession } from './planImagery-session';

// What the command takes and returns is declared with what its steps share.
export type { PlanImageryOptions, PlanImageryResult } from './planImagery-session';

export const planImageryCommand: Command = {
  id: Commands.planImagery,
  async run(services: ExtensionServices, arg?: unknown, rawOptions?: unknown): Promise<PlanImageryResult | undefined> {
    const options = (rawOptions && typeof rawOptions === 'object' ? rawOptions : {}) as PlanImageryOptions;
    const target = await savedImageryFile(arg);
    if (!target || !(await confirmTrust())) return undefined;
    const client = await services.getClient();
    const { lastPanel, showPlanPanel } = await import('../webview/estimate/index');
    const result: PlanImageryResult = { plans: [], applies: [], forgets: [] };
    const session: PlanSession = { services, client, ...target, options, result, panel: { lastPanel, showPlanPanel } };
    let current = await planFile(session, `Plan ${target.file}`);
    let summary: PlanView['summary'];
    while (current) {
      const view = toPlanView(current, target.file, summary);
      result.plans.push(view);
      const decision = await showPlanPanel(services, view);
      if (decision.action === 'close') return result;
      const next =
        decision.action === 'forget'
          ? await forgetAndPlanAgain(session, decision.order)
          : await applyAndPlanAgain(session, current, decision.resendUncertain);
      if (!next) return result;
      ({ current, summary } = next);
    }
    return result;
  },
};

/** The imagery file to plan, from the menu's argument or else the active editor, saved first when
 * it has unsaved changes (after asking); undefined when there is none on disk or it was not saved. */
async function savedImageryFile(
  arg: unknown,
): Promise<{ uri: vscode.Uri; document: vscode.TextDocument; file: string } | undefined> {
  const uri = uriOf(arg) ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== 'file') {
    void vscode.window.showInformationMessage(
      'Open an imagery file (imagery.json or NAME.imagery.json) on disk to plan it.',
    );
    return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const file = vscode.workspace.asRelativePath(uri);
  if (document.isDirty) {
    const choice = await vscode.window.showWarningMessage(
      `${file} has unsaved changes: a plan reads the file as saved.`,
      'Save and Plan',
    );
    if (choice !== 'Save and Plan' || !(await document.save())) return undefined;
  }
  return { uri, document, file };
}

function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg !== '') return vscode.Uri.file(arg);
  return undefined;
}
