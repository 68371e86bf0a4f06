import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { MIN_BILLED_KM2 } from '../../simulator/geometry';
import { AARHUS_FIELD, call, discoveredDates } from '../../simulator/test-helpers';

const NOW = Date.UTC(2025, 5, 15, 12);
const ORDERS = '/api/tasking/orders';
const ORDER = {
  Wkt: `GEOMETRYCOLLECTION(${AARHUS_FIELD}, POLYGON((11 55, 11.001 55, 11.001 55.001, 11 55)))`,
  Model: 'Stratus2Fast',
  SatelliteConstellations: ['Sentinel2'],
  StorageMonths: 3,
  ApiRequests: 100,
  ImageFrequency: 5,
  ReferenceDate: '2025-06-01',
  From: '2025-06-01',
  To: '2025-08-31',
};

describe('simulator: orders', () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ clock: () => NOW, orderStatusStepMs: 60_000 });
  });
  afterEach(() => sim.close());

  it('estimates with the live shape: billed area, EUR costs, image dates by cadence', async () => {
    const r = await call(sim, 'POST', `${ORDERS}/estimate`, ORDER);
    assert.equal(r.status, 200);
    const e = r.json.Data;
    assert.equal(e.Costs.CurrencyCode, 'EUR');
    assert.ok(Math.abs(e.AreaKm2 - (10.35 + MIN_BILLED_KM2)) < 0.1, 'the tiny part is billed the minimum');
    assert.ok(e.AreaKm2BeforeMinimum1Km2PerAoi < e.AreaKm2);
    assert.equal(e.ImageDates[0], '2025-06-01');
    assert.equal(e.ImageDates[1], '2025-06-06');
    assert.equal(e.ImageDates.at(-1), '2025-08-30');
    assert.equal(e.AreasOfInterestWkt.length, 2);
    assert.equal(
      e.CurrentMonthCost,
      Math.round((e.Costs.CurrentMonthOrderCostEstimate + e.Costs.CurrentMonthStorageCosts) * 100) / 100,
    );
    assert.ok(e.NextMonthCost > 0);
    assert.match(e.CancellationDate, /^2025-06-15/);
    for (const k of ['StorageMonths', 'ApiRequests', 'Model', 'SatelliteConstellations', 'Tiles']) assert.ok(k in e, k);
    const recurring = (await call(sim, 'POST', `${ORDERS}/estimate`, { ...ORDER, To: null })).json.Data;
    assert.match(recurring.CancellationDate, /^2025-07-01T00:00:00/, 'cancel before the 1st of next month');
    assert.equal(recurring.ImageDates.at(-1), '2025-07-31', 'a recurring order is priced to the end of next month');
  });

  it('creates an order in Review that moves on with the clock to Completed', async () => {
    const created = (await call(sim, 'POST', ORDERS, ORDER)).json.Data;
    assert.match(created.TaskOrderGuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(created.OrderingProcessStatus, 'Review');
    assert.equal(created.To, '2025-08-31');
    assert.equal(created.Model, 'Stratus2Fast');
    const seen = [created.OrderingProcessStatus];
    for (let i = 0; i < 4; i++) {
      sim.advanceClock(60_000);
      seen.push((await call(sim, 'GET', ORDERS)).json.Data.TaskOrders[0].OrderingProcessStatus);
    }
    assert.deepEqual(seen, ['Review', 'Preparing', 'AwaitingSatelliteProducts', 'Processing', 'Completed']);
    assert.ok(sim.state.account.CurrentMonthCosts > 0, 'the order was charged');
  });

  it('makes To null orders recurring: UpToDate, and listed by recurringOnly', async () => {
    await call(sim, 'POST', ORDERS, ORDER);
    const recurring = (await call(sim, 'POST', ORDERS, { ...ORDER, To: null })).json.Data;
    assert.equal(recurring.To, null);
    sim.advanceClock(10 * 60_000);
    const only = (await call(sim, 'GET', `${ORDERS}?recurringOnly=true`)).json.Data.TaskOrders;
    assert.deepEqual(
      only.map((o: { TaskOrderGuid: string }) => o.TaskOrderGuid),
      [recurring.TaskOrderGuid],
    );
    assert.equal(only[0].OrderingProcessStatus, 'UpToDate');
    assert.equal((await call(sim, 'GET', ORDERS)).json.Data.TaskOrders.length, 2);
  });

  it('hides expired orders unless getExpired=true', async () => {
    await call(sim, 'POST', ORDERS, {
      ...ORDER,
      ReferenceDate: '2024-01-01',
      From: '2024-01-01',
      To: '2024-02-01',
      StorageMonths: 1,
    });
    await call(sim, 'POST', ORDERS, ORDER);
    assert.equal((await call(sim, 'GET', ORDERS)).json.Data.TaskOrders.length, 1);
    assert.equal((await call(sim, 'GET', `${ORDERS}?getExpired=true`)).json.Data.TaskOrders.length, 2);
  });

  it('gives details by taskOrderGuid (and guids), 404 for an unknown GUID; refuses POST in the GET variant', async () => {
    const a = (await call(sim, 'POST', ORDERS, ORDER)).json.Data.TaskOrderGuid;
    const b = (await call(sim, 'POST', ORDERS, { ...ORDER, To: null })).json.Data.TaskOrderGuid;
    const one = await call(sim, 'GET', `${ORDERS}/details?taskOrderGuid=${a}`);
    assert.deepEqual(
      one.json.Data.TaskOrders.map((o: { TaskOrderGuid: string }) => o.TaskOrderGuid),
      [a],
    );
    const two = await call(sim, 'GET', `${ORDERS}/details?guids=${a}&guids=${b}`);
    assert.equal(two.json.Data.TaskOrders.length, 2);
    const unknown = await call(sim, 'GET', `${ORDERS}/details?taskOrderGuid=00000000-0000-4000-8000-000000000000`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.Succeeded, false);
    assert.equal((await call(sim, 'POST', `${ORDERS}/details`, { Guids: [a] })).status, 405);
  });

  it('cancels with DELETE ?taskOrderGuid=, after which the order shows Canceled; 404 for unknown', async () => {
    const guid = (await call(sim, 'POST', ORDERS, ORDER)).json.Data.TaskOrderGuid;
    const r = await call(sim, 'DELETE', `${ORDERS}/cancel?taskOrderGuid=${guid}`);
    assert.equal(r.status, 200);
    assert.equal(
      (await call(sim, 'GET', `${ORDERS}/details?taskOrderGuid=${guid}`)).json.Data.TaskOrders[0].OrderingProcessStatus,
      'Canceled',
    );
    assert.equal(
      (await call(sim, 'DELETE', `${ORDERS}/cancel?taskOrderGuid=00000000-0000-4000-8000-000000000000`)).status,
      404,
    );
  });

  it('covers composites only for the ordered model, area and period, and not once canceled', async () => {
    const date = (await discoveredDates(sim, AARHUS_FIELD, '2025-06-01', '2025-06-15', 'Stratus2Fast')).pop() as string;
    const body = {
      Wkt: AARHUS_FIELD,
      Date: `${date}T00:00:00Z`,
      Model: 'Stratus2Fast',
      SatelliteConstellations: ['Sentinel2'],
      EpsgProjection: 4326,
      Bandnames: 'rgb',
    };
    const before = (await call(sim, 'POST', '/api/satelliteimages/process/composite/available', body)).json.Data;
    assert.equal(before.OrdersCoverPolygon, false);
    const guid = (await call(sim, 'POST', ORDERS, ORDER)).json.Data.TaskOrderGuid;
    const after = (await call(sim, 'POST', '/api/satelliteimages/process/composite/available', body)).json.Data;
    assert.equal(after.OrdersCoverPolygon, true);
    assert.equal(after.FullyAvailable, true);
    await call(sim, 'DELETE', `${ORDERS}/cancel?taskOrderGuid=${guid}`);
    assert.equal(
      (await call(sim, 'POST', '/api/satelliteimages/process/composite/available', body)).json.Data.OrdersCoverPolygon,
      false,
    );
  });

  it('refuses an order the account cannot pay with 994', async () => {
    sim.state.account.EuroCreditAmount = 0.01;
    const r = await call(sim, 'POST', ORDERS, ORDER);
    assert.equal(r.status, 400);
    assert.equal(r.json.Error.Code, 994);
    assert.equal(sim.state.orders.length, 0);
  });
});

