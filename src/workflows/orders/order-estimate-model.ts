// The cost panel's model of a tasking order: its settings in words, the month's and the next
// month's costs, the renewal a recurring order needs cancelling before, and the image dates.
import type { OrderCreateRequest, OrderEstimate } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { areaWarnings, estimateAoi, orderCost } from '../../pricing/estimate-view-builders';
import type { OrderEstimateModel } from '../../pricing/estimate-view-model';
import { ESTIMATE_CAVEAT, readOrderCosts } from '../../pricing/order-costs';
import { purchasePlan, settingBudget } from '../../pricing/purchase-plan';
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
  const warnings = aoi ? areaWarnings(aoi) : [];
  if (recurring && cancellationDeadline) {
    warnings.push(
      `This order renews every month. Cancel it before ${cancellationDeadline.replace('T', ' ').replace(/:00(\.000)?Z$/, '')} UTC to stop next month's charge.`,
    );
  }
  const total = orderCost(estimate);
  if (budget !== undefined && total !== undefined && total >= budget)
    warnings.push(
      `The cost (${costs.currency} ${total} a month) is at or above your budget of ${costs.currency} ${budget}.`,
    );
  const title = recurring ? 'Recurring tasking order' : `Tasking order ${request.From} to ${request.To}`;
  // A plan of one order: the one to create, at this month's and each following month's cost.
  const plan = purchasePlan({
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
  return {
    kind: 'order',
    title,
    aoi: aoi ? estimateAoi(aoi) : undefined,
    settings: [
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
    ],
    warnings,
    payload: request,
    budget,
    plan,
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
