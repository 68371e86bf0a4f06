// `sat-imagery alerts` through the command line against the simulator's scripted season
// (test/simulator/season.ts): 25 fields × 20 weekly dates bought with `series`, each field's NDVI
// on its curve, four harvests and six clouds scripted. The product's own statistics reproduce the
// curve, and the alerts are exactly the scripted events (exit 2); the fields no event touches give
// none over the whole season (exit 0). Then the verb's outputs, its row cache and its errors.
import * as assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SEASON, HARVEST_NDVI, seasonDates, seasonFields, seasonNdvi } from '../../simulator/index';
import { jsonOf } from '../fixtures/cli-helpers';
import { useCliSimulator } from '../fixtures/cli-fixture';
import { DEFAULT_SEASON_ALERTS, seasonAreaGeoJson, seasonFieldsGeoJson } from '../fixtures/season-files';
import { testClock } from '../fixtures/test-clock';

const KEY = 'alerts-season-key-7Hq2';

/** The fields the script gives an event: harvests F03, F08, F12, F19; clouds F05, F10, F11, F15,
 * F20, F22 (F23's cloud leaves 70 % of it clear, which is a valid date: no event). */
const EVENTFUL = new Set(['F03', 'F05', 'F08', 'F10', 'F11', 'F12', 'F15', 'F19', 'F20', 'F22']);

interface AlertJson {
  field: string;
  date: string;
  rule: string;
  index: string;
  value: number;
  baseline: number | null;
  baselineDates: string[];
  sentence: string;
}

interface AlertsJson {
  alerts: AlertJson[];
  fields: number;
  dates: number;
  measured: number;
  cached: number;
}

