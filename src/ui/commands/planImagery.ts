// Plan (the code lens on imagery.json and *.imagery.json): the file's plan in the cost panel, as
// `sat-imagery plan` makes it, and Apply… there: a modal names the total, then exactly that plan is
// bought (`apply --plan`'s rule: refused when a fresh plan differs) and the panel shows the summary
// and the plan made after it ("no changes" when everything was bought). The file's problems go to
// the Problems view at their place. Forget… on an order held as uncertain takes it out of the lock
// after a modal (declared-forget.ts, as `sat-imagery forget`), never one the account's list shows.
// Returns what happened, for tests and other extensions.
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { describeError } from '../../api/describe';
import { formatCredits, formatMoney, formatUtc, counted } from '../../common/format';
import { DeclaredFileError } from '../../workflows/declared/declared-file';
import { hasChanges, hasUncertainty } from '../../workflows/declared/declared-plan';
import { BUYING } from '../../pricing/purchase-plan';
import type { Plan } from '../../workflows/declared/declared-plan';
import { isWorkflowError } from '../../request/workflow-error';
import { deferredSentence } from '../../workflows/declared/declared-month';
import { deferredOrdersSentence } from '../../workflows/declared/declared-order-month';
import { Commands } from '../constants';
import { clearDeclaredProblems, placedProblem, showDeclaredProblems } from '../diagnostics/declared-diagnostics';
import type { ExtensionServices } from '../extension-services';
import { confirmTrust } from '../prompts/target-document';
import { applySeenPlan, forgetHeldOrder, planImageryFile } from '../runners/run-declared';
import { forgetRisk } from '../../workflows/declared/declared-forget';
import type { ForgetOutcome } from '../../workflows/declared/declared-forget';
import type { ApplyRun } from '../runners/run-declared';
import type { PlanView } from '../webview/estimate/plan-protocol';
import { toPlanView } from '../webview/estimate/plan-view-model';
import type { PlanWithTables } from '../webview/estimate/plan-view-model';
import type { Command } from './command';

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

const APPLY_BUTTON = 'Buy';
const FORGET_BUTTON = 'Forget it';
const KEEP_BUTTON = 'Keep it';

/** The modal before an uncertain order leaves the lock: what the person vouches for. */
async function confirmForget(held: Extract<ForgetOutcome, { kind: 'held' }>): Promise<boolean> {
  const choice = await vscode.window.showWarningMessage(
    `Forget order '${held.entry.order}' in the lock?`,
    {
      modal: true,
      detail: `Its create was sent on ${formatUtc(held.entry.at, undefined)} and its answer lost, and the account's list does not show it. ${forgetRisk(held)} Look in Tasking orders first: a list can lag its writes by a while.`,
    },
    { title: FORGET_BUTTON },
    { title: KEEP_BUTTON, isCloseAffordance: true },
  );
  return choice?.title === FORGET_BUTTON;
}

/** What a Forget… did, as the panel says it above the next plan. */
function forgetSummary(order: string, outcome: ForgetOutcome): NonNullable<PlanView['summary']> {
  switch (outcome.kind) {
    case 'forgotten':
      return {
        text: `Forgot order '${order}': the lock no longer holds it${outcome.declared ? ', and the plan prices it as create' : ''}.`,
        severity: 'info',
      };
    case 'exists':
      return {
        text: `Order '${order}' exists${outcome.guid ? ` (${outcome.guid})` : ''}: the account lists it, so it was not forgotten. The next apply keeps its GUID in the lock.`,
        severity: 'info',
      };
    case 'not-held':
      return {
        text: `The lock no longer holds order '${order}' as uncertain: nothing was forgotten.`,
        severity: 'info',
      };
    case 'held':
      return { text: `Order '${order}' was not forgotten: it is still held as uncertain.`, severity: 'info' };
  }
}

function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg !== '') return vscode.Uri.file(arg);
  return undefined;
}

