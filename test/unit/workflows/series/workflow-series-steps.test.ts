// The time series wizard asks what the command's options and the command line's flags can set:
// the window of the date search (default the last 30 days, as the CLI) and its thinning (every
// date, one a week or a month, at least N days apart, every Nth), with Back inside each; a run
// that names them, or whose settings are all given, is not asked.
import * as assert from 'node:assert/strict';
import { lastDaysWindow } from '../../../../src/workflows/engine/date-coverage';
import { selectSeriesDates } from '../../../../src/workflows/series/series-dates';
import type { DownloadSeriesOptions } from '../../../../src/workflows/series/series-types';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import type { CompositeEstimateModel } from '../../../../src/pricing/estimate-view-model';
import type { PickQuestion } from '../../../../src/workflows/engine/ports';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { BACK, scriptedPorts } from '../../fixtures/workflow-ports';

const NOW = new Date('2026-11-20T10:00:00Z');
const AREA = {
  name: 'field.wkt',
  text: 'POLYGON((10.02 56.02, 10.05 56.02, 10.05 56.04, 10.02 56.04, 10.02 56.02))',
  format: 'wkt' as const,
};
const SEARCH = '/api/satelliteimages/search/available';

describe('workflow: the time series wizard asks the window and the thinning', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true, clock: () => NOW.getTime() },
    tempPrefix: 'series-steps-',
  });
  // The resolution is left open, so the run asks something and the series steps are offered.
  const options = (extra: DownloadSeriesOptions = {}): DownloadSeriesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    bandnames: 'rgb',
    outputDirectory: fixture.out,
    ...extra,
  });
  const searched = () =>
    fixture.sim.requests
      .filter((r) => r.path === SEARCH)
      .map((r) => r.body as { From: string; To?: string; Until?: string });
  const base = { resolution: 80, output: 'keep' };
  const declined = { confirm: () => ({ action: 'cancel' as const }), now: NOW };

  it('offers the CLI defaults first, and a 90-day window thinned to one a week searches and prices exactly those dates', async () => {
    const run = scriptedPorts(fixture.client, { ...base, window: 90, thinning: 'week' }, declined);
    await downloadSeries(run.ports, AREA, options());
    const window = run.questions.find((q) => q.id === 'window') as PickQuestion<unknown>;
    const thinning = run.questions.find((q) => q.id === 'thinning') as PickQuestion<unknown>;
    assert.equal(window.defaultValue, 30, 'the last 30 days, as the command line');
    assert.equal(thinning.defaultValue, 'all', 'every date found, as the command line');
    assert.deepEqual(
      run.asked.slice(0, 3),
      ['window', 'thinning', 'resolution'],
      'in the place of the date, before the projection steps',
    );
    assert.ok(window.canGoBack === false && thinning.canGoBack === true);
    const expected = lastDaysWindow(NOW, 90);
    const body = searched()[0]!;
    assert.equal(body.From, expected.from);
    assert.equal(body.To ?? body.Until, expected.to);
    // The panel lists one date per ISO week of what the search found.
    const shown = (run.estimates[0] as CompositeEstimateModel).plan.units.map((d) => d.date);
    assert.ok(shown.length >= 2, `several weeks have imagery: ${shown.join(', ')}`);
    assert.deepEqual(shown, selectSeriesDates(shown, { every: 'week' }));
    assert.ok(shown.every((d) => d >= expected.from.slice(0, 10)));
  });

  it('Back inside the steps: a typed window and every Nth date', async () => {
    const run = scriptedPorts(
      fixture.client,
      {
        ...base,
        window: { sequence: ['other', 'other'] },
        from: { sequence: [BACK, '2026-10-01'] },
        to: '2026-11-15',
        thinning: { sequence: ['days', 'nth'] },
        every: BACK,
        nth: '2',
      },
      declined,
    );
    await downloadSeries(run.ports, AREA, options());
    assert.deepEqual(run.asked.slice(0, 8), [
      'window',
      'from',
      'window',
      'from',
      'to',
      'thinning',
      'every',
      'thinning',
    ]);
    const body = searched()[0]!;
    assert.equal(body.From.slice(0, 10), '2026-10-01');
    assert.equal((body.To ?? body.Until)!.slice(0, 10), '2026-11-15');
    const toQuestion = run.questions.find((q) => q.id === 'to') as { validate?: (t: string) => string | undefined };
    assert.match(toQuestion.validate!('2026-09-30') ?? '', /Not before the first day/);
    assert.match(toQuestion.validate!('30.9.2026') ?? '', /YYYY-MM-DD/);
    const shown = (run.estimates[0] as CompositeEstimateModel).plan.units.map((d) => d.date);
    assert.ok(shown.length >= 1);
  });

  it('Back from the thinning returns to the window', async () => {
    const run = scriptedPorts(
      fixture.client,
      { ...base, window: { sequence: [30, 30] }, thinning: { sequence: [BACK, 'month'] } },
      declined,
    );
    await downloadSeries(run.ports, AREA, options());
    assert.deepEqual(run.asked.slice(0, 4), ['window', 'thinning', 'window', 'thinning']);
  });

  it('is not asked when the options name the window and the thinning, nor in a run that asks nothing else', async () => {
    const named = scriptedPorts(fixture.client, base, declined);
    await downloadSeries(named.ports, AREA, options({ from: '2026-11-01', every: 'month' }));
    assert.ok(!named.asked.includes('window') && !named.asked.includes('thinning'), named.asked.join(', '));
    fixture.sim.clearLog();
    const quiet = scriptedPorts(fixture.client, {}, declined);
    await downloadSeries(quiet.ports, AREA, options({ resolution: 80 }));
    assert.deepEqual(quiet.asked, []);
    const body = searched()[0]!;
    assert.equal(body.From, lastDaysWindow(NOW, 30).from, 'the default window');
  });
});