describe('simulator: order details by POST (variant)', () => {
  it('takes { Guids } by POST and refuses GET', async () => {
    const sim = await startSimulator({ specVariant: { orderDetailsMethod: 'POST' }, clock: () => NOW });
    try {
      const guid = (await call(sim, 'POST', ORDERS, ORDER)).json.Data.TaskOrderGuid;
      const r = await call(sim, 'POST', `${ORDERS}/details`, { Guids: [guid] });
      assert.equal(r.json.Data.TaskOrders[0].TaskOrderGuid, guid);
      assert.equal((await call(sim, 'GET', `${ORDERS}/details?taskOrderGuid=${guid}`)).status, 405);
    } finally {
      await sim.close();
    }
  });
});

describe('simulator: demo data', () => {
  it('preloads orders near Aarhus in every kind of state', async () => {
    const sim = await startSimulator({ demoData: true, clock: () => NOW });
    try {
      const all = (await call(sim, 'GET', `${ORDERS}?getExpired=true`)).json.Data.TaskOrders as Array<{
        OrderingProcessStatus: string;
        To: string | null;
      }>;
      const statuses = new Set(all.map((o) => o.OrderingProcessStatus));
      for (const s of ['UpToDate', 'Completed', 'Review', 'Canceled']) assert.ok(statuses.has(s), s);
      assert.ok(all.some((o) => o.To === null));
      const visible = (await call(sim, 'GET', ORDERS)).json.Data.TaskOrders;
      assert.equal(visible.length, all.length - 1, 'one demo order has expired');
    } finally {
      await sim.close();
    }
  });
});
