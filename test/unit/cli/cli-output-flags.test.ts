// Issue 13, section 2, on the command line: every output field of composite, tile and mini-tile
// requests has a kebab-case flag named as the commands' options, and what the simulator received
// is what the flags said (the availability check, the estimate and the billed call alike).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { datesCoveringTiles } from '../../simulator/test-helpers';
import { jsonOf, runCli } from '../fixtures/cli-helpers';
import { FIELD, nextMonth, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-output-key-51c2';
/** A field inside the demo orders' area near Aarhus. */
const COMPOSITE = '/api/satelliteimages/process/composite';

describe('CLI: the output fields as flags, checked in the request bodies the simulator received', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-output-',
    simulator: { seed: 1 },
    files: { 'field.geojson': FIELD },
  });
  let sim: Simulator;
  let dir: string;
  let area: string;
  let date: string;
  const { run } = cli;
  const bodies = (path: string) =>
    sim.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body as Record<string, unknown>);

  before(async () => {
    ({ sim, dir } = cli);
    area = cli.file('field.geojson');
    const dates = jsonOf<{ coverage: { full: string[] } }>(await run('dates', area, '--model', 'Stratus2', '--json'));
    date = dates.coverage.full[0]!;
  });
  beforeEach(() => sim.clearLog());

  it('download: every composite output field goes to the check, the estimate and the billed call', async () => {
    const flags = [
      '--data-type',
      'uint8',
      '--pixel-selection-mode',
      'contained',
      '--utm-data-selection-mode',
      'single_utm',
      '--utm-grid-force-pixel-resolution-size',
      '--allow-partial-image',
      '--file-type',
      'tif',
      '--automatic-order-creation',
    ];
    const r = await run(
      'download',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      date,
      '--resolution',
      '20',
      ...flags,
      '--yes',
      '--max-cost',
      '50',
      '--output-directory',
      join(dir, 'out'),
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    const expected = {
      DataType: 'uint8',
      PixelSelectionMode: 'contained',
      UtmDataSelectionMode: 'single_utm',
      UtmGridForcePixelResolutionSize: true,
      AllowPartialImage: true,
      FileType: 'tif',
      AutomaticOrderCreation: true,
    };
    for (const path of [`${COMPOSITE}/available`, `${COMPOSITE}/estimate`, COMPOSITE]) {
      const [body] = bodies(path);
      assert.ok(body, `${path} was called`);
      for (const [field, value] of Object.entries(expected)) assert.deepEqual(body[field], value, `${path}: ${field}`);
    }
    assert.equal(jsonOf<{ outcome: string }>(r).outcome, 'completed');
  });

  it('download --upload-url: the service is told where to PUT the image, and nothing is saved here', async () => {
    const target = 'https://uploads.example.com/field.tif';
    const r = await run(
      'download',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      date,
      '--upload-url',
      target,
      '--yes',
      '--max-cost',
      '50',
      '--output-directory',
      join(dir, 'up'),
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(bodies(COMPOSITE)[0]!.UploadUrl, target);
    assert.equal(bodies(`${COMPOSITE}/available`)[0]!.UploadUrl, undefined, 'no question of availability');
    const result = jsonOf<{ uploadedTo: string; files: string[] }>(r);
    assert.equal(result.uploadedTo, target);
    assert.deepEqual(result.files, []);
  });

  it('tiles process: --level, --harmonize, --clip-reflectance and the output fields reach each unit', async () => {
    const search = jsonOf<{ tiles: { Guid: string }[] }>(await run('tiles', 'search', area, '--mini-tiles', '--json'));
    const guid = search.tiles[0]!.Guid;
    const covering = datesCoveringTiles(cli.sim, 'Stratus2', [guid])[0]!;
    const r = await run(
      'tiles',
      'process',
      area,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      covering,
      '--tile-guids',
      guid,
      '--level',
      '1',
      '--harmonize',
      '--clip-reflectance',
      '--data-type',
      'uint8',
      '--utm-data-selection-mode',
      'combined_utm',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      join(dir, 'tiles'),
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    const [body] = bodies('/api/satelliteimages/process/minitile');
    assert.ok(body);
    assert.equal(body.MiniTileGuid, guid);
    assert.deepEqual(
      [body.Level, body.Harmonize, body.ClipReflectance, body.DataType, body.UtmDataSelectionMode],
      [1, true, true, 'uint8', 'combined_utm'],
    );
  });

  it('a wrong value is refused before anything billed, naming the flag or the field', async () => {
    const level = await run(
      'tiles',
      'process',
      area,
      '--model',
      'Stratus2',
      '--date',
      date,
      '--level',
      '3',
      '--yes',
      '--max-cost',
      '1',
      '--json',
    );
    assert.equal(level.code, 2);
    assert.match(level.stderr, /--level must be 1 or 2/);
    const misplaced = await run(
      'tiles',
      'process',
      area,
      '--model',
      'Stratus2',
      '--date',
      date,
      '--automatic-order-creation',
      '--yes',
      '--max-cost',
      '1',
    );
    assert.equal(misplaced.code, 2);
    assert.match(misplaced.stderr, /--automatic-order-creation does not apply to 'tiles process'/);
    const dataType = await run(
      'download',
      area,
      '--model',
      'Stratus2',
      '--date',
      date,
      '--data-type',
      'float64',
      '--yes',
      '--max-cost',
      '50',
      '--output-directory',
      join(dir, 'bad'),
    );
    assert.notEqual(dataType.code, 0);
    assert.match(dataType.stderr, /DataType 'float64' is not one the service lists: int16, uint8/);
    assert.equal(
      bodies(COMPOSITE).length +
        bodies('/api/satelliteimages/process/minitile').length +
        bodies('/api/satelliteimages/process/tile').length,
      0,
    );
  });

  it('orders estimate --geometry-tile-ordering: sent with the area, priced as the covering tiles', async () => {
    const order = [
      'orders',
      'estimate',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      nextMonth().from,
      '--to',
      nextMonth().to,
      '--json',
    ];
    const r = await run(...order, '--geometry-tile-ordering');
    assert.equal(r.code, 0, r.stderr);
    const [body] = bodies('/api/tasking/orders/estimate');
    assert.equal(body!.GeometryTileOrdering, true);
    assert.match(String(body!.Wkt), /^GEOMETRYCOLLECTION/);
    const plain = await run(...order);
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(bodies('/api/tasking/orders/estimate')[1]!.GeometryTileOrdering, undefined);
  });

  it("available: an area above the key's maximum is checked part by part, never whole (no 1004)", async () => {
    // The field (1.4 km²) splits at 10.06° into two halves under 1 km²: a date with imagery over both.
    const halves = join(dir, 'halves.geojson');
    writeFileSync(
      halves,
      '{"type":"MultiPolygon","coordinates":[[[[10.05,56.05],[10.06,56.05],[10.06,56.06],[10.05,56.06],[10.05,56.05]]],[[[10.06,56.05],[10.07,56.05],[10.07,56.06],[10.06,56.06],[10.06,56.05]]]]}',
    );
    const both = jsonOf<{ coverage: { full: string[] } }>(await run('dates', halves, '--model', 'Stratus2', '--json'))
      .coverage.full[0]!;
    sim.clearLog();
    const saved = sim.state.account.MaxCompositeAreaKm2;
    sim.state.account.MaxCompositeAreaKm2 = 1;
    try {
      const r = await run('available', area, '--model', 'Stratus2', '--date', both, '--allow-partial-image', '--json');
      assert.equal(r.code, 0, r.stderr);
      const checks = sim.requests.filter((q) => q.path === `${COMPOSITE}/available`);
      assert.equal(checks.length, 2, 'one check per part');
      assert.ok(
        checks.every((q) => q.status === 200 && (q.body as Record<string, unknown>).AllowPartialImage === true),
        checks.map((q) => q.outcome).join(', '),
      );
    } finally {
      sim.state.account.MaxCompositeAreaKm2 = saved;
    }
  });

  it('--help names every output flag', async () => {
    const r = await runCli(['--help']);
    for (const flag of [
      'data-type',
      'pixel-selection-mode',
      'utm-data-selection-mode',
      'utm-grid-force-pixel-resolution-size',
      'allow-partial-image',
      'file-type',
      'upload-url',
      'automatic-order-creation',
      'level',
      'harmonize',
      'clip-reflectance',
      'geometry-tile-ordering',
    ]) {
      assert.match(r.stdout, new RegExp(`--${flag}\\b`), flag);
    }
  });
});
