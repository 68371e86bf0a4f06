// Field statistics declared in an imagery file (`fieldStats` on a dataset), run as CLI processes
// against the simulator on a pinned clock: apply writes field-stats.csv and field-stats.parquet in
// the dataset's folder, the same table `sat-imagery stats` makes of the same images; a later apply
// measures only the new date (the row cache gives the others back); plan says what the table will
// gain without measuring; verify fails on a table missing or holding a row too many, or stale (the
// fields file edited since, other indices), which apply measures again; a fields file
// outside the folder or through a link, a bad index or rule, and an index the dataset's bands
// cannot give are refused at their line and column before anything billed; a table that cannot be
// made after a purchase (a folder in its place) loses nothing bought.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonOf, runCli } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-fieldstats-key-8Wp3';
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-10', '2026-06-12'];
const LATER = '2026-06-13';

/** Fields inside FIELD, named by their `name` property. */
function fieldsOf(boxes: readonly { west: number; east: number; name: string }[]): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: boxes.map(({ west, east, name }) => ({
      type: 'Feature',
      properties: { name },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, 56.051],
            [east, 56.051],
            [east, 56.059],
            [west, 56.059],
            [west, 56.051],
          ],
        ],
      },
    })),
  });
}

/** Two fields inside FIELD. */
const FIELDS = fieldsOf([
  { west: 10.051, east: 10.058, name: 'north-a' },
  { west: 10.061, east: 10.068, name: 'north-b' },
]);

const STATS = { fields: 'fields.geojson', indices: ['B4'], rule: 'centre', idProperty: 'name' };

function imagery(dates: readonly string[], fieldStats: Record<string, unknown> = STATS, name = 'rgb'): string {
  return JSON.stringify(
    { datasets: [{ ...rgbDataset(dates), name, fieldStats }], budget: { maxCredits: 1000 } },
    null,
    2,
  );
}

interface TableUpdate {
  dataset: string;
  csv: string;
  imagesAdded: number;
  rowsAdded: number;
  measured: number;
  cached: number;
  error?: string;
}

