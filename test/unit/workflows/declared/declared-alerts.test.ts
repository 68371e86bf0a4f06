// `sat-imagery alerts imagery.json`: the field alerts of an imagery file's declared field tables,
// through the command line against the simulator's scripted season (the first six weeks: F15 is
// under cloud on the last two). apply writes the table; alerts reads it and nothing else (no
// request, no key, no image), and finds exactly the alerts `alerts AREA IMAGES...` finds in the
// same images, with the same options; its refusals and the table's problems have their exit codes.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_SEASON, seasonDates } from '../../../simulator/index';
import { jsonOf, runCli } from '../../fixtures/cli-helpers';
import { useCliSimulator } from '../../fixtures/cli-fixture';
import { seasonAreaGeoJson, seasonFieldsGeoJson } from '../../fixtures/season-files';
import { testClock } from '../../fixtures/test-clock';

const KEY = 'declared-alerts-key-4Tz9';
const DATES = seasonDates(DEFAULT_SEASON).slice(0, 6);
const ALERTS = ['F15 2026-06-01 low-coverage', 'F15 2026-06-08 low-coverage'];
const STATS = { fields: 'fields.geojson', indices: ['ndvi'], idProperty: 'id' };

function imagery(dates: readonly string[], extra: Record<string, unknown>[] = []): string {
  const dataset = {
    name: 'ndvi',
    area: 'area.geojson',
    folder: 'imagery/ndvi',
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    bandnames: 'B4,B8',
    dates,
    fieldStats: STATS,
  };
  return JSON.stringify({ datasets: [dataset, ...extra], budget: { maxCredits: 1000 } }, null, 2);
}

interface AlertJson {
  dataset?: string;
  field: string;
  date: string;
  rule: string;
}

interface DeclaredJson {
  alerts: AlertJson[];
  tables: { dataset: string; csv: string; alerts: number; fields: number; dates: number; behind: number }[];
}

