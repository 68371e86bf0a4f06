// The estimate cache inside one process (the extension host, or one CLI run): the store is the
// one cache, and the wrapper only joins identical asks in flight. Counted from the simulator's
// request log: the same body asked twice at once, or again within the store's minutes, is sent
// once; another body, an entry past its minutes and an ask that failed are sent again.
import * as assert from 'node:assert/strict';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompositeRequest } from '../../../../src/api/types';
import { withEstimateCache } from '../../../../src/workflows/declared/estimate-cache';
import { memoryEstimateStore, openEstimateFile } from '../../../../src/workflows/declared/estimate-cache-file';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const ESTIMATE = '/api/satelliteimages/process/composite/estimate';
const FIELD = 'POLYGON((10.0 56.0,10.01 56.0,10.01 56.01,10.0 56.01,10.0 56.0))';
const REQUEST: CompositeRequest = {
  Wkt: FIELD,
  Date: '2026-06-08T00:00:00Z',
  Model: 'Stratus2',
  SatelliteConstellations: ['Sentinel2'],
  EpsgProjection: 4326,
  Resolution: 20,
  Bandnames: 'rgb',
};

describe('withEstimateCache: one cache, the store', function () {
  this.timeout(30_000);
  const fixture = useSimulatorClient({ simulator: { imageryEveryDay: true } });
  const sent = () => fixture.sim.requests.filter((r) => r.method === 'POST' && r.path === ESTIMATE).length;
  let clock = 0;
  const cachedClient = (store = memoryEstimateStore(() => clock)) =>
    withEstimateCache(scriptedPorts(fixture.client, {}).ports, store).client;

  beforeEach(() => {
    clock = Date.UTC(2026, 5, 15, 12);
  });

  it('sends an estimate once for two identical asks at once and for one asked again', async () => {
    const client = cachedClient();
    const [a, b] = await Promise.all([client.estimateComposite(REQUEST), client.estimateComposite({ ...REQUEST })]);
    assert.equal(sent(), 1, 'the two asks in flight were joined');
    assert.deepEqual(a, b);
    assert.deepEqual(await client.estimateComposite(REQUEST), a);
    assert.equal(sent(), 1, 'the second ask was answered from the store');
    await client.estimateComposite({ ...REQUEST, Resolution: 10 });
    assert.equal(sent(), 2, 'another body is asked');
  });

  it('asks again past the store minutes', async () => {
    const client = cachedClient();
    await client.estimateComposite(REQUEST);
    clock += 4 * 60_000;
    await client.estimateComposite(REQUEST);
    assert.equal(sent(), 1, 'within the five minutes');
    clock += 2 * 60_000;
    await client.estimateComposite(REQUEST);
    assert.equal(sent(), 2, 'six minutes after it was kept');
  });

  it('keeps nothing of an ask that failed', async () => {
    const client = cachedClient();
    fixture.sim.schedule({ method: 'POST', path: ESTIMATE, status: 400, code: 992 });
    await assert.rejects(client.estimateComposite(REQUEST));
    const estimate = await client.estimateComposite(REQUEST);
    assert.equal(typeof estimate.CreditEstimate, 'number');
    assert.equal(sent(), 2, 'the failed ask is sent again');
  });

  it('keeps estimates in the process when the cache folder cannot be used (others may write in it)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'estimate-cache-process-'));
    try {
      await chmod(folder, 0o777);
      const client = cachedClient(await openEstimateFile(folder, fixture.sim.url, () => clock));
      await client.estimateComposite(REQUEST);
      await client.estimateComposite(REQUEST);
      assert.equal(sent(), 1);
      assert.deepEqual(await readdir(folder), [], 'and nothing is written in that folder');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
