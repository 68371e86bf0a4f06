// A question a workflow would ask a person is answered on the command line by a flag; when its
// default is taken, the note names that flag. The flag is derived from the question's id (kebab
// case), so every id the workflows can ask must name a real flag of a verb that runs the workflow.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_COUNT_FIELDS, OUTPUT_FIELDS } from '../../../src/api/request-fields';
import { optionTable } from '../../../src/cli/args';
import { flagOfQuestion, questionsOfAllFlags } from '../../../src/cli/ports';
import { FIELD, nextMonth, useCliSimulator } from '../fixtures/cli-fixture';

const root = join(__dirname, '..', '..', '..', '..');
const KEY = 'cli-questions-key-Hh5e';

/** The verbs that run the workflows of each folder (a question asked there is answered by their flags). */
const verbsOfFolder: Record<string, string[]> = {
  composite: ['estimate', 'download', 'series', 'tiles process'],
  orders: ['orders estimate', 'orders create'],
  tiles: ['tiles search', 'tiles process'],
  dates: ['dates'],
  series: ['series'],
  // The model and constellation steps every workflow starts with (engine/choice-steps.ts).
  engine: ['estimate', 'download', 'series', 'dates', 'orders estimate', 'orders create'],
  stac: [],
};

/** Every question id in the workflows' source: literal ids, the cadence fields, the output fields. */
function questionIds(): { id: string; folder: string }[] {
  const found: { id: string; folder: string }[] = [];
  for (const folder of Object.keys(verbsOfFolder)) {
    for (const file of readdirSync(join(root, 'src', 'workflows', folder)).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(join(root, 'src', 'workflows', folder, file), 'utf8');
      for (const m of text.matchAll(/ask\.(?:pick|pickMany|input)\(\{\s*id: ([^,]+),/g)) {
        const expression = m[1]!.trim();
        const literal = /^'([^']+)'$/.exec(expression);
        if (literal) found.push({ id: literal[1]!, folder });
        else if (expression === 'field.name') found.push(...ORDER_COUNT_FIELDS.map((c) => ({ id: c.name, folder })));
        else if (expression === '`output.${field}`' || expression === '`output.typed.${field}`') {
          // The output steps are made from the field table, one per row.
          found.push(...OUTPUT_FIELDS.map((row) => ({ id: `output.${row.wire}`, folder })));
        } else assert.fail(`${folder}/${file}: a question id this test cannot read: ${expression}`);
      }
    }
  }
  return found;
}

describe('CLI: the flag named for every workflow question', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-questions-',
    simulator: { seed: 6 },
    files: { 'field.geojson': FIELD },
  });
  let area: string;
  const { run } = cli;

  before(() => (area = cli.file('field.geojson')));

  it('every question id the workflows ask maps to a flag of a verb that asks it', () => {
    const ids = questionIds();
    for (const expected of [
      'model',
      'date',
      'imageFrequency',
      'storageMonths',
      'apiRequests',
      'geometryTileOrdering',
      'tileDeduplication',
      'tiles',
      'output.DataType',
      'output.UploadUrl',
    ]) {
      assert.ok(
        ids.some((q) => q.id === expected),
        `the source scan finds '${expected}'`,
      );
    }
    for (const { id, folder } of ids) {
      if (questionsOfAllFlags.has(id)) continue;
      const flag = flagOfQuestion(id);
      const spec = optionTable[flag.slice(2)];
      assert.ok(spec, `'${id}' (${folder}) names ${flag}, which does not exist`);
      const verbs = verbsOfFolder[folder]!;
      assert.ok(
        spec.verbs === undefined || spec.verbs.some((v) => verbs.includes(v)),
        `${flag} for '${id}' applies to none of ${verbs.join(', ')}`,
      );
    }
    assert.equal(flagOfQuestion('imageFrequency'), '--image-frequency');
    assert.equal(flagOfQuestion('output.UtmGridForcePixelResolutionSize'), '--utm-grid-force-pixel-resolution-size');
  });

  it('the defaults taken are said with flags the verb has (orders estimate, download)', async () => {
    const order = await run(
      'orders',
      'estimate',
      area,
      '--model',
      'Stratus3',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      nextMonth().from,
      '--to',
      nextMonth().to,
    );
    assert.equal(order.code, 0, order.stderr);
    for (const flag of ['--image-frequency 1', '--storage-months 1', '--api-requests 1'])
      assert.match(order.stderr, new RegExp(`^Using ${flag} \\(the default\\)\\.$`, 'm'));
    // A boolean flag left out is said as its absence, not as if it were given.
    assert.match(order.stderr, /^Without --geometry-tile-ordering: Order the area \(the default\)\.$/m);
    const download = await run('download', area, '--model', 'Stratus2', '--json');
    assert.equal(download.code, 8, download.stderr);
    for (const [verb, stderr] of [
      ['orders estimate', order.stderr],
      ['download', download.stderr],
    ] as const) {
      const named = [...stderr.matchAll(/^Using (--[a-z-]+) /gm)].map((m) => m[1]!);
      assert.ok(named.length >= 3, `${verb} took defaults: ${stderr}`);
      for (const flag of named)
        assert.ok(optionTable[flag.slice(2)]?.verbs?.includes(verb), `${verb}: ${flag} is one of its flags`);
      assert.doesNotMatch(stderr, /--output\b(?!-)/, 'no note names a flag --output');
    }
  });

  it('available names the defaults it filled in, in one line on stderr, and only those', async () => {
    const dates = await run('dates', area, '--model', 'Stratus2', '--json');
    assert.equal(dates.code, 0, dates.stderr);
    const date = JSON.parse(dates.stdout).coverage.full[0] as string;
    const plain = await run('available', area, '--model', 'Stratus2', '--date', date, '--json');
    assert.equal(plain.code, 0, plain.stderr);
    const request = JSON.parse(plain.stdout).request as Record<string, unknown>;
    const sent = `${String(request.SatelliteConstellations)} --epsg-projection ${String(request.EpsgProjection)} --bandnames ${String(request.Bandnames)}`;
    // The check sends no resolution, so its default is not named.
    assert.equal(plain.stderr, `Using --satellite-constellations ${sent} (the defaults).\n`);
    const some = await run(
      'available',
      area,
      ...['--model', 'Stratus2', '--date', date, '--satellite-constellations', 'Sentinel2', '--resolution', '20'],
      ...['--bandnames', 'all'],
    );
    assert.equal(some.code, 0, some.stderr);
    assert.equal(some.stderr, `Using --epsg-projection ${String(request.EpsgProjection)} (the default).\n`);
    const none = await run(
      'available',
      area,
      ...['--model', 'Stratus2', '--date', date, '--satellite-constellations', 'Sentinel2', '--resolution', '20'],
      ...['--bandnames', 'all', '--epsg-projection', '4326'],
    );
    assert.equal(none.code, 0, none.stderr);
    assert.equal(none.stderr, '', 'no default taken, none said');
  });
});