/** The sentence the modal asks: what Apply… buys, and for how much. */
export function applyQuestion(plan: Plan, resendUncertain: boolean, file: string): { message: string; detail: string } {
  const buying = plan.units.filter((u) => BUYING.has(u.kind));
  const creating = plan.orders.filter((o) => o.kind === 'create');
  const unpriced = creating.filter((o) => o.notPricedYet).length;
  const uncertain = resendUncertain ? plan.units.filter((u) => u.kind === 'uncertain') : [];
  const currency = creating.find((o) => o.currency)?.currency ?? 'EUR';
  const parts = buying.length
    ? [`${counted(buying.length, 'image')} for ${formatCredits(plan.total.credits, undefined)}`]
    : [];
  if (creating.length)
    parts.push(
      `${counted(creating.length, 'tasking order')} for ${formatMoney(plan.total.euroThisMonth, currency, undefined)} this month and ${formatMoney(plan.total.euroPerMonth, currency, undefined)} next month${unpriced ? ` (${counted(unpriced, 'order')} starting later, not priced yet)` : ''}`,
    );
  if (uncertain.length)
    parts.push(
      `${counted(uncertain.length, 'uncertain image')} sent again (${formatCredits(uncertainCredits(plan), undefined)}), which may have been charged already`,
    );
  return {
    message: `Apply the plan of ${file}: ${parts.join(', ')}?`,
    detail:
      'Exactly this plan is bought: a fresh plan is made first, and if it buys other images or costs more, nothing is sent. An order that differs is never cancelled here.',
  };
}

/** The credits of the uncertain images, as their ledger recorded them; undefined when one has none. */
function uncertainCredits(plan: Plan): number | undefined {
  const uncertain = plan.units.filter((u) => u.kind === 'uncertain');
  if (uncertain.some((u) => u.credits === undefined)) return undefined;
  return Math.round(uncertain.reduce((sum, u) => sum + u.credits!, 0) * 1e6) / 1e6;
}

async function confirmApply(
  plan: Plan,
  resendUncertain: boolean,
  file: string,
  options: PlanImageryOptions,
): Promise<boolean> {
  // A caller's budget stands for the modal only for images whose every price is known.
  const resent = resendUncertain ? uncertainCredits(plan) : 0;
  const imagesOnly = !plan.orders.some((o) => o.kind === 'create') && resent !== undefined;
  if (options.maxCost !== undefined && imagesOnly && plan.total.credits + resent <= options.maxCost) return true;
  const { message, detail } = applyQuestion(plan, resendUncertain, file);
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, APPLY_BUTTON);
  return choice === APPLY_BUTTON;
}

function summaryOf(run: Extract<ApplyRun, { outcome: 'applied' }>): PlanView['summary'] {
  const { result } = run;
  const orders = result.orders.length ? `, ${counted(result.orders.length, 'order')} created` : '';
  const spent =
    result.creditsSpent === undefined
      ? ''
      : ` ${formatCredits(result.creditsSpent, undefined)} spent (each priced right before it was sent).`;
  // What the images bought say: a field left mostly without data, pixels coarser than asked.
  const notes = [
    ...result.notes,
    deferredSentence(result.deferred) ?? [],
    deferredOrdersSentence(result.deferredOrders) ?? [],
  ]
    .flat()
    .map((n) => ` ${n}`)
    .join('');
  const tables = (result.tables ?? []).map((t) =>
    t.error === undefined
      ? ` Field table ${t.dataset}: ${t.stale !== undefined ? `written again (${t.stale}), ` : ''}${counted(t.imagesAdded, 'image')} added (${t.rowsAdded} rows) to ${basename(t.csv)} and ${basename(t.parquet)}.`
      : ` Field table ${t.dataset} could not be updated (${t.error}); the images bought stand: apply again once the cause is fixed.`,
  );
  const text = `Applied: ${result.bought} bought${orders}, ${result.uncertain} uncertain, ${result.failed} failed.${spent}${notes}${tables.join('')} The lock ${basename(run.lock)} is written.${run.stopped ? ` Stopped before sending: ${run.stopped}.` : ''}`;
  const warn =
    result.uncertain > 0 ||
    result.failed > 0 ||
    run.stopped ||
    result.notes.length > 0 ||
    (result.tables ?? []).some((t) => t.error !== undefined);
  return { text, severity: warn ? 'warning' : 'info' };
}

