// Every purchase is one plan (src/pricing/purchase-plan.ts): each builder of a cost panel's model
// makes it, and the cost decision reads its price from it. Pure: no simulator, the builders are
// given the service's answers as the workflows get them.
import * as assert from 'node:assert/strict';
import { readAoi } from '../../../src/geometry';
import type { Aoi } from '../../../src/geometry/types';
import { priceOf } from '../../../src/pricing/cost-decision';
import { compositeEstimateModel, tileChoice, tileSelectionModel } from '../../../src/pricing/estimate-view-builders';
import type { EstimateModel } from '../../../src/pricing/estimate-view-model';
import { compositeRequest, freezeProfile } from '../../../src/request/request-profile';
import { parseHostMessage } from '../../../src/ui/webview/estimate/protocol';
import { toShowMessage } from '../../../src/ui/webview/estimate/view-model';
import { orderEstimateModel } from '../../../src/workflows/orders/order-estimate-model';
import { seriesEstimateModel } from '../../../src/workflows/series/series-estimate';
import type { PricedDate } from '../../../src/workflows/series/series-estimate';
import { batchEstimateModel } from '../../../src/workflows/tiles/tile-batch-price';
import type { BatchPrice } from '../../../src/workflows/tiles/tile-batch-price';

const WKT = 'POLYGON((10.02 56.02, 10.05 56.02, 10.05 56.04, 10.02 56.04, 10.02 56.02))';

function area(wkt = WKT): Aoi {
  const read = readAoi(wkt, 'wkt');
  assert.ok(read.ok);
  return read.aoi;
}

const fields = {
  aoiMode: 'wkt' as const,
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  epsgProjection: 4326,
  resolution: 10,
  bandnames: 'rgb',
};

function priced(date: string, credits: number | undefined): PricedDate {
  const profile = freezeProfile(area(), { ...fields, date });
  return { date, profile, request: compositeRequest(profile), estimate: { CreditEstimate: credits }, credits };
}

/** The model as the page receives it parses with the page's own check. */
function reachesThePage(model: EstimateModel): void {
  const message = parseHostMessage(JSON.parse(JSON.stringify(toShowMessage(model))));
  assert.equal(message?.type, 'show');
}

