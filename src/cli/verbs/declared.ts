// `plan`, `apply` and `verify`: imagery declared in a file (imagery.json), priced as a difference
// before it is bought, bought through the series workflow and its folders' purchase ledgers, and
// checked on the disk against its lock (src/workflows/declared/).
import { withOneAccountReading } from '../../pricing/account-snapshot';
import { lstat } from 'node:fs/promises';
import { readTextBounded } from '../../files/bounded-read';
import { dirname, resolve } from 'node:path';
import { replaceFileSafely } from '../../files/safe-files';
import { DeclaredFileError, loadDeclaration, problemText } from '../../workflows/declared/declared-file';
import type { Declaration } from '../../workflows/declared/declared-file';
import { holdForApply, lockPathOf, readLock } from '../../workflows/declared/declared-lock';
import { hasChanges, hasUncertainty, makePlan } from '../../workflows/declared/declared-plan';
import { BUYING } from '../../pricing/purchase-plan';
import type { Plan, PlanUnit } from '../../workflows/declared/declared-plan';
import type { MonthSpend } from '../../workflows/declared/declared-month';
import type { OrderMonthSpend } from '../../workflows/declared/declared-order-month';
import type { PlannedOrder, PlanOrder } from '../../workflows/declared/declared-orders';
import type { OrderCeiling } from '../../workflows/declared/order-price-hold';
import { applyPlan, heldBefore } from '../../workflows/declared/declared-apply';
import { verifyLock } from '../../workflows/declared/declared-verify';
import { forgetRisk, forgetUncertainOrder } from '../../workflows/declared/declared-forget';
import { withEstimateCache } from '../../workflows/declared/estimate-cache';
import { openEstimateFile } from '../../workflows/declared/estimate-cache-file';
import type { EstimateStore } from '../../workflows/declared/estimate-cache-file';
import { planDrift, plannedPurchases } from '../../workflows/declared/plan-drift';
import type { PlannedPurchases } from '../../workflows/declared/plan-drift';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { CliError, ExitCode, UsageError } from '../exit-codes';
import { refusal } from '../ports';
import type { CostGuard } from '../ports';
import { money } from '../format';
import { planMarkdown } from '../plan-markdown';
import { isRecord } from '../../common/is-record';
import {
  pendingTable,
  plannedTableLines,
  plannedTables,
  upToDate,
  verifyTables,
} from '../../workflows/declared/declared-field-stats';
import { shown, tableProblemLines } from './declared-tables';
import { applyExitCode, applyJson, applyText } from './apply-summary';
import { formatUtc } from '../../common/format';

const DEFAULT_FILE = 'imagery.json';
/** plan's "changes to make", as terraform plan -detailed-exitcode: ExitCode.usage's number, which
 * plan never exits with for a usage error (ExitCode.planUsage). */
const PLAN_CHANGES = 2;

function fileOf(context: VerbContext): string {
  expectPositionals(context, 1);
  return context.rest[0] ?? DEFAULT_FILE;
}

export function declarationOf(context: VerbContext, path: string): Promise<Declaration> {
  return sayingFileProblems(context, path, () => loadDeclaration(path));
}

/** `run`, whose problems of the imagery file (its reading, or plan's checks that need the
 * service's answers) are said one a line at their places, and exit as an invalid file (3). */
async function sayingFileProblems<T>(context: VerbContext, path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DeclaredFileError)) throw error;
    for (const line of problemText(path, error.problems)) context.terminal.note(line);
    throw new CliError(error.message, ExitCode.invalidGeometry);
  }
}

/** What --json prints and --out writes. */
function planObject(plan: Plan): Record<string, unknown> {
  return {
    file: plan.file,
    changes: hasChanges(plan),
    units: plan.units,
    orders: plan.orders,
    total: plan.total,
    balance: plan.balance,
    budget: plan.budget ?? null,
    stops: plan.stops,
    notes: plan.notes,
    ...(plan.month ? { month: plan.month } : {}),
    ...(plan.orderMonth ? { orderMonth: plan.orderMonth } : {}),
  };
}

const WORDS: Record<PlanUnit['kind'], string> = {
  buy: '+ buy',
  rebuy: '~ rebuy',
  missing: '! missing',
  uncertain: '? uncertain',
  have: '  have',
  extra: '  extra',
  unavailable: '  unavailable',
  deferred: '> deferred',
};

