// The seeded mutation corpus (issue 22): 240 hostile TIFFs made from valid ones, each opened
// through the raster core's public entry points (metadata, a view, a pixel's values) in a worker
// under a time bound (5 s) and a memory bound (512 MB of heap, 512 MB of resident growth). Each
// must end in a valid result or a RasterError. RASTER_CORPUS_SEED picks another corpus to explore.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildGeoTiff } from '../../simulator/geotiff-image';
import { gdalAddOverviews, gdalTranslate } from '../fixtures/gdal';
import { tinyTiff } from './hostile-tiffs';
import { RasterProbe } from './raster-probe';
import type { ProbeResult } from './raster-probe';
import { mutants } from './tiff-mutations';

const SEED = Number(process.env.RASTER_CORPUS_SEED ?? 22);
const CASES = Number(process.env.RASTER_CORPUS_CASES ?? 240);

describe(`raster core: a seeded corpus of ${CASES} hostile TIFFs (seed ${SEED})`, function () {
  this.timeout(20_000);
  let dir: string;
  const probe = new RasterProbe({ timeMs: 5_000, memoryMb: 512 });
  const outcomes: ProbeResult['outcome'][] = [];
  let bases: { name: string; bytes: Buffer }[] = [];
  const field = { west: 10.1, south: 56.05, east: 10.12, north: 56.06 };

  before(function () {
    this.timeout(60_000);
    dir = mkdtempSync(join(tmpdir(), 'raster-corpus-'));
    const simulator = join(dir, 'simulator.tif');
    writeFileSync(
      simulator,
      buildGeoTiff({
        bbox: field,
        epsg: 32632,
        resolution: 10,
        bands: ['B4', 'B3', 'B2'],
        dataType: 'int16',
        date: '2025-06-20',
        seed: 3,
      }),
    );
    const overviews = join(dir, 'overviews.tif');
    gdalTranslate([
      '-q',
      '-outsize',
      '600',
      '400',
      '-co',
      'TILED=YES',
      '-co',
      'BLOCKXSIZE=128',
      '-co',
      'BLOCKYSIZE=128',
      '-co',
      'COMPRESS=DEFLATE',
      '-co',
      'PREDICTOR=2',
      simulator,
      overviews,
    ]);
    gdalAddOverviews(overviews, [2, 4]);
    bases = [
      { name: 'simulator int16 strips', bytes: readFileSync(simulator) },
      { name: 'GDAL tiled with overviews', bytes: readFileSync(overviews) },
      { name: 'uint8 strips', bytes: tinyTiff({ width: 40, height: 30, rowsPerStrip: 8 }) },
      {
        name: 'uint8 tiled deflate 3 bands',
        bytes: tinyTiff({ width: 48, height: 40, tile: 16, bands: 3, deflate: true }),
      },
    ];
  });
  after(async () => {
    await probe.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the valid files it starts from open', async () => {
    for (const [i, base] of bases.entries()) {
      const file = join(dir, `base-${i}.tif`);
      writeFileSync(file, base.bytes);
      const result = await probe.probe(file);
      assert.equal(result.outcome, 'valid', `${base.name}: ${JSON.stringify(result)}`);
    }
  });

  it(`each of ${CASES} mutants ends in a valid result or a RasterError, within the bounds`, async function () {
    this.timeout(120_000);
    const failures: string[] = [];
    for (const mutant of mutants(bases, CASES, SEED)) {
      const file = join(dir, 'mutant.tif');
      writeFileSync(file, mutant.bytes);
      const result = await probe.probe(file);
      outcomes.push(result.outcome === 'error' && result.name !== 'RasterError' ? 'memory' : result.outcome);
      const fine = result.outcome === 'valid' || (result.outcome === 'error' && result.name === 'RasterError');
      if (!fine) failures.push(`${mutant.name} → ${JSON.stringify(result)}`);
    }
    assert.deepEqual(failures, []);
  });

  it('the corpus reaches both ends: files still read, and files refused', () => {
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    assert.equal(outcomes.length, CASES);
    assert.ok(
      count('valid') >= CASES / 10 && count('error') >= CASES / 4,
      `${count('valid')} valid, ${count('error')} refused`,
    );
  });
});
