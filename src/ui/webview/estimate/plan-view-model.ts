// Turns a plan of the core (workflows/declared/declared-plan.ts) into what the cost panel shows: the
// one plan type (pricing/purchase-plan.ts) with the file it is of. Pure: no `vscode`, unit-tested
// in plain Node. Only the fields the page reads travel (a unit's request key and an order's payload
// hash stay in the host, which holds the plan the person saw).
import type { Plan } from '../../../workflows/declared/declared-plan';
import { finitePlan, purchasePlan } from '../../../pricing/purchase-plan';
import type { PlanView } from './plan-protocol';

/** `plan` with, when it declares field tables, the lines of those an apply changes. */
export type PlanWithTables = Plan & { tables?: readonly string[] };

export function toPlanView(plan: PlanWithTables, file: string, summary?: PlanView['summary']): PlanView {
  const purchase = purchasePlan({
    units: plan.units.map(({ key: _key, dataset, ...unit }) => ({ ...unit, label: dataset })),
    orders: plan.orders.map(({ payloadHash: _hash, ...order }) => order),
    // The file's total: a unit without a price is a stop of its own, not a total unknown.
    credits: plan.total.credits,
    balance: plan.balance.credits,
    stops: plan.stops,
    notes: plan.notes,
    labelHeading: 'Dataset',
    ...(plan.budget
      ? {
          budget: {
            maxCredits: plan.budget.maxCredits,
            maxCreditsPerMonth: plan.budget.maxCreditsPerMonth,
            maxEuroPerMonth: plan.budget.maxEuroPerMonth,
          },
        }
      : {}),
  });
  const view: PlanView = finitePlan({ ...purchase, title: `Plan: ${file}`, file });
  // The file's plan counts an unknown total as none: its stops say which unit came without a price.
  view.total = { ...view.total, credits: view.total.credits ?? 0 };
  if (plan.notes.length === 0) view.notes = [];
  if (plan.month) view.month = { ...plan.month };
  if (plan.orderMonth)
    view.orderMonth = {
      ...plan.orderMonth,
      ...(plan.orderMonth.unknown ? { unknown: [...plan.orderMonth.unknown] } : {}),
    };
  if (summary) view.summary = summary;
  if (plan.tables?.length) {
    view.tables = [...plan.tables];
    // apply brings a table up to date when nothing is bought too, as the command line's does.
    view.applicable = true;
  }
  return view;
}