const ORDER_WORDS: Record<PlanOrder['kind'], string> = {
  create: '+ create',
  differs: '~ differs',
  uncertain: '? uncertain',
  exists: '  exists',
  deferred: '> deferred',
};

function orderNote(o: PlanOrder): string {
  if (o.kind === 'differs')
    return `: cancel ${o.guid ?? 'the earlier order (its create was never answered: look for it)'} and create it again by hand (${(o.changes ?? []).join(', ') || 'the payload changed'}); apply does neither`;
  if (o.kind === 'uncertain')
    return `: its create was sent and its answer lost, it may exist and be charged; apply never creates it again (look with 'sat-imagery orders list'; once you know it was not made, 'sat-imagery forget ${o.order} --yes')`;
  if (o.kind === 'deferred') return `: ${o.reason ?? 'beyond budget.maxEuroPerMonth'}`;
  if (o.notPricedYet) return `: not priced yet: ${o.notPricedYet}`;
  return o.guid ? ` ${o.guid}` : '';
}

/** "Orders this month (2026-07): 1.2 EUR of the cap of 5 EUR spent, 2.1 EUR left after this plan;
 * next month 1.5 EUR billed on the 1st; 1 order deferred (0.93 EUR)." */
function orderMonthText(m: OrderMonthSpend, deferred: number): string {
  const later = deferred > 0 ? `; ${deferred} order${deferred === 1 ? '' : 's'} deferred (${m.deferredEuro} EUR)` : '';
  const unknown = m.unknown?.length ? `; not known: ${m.unknown.join('; ')}` : '';
  return `Orders this month (${m.month}): ${m.spentEuro} EUR of the cap of ${m.maxEuro} EUR spent, ${m.leftEuro} EUR left after this plan; ${m.nextMonthEuro} EUR billed next month for the orders already made${later}${unknown}.`;
}

/** "This month (2026-05): 120 of the cap of 300 credits spent, 80 left after this plan; 2 deferred (100 credits)." */
function monthText(m: MonthSpend, deferred: number): string {
  const later = deferred > 0 ? `; ${deferred} deferred (${m.deferredCredits} credits)` : '';
  return `This month (${m.month}): ${m.spentCredits} of the cap of ${m.maxCredits} credits spent, ${m.leftCredits} left after this plan${later}.`;
}

