// Reading a window: which level serves a width, and a window of more blocks than are decoded at
// once (each block copied out as it finishes, in any order) holding GDAL's pixel at every sampled
// position, for pixel- and band-interleaved files.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RasterFile, WindowBuffers } from '../../../src/raster';
import type { WindowRequest } from '../../../src/raster';
import { blocksInFlight, chooseLevel, outputSize } from '../../../src/raster/window';
import type { Level } from '../../../src/raster/window';
import { buildGeoTiff } from '../../simulator/geotiff-image';
import { gdalPixels, gdalTranslate } from '../fixtures/gdal';

describe('raster core: the level a view reads', () => {
  const level = (image: number, width: number): Level => ({
    image,
    width,
    height: width,
    reader: () => Promise.reject(new Error('not read')),
  });
  // 5120² with overviews 2, 4, 8, 16, as gdaladdo lists them.
  const levels = [level(0, 5120), level(1, 2560), level(2, 1280), level(3, 640), level(4, 320)];
  const chosen = (windowWidth: number, target: number) => chooseLevel(levels, 5120, windowWidth, target).width;

  it('takes the smallest level at least as wide as the view', () => {
    assert.equal(chosen(5120, 1024), 1280);
    assert.equal(chosen(5120, 1280), 1280);
    assert.equal(chosen(5120, 1281), 2560);
    assert.equal(chosen(5120, 600), 640);
    assert.equal(chosen(5120, 100), 320);
  });

  it("measures a window in the level's pixels, and falls back to full resolution", () => {
    assert.equal(chosen(2560, 1024), 2560, 'half the image at 1024 needs 2048 of 5120 across');
    assert.equal(chosen(1000, 100), 640, '1000 full pixels are 125 at 1/8');
    assert.equal(chosen(5120, 6000), 5120);
    assert.equal(chosen(300, 1024), 5120);
  });
});

describe('raster core: the memory a view may take', () => {
  it('keeps blocks in flight by bytes and by count', () => {
    assert.equal(blocksInFlight(256), 64, 'tiny blocks: 64 at once, not 32768');
    assert.equal(blocksInFlight(512 * 1024), 16, 'about 8 MiB of ordinary tiles');
    assert.equal(blocksInFlight(4 * 1024 * 1024), 4);
    assert.equal(blocksInFlight(32 * 1024 * 1024), 2, 'large strips: 64 MiB at most');
    assert.equal(blocksInFlight(256 * 1024 * 1024), 1);
  });

  it('draws a window far taller than wide within the output budget', () => {
    assert.deepEqual(outputSize(1024, 5120, 5120, 3), [1024, 1024]);
    const [w, h] = outputSize(1024, 1, 2 ** 31, 3);
    assert.deepEqual([w, h], [1, Math.floor((64 * 1024 * 1024) / 3)]);
    const [tw, th] = outputSize(4096, 4096, 4096 * 64, 1);
    assert.ok(tw * th <= 64 * 1024 * 1024 && tw >= 1000 && Math.abs(th / tw - 64) < 1, `${tw} × ${th}`);
  });
});

describe('raster core: a window of many blocks against GDAL', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'raster-window-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const interleave of ['PIXEL', 'BAND']) {
    it(`DEFLATE, predictor 2, 4 bands, tiled 256, ${interleave} interleaved: 42 blocks a band, more than are in flight`, async () => {
      const small = join(dir, `small-${interleave}.tif`);
      writeFileSync(
        small,
        buildGeoTiff({
          bbox: { west: 10, south: 56, east: 10.12, north: 56.1 },
          epsg: 32632,
          resolution: 20,
          bands: ['B2', 'B3', 'B4', 'B8'],
          dataType: 'int16',
          date: '2025-06-20',
          seed: 4,
        }),
      );
      const file = join(dir, `many-${interleave}.tif`);
      // 1700 × 1500 in 256-pixel tiles: 7 × 6 blocks (512 KiB decoded with 4 bands, 16 kept in flight).
      gdalTranslate([
        '-outsize',
        '1700',
        '1500',
        '-r',
        'cubic',
        '-co',
        'TILED=YES',
        '-co',
        'COMPRESS=DEFLATE',
        '-co',
        'PREDICTOR=2',
        '-co',
        `INTERLEAVE=${interleave}`,
        small,
        file,
      ]);
      const raster = await RasterFile.open(file);
      try {
        const { width, height, nodata } = raster.metadata;
        assert.deepEqual([width, height], [1700, 1500]);
        // The last two are read into the same buffers (the strips of the field statistics), one
        // asking for a band twice (its predictor undone once) at full resolution.
        const into = new WindowBuffers();
        const requests: WindowRequest[] = [
          { bands: [2, 1, 0], targetWidth: 1100 },
          { bands: [3, 0], targetWidth: 500, window: [131, 77, 1650, 1421] },
          { bands: [3, 2], targetWidth: 1519, window: [131, 0, 1650, 700], into },
          { bands: [1, 1, 2], targetWidth: 1519, window: [131, 700, 1650, 1400], into },
        ];
        const buffersOf = new Map<WindowRequest, ArrayBufferLike[]>();
        for (const request of requests) {
          const view = await raster.readWindow(request);
          buffersOf.set(
            request,
            view.data.map((d) => d.buffer),
          );
          assert.equal(view.level, 0);
          const [x0, y0, x1, y1] = request.window ?? [0, 0, width, height];
          const outputs: [number, number][] = [];
          // Whole output rows, so every block's first and last columns are among them.
          for (let oy = 0; oy < view.height; oy += 41) for (let ox = 0; ox < view.width; ox++) outputs.push([ox, oy]);
          outputs.push([view.width - 1, view.height - 1]);
          const sampled = outputs.map(
            ([ox, oy]) =>
              [
                x0 + Math.floor(((ox + 0.5) * (x1 - x0)) / view.width),
                y0 + Math.floor(((oy + 0.5) * (y1 - y0)) / view.height),
              ] as [number, number],
          );
          const theirs = gdalPixels(file, sampled, 4);
          let nodataSeen = 0;
          for (const [i, [ox, oy]] of outputs.entries()) {
            for (const [k, band] of request.bands.entries()) {
              const v = view.data[k]?.[oy * view.width + ox] as number;
              if (Number.isNaN(v)) nodataSeen++;
              assert.equal(
                Number.isNaN(v) ? nodata : v,
                theirs[i]?.[band],
                `band ${band + 1} at output ${ox},${oy} (pixel ${sampled[i]})`,
              );
            }
          }
          // This scene is about 70 % cloud: both values and nodata are checked.
          assert.ok(
            nodataSeen > 50 && outputs.length * request.bands.length - nodataSeen > 50,
            `${nodataSeen} nodata of ${outputs.length * request.bands.length}`,
          );
        }
        // The second strip took the first one's memory: bands 1 and 2 of the output, the same buffers.
        const [, , first, second] = requests.map((r) => buffersOf.get(r) ?? []);
        assert.equal(second?.[0], first?.[0]);
        assert.equal(second?.[1], first?.[1]);
      } finally {
        await raster.close();
      }
    });
  }
});
