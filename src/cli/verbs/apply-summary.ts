// What `apply` says when it is done, as text and as --json, and the code it exits with: all three
// read from the same facts, so the JSON cannot say "completed" while the exit says otherwise.
// The field tables are brought up to date after the purchases; a table that failed does not
// change what was bought (`outcome` stays the purchases' word), so --json says it beside it:
// `ok` is false and `problems` names the table, as the exit code 10 does.
import type { ApplyResult } from '../../workflows/declared/declared-apply';
import { deferredSentence } from '../../workflows/declared/declared-month';
import { deferredOrdersSentence } from '../../workflows/declared/declared-order-month';
import { ExitCode } from '../exit-codes';
import { spentText } from '../format';
import type { StoppedEstimate } from '../ports';
import { tableUpdateLines } from './declared-tables';

export interface ApplyFacts {
  result: ApplyResult;
  lockPath: string;
  /** Units left held from an earlier run, and every unit uncertain after this one. */
  held: number;
  uncertain: number;
  stopped: StoppedEstimate | undefined;
  /** Whether the plan had anything to send. */
  buying: boolean;
  aborted: boolean;
}

/** The lines of the tables that could not be brought up to date. */
function tableProblems({ result }: ApplyFacts): string[] {
  return tableUpdateLines((result.tables ?? []).filter((t) => t.error !== undefined));
}

export function applyExitCode(facts: ApplyFacts): number {
  if (facts.aborted) return ExitCode.interrupted;
  if (facts.uncertain > 0) return ExitCode.mayHaveBeenCharged;
  if (facts.stopped) return ExitCode.notConfirmed;
  if (facts.result.failed > 0) return ExitCode.failure;
  // Bought, but a field table could not be brought up to date: the local file's code.
  return tableProblems(facts).length > 0 ? ExitCode.localFile : ExitCode.ok;
}

/** What --json prints. */
export function applyJson(facts: ApplyFacts): Record<string, unknown> {
  const { result, stopped, uncertain, held } = facts;
  const problems = tableProblems(facts);
  return {
    ok: applyExitCode(facts) === ExitCode.ok,
    outcome: stopped ? 'stopped' : uncertain > 0 ? 'may-have-been-charged' : result.failed > 0 ? 'failed' : 'completed',
    bought: result.bought,
    ...(result.creditsSpent !== undefined ? { creditsSpent: result.creditsSpent } : {}),
    orders: result.orders,
    uncertain,
    heldBefore: held,
    failed: result.failed,
    series: result.series,
    ...(result.notes.length > 0 ? { notes: result.notes } : {}),
    ...(result.deferred.length > 0 ? { deferred: result.deferred } : {}),
    ...(result.deferredOrders.length > 0 ? { deferredOrders: result.deferredOrders } : {}),
    ...(result.tables?.length ? { tables: result.tables } : {}),
    ...(problems.length > 0 ? { problems } : {}),
    lock: facts.lockPath,
    ...(stopped ? { stopped: { reason: stopped.reason, cost: stopped.cost } } : {}),
  };
}

/** The text: a line per date and order, the counts, the spend, notes, deferred, the tables. */
export function applyText({ result, lockPath, held, uncertain, stopped, buying }: ApplyFacts): string {
  const lines = result.series.flatMap((s) =>
    s.dates.map(
      (d) =>
        `${d.status.padEnd(22)} ${s.dataset} ${s.area} ${d.date}${d.file ? ` ${d.file}` : ''}${d.error ? `: ${d.error}` : ''}`,
    ),
  );
  for (const o of result.orders) lines.push(`order ${o.order}: ${o.outcome}${o.guid ? ` ${o.guid}` : ''}`);
  lines.push(
    `Apply: ${result.bought} bought, ${uncertain} uncertain${held > 0 ? ` (${held} held from an earlier run)` : ''}, ${result.failed} failed. Lock: ${lockPath}.`,
  );
  const spent = spentText(result);
  if (spent) lines.push(spent);
  lines.push(...result.notes);
  const deferred = deferredSentence(result.deferred);
  if (deferred) lines.push(deferred);
  const deferredOrders = deferredOrdersSentence(result.deferredOrders);
  if (deferredOrders) lines.push(deferredOrders);
  lines.push(...tableUpdateLines(result.tables ?? []));
  if (stopped) lines.push(`Stopped before sending: ${stopped.reason}.`);
  if (!buying)
    lines.push(
      held > 0
        ? `No changes made, but ${held} held as uncertain: they may have been charged already, and apply leaves them (plan names them; --resend-uncertain sends the images again).`
        : 'No changes.',
    );
  return lines.join('\n');
}