describe('CLI: alerts from an imagery file', function () {
  this.timeout(240_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-declared-alerts-',
    simulator: { demoData: false, season: DEFAULT_SEASON, clock: testClock },
    files: {
      'area.geojson': seasonAreaGeoJson(DEFAULT_SEASON),
      'fields.geojson': seasonFieldsGeoJson(DEFAULT_SEASON),
      'imagery.json': imagery(DATES),
    },
  });
  const table = () => cli.file('imagery/ndvi/field-stats.csv');
  /** A run without the key: alerts of a file need none. */
  const alerts = (...args: string[]) =>
    runCli(['alerts', ...args], { cwd: cli.dir, env: { ...cli.env(), SAT_IMAGERY_API_KEY: undefined } });
  const keys = (list: AlertJson[]) => list.map((a) => `${a.field} ${a.date} ${a.rule}`);

  it('before apply: the table is missing, named with what to do (exit 10)', async () => {
    const run = await alerts('imagery.json');
    assert.equal(run.code, 10, run.stderr + run.stdout);
    assert.match(
      run.stderr,
      /field table ndvi: imagery\/ndvi\/field-stats\.csv is missing: run 'sat-imagery apply imagery\.json' to make it/,
    );
  });

  it('after apply: the alerts of the table, exactly those of `alerts AREA IMAGES`, reading nothing else (exit 2)', async () => {
    const apply = await cli.run('apply', 'imagery.json', '--yes', '--max-cost', '20');
    assert.equal(apply.code, 0, apply.stderr + apply.stdout);
    cli.sim.clearLog();
    const run = await alerts('imagery.json', '--json');
    assert.equal(run.code, 2, run.stderr + run.stdout);
    assert.deepEqual(cli.sim.requests, [], 'nothing sent');
    const found = jsonOf<DeclaredJson>(run);
    assert.deepEqual(keys(found.alerts), ALERTS);
    assert.deepEqual(
      found.alerts.map((a) => a.dataset),
      ['ndvi', 'ndvi'],
    );
    assert.deepEqual(
      found.tables.map(({ dataset, alerts: n, fields, dates, behind }) => ({ dataset, n, fields, dates, behind })),
      [{ dataset: 'ndvi', n: 2, fields: 25, dates: DATES.length, behind: 0 }],
    );
    const images = await cli.run('alerts', 'fields.geojson', 'imagery/ndvi', '--json');
    assert.equal(images.code, 2, images.stderr);
    assert.deepEqual(
      found.alerts.map(({ dataset: _, ...alert }) => alert),
      jsonOf<DeclaredJson>(images).alerts,
      'the same alerts, value for value',
    );
  });

  it('takes the rule options as `alerts AREA IMAGES` does, and says the alerts as text and Markdown', async () => {
    const options = ['--unseen-days', '7', '--min-valid', '0.6'];
    const run = await alerts('imagery.json', '--json', ...options);
    const images = await cli.run('alerts', 'fields.geojson', 'imagery/ndvi', '--json', ...options);
    assert.equal(run.code, 2, run.stderr);
    const found = jsonOf<DeclaredJson>(run).alerts;
    assert.ok(keys(found).includes('F15 2026-06-01 unseen'), keys(found).join(', '));
    assert.deepEqual(keys(found), keys(jsonOf<DeclaredJson>(images).alerts));
    const text = await alerts('imagery.json');
    assert.equal(text.code, 2);
    assert.match(text.stdout, /^F15 +2026-06-01 +low-coverage +ndvi +0 % /m);
    assert.match(text.stderr, /ndvi: 2 alerts over 25 fields and 6 dates \(2 low-coverage\)\./);
    const markdown = await alerts('--markdown');
    assert.equal(markdown.code, 2, markdown.stderr);
    assert.match(markdown.stdout, /^\*\*Field alerts \(ndvi\):\*\* 2 alerts over 25 fields and 6 dates/);
    assert.match(markdown.stdout, /^\| F15 \| 2026-06-08 \| low-coverage \| ndvi \|/m);
  });

  it('a table without the alerting field: no alerts (exit 0); one behind the lock says so', async () => {
    const original = readFileSync(table(), 'utf8');
    const rows = original.split('\r\n');
    writeFileSync(table(), rows.filter((row) => !row.startsWith('F15,')).join('\r\n'));
    const quiet = await alerts('imagery.json');
    assert.equal(quiet.code, 0, quiet.stderr + quiet.stdout);
    assert.match(quiet.stderr, /ndvi: No alerts over 24 fields and 6 dates\./);
    const last = rows[1]!.split(',').at(-1)!;
    writeFileSync(table(), rows.filter((row) => !row.endsWith(`,${last}`)).join('\r\n'));
    const behind = await alerts('imagery.json');
    assert.match(behind.stderr, /field table ndvi lacks 1 image the lock lists: these alerts leave them out/);
    writeFileSync(table(), original);
  });

  it('refuses a dataset the file lacks, one without fieldStats, a file without any, and measuring flags (exit 11)', async () => {
    const other = {
      name: 'plain',
      area: 'area.geojson',
      model: 'Stratus2',
      bandnames: 'B4,B8',
      dates: DATES.slice(0, 1),
    };
    writeFileSync(cli.file('two.imagery.json'), imagery(DATES, [other]));
    const unknown = await alerts('two.imagery.json', '--dataset', 'nope');
    assert.equal(unknown.code, 11, unknown.stderr);
    assert.match(unknown.stderr, /has no dataset 'nope' \(its datasets: ndvi, plain\)/);
    const plain = await alerts('two.imagery.json', '--dataset', 'plain');
    assert.equal(plain.code, 11, plain.stderr);
    assert.match(plain.stderr, /Dataset 'plain' of .*two\.imagery\.json declares no "fieldStats"/);
    writeFileSync(cli.file('none.imagery.json'), JSON.stringify({ datasets: [other] }));
    const none = await alerts('none.imagery.json');
    assert.equal(none.code, 11, none.stderr);
    assert.match(none.stderr, /declares no field statistics: no dataset has "fieldStats"/);
    const index = await alerts('imagery.json', '--index', 'ndwi');
    assert.equal(index.code, 11, index.stderr);
    assert.match(index.stderr, /--index is for 'alerts AREA IMAGES\.\.\.'/);
    const dataset = await alerts('fields.geojson', 'imagery/ndvi', '--dataset', 'ndvi');
    assert.equal(dataset.code, 11, dataset.stderr);
  });
});
