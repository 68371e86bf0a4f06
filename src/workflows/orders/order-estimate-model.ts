// The cost panel's model of a tasking order: its settings in words, the month's and the next
// month's costs, the renewal a recurring order needs cancelling before, and the image dates.
import type { OrderCreateRequest, OrderEstimate } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { areaWarnings, estimateAoi, orderCost } from '../../pricing/estimate-view-builders';
import type { OrderEstimateModel } from '../../pricing/estimate-view-model';
import { ESTIMATE_CAVEAT, readOrderCosts } from '../../pricing/order-costs';
import type { OrderCosts } from '../../pricing/order-costs';
import { purchasePlan, settingBudget } from '../../pricing/purchase-plan';
import type { PurchasePlan } from '../../pricing/purchase-plan';
import { imageFrequencyText } from './order-status';

export function orderEstimateModel(
  aoi: Aoi | undefined,
  request: OrderCreateRequest,
  estimate: OrderEstimate,
  budget: number | undefined,
  cancellationDeadline: string | undefined,
): OrderEstimateModel {
  const costs = readOrderCosts(estimate);
  const recurring = request.To === null;
  const warnings = orderWarnings(aoi, estimate, costs.currency, budget, recurring ? cancellationDeadline : undefined);
  const title = recurring ? 'Recurring tasking order' : `Tasking order ${request.From} to ${request.To}`;
  return {
    kind: 'order',
    title,
    aoi: aoi ? estimateAoi(aoi) : undefined,
    settings: orderSettings(request, estimate, recurring),
    warnings,
    payload: request,
    budget,
    plan: planOfOneOrder(title, request, costs, budget),
    currency: costs.currency,
    currencies: costs.currencies,
    currentMonthOrder: costs.currentMonthOrder,
    currentMonthStorage: costs.currentMonthStorage,
    nextMonthOrder: costs.nextMonthOrder,
    nextMonthStorage: costs.nextMonthStorage,
    currentMonthCost: costs.currentMonth,
    perMonthCost: costs.perMonth,
    cadence: {
      imageFrequency: request.ImageFrequency,
      storageMonths: request.StorageMonths,
      apiRequests: request.ApiRequests,
      referenceDate: request.ReferenceDate,
    },
    caveat: ESTIMATE_CAVEAT,
    recurring,
    cancellationDeadline: recurring ? cancellationDeadline : undefined,
    cancellationDate: typeof estimate.CancellationDate === 'string' ? estimate.CancellationDate : undefined,
    imageDates: Array.isArray(estimate.ImageDates) ? estimate.ImageDates.filter((d) => typeof d === 'string') : [],
  };
}

/** The area's own warnings, the renewal a recurring order needs cancelling before (its deadline
 * given only for a recurring order), and a monthly cost at or above the budget. */
function orderWarnings(
  aoi: Aoi | undefined,
  estimate: OrderEstimate,
  currency: string,
  budget: number | undefined,
  renewalDeadline: string | undefined,
): string[] {
  const warnings = aoi ? areaWarnings(aoi) : [];
  if (renewalDeadline) {
    warnings.push(
      `This order renews every month. Cancel it before ${renewalDeadline.replace('T', ' ').replace(/:00(\.000)?Z$/, '')} UTC to stop next month's charge.`,
    );
  }
  const total = orderCost(estimate);
  if (budget !== undefined && total !== undefined && total >= budget)
    warnings.push(`The cost (${currency} ${total} a month) is at or above your budget of ${currency} ${budget}.`);
  return warnings;
}

/** A plan of one order: the one to create, at this month's and each following month's cost. */
function planOfOneOrder(
  title: string,
  request: OrderCreateRequest,
  costs: OrderCosts,
  budget: number | undefined,
): PurchasePlan {
  return purchasePlan({
    units: [],
    orders: [
      {
        kind: 'create',
        order: title,
        area: request.GeometryTileOrdering ? 'the tiles over the area' : 'the area',
        currency: costs.currency,
        ...(costs.currentMonth !== undefined ? { euroThisMonth: costs.currentMonth } : {}),
        ...(costs.perMonth !== undefined ? { euroPerMonth: costs.perMonth } : {}),
      },
    ],
    budget: settingBudget(budget, 'order'),
  });
}

/** The order's settings in words, as the panel lists them. */
function orderSettings(
  request: OrderCreateRequest,
  estimate: OrderEstimate,
  recurring: boolean,
): OrderEstimateModel['settings'] {
  return [
    { label: 'Model', value: request.Model },
    { label: 'Constellations', value: request.SatelliteConstellations.join(', ') },
    {
      label: 'Period',
      value: recurring ? `from ${request.From}, renewing monthly` : `${request.From} to ${request.To}`,
    },
    { label: 'Image frequency', value: imageFrequencyText(request.ImageFrequency) },
    { label: 'Reference date', value: request.ReferenceDate },
    { label: 'Storage months', value: String(request.StorageMonths) },
    { label: 'API requests', value: String(request.ApiRequests) },
    ...(request.GeometryTileOrdering
      ? [{ label: 'Ordered as', value: 'the whole tiles covering the area (GeometryTileOrdering)' }]
      : []),
    { label: 'Tile deduplication', value: request.TileDeduplication ? 'yes' : 'no' },
    { label: 'Billed area', value: estimate.AreaKm2 !== undefined ? `${estimate.AreaKm2} km²` : 'unknown' },
  ];
}
