import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { call, rawRequest } from '../../simulator/test-helpers';
import { testClock } from '../fixtures/test-clock';

const CLOCK = () => Date.UTC(2025, 5, 15, 12);

describe('simulator: server, envelope, auth, log, specification', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({
      clock: CLOCK,
      keys: { valid: ['demo-key', 'second-key'], revoked: ['old-key'], forbidden: ['read-only-key'] },
      account: { MaxTotalBands: 5 },
    });
  });
  after(() => sim.close());
  beforeEach(() => sim.clearLog());

  it('listens on 127.0.0.1 on an ephemeral port', () => {
    assert.match(sim.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(sim.port > 0);
  });

  it('answers the models list in the PascalCase envelope', async () => {
    const r = await call(sim, 'GET', '/api/tasking/models');
    assert.equal(r.status, 200);
    assert.equal(r.json.Succeeded, true);
    assert.equal(r.json.Error, null);
    const models = r.json.Data.TaskingModels.map((m: { Model: string }) => m.Model);
    assert.deepEqual(models, ['Stratus2', 'Stratus2Fast', 'Stratus3', 'Stratus2NoSnow', 'Nimbus1']);
    assert.deepEqual(r.json.Data.TaskingModels[4].SupportedSatelliteConstellations, [
      { SatelliteConstellation: 'Sentinel1', Optional: false },
    ]);
  });

  it('answers the key info with the configured account overrides', async () => {
    const r = await call(sim, 'GET', '/api/apikey/info');
    assert.equal(r.json.Data.MaxTotalBands, 5);
    assert.equal(r.json.Data.MaxCompositeAreaKm2, 1000);
    assert.equal(typeof r.json.Data.CreditAmount, 'number');
  });

  it('answers unknown paths 404 and wrong methods 405, both in the envelope', async () => {
    const missing = await call(sim, 'GET', '/api/nothing/here');
    assert.equal(missing.status, 404);
    assert.equal(missing.json.Succeeded, false);
    assert.equal(missing.json.Error.Code, 404);
    const wrong = await call(sim, 'PUT', '/api/tasking/models', {});
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
  });

  it('refuses a missing key 401, an unknown or revoked key 401, a key without permission 403', async () => {
    assert.equal((await call(sim, 'GET', '/api/tasking/models', undefined, null)).status, 401);
    assert.equal((await call(sim, 'GET', '/api/tasking/models', undefined, 'nobody')).status, 401);
    const revoked = await call(sim, 'GET', '/api/tasking/models', undefined, 'old-key');
    assert.equal(revoked.status, 401);
    assert.match(revoked.json.Error.Message, /revoked/);
    assert.equal((await call(sim, 'GET', '/api/tasking/models', undefined, 'read-only-key')).status, 403);
    assert.equal((await call(sim, 'GET', '/api/tasking/models', undefined, 'second-key')).status, 200);
  });

  it('logs each request with the key redacted, the parsed body and how it was answered', async () => {
    await call(sim, 'POST', '/api/tasking/search/tiles?x=1', { TileGuids: 'not-an-array' });
    await call(sim, 'GET', '/api/tasking/models', undefined, 'old-key');
    await call(sim, 'GET', '/api/tasking/models', undefined, null);
    const [first, second, third] = sim.requests;
    assert.equal(first?.method, 'POST');
    assert.equal(first?.path, '/api/tasking/search/tiles');
    assert.deepEqual(first?.query, { x: '1' });
    assert.deepEqual(first?.body, { TileGuids: 'not-an-array' });
    assert.equal(first?.headers['x-api-key'], '<redacted:valid>');
    assert.equal(first?.status, 400);
    assert.equal(first?.outcome, 'error:992');
    assert.ok((first?.finishedAt ?? 0) >= (first?.arrivedAt ?? Infinity));
    assert.equal(second?.headers['x-api-key'], '<redacted:revoked>');
    assert.equal(second?.outcome, 'error:401');
    assert.equal(third?.headers['x-api-key'], undefined);
    const text = JSON.stringify(sim.requests);
    assert.ok(!text.includes('demo-key') && !text.includes('old-key'), 'no key in the log');
  });

  it('logs a body that is not JSON as its raw text and refuses it', async () => {
    const r = await call(sim, 'POST', '/api/tasking/orders/estimate', 'not json{');
    assert.equal(r.status, 400);
    assert.equal(r.json.Error.Code, 992);
    assert.equal(sim.requests[0]?.body, 'not json{');
  });

  it('serves an OpenAPI 3.1 document of what it accepts', async () => {
    const r = await call(sim, 'GET', '/api/specification.json');
    assert.equal(r.json.openapi, '3.1.0');
    const paths = Object.keys(r.json.paths);
    for (const p of [
      '/api/tasking/search/tiles',
      '/api/tasking/orders',
      '/api/tasking/orders/details',
      '/api/tasking/orders/estimate',
      '/api/tasking/orders/cancel',
      '/api/tasking/models',
      '/api/satelliteimages/search/available',
      '/api/satelliteimages/process/composite/available',
      '/api/satelliteimages/process/composite/estimate',
      '/api/satelliteimages/process/composite',
      '/api/satelliteimages/process/tile',
      '/api/satelliteimages/process/minitile',
      '/api/apikey/info',
    ]) {
      assert.ok(paths.includes(p), p);
    }
    const schemas = r.json.components.schemas;
    assert.deepEqual(schemas.DateDiscoveryRequest.required, ['From', 'To', 'Model', 'SatelliteConstellations']);
    assert.deepEqual(schemas.Resolution.enum, [10, 20, 40, 80, 160, 320, 640, 1280]);
    assert.ok(schemas.Model.enum.includes('Stratus2') && !schemas.Model.enum.includes('Stratus-2'));
    assert.ok(r.json.paths['/api/tasking/orders/details'].get);
    assert.equal(r.json['x-limits'].MaxTotalBands, 5);
  });

  it('restart() closes and listens again on the same port with the state kept', async () => {
    const before = (await call(sim, 'GET', '/api/apikey/info')).json.Data.CreditAmount;
    sim.state.account.CreditAmount = before - 1;
    const port = sim.port;
    await sim.restart();
    assert.equal(sim.port, port);
    // A fresh connection: the restart closed the pooled keep-alive ones, as a real restart does.
    const after = await rawRequest(sim, 'GET', '/api/apikey/info');
    assert.match(after.head, /^HTTP\/1\.1 200/);
    assert.equal(JSON.parse(after.body.toString('utf8')).Data.CreditAmount, before - 1);
  });
});

describe('simulator: specification variants', () => {
  it('names the date window end Until and takes order details by POST when asked', async () => {
    const sim = await startSimulator({
      clock: testClock,
      specVariant: { dateWindowEnd: 'Until', orderDetailsMethod: 'POST' },
    });
    try {
      const doc = (await call(sim, 'GET', '/api/specification.json')).json;
      const discovery = doc.components.schemas.DateDiscoveryRequest;
      assert.ok(discovery.required.includes('Until') && !discovery.required.includes('To'));
      assert.ok(discovery.properties.Until && !discovery.properties.To);
      assert.ok(doc.paths['/api/tasking/orders/details'].post);
      assert.equal(doc.paths['/api/tasking/orders/details'].get, undefined);
    } finally {
      await sim.close();
    }
  });
});
