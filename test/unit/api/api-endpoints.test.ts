// Every endpoint method against the simulator over loopback, checking what arrived on the wire:
// method, path, query, headers and body field names; and the answers read into typed views.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import type { FullImageryClient } from '../../../src/api/client';
import { startSimulator } from '../../simulator';
import type { RequestLogEntry, Simulator, SimulatorOptions } from '../../simulator';
import { AOI, ORDER, refusal } from './api-test-helpers';
import { testClock } from '../fixtures/test-clock';

const KEY = 'demo-key';

describe('api client: endpoints on the wire', function () {
  let sim: Simulator;
  let client: FullImageryClient;

  async function start(options: SimulatorOptions = {}, key = KEY): Promise<void> {
    sim = await startSimulator({ clock: testClock, ...options });
    client = createClient({ baseUrl: sim.url, getApiKey: () => key, retry: { baseDelayMs: 10, maxAttempts: 3 } });
  }

  const apiRequests = (): RequestLogEntry[] => sim.requests.filter((r) => r.path !== '/api/specification.json');

  afterEach(async () => {
    await client?.close();
    await sim?.close();
  });

  it('sends the key and JSON headers on every call, and reads models and key info', async () => {
    await start();
    const models = await client.listModels();
    assert.ok(models.some((m) => m.Model === 'Stratus2' && Array.isArray(m.SupportedSatelliteConstellations)));
    const info = await client.getApiKeyInfo();
    assert.equal(info.MaxConcurrentConnections, 4);
    client.sizeGateToKey(info.MaxConcurrentConnections);
    assert.equal(client.gate.size, 4, 'the gate follows MaxConcurrentConnections');
    for (const entry of sim.requests) {
      assert.equal(entry.headers['x-api-key'], '<redacted:valid>');
      assert.match(entry.headers['content-type'] ?? '', /^application\/json/);
    }
    assert.deepEqual(
      sim.requests.map((r) => `${r.method} ${r.path}`),
      [
        'GET /api/tasking/models',
        'GET /api/specification.json',
        'GET /api/account/info',
      ] /* the document says which account path the service has: the newer one when it lists both */,
    );
  });

  it('fetches the specification document once and reuses it', async () => {
    await start();
    const spec = await client.getSpecification();
    assert.equal(typeof spec.paths, 'object', 'the document is kept as it came, not re-cased');
    await client.estimateOrder(ORDER);
    await client.estimateOrder(ORDER);
    assert.equal(sim.requests.filter((r) => r.path === '/api/specification.json').length, 1);
  });

  it('estimates and creates an order with PascalCase fields, To null and TileDeduplication', async () => {
    await start();
    const estimate = await client.estimateOrder({ ...ORDER, To: null });
    assert.equal(typeof estimate.AreaKm2, 'number');
    const order = await client.createOrder({ ...ORDER, TileDeduplication: true });
    assert.match(order.TaskOrderGuid ?? '', /^[0-9a-f-]{36}$/);
    const create = apiRequests().find((r) => r.method === 'POST' && r.path === '/api/tasking/orders');
    assert.deepEqual(Object.keys(create?.body as object).sort(), [...Object.keys(ORDER), 'TileDeduplication'].sort());
    const estimateBody = apiRequests().find((r) => r.path === '/api/tasking/orders/estimate')?.body as Record<
      string,
      unknown
    >;
    assert.equal(estimateBody.To, null);
  });

  it('lists orders with the query flags, reads details by GET and cancels with taskOrderGuid', async () => {
    await start({ specVariant: { orderDetailsMethod: 'GET' } });
    const created = await client.createOrder(ORDER);
    const guid = created.TaskOrderGuid as string;
    const listed = await client.listOrders({ recurringOnly: false, getExpired: true });
    assert.ok(listed.some((o) => o.TaskOrderGuid === guid));
    const details = await client.getOrderDetails([guid]);
    assert.equal(details[0]?.TaskOrderGuid, guid);
    await client.cancelOrder(guid);
    const wire = apiRequests().map((r) => ({ call: `${r.method} ${r.path}`, query: r.query }));
    assert.deepEqual(wire.find((w) => w.call === 'GET /api/tasking/orders' && w.query.getExpired)?.query, {
      recurringOnly: 'false',
      getExpired: 'true',
    });
    assert.deepEqual(wire.find((w) => w.call === 'GET /api/tasking/orders/details')?.query, { taskOrderGuid: guid });
    assert.deepEqual(wire.find((w) => w.call === 'DELETE /api/tasking/orders/cancel')?.query, { taskOrderGuid: guid });
    assert.equal(sim.state.stored.find((o) => o.TaskOrderGuid === guid)?.canceledAt !== undefined, true);
  });

  it('asks for order details by POST { Guids } when the specification says so', async () => {
    await start({ specVariant: { orderDetailsMethod: 'POST' } });
    const a = (await client.createOrder(ORDER)).TaskOrderGuid as string;
    const b = (await client.createOrder({ ...ORDER, Model: 'Stratus3' })).TaskOrderGuid as string;
    const details = await client.getOrderDetails([a, b]);
    assert.deepEqual(
      details.map((o) => o.TaskOrderGuid),
      [a, b],
    );
    const call = apiRequests().find((r) => r.path === '/api/tasking/orders/details');
    assert.equal(call?.method, 'POST');
    assert.deepEqual(call?.body, { Guids: [a, b] });
  });

  for (const end of ['To', 'Until'] as const) {
    it(`names the discovery window end ${end} when the specification does`, async () => {
      await start({ specVariant: { dateWindowEnd: end } });
      const found = await client.searchAvailableDates({
        Wkt: AOI,
        From: '2026-09-01T00:00:00Z',
        To: '2026-10-01T00:00:00Z',
        SatelliteConstellations: ['Sentinel2'],
        Model: 'Stratus2',
      });
      assert.ok((found[0]?.DatesByGeog?.[0]?.Dates?.length ?? 0) > 0, 'dates were read');
      const body = apiRequests().find((r) => r.path === '/api/satelliteimages/search/available')?.body as Record<
        string,
        unknown
      >;
      assert.deepEqual(Object.keys(body).sort(), ['From', 'Model', 'SatelliteConstellations', end, 'Wkt'].sort());
    });
  }

  it('checks availability, estimates a composite and searches tiles', async () => {
    await start();
    const request = {
      Wkt: AOI,
      Date: '2026-09-10T00:00:00Z',
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      EpsgProjection: 4326,
      Bandnames: 'rgb',
    };
    const availability = await client.checkCompositeAvailability(request);
    assert.equal(typeof availability.FullyAvailable, 'boolean');
    assert.equal(availability.OrdersCoverPolygon, false);
    const estimate = await client.estimateComposite({ ...request, Resolution: 10 });
    assert.ok((estimate.AreaEstimateKm2 ?? 0) > 0);
    const tiles = await client.searchTiles({ Wkt: AOI });
    assert.ok(tiles.length > 0 && typeof tiles[0]?.Guid === 'string');
    const availableBody = apiRequests().find((r) => r.path.endsWith('/composite/available'))?.body as object;
    assert.deepEqual(Object.keys(availableBody).sort(), Object.keys(request).sort());
  });

  it('refuses locally, before any request, what the specification or the document forbids', async () => {
    await start();
    await client.getSpecification();
    sim.clearLog();
    const bad = await refusal(
      client.estimateComposite({
        Wkt: AOI,
        Date: '2026-09-10T00:00:00Z',
        Model: 'Stratus-2',
        SatelliteConstellations: ['Sentinel2'],
        EpsgProjection: 4326,
        Bandnames: 'rgb',
        Resolution: 15,
      }),
    );
    assert.equal(bad.kind, 'local-validation');
    assert.deepEqual(Object.keys(bad.fieldErrors ?? {}).sort(), ['Model', 'Resolution']);
    assert.match(bad.message, /Stratus2/, 'the allowed values are named');
    const both = await refusal(
      client.searchAvailableDates({
        Wkt: AOI,
        GeoJson: { type: 'Polygon', coordinates: [] },
        From: '2026-09-01T00:00:00Z',
        To: '2026-10-01T00:00:00Z',
        SatelliteConstellations: ['Sentinel2'],
        Model: 'Stratus2',
      } as never),
    );
    assert.match(both.message, /exactly one of Wkt and GeoJson/);
    assert.deepEqual(sim.requests, [], 'nothing was sent');
  });

  it('reports 400 with the code, the service message and the per-field details', async () => {
    await start();
    const err = await refusal(client.createOrder({ ...ORDER, Wkt: AOI }));
    assert.equal(err.status, 400);
    assert.equal(err.code, 993);
    assert.match(err.message, /GEOMETRYCOLLECTION/);
    assert.equal(
      sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders').length,
      1,
      '400 is not retried',
    );
  });

  for (const [kind, status] of [
    ['revoked', 401],
    ['forbidden', 403],
  ] as const) {
    it(`says to check the key on ${status}, without the key in the text`, async () => {
      const key = `secret-${kind}-key-123`;
      await start({ keys: { valid: [KEY], [kind]: [key] } }, key);
      const err = await refusal(client.listModels());
      assert.equal(err.status, status);
      assert.equal(err.kind, 'auth');
      assert.match(err.message, /check the key/);
      assert.equal(sim.requests.length, 1, `${status} is not retried`);
      assert.ok(
        !JSON.stringify({ ...err, message: err.message, stack: err.stack }).includes(key),
        'the key never appears',
      );
    });
  }

  it('refuses to run without a key and sends nothing', async () => {
    await start({}, '');
    const err = await refusal(client.listModels());
    assert.equal(err.kind, 'auth');
    assert.equal(sim.requests.length, 0);
  });
});
