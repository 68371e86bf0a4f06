// Issue 13, section 4: the billing thresholds come from the specification document when it gives
// them, else from the live-service notes (0.5 km², 5 %, 150 m), and the minimum billed area is one
// value everywhere: the client's billed areas, the split, the warnings and the simulator's bill.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import { AoiCache, billingRulesFrom, DEFAULT_BILLING_RULES, MIN_BILLED_KM2, readAoi } from '../../../src/geometry';
import { startSimulator } from '../../simulator';
import { MIN_BILLED_KM2 as SIMULATOR_MIN_BILLED_KM2 } from '../../simulator/geometry';
import { testClock } from '../fixtures/test-clock';

// About 0.35 km × 0.33 km: under either minimum, wide enough for the 150 m rule.
const TINY = 'POLYGON((12.1 55.1, 12.1055 55.1, 12.1055 55.103, 12.1 55.103, 12.1 55.1))';

async function documentOf(billingRules?: 'current' | 'older'): Promise<unknown> {
  const sim = await startSimulator({ clock: testClock, ...(billingRules ? { specVariant: { billingRules } } : {}) });
  const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
  try {
    return await client.getSpecification();
  } finally {
    await client.close();
    await sim.close();
  }
}

describe('billing rules: from the specification document, else the notes; one minimum everywhere', () => {
  it('is 0.5 km² in the client, the warnings and the simulator alike', () => {
    assert.equal(DEFAULT_BILLING_RULES.minBilledKm2, 0.5);
    assert.equal(MIN_BILLED_KM2, DEFAULT_BILLING_RULES.minBilledKm2);
    assert.equal(SIMULATOR_MIN_BILLED_KM2, MIN_BILLED_KM2);
    const read = readAoi(TINY, 'wkt');
    assert.ok(read.ok);
    assert.equal(read.aoi.billedAreaKm2, 0.5);
    assert.ok(
      read.problems.some(
        (p) => p.severity === 'warning' && /minimum billed area of 0\.5 km²; billed as 0\.5 km²/.test(p.message),
      ),
      read.problems.map((p) => p.message).join(' | '),
    );
  });

  it('the simulator bills a tiny polygon what the client said it would', async () => {
    const sim = await startSimulator({ clock: testClock, demoData: true });
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
    try {
      const estimate = await client.estimateComposite({
        Wkt: TINY,
        Date: '2026-11-01T00:00:00Z',
        Resolution: 10,
        EpsgProjection: 4326,
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
        Bandnames: 'rgb',
      });
      const read = readAoi(TINY, 'wkt');
      assert.ok(read.ok);
      assert.equal(estimate.AreaEstimateKm2, read.aoi.billedAreaKm2);
    } finally {
      await client.close();
      await sim.close();
    }
  });

  it("reads the document's thresholds over the wire, and the warnings and billed areas follow them", async () => {
    assert.deepEqual(billingRulesFrom(await documentOf()), DEFAULT_BILLING_RULES);
    const older = billingRulesFrom(await documentOf('older'));
    assert.deepEqual(older, { minBilledKm2: 1, minFillRatio: 0.05, minBoxSideM: 150 });
    const cache = new AoiCache();
    let told = 0;
    cache.onRulesChanged(() => told++);
    assert.equal(cache.setBillingRules(older), true);
    assert.equal(told, 1, 'the readers of open documents are told');
    const read = cache.read(TINY, 'wkt');
    assert.ok(read.ok);
    assert.equal(read.aoi.billedAreaKm2, 1);
    assert.ok(read.problems.some((p) => /minimum billed area of 1 km²/.test(p.message)));
  });

  it('a document without thresholds, or with values that make no sense, keeps the defaults', () => {
    assert.deepEqual(billingRulesFrom({ openapi: '3.1.0' }), DEFAULT_BILLING_RULES);
    assert.deepEqual(billingRulesFrom(undefined), DEFAULT_BILLING_RULES);
    assert.deepEqual(
      billingRulesFrom({
        'x-billing': { MinimumBilledAreaKm2: -1, MinimumFillRatio: 5, MinimumBoundingBoxSideM: 'wide' },
      }),
      DEFAULT_BILLING_RULES,
    );
    assert.deepEqual(billingRulesFrom({ 'x-limits': { minimumBoundingBoxSideM: 200 } }), {
      ...DEFAULT_BILLING_RULES,
      minBoxSideM: 200,
    });
  });
});