describe('CLI: field statistics declared in imagery.json', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-fieldstats-',
    simulator: { seed: 7, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'fields.geojson': FIELDS, 'imagery.json': imagery(DATES) },
  });
  const table = () => cli.file('rgb/field-stats.csv');
  const lines = () => readFileSync(table(), 'utf8').split('\r\n').slice(1, -1);
  const charged = () => cli.sim.requests.filter((r) => r.charged);
  const lockImages = () =>
    (JSON.parse(readFileSync(cli.file('imagery.lock.json'), 'utf8')) as { images: { file: string }[] }).images;

  /** plan of `text` as NAME: its exit code and stderr, and "line:column" of a piece of the text. */
  const refused = async (name: string, text: string) => {
    writeFileSync(cli.file(name), text);
    cli.sim.clearLog();
    const run = await cli.run('plan', cli.file(name));
    const at = (needle: string) => {
      const before = text.slice(0, text.indexOf(needle)).split('\n');
      return `${name.replace(/\./g, '\\.')}:${before.length}:${before.at(-1)!.length + 1}: error: `;
    };
    return { run, at };
  };

  it('refuses a rule that is no pixel rule at its line and column, before any request', async () => {
    const { run, at } = await refused('rule.imagery.json', imagery(DATES, { ...STATS, rule: 'middle' }));
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, new RegExp(`${at('"middle"')}.*a pixel rule: centre, all-touched, exact`));
    assert.equal(cli.sim.requests.length, 0, 'nothing sent');
  });

  it('refuses an index stats would not take and a fields file outside the folder at their line and column, before any request', async () => {
    const text = imagery(DATES, { ...STATS, fields: '../fields.geojson', indices: ['ndvi', 'B8 +'] });
    const { run, at } = await refused('bad.imagery.json', text);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, new RegExp(`${at('"B8 +"')}'B8 \\+' is no index nor expression`));
    assert.match(run.stderr, new RegExp(`${at('"../fields')}.*outside the imagery file's folder`));
    assert.equal(cli.sim.requests.length, 0, 'nothing sent');
  });

  it('refuses a fields file that is no fields (not an area, two fields of one id) at its line and column, before any request', async () => {
    writeFileSync(cli.file('points.geojson'), '{ "type": "FeatureCollection", "features": [ { "type": "Feature" } ] }');
    const { run, at } = await refused('points.imagery.json', imagery(DATES, { ...STATS, fields: 'points.geojson' }));
    assert.equal(run.code, 3, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(`${at('"points.geojson"')}the fields file does not read as fields: points\\.geojson`),
    );
    const twice = FIELDS.replace('north-b', 'north-a');
    writeFileSync(cli.file('twice.geojson'), twice);
    const same = await refused('twice.imagery.json', imagery(DATES, { ...STATS, fields: 'twice.geojson' }));
    assert.equal(same.run.code, 3, same.run.stderr);
    assert.match(same.run.stderr, new RegExp(`${same.at('"twice.geojson"')}.*two fields have the id 'north-a'`));
    assert.equal(cli.sim.requests.length, 0, 'nothing sent');
  });

  it('refuses a fields file that is a symbolic link, before any request', async () => {
    symlinkSync(cli.file('fields.geojson'), cli.file('linked.geojson'));
    const text = imagery(DATES, { ...STATS, fields: 'linked.geojson' });
    writeFileSync(cli.file('linked.imagery.json'), text);
    cli.sim.clearLog();
    const run = await cli.run('plan', cli.file('linked.imagery.json'));
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, /linked\.imagery\.json:\d+:\d+: error: .*symbolic link/);
    assert.equal(cli.sim.requests.length, 0, 'nothing sent');
  });

  it('plan says the table will gain the dates to buy; apply writes the table `stats` makes of the same images', async () => {
    const plan = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(plan.code, 2, plan.stderr);
    assert.match(plan.stdout, /field table rgb: 2 images to add \(.*rgb\/field-stats\.csv\)/);
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '10', '--json');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const [update] = jsonOf<{ tables: TableUpdate[] }>(run).tables;
    assert.deepEqual(
      { added: update?.imagesAdded, rows: update?.rowsAdded, measured: update?.measured, error: update?.error },
      { added: 2, rows: 4, measured: 2, error: undefined },
    );
    assert.equal(lines().length, 2 * DATES.length, 'one row per field and image');
    assert.deepEqual([...new Set(lines().map((l) => l.split(',')[0]))].sort(), ['north-a', 'north-b']);
    assert.ok(existsSync(cli.file('rgb/field-stats.parquet')));
    const images = lockImages().map((i) => cli.file(i.file));
    const check = cli.file('rgb/check.csv');
    const stats = await cli.run(
      'stats',
      cli.file('fields.geojson'),
      ...images,
      '--index',
      'B4',
      '--id-property',
      'name',
      '--csv',
      check,
    );
    assert.equal(stats.code, 0, stats.stderr);
    assert.equal(readFileSync(table(), 'utf8'), readFileSync(check, 'utf8'), 'the same table as stats');
  });

  it('after a new date, plan names one image to add and apply measures only it', async () => {
    writeFileSync(cli.file('imagery.json'), imagery([...DATES, LATER]));
    const plan = await cli.run('plan', cli.file('imagery.json'));
    assert.match(plan.stdout, /field table rgb: 1 image to add/);
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '10', '--json');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const [update] = jsonOf<{ tables: TableUpdate[] }>(run).tables;
    assert.deepEqual(
      { added: update?.imagesAdded, rows: update?.rowsAdded, measured: update?.measured, cached: update?.cached },
      { added: 1, rows: 2, measured: 1, cached: 2 },
    );
    assert.equal(lines().length, 6);
    const again = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(again.code, 0, again.stdout);
    assert.doesNotMatch(again.stdout, /field table/);
  });

  it('verify passes, then fails on a row taken out and on a row of an image the lock does not list', async () => {
    const ok = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /1 of 1 field tables match the lock/);
    const original = readFileSync(table(), 'utf8');
    const rows = original.split('\r\n');
    const removedImage = rows[1]!.split(',').at(-1)!;
    // Both fields' rows of one image out: that image is missing from the table.
    writeFileSync(table(), rows.filter((r) => !r.endsWith(`,${removedImage}`)).join('\r\n'));
    const missing = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(missing.code, 10, missing.stdout);
    assert.match(missing.stdout, new RegExp(`field-stats\\.csv: lacks 1 image the lock lists: ${removedImage}`));
    writeFileSync(table(), `${original}${rows[1]!.replace(removedImage, 'composite-extra.tif')}\r\n`);
    const extra = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(extra.code, 10, extra.stdout);
    assert.match(extra.stdout, /field-stats\.csv: lists 1 image the lock does not: composite-extra\.tif/);
    writeFileSync(table(), original);
  });

  it("verify reads the GeoParquet's images: one of another image set, or no Parquet at all, fails it (10)", async () => {
    const parquet = cli.file('rgb/field-stats.parquet');
    const original = readFileSync(parquet);
    const [first] = lockImages().map((i) => i.file.split('/').at(-1)!);
    // The table of the first image alone, as stats writes it in the dataset's folder.
    const one = await runCli(
      [
        'stats',
        '../fields.geojson',
        first!,
        '--index',
        'B4',
        '--id-property',
        'name',
        '--parquet',
        'field-stats.parquet',
      ],
      { cwd: cli.file('rgb'), env: cli.env() },
    );
    assert.equal(one.code, 0, one.stderr);
    const lacking = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(lacking.code, 10, lacking.stdout);
    assert.match(lacking.stdout, /field-stats\.csv: field-stats\.parquet beside it lacks 2 images the lock lists: /);
    writeFileSync(parquet, 'field,date\r\n');
    const garbage = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(garbage.code, 10, garbage.stdout);
    assert.match(garbage.stdout, /field-stats\.parquet beside it: .*field-stats\.parquet does not read as Parquet/);
    writeFileSync(parquet, original);
    const again = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(again.code, 0, again.stdout);
  });

  it('after the fields file is edited, plan and verify say the table is stale, and apply measures the changed fields and drops the removed', async () => {
    // north-a taken out, north-b moved east, north-c new.
    writeFileSync(
      cli.file('fields.geojson'),
      fieldsOf([
        { west: 10.062, east: 10.069, name: 'north-b' },
        { west: 10.051, east: 10.056, name: 'north-c' },
      ]),
    );
    const plan = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(plan.code, 2, plan.stdout + plan.stderr);
    assert.match(
      plan.stdout,
      /field table rgb: written again \(stale: fields\.geojson changed since the table was made\)/,
    );
    const stale = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(stale.code, 10, stale.stdout);
    assert.match(stale.stdout, /field-stats\.csv: stale: fields\.geojson changed since the table was made/);
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '10', '--json');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.deepEqual(charged(), [], 'nothing bought');
    const [update] = jsonOf<{ tables: (TableUpdate & { stale?: string })[] }>(run).tables;
    assert.equal(update?.stale, 'fields.geojson changed since the table was made');
    assert.equal(update?.error, undefined);
    assert.equal(update?.measured, lockImages().length, 'each image read again for its changed fields');
    assert.deepEqual([...new Set(lines().map((l) => l.split(',')[0]))].sort(), ['north-b', 'north-c']);
    const check = cli.file('rgb/check-fields.csv');
    const images = lockImages().map((i) => cli.file(i.file));
    const args = ['--index', 'B4', '--id-property', 'name', '--csv', check];
    const stats = await cli.run('stats', cli.file('fields.geojson'), ...images, ...args);
    assert.equal(stats.code, 0, stats.stderr);
    assert.equal(readFileSync(table(), 'utf8'), readFileSync(check, 'utf8'), 'the table stats makes of the new fields');
    const ok = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    const again = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(again.code, 0, again.stdout);
    assert.doesNotMatch(again.stdout, /field table/);
  });

  it('other indices than the table was made with make it stale too', async () => {
    writeFileSync(cli.file('imagery.json'), imagery([...DATES, LATER], { ...STATS, indices: ['B4', 'B3'] }));
    const plan = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(plan.code, 2, plan.stdout + plan.stderr);
    assert.match(
      plan.stdout,
      /field table rgb: written again \(stale: made with other indices, rule or idProperty than its fieldStats declares\)/,
    );
    writeFileSync(cli.file('imagery.json'), imagery([...DATES, LATER]));
    const back = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(back.code, 0, back.stdout);
  });

  it("refuses an index the dataset's bandnames cannot give at its line and column, naming the bands missing and those there, before any request", async () => {
    // RGB images (B4, B3, B2) have no B8: NDVI cannot be measured in them, nor B8 itself.
    const text = imagery(['2026-06-11'], { ...STATS, indices: ['B4', 'ndvi', 'B8'] }, 'rgb-only');
    writeFileSync(cli.file('ndvi.imagery.json'), text);
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('ndvi.imagery.json'), '--yes', '--max-cost', '10');
    assert.equal(run.code, 3, run.stderr + run.stdout);
    const at = (needle: string) => {
      const before = text.slice(0, text.indexOf(needle)).split('\n');
      return `ndvi\\.imagery\\.json:${before.length}:${before.at(-1)!.length + 1}: error: `;
    };
    assert.match(
      run.stderr,
      new RegExp(
        `${at('"ndvi"')}'ndvi' cannot be measured in this dataset's images: it needs B8, or \\[B8_B4\\], which they will not have \\(bandnames 'rgb' gives B4, B3, B2\\)`,
      ),
    );
    assert.match(run.stderr, new RegExp(`${at('"B8"')}'B8' cannot be measured .* it needs B8, which they will not`));
    assert.doesNotMatch(run.stderr, /'B4' cannot/);
    assert.equal(cli.sim.requests.length, 0, 'nothing sent');
    assert.ok(!existsSync(cli.file('ndvi.imagery.lock.json')), 'no lock written');
  });

  it('refuses, in plan, an index the Bandnames the settings give cannot give, at its place, before anything billed', async () => {
    // No bandnames in the file: the settings' default (rgb) is resolved by the plan, then checked.
    const { bandnames: _bandnames, ...dataset } = rgbDataset(['2026-06-11']);
    const text = JSON.stringify(
      { datasets: [{ ...dataset, name: 'ndvi-default', fieldStats: { ...STATS, indices: ['ndvi'] } }] },
      null,
      2,
    );
    writeFileSync(cli.file('default.imagery.json'), text);
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('default.imagery.json'), '--yes', '--max-cost', '10');
    assert.equal(run.code, 3, run.stderr + run.stdout);
    const before = text.slice(0, text.indexOf('"ndvi"')).split('\n');
    assert.match(
      run.stderr,
      new RegExp(
        `default\\.imagery\\.json:${before.length}:${before.at(-1)!.length + 1}: error: 'ndvi' cannot be measured in this dataset's images: it needs B8, or \\[B8_B4\\], which they will not have \\(the Bandnames it takes from the settings gives B4, B3, B2\\)`,
      ),
    );
    assert.match(run.stderr, /Nothing billed was sent/);
    assert.deepEqual(charged(), [], 'nothing charged');
    const plan = await cli.run('plan', cli.file('default.imagery.json'));
    assert.equal(plan.code, 3, plan.stderr);
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.method === 'POST').map((r) => r.path),
      [],
      'no estimate, no billed call',
    );
  });

  it('a table that cannot be made after a purchase keeps the purchase, says why and exits 10', async () => {
    // A folder stands in the table's place: the table cannot be written once the image is bought.
    mkdirSync(cli.file('blocked/field-stats.csv'), { recursive: true });
    writeFileSync(cli.file('blocked.imagery.json'), imagery(['2026-06-11'], STATS, 'blocked'));
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('blocked.imagery.json'), '--yes', '--max-cost', '10');
    assert.equal(run.code, 10, run.stderr + run.stdout);
    assert.equal(charged().length, 1, 'the image was bought');
    const lock = JSON.parse(readFileSync(cli.file('blocked.imagery.lock.json'), 'utf8')) as {
      images: { file: string }[];
    };
    assert.equal(lock.images.length, 1);
    assert.ok(existsSync(join(cli.dir, lock.images[0]!.file)), 'the image stays');
    assert.match(
      run.stdout,
      /field table blocked: could not be updated \(.*field-stats\.csv: it is not a regular file.*\); the images bought and the lock stand/,
    );
  });

  it("--json of an apply whose table failed: the purchases completed, ok false, the table's error and the problem named", async () => {
    mkdirSync(cli.file('blocked2/field-stats.csv'), { recursive: true });
    writeFileSync(cli.file('blocked2.imagery.json'), imagery(['2026-06-14'], STATS, 'blocked2'));
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('blocked2.imagery.json'), '--yes', '--max-cost', '10', '--json');
    assert.equal(run.code, 10, run.stderr + run.stdout);
    assert.equal(charged().length, 1, 'the image was bought');
    const summary = jsonOf<{ ok: boolean; outcome: string; bought: number; tables: TableUpdate[]; problems: string[] }>(
      run,
    );
    assert.deepEqual(
      { ok: summary.ok, outcome: summary.outcome, bought: summary.bought },
      { ok: false, outcome: 'completed', bought: 1 },
    );
    assert.match(summary.tables[0]?.error ?? '', /field-stats\.csv: it is not a regular file/);
    assert.equal(summary.problems.length, 1);
    assert.match(summary.problems[0]!, /^field table blocked2: could not be updated \(/);
    // An apply that ends well says ok, and names no problem.
    const again = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '10', '--json');
    assert.equal(again.code, 0, again.stderr + again.stdout);
    const fine = jsonOf<{ ok: boolean; problems?: string[] }>(again);
    assert.deepEqual({ ok: fine.ok, problems: fine.problems }, { ok: true, problems: undefined });
  });
});
