import * as assert from 'node:assert/strict';
import type { OrderEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { readOrderCosts } from '../../../../src/pricing/order-costs';
import { runOrder } from '../../../../src/workflows/orders/order-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

// Large enough that the service's cover holds whole tiles.
const AREA = {
  name: 'big.geojson',
  format: 'geojson' as const,
  text: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [12.0, 55.0],
        [12.3, 55.0],
        [12.3, 55.2],
        [12.0, 55.2],
        [12.0, 55.0],
      ],
    ],
  }),
};
const NOW = new Date('2026-11-22T08:00:00Z');
const FIXED = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  from: '2026-12-01',
  to: '2027-02-28',
  referenceDate: '2026-12-01',
  imageFrequency: 5,
  storageMonths: 2,
  apiRequests: 3,
  geometryTileOrdering: false,
};

for (const shape of ['flat', 'nested'] as const) {
  describe(`orders: the cheapest cover beside the polygon order (estimate shape ${shape})`, () => {
    const fixture = useSimulatorClient({
      simulator: {
        clock: () => NOW.getTime(),
        specVariant: { orderEstimateShape: shape },
        account: { EuroCreditAmount: 1_000_000 },
      },
      client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    });
    const posts = (path: string) =>
      fixture.sim.requests
        .filter((r) => r.method === 'POST' && r.path === path)
        .map((r) => r.body as Record<string, unknown>);

    it('asks optimize for the area, estimates its tile order, and shows both side by side', async () => {
      const run = scriptedPorts(fixture.client, {}, { now: NOW, confirm: () => ({ action: 'cancel' }) });
      const result = await runOrder(run.ports, AREA, FIXED, 'estimate');
      assert.equal(result.outcome, 'cancelled');
      const [optimize] = posts('/api/tasking/tile/optimize');
      assert.match(String(optimize!.Wkt), /^GEOMETRYCOLLECTION/);
      const [polygonBody, tileBody] = posts('/api/tasking/orders/estimate');
      assert.ok(typeof polygonBody!.Wkt === 'string' && tileBody!.Wkt === undefined);
      // The simulator is deterministic: asking again gives the cover the workflow got.
      const again = await fixture.client.optimizeTiles({ Wkt: String(optimize!.Wkt) });
      const proposed = { Tiles: again.Tiles ?? [], MiniTiles: again.MiniTiles ?? [] };
      assert.deepEqual(
        [tileBody!.TileGuids, tileBody!.MiniTileGuids],
        [
          proposed.Tiles.length ? proposed.Tiles : undefined,
          proposed.MiniTiles.length ? proposed.MiniTiles : undefined,
        ],
      );
      for (const k of ['ImageFrequency', 'StorageMonths', 'ApiRequests', 'From', 'To', 'Model', 'ReferenceDate'])
        assert.deepEqual(tileBody![k], polygonBody![k], k);
      const panel = run.estimates[0] as OrderEstimateModel;
      const [polygon, tiles] = panel.covers!;
      assert.equal(polygon!.id, 'polygon');
      assert.equal(tiles!.id, 'tiles');
      assert.equal(tiles!.tiles + tiles!.miniTiles, proposed.Tiles.length + proposed.MiniTiles.length);
      assert.ok(tiles!.tiles + tiles!.miniTiles > 0, `${tiles!.tiles} tiles, ${tiles!.miniTiles} mini-tiles`);
      assert.equal(
        tiles!.footprints.length,
        tiles!.tiles + tiles!.miniTiles,
        'a footprint for every tile, for the map',
      );
      assert.ok(polygon!.perMonth! > 0 && tiles!.perMonth! > 0);
      assert.notEqual(polygon!.perMonth, tiles!.perMonth);
    });

    it('creates the tile order the person picked, exactly as estimated', async () => {
      const run = scriptedPorts(
        fixture.client,
        { tileDeduplication: true },
        { now: NOW, confirm: () => ({ action: 'proceed', cover: 'tiles' }) },
      );
      const result = await runOrder(run.ports, AREA, FIXED, 'create');
      assert.equal(result.outcome, 'completed');
      const [, tileBody] = posts('/api/tasking/orders/estimate');
      const [created] = posts('/api/tasking/orders');
      assert.deepEqual(created, tileBody, 'the tile estimate payload, nothing added');
      assert.equal(
        readOrderCosts(result.estimate!).perMonth,
        (run.estimates[0] as OrderEstimateModel).covers![1]!.perMonth,
      );
      assert.ok(Array.isArray(result.order?.Tiles) && (result.order!.Tiles as unknown[]).length > 0);
    });

    it('without a pick creates the polygon order', async () => {
      const run = scriptedPorts(fixture.client, {}, { now: NOW });
      const result = await runOrder(run.ports, AREA, FIXED, 'create');
      assert.equal(result.outcome, 'completed');
      assert.equal(typeof posts('/api/tasking/orders')[0]!.Wkt, 'string');
    });
  });
}
