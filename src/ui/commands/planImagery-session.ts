// What one run of Plan (commands/planImagery.ts) shares between its steps: the imagery file, the
// client, the cost panel and what happened so far; the file planned with its problems shown at
// their place, and the plan on screen marked out of date when a step stops.
import * as vscode from 'vscode';
import type { ImageryClient } from '../../api/types';
import { counted } from '../../common/format';
import { DeclaredFileError } from '../../workflows/declared/declared-file';
import type { ForgetOutcome } from '../../workflows/declared/declared-forget';
import { isWorkflowError } from '../../request/workflow-error';
import { clearDeclaredProblems, placedProblem, showDeclaredProblems } from '../diagnostics/declared-diagnostics';
import type { ExtensionServices } from '../extension-services';
import { planImageryFile } from '../runners/run-declared';
import type { lastPanel, showPlanPanel } from '../webview/estimate/index';
import type { PlanView } from '../webview/estimate/plan-protocol';
import type { PlanWithTables } from '../webview/estimate/plan-view-model';

export interface PlanImageryOptions {
  /** Apply… without the modal when the plan buys images only (and re-sends ticked uncertain ones
   * whose price the ledger kept), for at most this many credits in all (a budget the caller set,
   * as `apply --yes --max-cost`). */
  maxCost?: number;
  /** Forget… without the modal (the caller confirmed it): the order still stays when the
   * account's list shows it. */
  skipForgetConfirmation?: boolean;
}

export interface PlanImageryResult {
  /** Every plan shown, in order. */
  plans: PlanView[];
  /** Every Apply…: bought, refused (the plan changed) or not confirmed. */
  applies: {
    outcome: 'applied' | 'refused' | 'not-confirmed';
    bought?: number;
    uncertain?: number;
    failed?: number;
    reason?: string;
  }[];
  /** Every Forget…: what became of the order held as uncertain. */
  forgets: { order: string; outcome: ForgetOutcome['kind'] | 'not-confirmed' }[];
}

/** One run of Plan on one imagery file, as its steps see it. */
export interface PlanSession {
  services: ExtensionServices;
  client: ImageryClient;
  document: vscode.TextDocument;
  uri: vscode.Uri;
  /** The file as the workspace names it. */
  file: string;
  options: PlanImageryOptions;
  result: PlanImageryResult;
  /** The cost panel, loaded once the file is ready to plan. */
  panel: { lastPanel: typeof lastPanel; showPlanPanel: typeof showPlanPanel };
}

/** What a step of the command leaves: the plan to show next (none when the file's problems
 * stopped the plan) and what the panel says above it. */
export interface NextPlan {
  current: PlanWithTables | undefined;
  summary: PlanView['summary'];
}

/** The file's plan, or undefined when its problems stopped it (shown in the Problems view). */
export async function planFile(session: PlanSession, title: string): Promise<PlanWithTables | undefined> {
  try {
    const made = await planImageryFile(session.services, session.client, session.uri.fsPath, title);
    clearDeclaredProblems(session.uri);
    return made;
  } catch (error) {
    if (!problemsSaid(session, error)) throw error;
    return undefined;
  }
}

/** True when the error is the file's problems, now shown, with the plan on screen out of date. */
export function problemsSaid(session: PlanSession, error: unknown): boolean {
  if (!reportProblems(session.services, session.document, error)) return false;
  const why = `${session.file} has problems (see the Problems view): fix them, and plan again`;
  // A plan that fails is made before anything is sent (the apply's own fresh plan too).
  outOfDate(session, why, `Nothing was sent: ${why}.`);
  return true;
}

/** The plan of this file on screen (or waiting, busy, for an apply), marked out of date: a stop
 * saying why disables Apply… on the page and in the host, until the person plans again. */
export function outOfDate(session: PlanSession, why: string, said: string): void {
  const shown = session.panel.lastPanel()?.shownPlan;
  if (shown?.file !== session.file) return;
  const summary = { text: said, severity: 'error' as const };
  void session.panel.showPlanPanel(session.services, { ...shown, stops: [...shown.stops, why], summary });
}

/** The file's problems in the Problems view, and one notification naming their number; false
 * for any other failure (reported by the command registry). */
function reportProblems(services: ExtensionServices, document: vscode.TextDocument, error: unknown): boolean {
  const found =
    error instanceof DeclaredFileError
      ? error.problems
      : isWorkflowError(error) && error.kind === 'invalid-option'
        ? [placedProblem(document.uri.fsPath, error.message)].filter((p) => p !== undefined)
        : [];
  if (found.length === 0) return false;
  showDeclaredProblems(services.context, document, document.uri, found);
  const what = `${vscode.workspace.asRelativePath(document.uri)} has ${counted(found.length, 'problem')}: ${found[0]!.message}`;
  void vscode.window.showErrorMessage(`${what}. Nothing was sent.`, 'Show Problems').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.actions.view.problems');
  });
  return true;
}
