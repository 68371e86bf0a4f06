// How GDAL reads what a file says, where a literal reading goes wrong: a float32 band's nodata
// is cast to float32 before it is compared (a file may say -3.40282e+38 or 1e20, which no float32
// equals), and numbers a float32 would round (int32 and uint32 beyond 2^24, float64) keep every
// digit. The files are written by GDAL from an ASCII grid, and GDAL reads them back as reference.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RasterFile } from '../../../src/raster';
import { gdalinfo, gdalPixels, gdalTranslate } from '../fixtures/gdal';

describe('raster core: numbers as GDAL takes them', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'raster-conventions-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A 4 × 3 GeoTIFF in EPSG:4326 of these rows, as GDAL writes it. */
  const grid = (name: string, rows: string[], ...options: string[]): string => {
    const asc = join(dir, `${name}.asc`);
    writeFileSync(
      asc,
      ['ncols 4', 'nrows 3', 'xllcorner 9.0', 'yllcorner 45.0', 'cellsize 0.001', ...rows].join('\n') + '\n',
    );
    const tif = join(dir, `${name}.tif`);
    // Read as doubles (the ASCII grid driver's default is float32, which would round the numbers).
    gdalTranslate(['-oo', 'DATATYPE=Float64', ...options, '-a_srs', 'EPSG:4326', asc, tif]);
    return tif;
  };
  const values = async (file: string): Promise<number[]> => {
    const raster = await RasterFile.open(file);
    try {
      return Array.from((await raster.readWindow({ bands: [0], targetWidth: 4 })).data[0] ?? []);
    } finally {
      await raster.close();
    }
  };
  const everyPixel: [number, number][] = [0, 1, 2].flatMap((y) => [0, 1, 2, 3].map((x) => [x, y] as [number, number]));

  it("a float32 band's nodata is cast to float32, as GDAL does: -3.40282e+38 and 1e20 are nodata", async () => {
    const rows = ['0.25 -3.40282e+38 0.5 1e20', '0.125 0.75 -3.40282e+38 1e20', '7 3 4 5'];
    for (const nodata of ['-3.40282e+38', '1e20']) {
      const file = grid(`f32-${nodata}`, rows, '-ot', 'Float32', '-a_nodata', nodata);
      // GDAL writes the nodata it was given as the float32 it becomes; a file written by another
      // tool (rasterio writes -3.40282000000000014e+38) says the double: made so here, same length.
      const bytes = readFileSync(file);
      const written = Number(nodata) > 0 ? '1.00000002004087734e+20' : '-3.40282001837565598e+38';
      const literal = Number(nodata) > 0 ? '1.00000000000000000e+20' : '-3.40282000000000000e+38';
      assert.equal(bytes.toString('latin1').split(written).length, 2, `GDAL wrote ${written}`);
      writeFileSync(file, Buffer.from(bytes.toString('latin1').replace(written, literal), 'latin1'));
      const info = gdalinfo(file, true);
      const theirs = info.bands[0]?.metadata?.['']?.STATISTICS_VALID_PERCENT;
      const ours = await values(file);
      const valid = ours.filter((v) => !Number.isNaN(v));
      assert.equal(((100 * valid.length) / ours.length).toFixed(2), theirs, `valid pixels, nodata ${nodata}`);
      assert.equal(valid.length, 10);
      const mean = valid.reduce((a, b) => a + b, 0) / valid.length;
      const gdalMean = info.bands[0]?.mean as number;
      assert.ok(Math.abs(mean - gdalMean) <= Math.abs(gdalMean) * 1e-12, `the mean GDAL computes, nodata ${nodata}`);
    }
  });

  it("a file whose tie point is a pixel's centre (AREA_OR_POINT=Point) is placed where GDAL places it", async () => {
    const area = grid('area', ['1 2 3 4', '5 6 7 8', '9 10 11 12'], '-ot', 'Int16');
    const point = join(dir, 'point.tif');
    gdalTranslate(['-mo', 'AREA_OR_POINT=Point', area, point]);
    const info = gdalinfo(point);
    assert.equal(info.metadata['']?.AREA_OR_POINT, 'Point');
    for (const file of [area, point]) {
      const raster = await RasterFile.open(file);
      try {
        const { origin, resolution, bounds } = raster.metadata;
        const [x0, dx, , y0, , dy] = gdalinfo(file).geoTransform as number[];
        const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
        assert.ok(near(origin[0], x0 as number) && near(origin[1], y0 as number), `${file}: ${origin} vs ${x0} ${y0}`);
        assert.deepEqual(resolution, [dx, -(dy as number)]);
        const [ulx, uly] = info.cornerCoordinates.upperLeft;
        const [lrx, lry] = info.cornerCoordinates.lowerRight;
        [ulx, lry, lrx, uly].forEach((v, i) => assert.ok(near(bounds[i] as number, v), `bounds ${bounds} of ${file}`));
      } finally {
        await raster.close();
      }
    }
  });

  for (const [type, rows] of [
    ['Int32', ['16777217 58777393 -2147483647 2147483647', '1 -1 33554431 0', '16777219 7 8 9']],
    ['UInt32', ['16777217 58777393 4294967295 4000000001', '1 2 33554431 0', '16777219 7 8 9']],
    ['Float64', ['0.1234567890123 1e-300 1.7e308 -0.987654321', '3.14159265358979 2 3 4', '1e20 5 6 16777217']],
  ] as [string, string[]][]) {
    it(`${type}: every number as it was written, none rounded to a float32`, async () => {
      const file = grid(type, rows, '-ot', type);
      const written = rows.join(' ').split(' ').map(Number);
      assert.deepEqual(await values(file), written);
      // gdallocationinfo prints 15 significant digits: the same numbers to that precision.
      const theirs = gdalPixels(file, everyPixel, 1).map((v) => v[0] as number);
      written.forEach((w, i) => assert.ok(Math.abs(w - (theirs[i] as number)) <= Math.abs(w) * 1e-14, `${w}`));
    });
  }
});
