// The simulator's images as GDAL reads them: size, bands, type, nodata, EPSG and corners match
// the request; pixels show vegetation, water and clouds, and change with the date.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { buildGeoTiff, gridOf } from '../../simulator/geotiff-image';
import type { GeoTiffSpec } from '../../simulator/geotiff-image';
import { AARHUS_FIELD, call, compositeBody, discoveredDates } from '../../simulator/test-helpers';
import { epsgOf, gdalinfo, gdalPixel } from '../fixtures/gdal';

const FIELD = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const base: GeoTiffSpec = {
  bbox: FIELD,
  epsg: 4326,
  resolution: 10,
  bands: ['B4', 'B3', 'B2'],
  dataType: 'int16',
  date: '2025-06-20',
  seed: 1,
};

describe('simulator: GeoTIFFs read by GDAL', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'sim-gdal-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, spec: GeoTiffSpec): string => {
    const file = join(dir, name);
    writeFileSync(file, buildGeoTiff(spec));
    return file;
  };

  it('EPSG:4326: the size, the bands, INT16 with nodata -32768, and the corners of the area', () => {
    const info = gdalinfo(write('geo.tif', base));
    const grid = gridOf(base);
    assert.deepEqual(info.size, [grid.width, grid.height]);
    assert.ok(
      Math.abs(grid.width - 311) <= 1 && Math.abs(grid.height - 332) <= 1,
      `${grid.width} × ${grid.height} at 10 m`,
    );
    assert.equal(epsgOf(info), 4326);
    assert.deepEqual(
      info.bands.map((b) => [b.type, b.noDataValue, b.description]),
      [
        ['Int16', -32768, 'B4'],
        ['Int16', -32768, 'B3'],
        ['Int16', -32768, 'B2'],
      ],
    );
    const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] as number)) < 1e-9);
    assert.ok(close(info.cornerCoordinates.upperLeft, [10.1, 56.08]), String(info.cornerCoordinates.upperLeft));
    assert.ok(close(info.cornerCoordinates.lowerRight, [10.15, 56.05]), String(info.cornerCoordinates.lowerRight));
    assert.equal(info.metadata.IMAGE_STRUCTURE?.COMPRESSION, 'DEFLATE');
    assert.equal(info.metadata.IMAGE_STRUCTURE?.PREDICTOR, '2');
  });

  for (const [epsg, expected] of [
    [32632, 32632],
    [47000, 32632],
    [32633, 32633],
  ] as const) {
    it(`UTM ${epsg}: EPSG ${expected}, pixels of exactly the resolution, corners covering the area (checked by PROJ)`, () => {
      const spec = {
        ...base,
        epsg,
        resolution: 20,
        bands: ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B8A', 'B11', 'B12', 'B1', 'B9'],
        dataType: 'uint8' as const,
      };
      const info = gdalinfo(write(`utm-${epsg}.tif`, spec));
      assert.equal(epsgOf(info), expected);
      assert.equal(info.bands.length, 12);
      assert.ok(info.bands.every((b) => b.type === 'Byte' && b.noDataValue === 0));
      assert.deepEqual([info.geoTransform[1], info.geoTransform[5]], [20, -20]);
      assert.equal((info.geoTransform[0] as number) % 20, 0, 'on the 20 m grid');
      const ring = info.wgs84Extent?.coordinates[0] as [number, number][];
      const lons = ring.map((p) => p[0]);
      const lats = ring.map((p) => p[1]);
      const slack = 0.0006; // one 20 m pixel in degrees, and a little
      assert.ok(Math.min(...lons) <= FIELD.west && Math.max(...lons) >= FIELD.east, `lons ${lons.join(',')}`);
      assert.ok(Math.min(...lats) <= FIELD.south && Math.max(...lats) >= FIELD.north, `lats ${lats.join(',')}`);
      if (expected === 32632) {
        // In its own zone the grid hugs the area: no more than a pixel or two beyond the box.
        assert.ok(
          Math.max(...lats) - FIELD.north < slack && FIELD.south - Math.min(...lats) < slack,
          `lats ${lats.join(',')}`,
        );
      }
    });
  }

  it('index bands are INT16 value × 32767; tiled 256 when large', () => {
    const large = gdalinfo(
      write('large.tif', { ...base, bbox: { west: 10, south: 56, east: 10.12, north: 56.1 }, bands: ['B8'] }),
    );
    assert.deepEqual([Math.max(...large.size) > 512, large.bands[0]?.block], [true, [256, 256]]);
    const spec = { ...base, bands: ['[B8_B4]', 'B8', 'B4'], date: '2025-06-01' };
    const file = write('index.tif', spec);
    const info = gdalinfo(file, true);
    assert.equal(info.bands[0]?.description, '[B8_B4]');
    const [ndvi, nir, red] = info.bands.map((b) => b.mean as number);
    assert.ok((nir as number) > (red as number), `NIR ${nir} above red ${red}: vegetation in June`);
    assert.ok(
      (ndvi as number) > 0.2 * 32767 && (info.bands[0]?.maximum as number) <= 32767,
      `mean NDVI ${(ndvi as number) / 32767}`,
    );
    // The index band is the normalised difference of the two others at any pixel.
    for (const [x, y] of [
      [10, 10],
      [200, 300],
      [300, 100],
    ] as const) {
      const [i, b8, b4] = gdalPixel(file, x, y) as [number, number, number];
      if (b8 === -32768) continue; // under a cloud
      assert.ok(Math.abs(i / 32767 - (b8 - b4) / (b8 + b4)) < 0.01, `pixel ${x},${y}: ${i} vs ${b8},${b4}`);
    }
  });

  it('clouds are nodata on cloudy dates, none on clear ones, and the fields change through the year', () => {
    const dates = [
      '2025-03-05',
      '2025-04-12',
      '2025-05-20',
      '2025-06-18',
      '2025-07-27',
      '2025-08-30',
      '2025-09-14',
      '2025-10-02',
    ];
    const valid = dates.map((date) =>
      Number(
        gdalinfo(
          write(`d-${date}.tif`, {
            ...base,
            resolution: 40,
            date,
            bbox: { west: 10, south: 56, east: 10.3, north: 56.2 },
          }),
          true,
        ).bands[0]?.metadata?.['']?.STATISTICS_VALID_PERCENT,
      ),
    );
    assert.ok(
      valid.some((v) => v === 100),
      `some clear dates: ${valid.join(', ')}`,
    );
    assert.ok(
      valid.some((v) => v < 95 && v > 20),
      `some cloudy dates: ${valid.join(', ')}`,
    );
    const ndvi = ['2025-03-05', '2025-06-18', '2025-09-14'].map((date) => {
      const [nir, red] = gdalinfo(
        write(`n-${date}.tif`, { ...base, resolution: 40, date, bands: ['B8', 'B4'] }),
        true,
      ).bands.map((b) => b.mean as number) as [number, number];
      return (nir - red) / (nir + red);
    }) as [number, number, number];
    assert.ok(
      ndvi[1] > ndvi[0] + 0.1 && ndvi[1] > ndvi[2] + 0.1,
      `NDVI of the means ${ndvi.join(', ')}: greener in June`,
    );
  });

  it('over HTTP: the composite request decides EPSG (47000 → the zone), bands and data type', async () => {
    const sim: Simulator = await startSimulator({ clock: () => Date.UTC(2025, 5, 15, 12), demoData: true });
    try {
      const dates = await discoveredDates(sim, AARHUS_FIELD, '2025-05-01', '2025-06-15');
      const date = dates.at(-1) as string;
      const r = await call(
        sim,
        'POST',
        '/api/satelliteimages/process/composite',
        compositeBody(date, { EpsgProjection: 47000, Bandnames: 'B8,B4,[B8_B4]', DataType: 'uint8', Resolution: 20 }),
      );
      assert.equal(r.status, 200);
      const file = join(dir, 'http.tif');
      writeFileSync(file, r.bytes);
      const info = gdalinfo(file);
      assert.equal(epsgOf(info), 32632);
      assert.deepEqual(
        info.bands.map((b) => [b.description, b.type, b.noDataValue]),
        [
          ['B8', 'Byte', 0],
          ['B4', 'Byte', 0],
          ['[B8_B4]', 'Byte', 0],
        ],
      );
      assert.equal(info.metadata['']?.ACQUISITION_DATE, date);
    } finally {
      await sim.close();
    }
  });
});