describe('one plan for every purchase (pricing/purchase-plan.ts)', () => {
  it('a composite is a plan of one unit: the whole area on its date at its credits, the budget the setting', () => {
    const profile = freezeProfile(area(), { ...fields, date: '2026-06-12' });
    const model = compositeEstimateModel(area(), profile, compositeRequest(profile), { CreditEstimate: 2.5 }, 10);
    assert.deepEqual(model.plan.units, [
      { kind: 'buy', label: 'composite', area: 'whole area', date: '2026-06-12', credits: 2.5 },
    ]);
    assert.deepEqual(model.plan.total, { credits: 2.5, euroThisMonth: 0, euroPerMonth: 0 });
    assert.deepEqual(model.plan.budget, { maxCredits: 10, setting: 'satImagery.confirmCostAbove' });
    assert.deepEqual([model.plan.changes, model.plan.applicable, model.plan.orders.length], [true, true, 0]);
    assert.deepEqual(priceOf(model), { images: { credits: 2.5 } });
    reachesThePage(model);
  });

  it('a composite sent in parts is a plan of one unit a part, each at its own price, the total their sum', () => {
    const profile = freezeProfile(area(), { ...fields, date: '2026-06-12' });
    const estimate = { CreditEstimate: 3.75 };
    const model = compositeEstimateModel(
      area(),
      profile,
      compositeRequest(profile),
      estimate,
      undefined,
      [1, 2.5, 0.25],
    );
    assert.deepEqual(
      model.plan.units.map((u) => `${u.kind} ${u.area} ${u.date} ${u.credits}`),
      ['buy part 1 of 3 2026-06-12 1', 'buy part 2 of 3 2026-06-12 2.5', 'buy part 3 of 3 2026-06-12 0.25'],
    );
    assert.equal(model.plan.total.credits, 3.75);
    assert.deepEqual(
      model.plan.budget,
      { setting: 'satImagery.confirmCostAbove' },
      'no budget set, and where to set one',
    );
    assert.deepEqual(priceOf(model), { images: { credits: 3.75 } });
  });

  it('a series is a plan of its dates: a date the availability check refused is unavailable, with the reason, and costs nothing', () => {
    const model = seriesEstimateModel(area(), [priced('2026-06-10', 1.5), priced('2026-06-14', 2)], undefined, [
      { date: '2026-06-12', error: 'no imagery of the area on 2026-06-12', status: 'failed' },
    ]);
    assert.deepEqual(
      model.plan.units.map((u) => [u.kind, u.date, u.credits, u.reason]),
      [
        ['buy', '2026-06-10', 1.5, undefined],
        ['unavailable', '2026-06-12', undefined, 'not available: no imagery of the area on 2026-06-12'],
        ['buy', '2026-06-14', 2, undefined],
      ],
    );
    assert.equal(model.plan.total.credits, 3.5);
    assert.equal(model.credits, 3.5, "the headline's credits are the plan's total");
    assert.deepEqual(priceOf(model), { images: { credits: 3.5 } });
    reachesThePage(model);
  });

  it('a series with a date without a price has no total, and the cost decision says so', () => {
    const model = seriesEstimateModel(area(), [priced('2026-06-10', 1.5), priced('2026-06-14', undefined)], 5);
    assert.equal(model.plan.total.credits, undefined);
    assert.deepEqual(priceOf(model), { images: { credits: undefined } });
  });

  it('a tile batch is a plan of its tiles at their derived prices, a tile without imagery unavailable, the total rounded up to the cent', () => {
    const one = area();
    const price: BatchPrice = {
      ready: [
        { id: 't-1', aoi: one },
        { id: 't-2', aoi: one },
      ],
      notReady: [{ id: 't-3', reason: 'no imagery of the tile on 2026-06-12' }],
      partial: [],
      credits: 1.01,
      rate: 0.5 / one.billedAreaKm2,
    };
    const settings = { Date: '2026-06-12T00:00:00Z', Model: 'Stratus2', SatelliteConstellations: ['Sentinel2'] };
    const model = batchEstimateModel('tile', price, settings, undefined);
    assert.deepEqual(
      model.plan.units.map((u) => [u.kind, u.label, u.area, u.date, u.credits, u.reason]),
      [
        ['buy', 't-1', 'tile', '2026-06-12', 0.5, undefined],
        ['buy', 't-2', 'tile', '2026-06-12', 0.5, undefined],
        ['unavailable', 't-3', 'tile', '2026-06-12', undefined, 'no imagery of the tile on 2026-06-12'],
      ],
    );
    assert.equal(model.plan.total.credits, 1.01, "the batch's total, not the units' sum");
    assert.deepEqual(priceOf(model), { images: { credits: 1.01 } });
  });

  it('a tile choice is a plan of the tiles offered, not priced yet and saying when it will be; nothing to price', () => {
    const tiles = [
      tileChoice({ Guid: 'a', MiniTile: false, DataGeogWkt: WKT }),
      tileChoice({ Guid: 'b', MiniTile: true, DataGeogWkt: WKT }),
    ].filter((t) => t !== undefined);
    const model = tileSelectionModel(area(), tiles, ['a']);
    assert.deepEqual(
      model.plan.units.map((u) => `${u.kind} ${u.label} ${u.area} ${u.credits}`),
      ['buy a tile undefined', 'buy b mini-tile undefined'],
    );
    assert.match(model.plan.notPricedYet ?? '', /Process Tiles prices the tiles you choose/);
    assert.equal(model.plan.applicable, false, 'nothing is bought from this panel');
    assert.deepEqual(priceOf(model), {});
    reachesThePage(model);
  });

  it('an order is a plan of one order to create, at its two months in its currency, the budget held to its dearer month', () => {
    const request = {
      Wkt: WKT,
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      From: '2026-07-01',
      To: '2026-08-31',
      ImageFrequency: 5,
      ReferenceDate: '2026-07-01',
      StorageMonths: 2,
      ApiRequests: 100,
      TileDeduplication: false,
    };
    const estimate = { CurrentMonthCost: 4.5, NextMonthCost: 6 };
    const model = orderEstimateModel(area(), request as never, estimate, 7, undefined);
    assert.deepEqual(model.plan.units, []);
    assert.deepEqual(model.plan.orders, [
      {
        kind: 'create',
        order: 'Tasking order 2026-07-01 to 2026-08-31',
        area: 'the area',
        currency: 'EUR',
        euroThisMonth: 4.5,
        euroPerMonth: 6,
      },
    ]);
    assert.deepEqual(
      [model.plan.total.euroThisMonth, model.plan.total.euroPerMonth, model.plan.currency],
      [4.5, 6, 'EUR'],
    );
    assert.deepEqual(model.plan.budget, { maxEuroPerMonth: 7, setting: 'satImagery.confirmCostAbove' });
    assert.deepEqual(priceOf(model), {
      order: { createdBy: 'order', currency: 'EUR', currentMonth: 4.5, perMonth: 6 },
    });
    reachesThePage(model);
  });

  it("the cost decision reads the plan's price, in one place: a total the plan holds is the one held to a budget", () => {
    const profile = freezeProfile(area(), { ...fields, date: '2026-06-12' });
    const model = compositeEstimateModel(area(), profile, compositeRequest(profile), { CreditEstimate: 2.5 }, 10);
    model.plan.units[0]!.credits = 4;
    model.plan.total.credits = 4;
    assert.deepEqual(priceOf(model), { images: { credits: 4 } });
    // A unit below zero refuses the run, whatever the total says.
    model.plan.units[0]!.credits = -1;
    assert.throws(() => priceOf(model), /the images at -1 credits, below zero/);
  });
});
