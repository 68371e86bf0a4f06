import * as assert from 'node:assert/strict';
import type { OrderEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { runOrder } from '../../../../src/workflows/orders/order-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { BACK, scriptedPorts } from '../../fixtures/workflow-ports';

const FIELD = {
  name: 'field.geojson',
  text: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [12.1, 55.1],
        [12.13, 55.1],
        [12.13, 55.12],
        [12.1, 55.12],
        [12.1, 55.1],
      ],
    ],
  }),
  format: 'geojson' as const,
};
const NOW = new Date('2026-11-22T08:00:00Z');

describe('workflow: estimate and create a tasking order (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { clock: () => NOW.getTime() },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  });
  const bodies = (path: string) =>
    fixture.sim.requests
      .filter((r) => r.method === 'POST' && r.path === path)
      .map((r) => r.body as Record<string, unknown>);

  const fixed = {
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    from: '2026-12-01',
    to: '2027-02-28',
    skipConfirmation: true,
  };

  it('estimates from options without a prompt and creates nothing', async () => {
    const run = scriptedPorts(fixture.client, {}, { now: NOW });
    const result = await runOrder(run.ports, FIELD, fixed, 'estimate');
    assert.equal(result.outcome, 'completed');
    assert.ok(result.estimate);
    assert.equal(result.order, undefined);
    assert.deepEqual(run.asked, []);
    assert.equal(bodies('/api/tasking/orders').length, 0);
    assert.match(String(bodies('/api/tasking/orders/estimate')[0]!.Wkt), /^GEOMETRYCOLLECTION/);
  });

  it('creates with exactly the estimated payload plus TileDeduplication', async () => {
    const run = scriptedPorts(fixture.client, {}, { now: NOW, settings: { confirmCostAbove: 1_000_000 } });
    const result = await runOrder(run.ports, FIELD, { ...fixed, tileDeduplication: true }, 'create');
    assert.equal(result.outcome, 'completed');
    assert.equal(typeof result.order?.TaskOrderGuid, 'string');
    const [estimated] = bodies('/api/tasking/orders/estimate');
    const [created] = bodies('/api/tasking/orders');
    assert.deepEqual(created, { ...estimated, TileDeduplication: true });
  });

  it('a recurring order through the prompts says it renews and until when it can be cancelled', async () => {
    const run = scriptedPorts(
      fixture.client,
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        from: '2026-12-01',
        // Back from the last day to the first, then an empty last day: recurring.
        to: { sequence: [BACK, ''] },
        referenceDate: (q: { value?: string }) => q.value,
        imageFrequency: '1',
        storageMonths: '1',
        apiRequests: '1',
        geometryTileOrdering: false,
      },
      { now: NOW },
    );
    const result = await runOrder(run.ports, FIELD, {}, 'create');
    assert.deepEqual(run.asked, [
      'model',
      'satelliteConstellations',
      'from',
      'to',
      'from',
      'to',
      'referenceDate',
      'imageFrequency',
      'storageMonths',
      'apiRequests',
      'geometryTileOrdering',
    ]);
    assert.equal(result.outcome, 'completed');
    assert.equal(result.recurring, true);
    assert.equal(result.cancellationDeadline, '2026-12-01T00:00:00.000Z');
    assert.equal(bodies('/api/tasking/orders')[0]!.To, null);
    const panel = run.estimates[0] as OrderEstimateModel;
    assert.equal(panel.kind, 'order');
    assert.equal(panel.recurring, true);
    assert.ok(
      panel.warnings.some((w) => /renews every month.*Cancel it before 2026-12-01 00:00 UTC/.test(w)),
      panel.warnings.join('\n'),
    );
  });

  it('declining in the cost panel creates nothing', async () => {
    const run = scriptedPorts(
      fixture.client,
      {
        referenceDate: (q: { value?: string }) => q.value,
        imageFrequency: '1',
        storageMonths: '1',
        apiRequests: '1',
        geometryTileOrdering: false,
      },
      { now: NOW, confirm: () => ({ action: 'cancel' }) },
    );
    const { skipConfirmation: _s, ...interactive } = fixed;
    const result = await runOrder(run.ports, FIELD, interactive, 'create');
    assert.equal(result.outcome, 'cancelled');
    assert.equal(bodies('/api/tasking/orders').length, 0);
  });

  it('an invalid geometry sends no request, and a display label is refused before sending', async () => {
    const run = scriptedPorts(fixture.client, {}, { now: NOW });
    await assert.rejects(
      runOrder(
        run.ports,
        { name: 'x.geojson', text: '{"type":"Polygon","coordinates":[[[12,55],[12.1,55]]]}' },
        fixed,
        'estimate',
      ),
      { name: 'WorkflowError' },
    );
    assert.equal(fixture.sim.requests.length, 0);
    await assert.rejects(runOrder(run.ports, FIELD, { ...fixed, model: 'Stratus-2' }, 'estimate'), /display label/);
    assert.deepEqual(
      fixture.sim.requests.map((r) => r.path).filter((p) => p !== '/api/specification.json'),
      ['/api/tasking/models'],
    );
    void BACK;
  });
});
