// Apply… in the plan of an imagery file (commands/planImagery.ts): a modal names the total (or the
// caller's budget stands for it), then exactly that plan is bought (`apply --plan`'s rule: refused
// when a fresh plan differs) and the panel shows the summary above the plan made after it ("no
// changes" when everything was bought).
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { describeError } from '../../api/describe';
import { formatCredits, formatMoney, counted } from '../../common/format';
import { hasChanges, hasUncertainty } from '../../workflows/declared/declared-plan';
import { BUYING } from '../../pricing/purchase-plan';
import type { Plan } from '../../workflows/declared/declared-plan';
import { deferredSentence } from '../../workflows/declared/declared-month';
import { deferredOrdersSentence } from '../../workflows/declared/declared-order-month';
import { applySeenPlan } from '../runners/run-declared';
import type { ApplyRun } from '../runners/run-declared';
import type { PlanView } from '../webview/estimate/plan-protocol';
import type { PlanWithTables } from '../webview/estimate/plan-view-model';
import { outOfDate, planFile, problemsSaid } from './planImagery-session';
import type { NextPlan, PlanImageryOptions, PlanSession } from './planImagery-session';

const APPLY_BUTTON = 'Buy';

/** Apply… of the plan on screen, then the plan to show next with what the apply did (the same
 * plan when the person did not confirm); undefined when the file's problems stopped it. */
export async function applyAndPlanAgain(
  session: PlanSession,
  current: PlanWithTables,
  resendUncertain: boolean,
): Promise<NextPlan | undefined> {
  const { services, client, uri, file, options, result } = session;
  if (!(await confirmApply(current, resendUncertain, file, options))) {
    result.applies.push({ outcome: 'not-confirmed' });
    return { current, summary: { text: 'Apply was not confirmed: nothing was sent.', severity: 'info' } };
  }
  const run = await applySeenPlan(services, client, uri.fsPath, current, resendUncertain, `Apply ${file}`).catch(
    (error: unknown) => {
      if (problemsSaid(session, error)) return undefined;
      // The panel waits, busy, for this apply: it says why nothing was bought, and the error
      // goes on to the command's report (with its actions: the key, the address, the log).
      const { message } = describeError(error);
      outOfDate(
        session,
        'this plan is out of date: plan again',
        `The apply stopped: ${message.replace(/\.?$/, '.')} Plan again to see what the folders and the account hold now.`,
      );
      throw error;
    },
  );
  if (!run) return undefined;
  if (run.outcome === 'refused') {
    result.applies.push({ outcome: 'refused', reason: run.reason });
    void vscode.window.showWarningMessage(run.reason);
    return { current: run.plan, summary: { text: run.reason, severity: 'error' } };
  }
  return planAfterApplied(session, run);
}

/** After an apply that ran: the views refreshed, the file planned again, and the summary said. */
async function planAfterApplied(
  session: PlanSession,
  run: Extract<ApplyRun, { outcome: 'applied' }>,
): Promise<NextPlan> {
  const { services, file } = session;
  const { bought, uncertain, failed } = run.result;
  session.result.applies.push({ outcome: 'applied', bought, uncertain, failed });
  let summary = summaryOf(run);
  if (bought > 0 || uncertain > 0) services.refreshTrees(); // credits were (or may have been) spent
  // The apply brings the datasets' declared field tables up to date: their alerts may be new.
  void services.sidebar.fieldAlerts.refreshAfter(`the apply of ${file}`);
  const current = await planFile(session, `Plan ${file} after the apply`);
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
  return { current, summary };
}

/** The sentence the modal asks: what Apply… buys, and for how much. */
function applyQuestion(plan: Plan, resendUncertain: boolean, file: string): { message: string; detail: string } {
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
