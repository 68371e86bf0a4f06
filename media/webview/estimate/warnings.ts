// The warnings the panel puts above everything else, derived from the model itself so that they
// cannot be forgotten by a caller: the billed area far above the drawn one, a cost above the
// person's budget, and a recurring order's monthly renewal with its cancellation deadline.
// Sentences the workflow adds in `model.warnings` follow them, except those on a topic the panel
// already states (the workflows word these too). No DOM: unit-tested in Node.
import type { EstimateModel } from '../../../src/ui/webview/estimate/protocol';
import { formatArea, formatCredits, formatMoney, formatNumber, formatUtc } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { renewalDeadline } from '../../../src/common/cancellation-terms';

/** Billed area above this multiple of the drawn area earns a warning. */
const BILLED_AREA_RATIO_WARNING = 1.5;

export interface PanelWarning {
  id: 'billed-area' | 'budget' | 'order-budget' | 'recurring' | 'workflow';
  text: string;
}

/** The area the service bills: its own estimate where it gave one, else the AOI's boxes. */
export function billedAreaKm2(model: EstimateModel): number | undefined {
  if (model.kind === 'composite' && model.areaEstimateKm2 !== undefined) return model.areaEstimateKm2;
  return model.aoi?.billedAreaKm2;
}

function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}

export function currentMonthTotal(model: EstimateModel): number | undefined {
  // The service's own total (either estimate shape) where it gave one, else the breakdown's sum.
  return model.kind === 'order'
    ? (model.currentMonthCost ?? sum(model.currentMonthOrder, model.currentMonthStorage))
    : undefined;
}

export function nextMonthTotal(model: EstimateModel): number | undefined {
  return model.kind === 'order' ? (model.perMonthCost ?? sum(model.nextMonthOrder, model.nextMonthStorage)) : undefined;
}

/** The figure compared with the budget: credits, or the larger of the two months' totals. */
export function budgetedCost(model: EstimateModel): number | undefined {
  if (model.kind === 'composite') return model.credits;
  if (model.kind === 'order') {
    const months = [currentMonthTotal(model), nextMonthTotal(model)].filter((v): v is number => v !== undefined);
    return months.length ? Math.max(...months) : undefined;
  }
  return undefined;
}

function formatCost(model: EstimateModel, value: number | undefined, locale: Locale): string {
  return model.kind === 'order' ? formatMoney(value, model.currency, locale) : formatCredits(value, locale);
}

/** The topics the panel words itself; a workflow sentence on the same topic would say it twice. */
const DERIVED_TOPICS: { id: PanelWarning['id']; pattern: RegExp }[] = [
  { id: 'billed-area', pattern: /billed area/i },
  { id: 'budget', pattern: /budget/i },
  { id: 'recurring', pattern: /renews|recurring/i },
];

function coveredByDerived(text: string, derived: PanelWarning[]): boolean {
  return DERIVED_TOPICS.some((topic) => topic.pattern.test(text) && derived.some((w) => w.id === topic.id));
}

export function deriveWarnings(model: EstimateModel, locale: Locale, now: Date): PanelWarning[] {
  const warnings: PanelWarning[] = [];
  const drawn = model.aoi?.areaKm2;
  const billed = billedAreaKm2(model);
  if (drawn !== undefined && billed !== undefined && drawn > 0 && billed > BILLED_AREA_RATIO_WARNING * drawn) {
    // The minimum is the one the billed area was computed with (the billing rules), never a figure of its own.
    const minimum = model.aoi?.minBilledKm2;
    warnings.push({
      id: 'billed-area',
      text:
        `The billed area (${formatArea(billed, locale)}) is ${formatNumber(billed / drawn, locale, 1)}× the drawn area ` +
        `(${formatArea(drawn, locale)}): each polygon is billed as its bounding box${minimum === undefined ? '' : `, at least ${formatArea(minimum, locale)}`}.`,
    });
  }
  const cost = budgetedCost(model);
  if (model.budget !== undefined && cost !== undefined && cost > model.budget) {
    warnings.push({
      id: 'budget',
      text: `This costs ${formatCost(model, cost, locale)}, above your budget of ${formatCost(model, model.budget, locale)} (setting satImagery.confirmCostAbove).`,
    });
  }
  // AutomaticOrderCreation: the order the service would create is held to the budget too.
  const order = model.kind === 'composite' ? model.automaticOrder : undefined;
  const orderCost =
    order && (order.currentMonth !== undefined || order.perMonth !== undefined)
      ? Math.max(order.currentMonth ?? 0, order.perMonth ?? 0)
      : undefined;
  if (order && model.budget !== undefined && orderCost !== undefined && orderCost > model.budget) {
    warnings.push({
      id: 'order-budget',
      text: `The order the service would create costs ${formatMoney(orderCost, order.currency, locale)} a month at most, above your budget of ${formatNumber(model.budget, locale)} (setting satImagery.confirmCostAbove).`,
    });
  }
  if (model.kind === 'order' && model.recurring) {
    const deadline = renewalDeadline(model, now);
    warnings.push({
      id: 'recurring',
      text:
        `This order renews every month until you cancel it; next month costs ${formatMoney(nextMonthTotal(model), model.currency, locale)}. ` +
        `To stop that charge, cancel it before ${formatUtc(deadline, locale)}.`,
    });
  }
  for (const text of model.warnings) {
    if (!coveredByDerived(text, warnings)) warnings.push({ id: 'workflow', text });
  }
  return warnings;
}
