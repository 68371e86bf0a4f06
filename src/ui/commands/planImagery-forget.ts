// Forget… in the plan of an imagery file (commands/planImagery.ts): an order held as uncertain
// leaves the lock after a modal (declared-forget.ts, as `sat-imagery forget`), never one the
// account's list shows; the panel then says what became of it above the next plan.
import * as vscode from 'vscode';
import { describeError } from '../../api/describe';
import { formatUtc } from '../../common/format';
import { forgetRisk } from '../../workflows/declared/declared-forget';
import type { ForgetOutcome } from '../../workflows/declared/declared-forget';
import { forgetHeldOrder } from '../runners/run-declared';
import type { PlanView } from '../webview/estimate/plan-protocol';
import { outOfDate, planFile, problemsSaid } from './planImagery-session';
import type { NextPlan, PlanSession } from './planImagery-session';

const FORGET_BUTTON = 'Forget it';
const KEEP_BUTTON = 'Keep it';

/** Forget… of one order, then the file planned again with what became of the order; undefined
 * when the file's problems stopped it. */
export async function forgetAndPlanAgain(session: PlanSession, order: string): Promise<NextPlan | undefined> {
  const { services, client, uri, options, result } = session;
  const title = `Forget order ${order}`;
  let outcome: ForgetOutcome;
  try {
    outcome = await forgetHeldOrder(services, client, uri.fsPath, order, false, title);
    if (outcome.kind === 'held' && (options.skipForgetConfirmation || (await confirmForget(outcome))))
      outcome = await forgetHeldOrder(services, client, uri.fsPath, order, true, title);
  } catch (error) {
    if (problemsSaid(session, error)) return undefined;
    // The panel waits, busy, for this Forget…: it says why, and the error goes on to the command's report.
    const { message } = describeError(error);
    outOfDate(
      session,
      'this plan is out of date: plan again',
      `Forget… stopped: ${message.replace(/\.?$/, '.')} The lock is unchanged unless the plan says otherwise: plan again.`,
    );
    throw error;
  }
  result.forgets.push({ order, outcome: outcome.kind === 'held' ? 'not-confirmed' : outcome.kind });
  const summary = forgetSummary(order, outcome);
  return { current: await planFile(session, `Plan ${session.file}`), summary };
}

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
