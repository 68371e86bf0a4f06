// A composite says what it bought as a series does (engine/purchase-notes.ts, one wording): run from
// the command line against the simulator, `download` of an area of two fields names each field's
// valid share, warns when one is mostly without data, and says the pixels delivered against those
// asked; a composite in parts and `tiles process` say the pixels delivered and each image's share
// over its own area, each unit by name. Money is not at stake here: the charge log only shows that
// each image was bought once.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { AreaCoverage, PixelSize } from '../../../../src/workflows/engine/results';
import { jsonOf } from '../../fixtures/cli-helpers';
import { useCliSimulator } from '../../fixtures/cli-fixture';
import { miniTilesOf, tilesInBbox } from '../../../simulator/tiles';
import { NORTH, TWO_FIELDS } from './two-fields';

const KEY = 'cli-composite-notes-key-5Rk1';
const NOW = Date.UTC(2026, 5, 15, 12);
const DATE = '2026-06-08';
const PROCESS = '/api/satelliteimages/process/composite';

interface UnitJson {
  id: string;
  status: string;
  coverage?: AreaCoverage;
  pixelSize?: PixelSize;
}

describe('CLI: a composite, its parts and tiles say what they bought (fields, pixels)', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-composite-notes-',
    simulator: { seed: 7, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e6 } },
    files: { 'fields.geojson': TWO_FIELDS },
  });
  afterEach(() => cli.sim.configure({}));
  beforeEach(() => cli.sim.clearLog());
  const charged = () => cli.sim.requests.filter((r) => r.charged).length;
  const download = (folder: string, ...more: string[]) =>
    cli.run(
      'download',
      cli.file('fields.geojson'),
      '--model',
      'Stratus2',
      '--date',
      DATE,
      '--bandnames',
      'rgb',
      '--resolution',
      '10',
      '--yes',
      '--max-cost',
      '1000',
      '--output-directory',
      join(cli.dir, folder),
      ...more,
    );

  it("download: each field's valid share, and the warning naming 'north'", async () => {
    cli.sim.configure({ nodataBoxes: [{ ...NORTH }] });
    const run = await download('single');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(charged(), 1);
    assert.match(run.stdout, /^Valid pixels: area \d+ %, field 'north' 0 %, field 'south' 100 %\.$/m);
    assert.match(
      run.stdout,
      /^1 of 1 image leaves a field mostly without data \(under 50 % valid\): composite-\S+\.tif field 'north' 0 % valid, area \d+ % valid\.$/m,
    );
    assert.doesNotMatch(run.stdout, /Delivered/, '10 m asked, 10 m sent: nothing said');
    const json = jsonOf<{ coverage?: AreaCoverage; pixelSize?: PixelSize }>(await download('single-json', '--json'));
    assert.equal(json.coverage?.fields.find((f) => f.field === 'north')?.validFraction, 0);
    assert.deepEqual(json.pixelSize, { asked: 10, delivered: 10 });
  });

  it('download in parts: each part says its pixels delivered against those asked', async () => {
    // A key whose maximum composite area is below the area's: the composite goes in parts.
    cli.sim.state.account.MaxCompositeAreaKm2 = 1;
    try {
      const run = await download('parts', '--json');
      assert.equal(run.code, 0, run.stderr + run.stdout);
      const parts = jsonOf<{ parts?: { units: UnitJson[] } }>(run).parts?.units ?? [];
      assert.ok(parts.length >= 2, `in parts: ${parts.length}`);
      assert.equal(charged(), parts.length, 'each part bought once');
      for (const part of parts) {
        assert.deepEqual(part.pixelSize, { asked: 10, delivered: 10 }, part.id);
        assert.ok(part.coverage?.area !== undefined && part.coverage.area > 0.9, `${part.id}: ${part.coverage?.area}`);
      }
    } finally {
      cli.sim.state.account.MaxCompositeAreaKm2 = 1000;
    }
  });

  it('tiles process: each mini-tile says its pixels delivered and its valid share', async () => {
    const box = { west: 10.05, south: 56.05, east: 10.07, north: 56.06 };
    const guid = tilesInBbox(cli.sim.state.seed, box)
      .flatMap((tile) => miniTilesOf(cli.sim.state.seed, tile))
      .find(
        ({ bbox }) => bbox.west < box.east && bbox.east > box.west && bbox.south < box.north && bbox.north > box.south,
      )?.guid;
    assert.ok(guid, 'a mini-tile under the area');
    const args = [
      'tiles',
      'process',
      cli.file('fields.geojson'),
      '--mini-tiles',
      '--tile-guids',
      guid,
      '--model',
      'Stratus2',
      '--date',
      DATE,
    ];
    const more = ['--resolution', '10', '--yes', '--max-cost', '1000', '--output-directory', join(cli.dir, 'tiles')];
    const run = await cli.run(...args, ...more, '--json');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const [unit] = jsonOf<{ units: UnitJson[] }>(run).units;
    assert.equal(unit?.status, 'done');
    assert.equal(cli.sim.requests.filter((r) => r.charged && r.path !== PROCESS).length, 1, 'one mini-tile bought');
    assert.equal(unit?.pixelSize?.asked, 10, run.stderr);
    assert.ok(unit?.pixelSize?.delivered !== undefined, JSON.stringify(unit));
    assert.ok(unit?.coverage?.area !== undefined, JSON.stringify(unit));
  });
});