export const planImageryCommand: Command = {
  id: Commands.planImagery,
  async run(services: ExtensionServices, arg?: unknown, rawOptions?: unknown): Promise<PlanImageryResult | undefined> {
    const options = (rawOptions && typeof rawOptions === 'object' ? rawOptions : {}) as PlanImageryOptions;
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
    if (!(await confirmTrust())) return undefined;
    const client = await services.getClient();
    const { lastPanel, showPlanPanel } = await import('../webview/estimate/index');
    const result: PlanImageryResult = { plans: [], applies: [], forgets: [] };
    /** The plan of this file on screen (or waiting, busy, for an apply), marked out of date: a stop
     * saying why disables Apply… on the page and in the host, until the person plans again. */
    const outOfDate = (why: string, said: string): void => {
      const shown = lastPanel()?.shownPlan;
      if (shown?.file !== file) return;
      const summary = { text: said, severity: 'error' as const };
      void showPlanPanel(services, { ...shown, stops: [...shown.stops, why], summary });
    };
    const problemsSaid = (error: unknown): boolean => {
      if (!reportProblems(services, document, error)) return false;
      const why = `${file} has problems (see the Problems view): fix them, and plan again`;
      // A plan that fails is made before anything is sent (the apply's own fresh plan too).
      outOfDate(why, `Nothing was sent: ${why}.`);
      return true;
    };
    const plan = async (title: string): Promise<PlanWithTables | undefined> => {
      try {
        const made = await planImageryFile(services, client, uri.fsPath, title);
        clearDeclaredProblems(uri);
        return made;
      } catch (error) {
        if (!problemsSaid(error)) throw error;
        return undefined;
      }
    };
    let current = await plan(`Plan ${file}`);
    let summary: PlanView['summary'];
    while (current) {
      const view = toPlanView(current, file, summary);
      result.plans.push(view);
      const decision = await showPlanPanel(services, view);
      if (decision.action === 'close') return result;
      if (decision.action === 'forget') {
        const title = `Forget order ${decision.order}`;
        let outcome: ForgetOutcome;
        try {
          outcome = await forgetHeldOrder(services, client, uri.fsPath, decision.order, false, title);
          if (outcome.kind === 'held' && (options.skipForgetConfirmation || (await confirmForget(outcome))))
            outcome = await forgetHeldOrder(services, client, uri.fsPath, decision.order, true, title);
        } catch (error) {
          if (problemsSaid(error)) return result;
          // The panel waits, busy, for this Forget…: it says why, and the error goes on to the command's report.
          const { message } = describeError(error);
          outOfDate(
            'this plan is out of date: plan again',
            `Forget… stopped: ${message.replace(/\.?$/, '.')} The lock is unchanged unless the plan says otherwise: plan again.`,
          );
          throw error;
        }
        result.forgets.push({
          order: decision.order,
          outcome: outcome.kind === 'held' ? 'not-confirmed' : outcome.kind,
        });
        summary = forgetSummary(decision.order, outcome);
        current = await plan(`Plan ${file}`);
        continue;
      }
      if (!(await confirmApply(current, decision.resendUncertain, file, options))) {
        result.applies.push({ outcome: 'not-confirmed' });
        summary = { text: 'Apply was not confirmed: nothing was sent.', severity: 'info' };
        continue;
      }
      const run = await applySeenPlan(
        services,
        client,
        uri.fsPath,
        current,
        decision.resendUncertain,
        `Apply ${file}`,
      ).catch((error: unknown) => {
        if (problemsSaid(error)) return undefined;
        // The panel waits, busy, for this apply: it says why nothing was bought, and the error
        // goes on to the command's report (with its actions: the key, the address, the log).
        const { message } = describeError(error);
        outOfDate(
          'this plan is out of date: plan again',
          `The apply stopped: ${message.replace(/\.?$/, '.')} Plan again to see what the folders and the account hold now.`,
        );
        throw error;
      });
      if (!run) return result;
      if (run.outcome === 'refused') {
        result.applies.push({ outcome: 'refused', reason: run.reason });
        void vscode.window.showWarningMessage(run.reason);
        summary = { text: run.reason, severity: 'error' };
        current = run.plan;
        continue;
      }
      const { bought, uncertain, failed } = run.result;
      result.applies.push({ outcome: 'applied', bought, uncertain, failed });
      summary = summaryOf(run);
      if (bought > 0 || uncertain > 0) services.refreshTrees(); // credits were (or may have been) spent
      // The apply brings the datasets' declared field tables up to date: their alerts may be new.
      void services.sidebar.fieldAlerts.refreshAfter(`the apply of ${file}`);
      current = await plan(`Plan ${file} after the apply`);
      if (current && summary && !hasChanges(current))
        summary = hasUncertainty(current)
          ? {
              text: `${summary.text} Nothing is left to buy or create, but some of it may have been made without an answer: see the uncertain entries in the plan.`,
              severity: 'warning',
            }
          : { ...summary, text: `${summary.text} No changes: the folders hold everything the file declares.` };
      void (summary?.severity === 'info'
        ? vscode.window.showInformationMessage(summary.text)
        : vscode.window.showWarningMessage(summary?.text ?? ''));
    }
    return result;
  },
};

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
