// The price of one billed call, asked of the service right before the call leaves and held for it
// in the run's spend guard (spend-guard.ts). A composite (a whole area, a part, a date of a series)
// is priced by the composite estimate of the exact body that will be sent; a tile or a mini-tile,
// which the service does not estimate, by the caller's own derivation from a fresh estimate.
import type { CompositeRequest, ImageryClient } from '../api/types';
import { PriceRefusal } from './spend-guard';
import type { Reservation, SpendGuard } from './spend-guard';

/** What a billed call needs to be priced and held: the run's guard, what to call it in a refusal,
 * the price it had when the person confirmed it (said when it rose), and how to ask it now. */
export interface FreshPricing {
  guard: SpendGuard;
  what: string;
  unit: string;
  before?: number;
  ask: () => Promise<number | undefined>;
}

/** Asks the price now and reserves it, or throws a PriceRefusal: nothing billed is sent without it. */
export async function reserveFreshPrice(pricing: FreshPricing): Promise<Reservation> {
  const amount = await pricing.ask();
  if (amount === undefined)
    throw new PriceRefusal(
      `${pricing.what} was not sent: the service gave no price for it just before sending, so it could not be held to what was confirmed.`,
    );
  return pricing.guard.reserve(pricing.unit, amount, pricing.what, pricing.before);
}

/** The credits of a composite body, from the service's estimate asked now (no cache answers it). */
export function freshCompositeCredits(
  client: ImageryClient,
  request: CompositeRequest,
  signal: AbortSignal,
): () => Promise<number | undefined> {
  return async () => {
    const estimate = await client.estimateComposite(request, { signal, fresh: true });
    return typeof estimate.CreditEstimate === 'number' ? estimate.CreditEstimate : undefined;
  };
}