/** `tableLines`: what apply does to the declared field tables (declared-tables.ts). */
function planText(plan: Plan, tableLines: readonly string[] = []): string {
  const lines: string[] = [];
  // The plan adds the new orders up in their one currency (a second one stops apply).
  const currency = plan.orders.find((o) => o.kind === 'create' && o.currency !== undefined)?.currency;
  for (const u of plan.units.filter((unit) => unit.kind !== 'have')) {
    const price =
      u.credits !== undefined && (BUYING.has(u.kind) || u.kind === 'deferred') ? ` (${u.credits} credits)` : '';
    // An unavailable unit's kind says "unavailable": its note is the service's reason.
    const reason = u.kind === 'unavailable' ? u.reason?.replace(/^not available: /, '') : u.reason;
    const why = u.changes ? `: ${u.changes.join(', ')}` : reason ? `: ${reason}` : '';
    lines.push(
      `${WORDS[u.kind].padEnd(12)} ${u.dataset} ${u.area} ${u.date}${u.file && u.kind !== 'buy' ? ` ${u.file}` : ''}${price}${why}`,
    );
  }
  for (const o of plan.orders) {
    const price =
      o.kind === 'create' || o.kind === 'deferred'
        ? ` (${money(o.euroThisMonth, o.currency)} this month, ${money(o.euroPerMonth, o.currency)} next month)`
        : '';
    lines.push(`${ORDER_WORDS[o.kind].padEnd(12)} order ${o.order} ${o.area}${price}${orderNote(o)}`);
  }
  const count = (kind: PlanUnit['kind']) => plan.units.filter((u) => u.kind === kind).length;
  // deferred only when the file's monthly cap deferred something: other plans read as before.
  const kinds = ['buy', 'rebuy', 'missing', 'deferred', 'uncertain', 'have', 'extra', 'unavailable'] as const;
  const counts = kinds
    .filter((k) => k !== 'deferred' || count(k) > 0)
    .map((k) => `${count(k)} ${k}`)
    .join(', ');
  const orderCounts = (['create', 'deferred', 'differs', 'uncertain', 'exists'] as const)
    .map((k) => [k, plan.orders.filter((o) => o.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`);
  lines.push(...tableLines);
  lines.push('', `Plan: ${counts}${orderCounts.length > 0 ? `; orders: ${orderCounts.join(', ')}` : ''}.`);
  lines.push(
    hasChanges(plan)
      ? `Total: ${plan.total.credits} credits${plan.orders.length > 0 ? `, orders ${money(plan.total.euroThisMonth, currency)} this month and ${money(plan.total.euroPerMonth, currency)} next month` : ''}${plan.balance.credits !== undefined ? ` (balance ${plan.balance.credits})` : ''}${plan.budget?.maxCredits !== undefined ? `, budget ${plan.budget.maxCredits}` : ''}.`
      : hasUncertainty(plan)
        ? 'No changes to make: what is marked uncertain above may have been made and charged; apply leaves it.'
        : `No changes: the folders ${plan.orders.length > 0 ? 'and the account hold' : 'hold'} everything the file declares${count('unavailable') > 0 ? `, but for the ${count('unavailable')} unavailable above, which the service does not make` : ''}.`,
  );
  if (plan.month) lines.push(monthText(plan.month, count('deferred')));
  if (plan.orderMonth)
    lines.push(orderMonthText(plan.orderMonth, plan.orders.filter((o) => o.kind === 'deferred').length));
  for (const stop of plan.stops) lines.push(`Stops apply: ${stop}.`);
  for (const note of plan.notes) lines.push(`Note: ${note}.`);
  return lines.join('\n');
}

/** The estimates of the last few minutes, kept in the user's cache folder for the service asked:
 * the apply after a plan (another process) asks none of them again. */
function estimateStore(context: VerbContext): Promise<EstimateStore> {
  return openEstimateFile(context.cacheFolder(), context.baseUrl());
}

export async function planVerb(context: VerbContext): Promise<number> {
  const path = fileOf(context);
  const out = context.options.string('out');
  const markdown = context.options.flag('markdown');
  if (markdown && context.terminal.json) throw new UsageError('--markdown and --json are two formats: give one.');
  const declaration = await declarationOf(context, path);
  const store = await estimateStore(context);
  const ports = withEstimateCache(await context.ports(), store);
  const lock = await readLock(lockPathOf(path));
  const { plan } = await sayingFileProblems(context, path, () => makePlan(ports, declaration, lock));
  await store.flush();
  // The field tables apply would bring up to date: names compared, nothing measured.
  const tables = await plannedTables(
    declaration,
    lock,
    plan.units.filter((u) => BUYING.has(u.kind)),
  );
  const object = { ...planObject(plan), ...(tables.length > 0 ? { tables } : {}) };
  if (out !== undefined) await replaceFileSafely(resolve(out), `${JSON.stringify(object, null, 2)}\n`);
  if (markdown) context.terminal.out(planMarkdown(plan));
  else context.terminal.result(object, () => planText(plan, plannedTableLines(tables, shown)));
  if (hasChanges(plan) || tables.some(pendingTable)) return PLAN_CHANGES;
  return hasUncertainty(plan) ? ExitCode.mayHaveBeenCharged : ExitCode.ok;
}

/** The units a plan file buys, as keys, and its total. */
/** Far above any plan `plan --out` writes; a larger file is not read. */
const MAX_PLAN_BYTES = 64 * 1024 * 1024;

async function savedPlan(path: string): Promise<PlannedPurchases> {
  let value: unknown;
  try {
    // Read as any file someone else may have put there: a regular file, within a bound.
    value = JSON.parse(await readTextBounded(path, MAX_PLAN_BYTES)) as unknown;
  } catch (error) {
    throw new UsageError(`--plan ${path} is not a plan written by plan --out (${(error as Error).message}).`);
  }
  // Any JSON may be there (null, a unit that is not an object): each part is checked before it is read.
  const { units, orders = [], total } = isRecord(value) ? value : {};
  const listOf = (list: unknown, fields: readonly string[]) =>
    Array.isArray(list) && list.every((item) => isRecord(item) && fields.every((f) => typeof item[f] === 'string'));
  if (
    !listOf(units, ['kind', 'key']) ||
    !listOf(orders, ['kind', 'payloadHash']) ||
    !isRecord(total) ||
    typeof total.credits !== 'number'
  )
    throw new UsageError(`--plan ${path} is not a plan written by plan --out.`);
  return plannedPurchases(units as PlanUnit[], orders as PlanOrder[], total.credits);
}

function refuseOtherPlan(saved: PlannedPurchases, plan: Plan): void {
  const drift = planDrift(saved, plan);
  if (drift?.kind === 'other-units')
    throw new CliError(
      'The plan has changed since --plan was written (other units to buy): nothing was sent. Run plan again and review it.',
      ExitCode.notConfirmed,
    );
  if (drift?.kind === 'dearer')
    throw new CliError(
      `The plan now costs ${drift.now} credits, more than the ${drift.seen} of --plan: nothing was sent.`,
      ExitCode.notConfirmed,
    );
}

/** What an order to create is held to when its create leaves: the price --plan showed for it,
 * and what is left of --max-cost in its currency then (what earlier orders of the run spent
 * taken off), whichever it is above first. */
function orderCeilings(
  saved: PlannedPurchases | undefined,
  guard: CostGuard,
  plan: Plan,
): (order: PlannedOrder) => OrderCeiling[] {
  return (order) => {
    const currency = plan.orders.find((o) => o.payloadHash === order.payloadHash)?.currency;
    const shown = saved?.orderPrices.get(order.payloadHash) ?? { price: undefined, currency: undefined };
    const left =
      guard.maxCost === undefined
        ? undefined
        : Math.round((guard.maxCost - (guard.spent[currency ?? 'EUR'] ?? 0)) * 1e6) / 1e6;
    return [
      ...(saved ? [{ ...shown, seen: 'the plan showed' }] : []),
      ...(left !== undefined ? [{ price: left, currency, seen: 'left of --max-cost' }] : []),
    ];
  };
}

export async function applyVerb(context: VerbContext): Promise<number> {
  const path = fileOf(context);
  const o = context.options;
  const planFile = o.string('plan');
  const saved = planFile !== undefined ? await savedPlan(planFile) : undefined;
  const declaration = await declarationOf(context, path);
  const guard = context.guard();
  // --plan stands for the price the person saw: its total is the budget when --max-cost is not given.
  if (saved && guard.maxCost === undefined) {
    // An order's price is in its currency: a budget in credits cannot stand for it.
    if ([...saved.keys].some((k) => k.startsWith('create ')))
      throw new UsageError(
        '--plan creates orders: give --max-cost too (the most an order may cost a month, in its currency).',
      );
    guard.maxCost = saved.credits;
  }
  // The file's budget caps what the person allows; it never stands in for it: a budget written in
  // a repository (one cloned, say) is not one the person running apply set.
  const budget = declaration.file.budget?.maxCredits;
  if (budget !== undefined && guard.maxCost !== undefined) guard.maxCost = Math.min(guard.maxCost, budget);
  const store = await estimateStore(context);
  // The cost gate marks a stop on the command line's own ports, not on the cache's copy of them.
  const cliPorts = await context.ports(guard);
  // The plan's images are held to its total, priced again before each billed call, whatever a
  // larger --max-cost would allow.
  if (saved?.credits !== undefined) cliPorts.spending.holdTo('credits', saved.credits);
  // One reading of the account for the plan and every series and order it buys.
  const ports = withOneAccountReading(withEstimateCache(cliPorts, store));
  const lockPath = lockPathOf(path);
  // One apply of this file at a time, from reading its lock to the last write of it.
  return holdForApply(lockPath, 'sat-imagery apply', async () => {
    const lock = await readLock(lockPath);
    const { plan, series, orders } = await sayingFileProblems(context, path, () => makePlan(ports, declaration, lock));
    await store.flush();
    if (saved) refuseOtherPlan(saved, plan);
    const resendUncertain = o.flag('resend-uncertain');
    const buying = hasChanges(plan) || (resendUncertain && plan.units.some((u) => u.kind === 'uncertain'));
    if (buying) {
      const refused =
        plan.stops.length > 0 ? plan.stops.join('; ') : refusal(guard, { images: { credits: plan.total.credits } });
      if (refused !== undefined) {
        context.terminal.result(
          { ...planObject(plan), outcome: 'stopped', reason: refused },
          () => `${planText(plan)}\nNothing was sent: ${refused}.`,
        );
        return ExitCode.notConfirmed;
      }
    }
    const result = await applyPlan(ports, declaration, lockPath, plan, series, orders, lock, {
      resendUncertain,
      orderCeilings: orderCeilings(saved, guard, plan),
      rowCacheHome: { folder: context.cacheFolder(), product: context.version },
    });
    await store.flush();
    const stopped = cliPorts.stopped;
    // Held from an earlier run and left held: as uncertain after this apply as before it (plan's 6).
    const held = heldBefore(plan, { resendUncertain });
    const uncertain = result.uncertain + held;
    const facts = { result, lockPath, held, uncertain, stopped, buying, aborted: context.signal.aborted };
    context.terminal.result(applyJson(facts), () => applyText(facts));
    return applyExitCode(facts);
  });
}

export async function verifyVerb(context: VerbContext): Promise<number> {
  const path = fileOf(context);
  const lockPath = lockPathOf(path);
  // No lock is nothing verified, not "0 of 0 match": a CI step on a mistyped path must not pass.
  if (!(await lstat(lockPath).catch(() => undefined)))
    throw new CliError(
      `There is no lock at ${lockPath}: nothing to verify. Check the imagery file's path, or run apply to write its lock.`,
      ExitCode.localFile,
    );
  const lock = await readLock(lockPath);
  const files = await verifyLock(dirname(resolve(path)), lock, context.signal);
  const differing = files.filter((f) => f.problem !== undefined);
  // The declared field tables against the lock (a lock without its imagery file has none to check).
  const declared = (await lstat(path).catch(() => undefined)) ? await declarationOf(context, path) : undefined;
  const tables = declared ? await verifyTables(declared, lock) : [];
  const tableProblems = tableProblemLines(tables);
  context.terminal.result(
    { lock: lockPath, files: files.length, differing, ...(tables.length > 0 ? { tables, tableProblems } : {}) },
    () =>
      [
        ...differing.map((f) => `${f.file}: ${f.problem}`),
        ...tableProblems,
        `${files.length - differing.length} of ${files.length} locked images match.`,
        ...(tables.length > 0
          ? [`${tables.filter(upToDate).length} of ${tables.length} field tables match the lock.`]
          : []),
      ].join('\n'),
  );
  return differing.length > 0 || tableProblems.length > 0 ? ExitCode.localFile : ExitCode.ok;
}

/** `forget ORDER [FILE]`: an order held as uncertain taken out of the lock, with --yes, once the
 * person knows its create was not made (declared-forget.ts). */
export async function forgetVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 2);
  const [name, file = DEFAULT_FILE] = context.rest;
  if (name === undefined)
    throw new UsageError(
      "'forget' needs the order's name: sat-imagery forget ORDER [FILE] (see plan's '? uncertain').",
    );
  const declaration = await declarationOf(context, file);
  const lockPath = lockPathOf(file);
  const outcome = await forgetUncertainOrder(
    await context.ports(),
    declaration,
    lockPath,
    name,
    context.options.flag('yes'),
    'sat-imagery forget',
  );
  if (outcome.kind === 'not-held')
    throw new UsageError(
      `${lockPath} holds no order '${name}' without a GUID: nothing to forget (${outcome.uncertain.length > 0 ? `held as uncertain: ${outcome.uncertain.join(', ')}` : 'no order is held as uncertain'}).`,
    );
  const json = {
    outcome: outcome.kind,
    order: name,
    lock: lockPath,
    ...('guid' in outcome ? { guid: outcome.guid } : {}),
  };
  if (outcome.kind === 'exists') {
    context.terminal.result(
      json,
      () =>
        `Order '${name}' exists${outcome.guid ? ` (${outcome.guid})` : ''}: nothing to forget. The next apply keeps its GUID in the lock; cancel it with 'sat-imagery orders cancel' if it is not wanted.`,
    );
    return ExitCode.ok;
  }
  if (outcome.kind === 'held') {
    context.terminal.result(json, () =>
      [
        `Order '${name}' (${outcome.entry.area}) is held as uncertain: its create was sent on ${formatUtc(outcome.entry.at, undefined)} and its answer lost, and the account's list does not show it.`,
        forgetRisk(outcome),
        "Look first ('sat-imagery orders list'; a list can lag its writes by a while), then run again with --yes. Nothing was changed.",
      ].join('\n'),
    );
    return ExitCode.notConfirmed;
  }
  context.terminal.result(
    json,
    () =>
      `Forgot order '${name}' in ${lockPath}. ${outcome.declared ? 'The next plan lists it as create, priced; apply creates it only within --max-cost.' : 'The file no longer declares it: no apply creates it.'}`,
  );
  return ExitCode.ok;
}
