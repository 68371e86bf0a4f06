// Turns a plan of the core (workflows/declared/declared-plan.ts) into what the cost panel shows.
// Pure: no `vscode`, unit-tested in plain Node. Only the fields the page reads travel (a unit's
// request key stays in the host, which holds the plan the person saw).
import { BUYING, hasChanges } from '../../../workflows/declared/declared-plan';
import type { Plan } from '../../../workflows/declared/declared-plan';
import type { PlanView } from './plan-protocol';

/** A figure the page can show: NaN or Infinity would not survive the message. */
function finite(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function toPlanView(plan: Plan, file: string, summary?: PlanView['summary']): PlanView {
  const creating = plan.orders.filter((o) => o.kind === 'create');
  const currency = creating.find((o) => o.currency !== undefined)?.currency;
  const view: PlanView = {
    title: `Plan: ${file}`,
    file,
    units: plan.units.map((u) =>
      defined({
        kind: u.kind,
        dataset: u.dataset,
        area: u.area,
        date: u.date,
        credits: finite(u.credits),
        file: u.file,
        changes: u.changes,
        reason: u.reason,
        month: u.month,
      }),
    ),
    orders: plan.orders.map((o) =>
      defined({
        kind: o.kind,
        order: o.order,
        area: o.area,
        guid: o.guid,
        currency: o.currency,
        euroThisMonth: finite(o.euroThisMonth),
        euroPerMonth: finite(o.euroPerMonth),
        changes: o.changes,
        notPricedYet: o.notPricedYet,
      }),
    ),
    total: {
      credits: finite(plan.total.credits) ?? 0,
      euroThisMonth: finite(plan.total.euroThisMonth) ?? 0,
      euroPerMonth: finite(plan.total.euroPerMonth) ?? 0,
    },
    balance: defined({ credits: finite(plan.balance.credits) }),
    stops: plan.stops,
    notes: plan.notes,
    changes: hasChanges(plan),
    applicable: plan.units.some((u) => BUYING.has(u.kind) && u.credits !== undefined) || creating.length > 0,
  };
  if (currency !== undefined) view.currency = currency;
  if (plan.budget)
    view.budget = defined({
      maxCredits: plan.budget.maxCredits,
      maxCreditsPerMonth: plan.budget.maxCreditsPerMonth,
      maxEuroPerMonth: plan.budget.maxEuroPerMonth,
    });
  if (plan.month) view.month = { ...plan.month };
  if (summary) view.summary = summary;
  return view;
}