describe('alerts: the scripted season through the command line', function () {
  this.timeout(300_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-alerts-season-',
    simulator: { demoData: false, season: DEFAULT_SEASON, clock: testClock },
    files: {
      'area.geojson': seasonAreaGeoJson(DEFAULT_SEASON),
      'fields.geojson': seasonFieldsGeoJson(DEFAULT_SEASON),
      'quiet.geojson': seasonFieldsGeoJson(DEFAULT_SEASON, (id) => !EVENTFUL.has(id)),
      'notes.txt': 'fields to look at\n',
    },
  });
  const images = () => join(cli.dir, 'season');
  const alerts = (...args: string[]) => cli.run('alerts', ...args);

  it('buys the season, whose statistics follow the curve, and the alerts are exactly the scripted events', async () => {
    const dates = seasonDates(DEFAULT_SEASON);
    assert.equal(dates.length, 20);
    assert.equal(seasonFields(DEFAULT_SEASON).length, 25);
    const bought = await cli.run(
      'series',
      cli.file('area.geojson'),
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--dates',
      dates.join(','),
      '--bandnames',
      'B4,B8',
      '--yes',
      '--max-cost',
      '1000',
      '--output-directory',
      images(),
    );
    assert.equal(bought.code, 0, bought.stderr);
    assert.equal(cli.sim.requests.filter((r) => r.charged).length, 20, 'one charge per date');
    assert.equal(readdirSync(images()).filter((f) => f.endsWith('.tif')).length, 20);

    // The product's own statistics reproduce the script's NDVI on every valid date.
    const stats = jsonOf<{ rows: { field: string; date: string; mean?: number; valid_fraction?: number }[] }>(
      await cli.run('stats', cli.file('fields.geojson'), images(), '--json'),
    );
    const valid = stats.rows.filter((r) => (r.valid_fraction ?? 0) >= 0.5);
    const cloudy = DEFAULT_SEASON_ALERTS.filter((e) => e.endsWith('low-coverage')).length;
    assert.equal(valid.length, 25 * 20 - cloudy, 'every field and date but the cloudy ones');
    for (const row of valid) {
      const field = Number(row.field.slice(1)) - 1;
      const expected = seasonNdvi(DEFAULT_SEASON, field, row.date);
      assert.ok(
        Math.abs((row.mean as number) - expected) < 0.005,
        `${row.field} ${row.date}: ${row.mean} ≠ ${expected}`,
      );
    }

    const run = await alerts(cli.file('fields.geojson'), images(), '--json');
    assert.equal(run.code, 2, run.stderr);
    const result = jsonOf<AlertsJson>(run);
    assert.deepEqual(
      result.alerts.map((a) => `${a.field} ${a.date} ${a.rule}`),
      DEFAULT_SEASON_ALERTS,
    );
    assert.equal(result.fields, 25);
    assert.equal(result.dates, 20);
    for (const drop of result.alerts.filter((a) => a.rule === 'drop')) {
      assert.ok(Math.abs(drop.value - HARVEST_NDVI) < 0.005, `${drop.field}: ${drop.value}`);
      // The baseline is the median of the curve's three dates before the harvest.
      const field = Number(drop.field.slice(1)) - 1;
      const curve = drop.baselineDates.map((d) => seasonNdvi(DEFAULT_SEASON, field, d)).sort((a, b) => a - b);
      assert.ok(Math.abs((drop.baseline as number) - (curve[1] as number)) < 0.005, `${drop.field}: ${drop.baseline}`);
    }
  });

  it('the fields no event touches give no alert over the whole season: exit 0', async () => {
    const run = await alerts(cli.file('quiet.geojson'), images());
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, 'No alerts over 15 fields and 20 dates.\n');
  });

  it('a rerun takes every row from its cache; text and Markdown name field, date, rule, value and baseline', async () => {
    const again = jsonOf<AlertsJson>(await alerts(cli.file('fields.geojson'), images(), '--json'));
    assert.deepEqual([again.measured, again.cached], [0, 20]);
    const text = await alerts(cli.file('fields.geojson'), images());
    assert.equal(text.code, 2);
    const lines = text.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 1 + DEFAULT_SEASON_ALERTS.length);
    assert.match(lines[0] as string, /^field +date +rule +index +value +baseline +why$/);
    assert.match(
      lines[1] as string,
      /^F03 +2026-08-17 +drop +ndvi +0\.20 +0\.61 +ndvi fell to 0\.20, 0\.41 below 0\.61, /,
    );
    assert.match(text.stdout, /^F15 +2026-06-15 +unseen +ndvi +21 days +0\.43 +No valid ndvi for 21 days /m);
    assert.equal(text.stderr, '19 alerts over 25 fields and 20 dates (4 drop, 2 unseen, 13 low-coverage).\n');
    const markdown = await alerts(cli.file('fields.geojson'), images(), '--markdown');
    assert.equal(markdown.code, 2);
    const rows = markdown.stdout.split('\n').filter((l) => l.startsWith('| F'));
    assert.equal(rows.length, DEFAULT_SEASON_ALERTS.length);
    assert.match(rows[0] as string, /^\| F03 \| 2026-08-17 \| drop \| ndvi \| 0\.20 \| 0\.61 \| ndvi fell to/);
  });

  it("bad input: the stats verb's words, usage errors exit 11 (2 is alerts found)", async () => {
    const fields = cli.file('fields.geojson');
    const unknown = await alerts(fields, images(), '--index', 'nope!');
    assert.equal(unknown.code, 11);
    assert.match(unknown.stderr, /^sat-imagery: --index: 'nope!' is no index: use ndvi, /);
    const share = await alerts(fields, images(), '--min-valid', '2');
    assert.equal(share.code, 11);
    assert.match(share.stderr, /--min-valid must be a number from 0 to 1, not '2'/);
    assert.equal((await alerts(fields, images(), '--json', '--markdown')).code, 11);
    assert.equal((await alerts(fields)).code, 11);
    const missing = await alerts(fields, 'no-such-2026-05-04.tif');
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'sat-imagery: Cannot read no-such-2026-05-04.tif: ENOENT.\n');
    const noArea = await alerts(cli.file('none.geojson'), images());
    assert.equal(noArea.code, 10);
    const folder = await alerts(images(), images());
    assert.equal(folder.code, 10, folder.stderr);
    const notFields = await alerts(cli.file('notes.txt'), images());
    assert.equal(notFields.code, 3, notFields.stderr);
    assert.match(notFields.stderr, /notes\.txt is not a valid area of interest/);
    const noBands = await alerts(fields, images(), '--index', 'ndwi');
    assert.equal(noBands.code, 1);
    assert.match(noBands.stderr, /lacks the bands of ndwi \(needs B3, B8 or \[B3_B8\]\); it has B4, B8\./);
    assert.match(noBands.stderr, /20 images could not be measured \(above\): the alerts are of the others\.\n$/);
  });
});
