import * as assert from 'node:assert/strict';
import { bboxAreaKm2 } from '../../../../src/geometry/area';
import { boxOverlapKm2 } from '../../../../src/geometry/box-overlap';
import type { OrderEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { runOrder } from '../../../../src/workflows/orders/order-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const NOW = new Date('2026-11-22T08:00:00Z');
const box = (w: number, s: number, e: number, n: number) => ({
  name: 'a.geojson',
  format: 'geojson' as const,
  text: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }),
});
const FIXED = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  from: '2026-12-01',
  to: '2027-02-28',
  skipConfirmation: true,
};

/** km² of a lon/lat rectangle this small, on a sphere of radius 6371.0088 km. */
function roughKm2(w: number, s: number, e: number, n: number): number {
  const r = 6371.0088;
  return r * r * (((e - w) * Math.PI) / 180) * (Math.sin((n * Math.PI) / 180) - Math.sin((s * Math.PI) / 180));
}

describe('orders: an overlap with an existing order is said, with its km²', () => {
  const fixture = useSimulatorClient({
    simulator: { clock: () => NOW.getTime() },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  });
  let existing: string;
  /** FIXED's estimate of `area`, its price shown and cancelled: the run's ports and its result. */
  const estimateShown = async (area: ReturnType<typeof box>) => {
    const run = scriptedPorts(fixture.client, {}, { now: NOW, confirm: () => ({ action: 'cancel' }) });
    const { skipConfirmation: _s, ...interactive } = FIXED;
    const result = await runOrder(
      run.ports,
      area,
      {
        ...interactive,
        referenceDate: interactive.from,
        imageFrequency: 1,
        storageMonths: 1,
        apiRequests: 1,
        geometryTileOrdering: false,
      },
      'estimate',
    );
    return { run, result };
  };

  before(async () => {
    const run = scriptedPorts(fixture.client, {}, { now: NOW, settings: { confirmCostAbove: 1_000_000 } });
    const created = await runOrder(run.ports, box(12.1, 55.1, 12.13, 55.12), FIXED, 'create');
    existing = created.order!.TaskOrderGuid!;
  });

  it('names the order and the overlapping km² in the panel and the result', async () => {
    const { run, result } = await estimateShown(box(12.12, 55.11, 12.15, 55.13));
    const expected = roughKm2(12.12, 55.11, 12.13, 55.12);
    assert.equal(result.overlaps?.length, 1, String(result.overlaps));
    const sentence = result.overlaps![0]!;
    assert.ok(sentence.includes(existing), sentence);
    const km2 = Number(/by ([\d.]+) km²/.exec(sentence)?.[1]);
    assert.ok(Math.abs(km2 - expected) < 0.01, `${km2} vs ${expected}`);
    const panel = run.estimates[0] as OrderEstimateModel;
    assert.ok(panel.warnings.includes(sentence));
    // The caveat beside the price does not say the opposite.
    assert.doesNotMatch(panel.caveat ?? '', /overlaps none/);
    assert.match(
      panel.caveat ?? '',
      /as if the area overlapped none of them, which the warnings above say may not hold here/,
    );
  });

  it('says nothing for an area apart from every order', async () => {
    const { run, result } = await estimateShown(box(13.0, 56.0, 13.02, 56.02));
    assert.deepEqual(result.overlaps, []);
    assert.match((run.estimates[0] as OrderEstimateModel).caveat ?? '', /the area overlaps none of them\.$/);
  });

  it('counts a part two boxes of one order share once', () => {
    const a = [{ west: 0, south: 0, east: 0.02, north: 0.02 }];
    const b = [
      { west: 0.01, south: 0, east: 0.03, north: 0.02 },
      { west: 0.01, south: 0.01, east: 0.03, north: 0.03 },
    ];
    const once = bboxAreaKm2({ west: 0.01, south: 0, east: 0.02, north: 0.02 });
    assert.ok(Math.abs(boxOverlapKm2(a, b) - once) < 1e-9, `${boxOverlapKm2(a, b)} vs ${once}`);
    assert.equal(boxOverlapKm2(a, [{ west: 0.02, south: 0, east: 0.03, north: 0.02 }]), 0, 'touching is no overlap');
  });
});
