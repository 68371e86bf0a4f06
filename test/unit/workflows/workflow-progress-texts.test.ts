// A progress message says what is happening now: while a prompt is showing it is cleared (not
// "Loading models…" above the constellations question), and once a result is on show it no
// longer says the search is running (not "Searching tiles…" beside the tiles found).
import * as assert from 'node:assert/strict';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../src/workflows/dates/find-dates-workflow';
import { runOrder } from '../../../src/workflows/orders/order-workflow';
import { downloadSeries } from '../../../src/workflows/series/series-workflow';
import { searchTiles } from '../../../src/workflows/tiles/search-tiles-workflow';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../fixtures/workflow-ports';
import type { ScriptedRun } from '../fixtures/workflow-ports';

const NOW = new Date('2026-11-20T10:00:00Z');
const AREA = {
  name: 'field.wkt',
  text: 'POLYGON((10.02 56.02, 10.05 56.02, 10.05 56.04, 10.02 56.04, 10.02 56.02))',
  format: 'wkt' as const,
};

/** The message on show: the last one reported. */
function shown(run: ScriptedRun | undefined): string | undefined {
  return run?.progress.filter((p) => p.message !== undefined).at(-1)?.message;
}

describe('workflow: progress texts are true for what is happening', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true, clock: () => NOW.getTime() },
    tempPrefix: 'progress-texts-',
  });

  /** A script whose every answer first notes the message on show when the question came. */
  function noting(answers: Record<string, unknown>): {
    script: Record<string, unknown>;
    seen: Map<string, string | undefined>;
    bind: (run: ScriptedRun) => ScriptedRun;
  } {
    const seen = new Map<string, string | undefined>();
    let run: ScriptedRun | undefined;
    const script = Object.fromEntries(
      Object.entries(answers).map(([id, value]) => [id, () => (seen.set(id, shown(run)), value)]),
    );
    return { script, seen, bind: (r) => (run = r) };
  }

  it('no prompt of the composite, the dates, the series and the order shows under "Loading models…"', async () => {
    const dates = noting({ model: 'Stratus2', satelliteConstellations: ['Sentinel2'] });
    const datesRun = dates.bind(scriptedPorts(fixture.client, dates.script, { now: NOW }));
    await findAvailableDates(datesRun.ports, AREA);
    const series = noting({
      satelliteConstellations: ['Sentinel2'],
      window: 30,
      thinning: 'all',
      resolution: 80,
      output: 'keep',
    });
    const seriesRun = series.bind(
      scriptedPorts(fixture.client, series.script, { now: NOW, confirm: () => ({ action: 'cancel' }) }),
    );
    await downloadSeries(seriesRun.ports, AREA, {
      model: 'Stratus2',
      epsgProjection: 4326,
      bandnames: 'rgb',
      outputDirectory: fixture.out,
    });
    const order = noting({ satelliteConstellations: ['Sentinel2'] });
    const orderRun = order.bind(
      scriptedPorts(
        fixture.client,
        {
          ...order.script,
          imageFrequency: 1,
          storageMonths: 1,
          apiRequests: 1,
          geometryTileOrdering: false,
          tileDeduplication: false,
          referenceDate: (q: { defaultValue?: unknown; value?: unknown }) => q.defaultValue ?? q.value,
        },
        { now: NOW, confirm: () => ({ action: 'cancel' }) },
      ),
    );
    await runOrder(orderRun.ports, AREA, { model: 'Stratus2', from: '2026-12-01', to: '2026-12-31' }, 'estimate');
    for (const [name, noted] of [
      ['dates', dates.seen],
      ['series', series.seen],
      ['order', order.seen],
    ] as const) {
      assert.ok(noted.size > 0, `${name}: the script was asked`);
      for (const [id, message] of noted) assert.ok(!message, `${name}: '${id}' was shown under '${message}'`);
    }
    // The composite's first question comes after the models are loaded too.
    const composite = noting({ model: 'Stratus2', satelliteConstellations: ['Sentinel2'], output: 'keep' });
    const compositeRun = composite.bind(
      scriptedPorts(fixture.client, composite.script, { now: NOW, confirm: () => ({ action: 'cancel' }) }),
    );
    await downloadComposite(compositeRun.ports, AREA, {
      date: '2026-11-01',
      epsgProjection: 4326,
      resolution: 80,
      bandnames: 'rgb',
      outputDirectory: fixture.out,
    });
    assert.equal(composite.seen.get('satelliteConstellations'), '', 'cleared above the constellations step');
    assert.ok(
      compositeRun.progress.some((p) => p.message === 'Loading models…'),
      'the models were loading before',
    );
  });

  it('the tiles found are shown under a message that says so, not "Searching tiles…"', async () => {
    let during: string | undefined;
    let run: ScriptedRun | undefined;
    run = scriptedPorts(fixture.client, {}, { now: NOW, confirm: () => ((during = shown(run)), { action: 'cancel' }) });
    await searchTiles(run.ports, AREA);
    assert.ok(
      run.progress.some((p) => p.message === 'Searching tiles…'),
      'the search was said while it ran',
    );
    assert.match(during ?? '', /^Found \d+ tiles?: waiting for your choice in the panel…$/);
  });
});
