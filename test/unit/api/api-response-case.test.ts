import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import type { FullImageryClient } from '../../../src/api/client';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { refusal } from './api-test-helpers';
import { testClock } from '../fixtures/test-clock';

// One page of the live service's public documentation shows its answers in camelCase
// (`succeeded`, `data`, `tiles`, `tileGuid`): the client reads either case over the wire and gives
// its callers the same PascalCase views.
const FIELD = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';

describe('api client: camelCase answers', () => {
  let sim: Simulator;
  let client: FullImageryClient;

  before(async () => {
    sim = await startSimulator({ clock: testClock, demoData: true, specVariant: { responseCase: 'camel' } });
    client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
  });
  after(async () => {
    await client.close();
    await sim.close();
  });

  it('the simulator really answers in camelCase', async () => {
    const res = await fetch(`${sim.url}/api/tasking/models`, { headers: { 'x-api-key': 'demo-key' } });
    const body = (await res.json()) as Record<string, unknown>;
    assert.ok('succeeded' in body && 'data' in body && !('Succeeded' in body));
  });

  it('reads every JSON endpoint into the PascalCase views', async () => {
    const info = await client.getApiKeyInfo();
    assert.equal(typeof info.MaxConcurrentConnections, 'number');
    const models = await client.listModels();
    assert.ok(models.some((m) => m.Model === 'Stratus2'));
    assert.ok(
      models.every(
        (m) =>
          Array.isArray(m.SupportedSatelliteConstellations) &&
          m.SupportedSatelliteConstellations.every((c) => typeof c.SatelliteConstellation === 'string'),
      ),
    );
    const orders = await client.listOrders();
    assert.ok(
      orders.length > 0 &&
        orders.every((o) => typeof o.TaskOrderGuid === 'string' && typeof o.OrderingProcessStatus === 'string'),
    );
    const details = await client.getOrderDetails([orders[0]!.TaskOrderGuid!]);
    assert.equal(details[0]?.TaskOrderGuid, orders[0]!.TaskOrderGuid);
    const tiles = await client.searchTiles({ Wkt: FIELD });
    assert.ok(tiles.length > 0 && tiles.every((t) => typeof t.Guid === 'string' && typeof t.DataGeogWkt === 'string'));
    const to = new Date(sim.state.now());
    const found = await client.searchAvailableDates({
      Wkt: FIELD,
      From: new Date(to.getTime() - 30 * 86_400_000).toISOString(),
      To: to.toISOString(),
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
    });
    const dates = found[0]?.DatesByGeog?.[0]?.Dates ?? [];
    assert.ok(dates.length > 0, 'DatesByGeog[].Dates read from datesByGeog[].dates');
    const request = {
      Wkt: FIELD,
      Date: `${dates[0]}T00:00:00Z`,
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      EpsgProjection: 4326,
      Bandnames: 'rgb',
    };
    const flags = await client.checkCompositeAvailability(request);
    assert.equal(typeof flags.FullyAvailable, 'boolean');
    const estimate = await client.estimateComposite({ ...request, Resolution: 20 });
    assert.equal(typeof estimate.CreditEstimate, 'number');
    const order = await client.estimateOrder({
      Wkt: `GEOMETRYCOLLECTION(${FIELD})`,
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 1,
      ApiRequests: 1,
      ImageFrequency: 1,
      ReferenceDate: '2030-01-01',
      From: '2030-01-01',
      To: '2030-02-28',
    });
    assert.equal(typeof order.Costs?.CurrentMonthOrderCostEstimate, 'number');
  });

  it('reads a camelCase error envelope: code, message and per-field details', async () => {
    sim.schedule({ method: 'GET', path: '/api/tasking/models', status: 400, code: 994 });
    const err = await refusal(client.listModels());
    assert.equal(err.code, 994);
    assert.match(err.message, /credits/);
  });
});
