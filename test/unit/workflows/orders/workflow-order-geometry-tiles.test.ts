// Issue 13, section 1: GeometryTileOrdering orders the whole tiles covering an area instead of the
// area. Asked like the other order fields (offered from `satImagery.defaults.order.
// geometryTileOrdering`), given as an option, sent with the estimate and the same create payload;
// the simulator checks it and bills the covering tiles at the tile rate.
import * as assert from 'node:assert/strict';
import { runOrder } from '../../../../src/workflows/orders/order-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((12.1 55.1, 12.13 55.1, 12.13 55.12, 12.1 55.12, 12.1 55.1))',
  format: 'wkt' as const,
};
const NOW = new Date('2026-11-22T08:00:00Z');
const FIXED = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  from: '2026-12-01',
  to: '2027-02-28',
  referenceDate: '2026-12-01',
  imageFrequency: 1,
  storageMonths: 1,
  apiRequests: 1,
};

describe('workflow: an order of the tiles covering the area (GeometryTileOrdering, simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { clock: () => NOW.getTime(), account: { EuroCreditAmount: 1_000_000 } },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  });
  const posted = (path: string) =>
    fixture.sim.requests
      .filter((r) => r.method === 'POST' && r.path === path)
      .map((r) => r.body as Record<string, unknown>);

  it('is asked after the cadence, then deduplication; both go in the estimate and the created order, billed as tiles', async () => {
    const run = scriptedPorts(
      fixture.client,
      { geometryTileOrdering: true, tileDeduplication: true },
      { now: NOW, settings: { confirmCostAbove: 1_000_000 } },
    );
    const result = await runOrder(run.ports, FIELD, FIXED, 'create');
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(run.asked, ['geometryTileOrdering', 'tileDeduplication']);
    const [estimate] = posted('/api/tasking/orders/estimate');
    const [created] = posted('/api/tasking/orders');
    assert.equal(estimate!.GeometryTileOrdering, true);
    assert.match(String(estimate!.Wkt), /^GEOMETRYCOLLECTION/);
    assert.equal(created!.GeometryTileOrdering, true);
    assert.equal(created!.TileDeduplication, true);
    assert.ok(
      Array.isArray(result.order?.Tiles) && result.order.Tiles.length > 0,
      'the service ordered the covering tiles',
    );
    const panel = run.estimates[0] as { settings: { label: string; value: string }[]; covers?: unknown[] };
    assert.ok(
      panel.settings.some((s) => s.label === 'Ordered as' && /GeometryTileOrdering/.test(s.value)),
      'the panel says what is ordered',
    );
    assert.equal(panel.covers, undefined, 'no cheapest-cover comparison for what is already a tile order');
    // The polygon order of the same area is priced otherwise (its box, at the polygon rate).
    const polygon = await runOrder(
      scriptedPorts(fixture.client, {}, { now: NOW }).ports,
      FIELD,
      { ...FIXED, geometryTileOrdering: false, skipConfirmation: true },
      'estimate',
    );
    assert.notEqual(polygon.estimate?.AreaKm2, result.estimate?.AreaKm2);
    assert.equal(
      posted('/api/tasking/orders/estimate').at(-1)!.GeometryTileOrdering,
      undefined,
      'not sent when not asked for',
    );
  });

  it('without prompts follows the option, else the setting', async () => {
    const settings = { defaults: { order: { geometryTileOrdering: true } } };
    await runOrder(
      scriptedPorts(fixture.client, {}, { now: NOW, settings }).ports,
      FIELD,
      { ...FIXED, skipConfirmation: true },
      'estimate',
    );
    assert.equal(posted('/api/tasking/orders/estimate').at(-1)!.GeometryTileOrdering, true);
    await runOrder(
      scriptedPorts(fixture.client, {}, { now: NOW, settings }).ports,
      FIELD,
      { ...FIXED, geometryTileOrdering: false, skipConfirmation: true },
      'estimate',
    );
    assert.equal(posted('/api/tasking/orders/estimate').at(-1)!.GeometryTileOrdering, undefined);
  });

  it('the simulator refuses a GeometryTileOrdering that is not a boolean, and one without an area', async () => {
    const send = async (body: Record<string, unknown>) => {
      const response = await fetch(`${fixture.sim.url}/api/tasking/orders/estimate`, {
        method: 'POST',
        headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    };
    const base = {
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 1,
      ApiRequests: 1,
      ImageFrequency: 1,
      ReferenceDate: '2026-12-01',
      From: '2026-12-01',
      To: '2027-02-28',
    };
    const notBoolean = await send({
      ...base,
      Wkt: 'GEOMETRYCOLLECTION(POLYGON((12.1 55.1, 12.13 55.1, 12.13 55.12, 12.1 55.12, 12.1 55.1)))',
      GeometryTileOrdering: 'yes',
    });
    assert.equal(notBoolean.status, 400);
    assert.match(notBoolean.text, /GeometryTileOrdering must be true or false/);
    const noArea = await send({ ...base, TileGuids: [], GeometryTileOrdering: true });
    assert.equal(noArea.status, 400);
    assert.match(noArea.text, /send Wkt or GeoJson with it/);
  });
});
