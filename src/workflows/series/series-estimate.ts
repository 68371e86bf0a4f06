// The one cost panel of a series: the first date's estimate view, and a plan of its dates
// (pricing/purchase-plan.ts): each date to buy with its credits, each date the availability check
// turned down as unavailable with the service's reason, and their total, which is the figure the
// budget guard compares.
import type { CompositeEstimate, CompositeRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { compositeEstimateModel, compositeUnits } from '../../pricing/estimate-view-builders';
import type { CompositeEstimateModel } from '../../pricing/estimate-view-model';
import { purchasePlan, settingBudget } from '../../pricing/purchase-plan';
import type { PurchaseUnit } from '../../pricing/purchase-plan';
import type { CompositeProfile } from '../../request/request-profile';

export interface PricedDate {
  date: string;
  profile: CompositeProfile;
  request: CompositeRequest;
  estimate: CompositeEstimate;
  credits: number | undefined;
}

/** The total, or undefined when any date came without a price (then nothing may skip the panel). */
export function totalOf(priced: readonly PricedDate[]): number | undefined {
  let total = 0;
  for (const p of priced) {
    if (p.credits === undefined || !Number.isFinite(p.credits)) return undefined;
    total += p.credits;
  }
  return Math.round(total * 1e6) / 1e6;
}

/** A date the availability check turned down, with the service's reason. */
export interface RefusedDate {
  date: string;
  error?: string;
  status?: string;
}

export function seriesEstimateModel(
  aoi: Aoi,
  priced: readonly PricedDate[],
  budget: number | undefined,
  refused: readonly RefusedDate[] = [],
): CompositeEstimateModel {
  const first = priced[0]!;
  const base = compositeEstimateModel(aoi, first.profile, first.request, first.estimate, budget);
  const total = totalOf(priced);
  const sum = (pick: (p: PricedDate) => unknown): number | undefined => {
    const values = priced.map(pick);
    return values.every((v): v is number => typeof v === 'number') ? values.reduce((a, b) => a + b, 0) : undefined;
  };
  // The first date's budget sentence is about one date: the total is what is compared.
  const warnings = base.warnings.filter((w) => !w.startsWith('The cost ('));
  if (budget !== undefined && total !== undefined && total >= budget)
    warnings.push(`The total cost (${total} credits) is at or above your budget of ${budget} credits.`);
  const dates = priced.map((p) => p.date);
  return {
    ...base,
    title: `Time series of ${priced.length} date${priced.length === 1 ? '' : 's'}`,
    settings: [
      { label: 'Dates', value: `${dates[0]} … ${dates[dates.length - 1]} (${dates.length})` },
      ...base.settings.filter((s) => s.label !== 'Date'),
    ],
    warnings,
    payload: priced.map((p) => p.request),
    credits: total,
    fileSizeMB: sum((p) => p.estimate.FileSizeEstimateMB),
    timeSeconds: sum((p) => p.estimate.FastTimeEstimateSeconds ?? p.estimate.SlowTimeEstimateSeconds),
    series: true,
    plan: purchasePlan({
      units: seriesUnits(priced, refused),
      credits: total,
      budget: settingBudget(budget, 'images'),
    }),
  };
}

/** Every date in date order: to buy with its price, or not available and why (never sent). */
function seriesUnits(priced: readonly PricedDate[], refused: readonly RefusedDate[]): PurchaseUnit[] {
  const units = [
    ...priced.flatMap((p) => compositeUnits(p.date, p.credits)),
    ...refused.flatMap((r) =>
      compositeUnits(r.date, undefined).map((unit): PurchaseUnit => ({
        ...unit,
        kind: 'unavailable',
        reason: `not available: ${r.error ?? r.status ?? 'refused by the availability check'}`,
      })),
    ),
  ];
  return units.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
