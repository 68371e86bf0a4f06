// Issue 23: a run reads the account once (engine/account-snapshot.ts) and carries what it read: the
// part size, the band limit, the connections, the balance compared with the price and the one shown
// beside a lost answer. Counted on the simulator's request log, for each billed workflow.
import * as assert from 'node:assert/strict';
import { ACCOUNT_INFO_PATHS } from '../../../src/api/account-info';
import { readAoi, splitAoi } from '../../../src/geometry/index';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../src/workflows/dates/find-dates-workflow';
import { downloadSeries } from '../../../src/workflows/series/series-workflow';
import { runOrder } from '../../../src/workflows/orders/order-workflow';
import { processTiles } from '../../../src/workflows/tiles/process-tiles-workflow';
import { searchTiles } from '../../../src/workflows/tiles/search-tiles-workflow';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../fixtures/workflow-ports';
import { testNow } from '../fixtures/test-clock';

// A field far from the demo orders, ordered for the three months after next.
const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((12.1 55.1, 12.13 55.1, 12.13 55.12, 12.1 55.12, 12.1 55.1))',
  format: 'wkt' as const,
};
// Six 0.1° tiles inside the demo orders near Aarhus.
const AREA = {
  name: 'area.wkt',
  text: 'POLYGON((10.02 56.02, 10.28 56.02, 10.28 56.18, 10.02 56.18, 10.02 56.02))',
  format: 'wkt' as const,
};
// About 10 km × 6.7 km near Aarhus: above a maximum of 20 km², so it goes in parts.
const LARGE = {
  name: 'large.wkt',
  text: 'POLYGON((10.02 56.02, 10.18 56.02, 10.18 56.08, 10.02 56.08, 10.02 56.02))',
  format: 'wkt' as const,
};
const IMAGE = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  epsgProjection: 4326,
  resolution: 80,
  bandnames: 'rgb',
};
const PROCESS = '/api/satelliteimages/process/composite';
const ESTIMATE = '/api/satelliteimages/process/composite/estimate';
const cheap = { settings: { confirmCostAbove: 100_000 } };

describe('workflow: one account read per run (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'account-reads-',
  });
  const accountReads = () =>
    fixture.sim.requests.filter((r) => r.method === 'GET' && ACCOUNT_INFO_PATHS.includes(r.path)).length;
  const wholeDate = async (source: { name: string; text: string; format: 'wkt' }) =>
    (
      await findAvailableDates(scriptedPorts(fixture.client, {}).ports, source, {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
      })
    ).coverage!.full[0]!;
  /** A date with imagery in every part of LARGE split at `maxKm2`. */
  const partsDate = async (maxKm2: number) => {
    const read = readAoi(LARGE.text, 'wkt');
    assert.ok(read.ok);
    const parts = splitAoi(read.aoi, maxKm2);
    return wholeDate({
      name: 'parts.wkt',
      text: `MULTIPOLYGON(${parts.map((p) => p.wkt.replace(/^POLYGON\s*/i, '')).join(',')})`,
      format: 'wkt',
    });
  };
  const withMaxArea = async (km2: number, body: () => Promise<void>) => {
    const account = fixture.sim.state.account;
    const saved = account.MaxCompositeAreaKm2;
    account.MaxCompositeAreaKm2 = km2;
    try {
      await body();
    } finally {
      account.MaxCompositeAreaKm2 = saved;
    }
  };

  it('a composite reads the account once', async () => {
    const date = await wholeDate(AREA);
    fixture.sim.clearLog();
    const result = await downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, AREA, {
      ...IMAGE,
      date,
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed');
    assert.equal(accountReads(), 1);
  });

  it('a composite in parts reads the account once', async () => {
    await withMaxArea(20, async () => {
      const date = await partsDate(20);
      fixture.sim.clearLog();
      const result = await downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, LARGE, {
        ...IMAGE,
        date,
        outputDirectory: fixture.out,
        skipConfirmation: true,
      });
      assert.equal(result.outcome, 'completed', JSON.stringify(result.parts?.failed));
      assert.ok((result.parts?.units.length ?? 0) > 1);
      assert.equal(accountReads(), 1);
    });
  });

  it("a composite in parts sends the parts it priced, even when the key's maximum changes meanwhile", async () => {
    await withMaxArea(20, async () => {
      const date = await partsDate(20);
      fixture.sim.clearLog();
      // The maximum changes while the person looks at the price: the parts priced are the parts sent.
      const run = scriptedPorts(
        fixture.client,
        {},
        {
          ...cheap,
          confirm: () => {
            fixture.sim.state.account.MaxCompositeAreaKm2 = 8;
            return { action: 'proceed' };
          },
        },
      );
      const result = await downloadComposite(run.ports, LARGE, { ...IMAGE, date, outputDirectory: fixture.out });
      assert.equal(result.outcome, 'completed', JSON.stringify(result.parts?.failed));
      const areas = (path: string) =>
        fixture.sim.requests
          .filter((r) => r.path === path)
          .map((r) => String((r.body as { Wkt: string }).Wkt))
          .sort();
      // Each part priced is priced again right before its billed call, as the same part: no new
      // split. The service now refuses a part that size (1004) at that estimate, so no billed call
      // is sent and each part says why.
      const priced = [...new Set(areas(ESTIMATE))];
      assert.ok(priced.length > 1);
      assert.deepEqual(
        areas(ESTIMATE),
        priced.flatMap((wkt) => [wkt, wkt]),
      );
      assert.deepEqual(areas(PROCESS), []);
      assert.equal(result.parts?.failed.length, priced.length);
      for (const part of result.parts!.failed) assert.match(part.error ?? '', /too large/i);
    });
  });

  it('a time series reads the account once', async () => {
    fixture.sim.clearLog();
    const result = await downloadSeries(scriptedPorts(fixture.client, {}, cheap).ports, AREA, {
      ...IMAGE,
      maxDates: 2,
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed');
    assert.equal(result.dates.filter((d) => d.status === 'done').length, 2);
    assert.equal(accountReads(), 1);
  });

  it('a tile batch reads the account once', async () => {
    const found = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'tiles',
      skipConfirmation: true,
    });
    const footprints = found.tiles.map((t) => String(t.DataGeogWkt).replace(/^POLYGON\s*/i, ''));
    const date = await wholeDate({ name: 'tiles.wkt', text: `MULTIPOLYGON(${footprints.join(',')})`, format: 'wkt' });
    fixture.sim.clearLog();
    const options = {
      ...IMAGE,
      date,
      tileGuids: found.selected.slice(0, 2),
      outputDirectory: fixture.out,
      skipConfirmation: true,
    };
    const result = await processTiles(scriptedPorts(fixture.client, {}, cheap).ports, 'tile', AREA, options);
    assert.equal(result.outcome, 'completed');
    assert.equal(accountReads(), 1);
  });

  it('an order reads the account once: the balance compared with the price is the one before the creation', async () => {
    const start = new Date(Date.UTC(testNow().getUTCFullYear(), testNow().getUTCMonth() + 2, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, 0));
    const day = (d: Date) => d.toISOString().slice(0, 10);
    fixture.sim.clearLog();
    const run = scriptedPorts(fixture.client, {}, { now: testNow(), settings: { confirmCostAbove: 1_000_000 } });
    const result = await runOrder(
      run.ports,
      FIELD,
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        from: day(start),
        to: day(end),
        skipConfirmation: true,
      },
      'create',
    );
    assert.equal(result.outcome, 'completed');
    assert.equal(accountReads(), 1);
  });
});
