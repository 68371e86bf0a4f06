// AutomaticOrderCreation on an area no order covers: the service may create a tasking order
// instead of failing (live-service notes, "Newer public material"), and that order is billed from
// the euro balance. The service decides the order; the client can only price the order it would
// most likely be, the area for the image date's month with the person's order settings
// (`satImagery.defaults.order.*`), and show that estimate beside the image's credits.
import type { Aoi } from '../../geometry/types';
import type { AutomaticOrderPrice } from '../../pricing/estimate-view-model';
import type { WorkflowPorts } from '../engine/ports';
import { ESTIMATE_CAVEAT, readOrderCosts } from '../../pricing/order-costs';
import type { CompositeProfile } from '../../request/request-profile';
import { orderEstimateRequest } from '../orders/order-payload';
import { ORDER_DEFAULTS } from '../../api/request-fields';

/** The first and the last day of the date's month. */
function monthOf(date: string): { from: string; to: string } {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1))),
    to: iso(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0))),
  };
}

export async function priceAutomaticOrder(
  ports: WorkflowPorts,
  aoi: Aoi,
  profile: CompositeProfile,
): Promise<AutomaticOrderPrice> {
  const settings = ports.settings().defaults.order;
  const { from, to } = monthOf(profile.date);
  const fields = {
    model: profile.model,
    satelliteConstellations: [...profile.satelliteConstellations],
    from,
    to,
    imageFrequency: settings?.imageFrequency ?? ORDER_DEFAULTS.imageFrequency,
    storageMonths: settings?.storageMonths ?? ORDER_DEFAULTS.storageMonths,
    apiRequests: settings?.apiRequests ?? ORDER_DEFAULTS.apiRequests,
    referenceDate: from,
  };
  const request = orderEstimateRequest(aoi, fields);
  ports.progress.report({ message: 'Estimating the order the service would create…' });
  const estimate = await ports.client.estimateOrder(request, { signal: ports.signal });
  const costs = readOrderCosts(estimate);
  return {
    currency: costs.currency,
    currencies: costs.currencies,
    currentMonth: costs.currentMonth,
    perMonth: costs.perMonth,
    billedKm2: typeof estimate.AreaKm2 === 'number' && Number.isFinite(estimate.AreaKm2) ? estimate.AreaKm2 : undefined,
    note:
      `No order covers the area on ${profile.date}, and AutomaticOrderCreation lets the service create one. The service decides that order; ` +
      `this is the estimate of an order of the area from ${from} to ${to} with your order settings (satImagery.defaults.order.*: an image every ` +
      `${fields.imageFrequency} day${fields.imageFrequency === 1 ? '' : 's'}, ${fields.storageMonths} storage month${fields.storageMonths === 1 ? '' : 's'}, ${fields.apiRequests} API request${fields.apiRequests === 1 ? '' : 's'}).`,
    caveat: ESTIMATE_CAVEAT,
    request,
  };
}
