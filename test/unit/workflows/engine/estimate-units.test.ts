// The cost panel's sentences carry their units: credits for images, the order's currency a month
// for an order, and the image frequency in days.
import * as assert from 'node:assert/strict';
import type { OrderCreateRequest } from '../../../../src/api/types';
import { orderEstimateModel } from '../../../../src/workflows/orders/order-estimate-model';

describe('cost panel sentences: units', () => {
  const request = {
    Model: 'Stratus2',
    SatelliteConstellations: ['Sentinel2'],
    From: '2026-12-01',
    To: '2027-02-28',
    ImageFrequency: 7,
    ReferenceDate: '2026-12-01',
    StorageMonths: 1,
    ApiRequests: 1,
  } as unknown as OrderCreateRequest;
  const estimate = {
    CurrentMonthCosts: { CurrencyCode: 'USD', TotalCost: 5 },
    RecurringCostsEstimate: { CurrencyCode: 'USD', TotalCost: 6 },
  };

  it('an order above its budget says the currency, a month; its image frequency says days', () => {
    const model = orderEstimateModel(undefined, request, estimate as never, 4, undefined);
    assert.ok(
      model.warnings.includes('The cost (USD 6 a month) is at or above your budget of USD 4.'),
      model.warnings.join(' | '),
    );
    assert.equal(model.settings.find((s) => s.label === 'Image frequency')?.value, 'every 7 days');
    const daily = orderEstimateModel(undefined, { ...request, ImageFrequency: 1 }, estimate as never, 10, undefined);
    assert.equal(daily.settings.find((s) => s.label === 'Image frequency')?.value, 'every day');
  });
});
