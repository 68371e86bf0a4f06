// The demo's images (the simulator with demo data, as `npm start` runs it) as GDAL reads them: the
// demo workspace's fields are near-uniform and their NDVI follows the scripted season's curve by
// date, Aarhus Bay (from the basemap's coastline) has NDVI below 0, clouds are nodata in every
// band, and a simulator with the demo data answers these images over HTTP.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../simulator';
import { buildGeoTiff } from '../../simulator/geotiff-image';
import type { GeoTiffSpec } from '../../simulator/geotiff-image';
import { demoFieldNdvi } from '../../simulator/demo-landscape';
import { call, compositeBody, pinnedClock } from '../../simulator/test-helpers';
import { gdalinfo } from '../fixtures/gdal';

interface FieldFile {
  features: { properties: { name: string }; geometry: { coordinates: [number, number][][] } }[];
}
const FIELDS = (JSON.parse(readFileSync('scripts/demo-workspace/fields.geojson', 'utf8')) as FieldFile).features;

/** A box well inside a field's ring (its corners' inner extremes, less about 50 m). */
function innerBox(ring: [number, number][]): GeoTiffSpec['bbox'] {
  const lons = ring.map((p) => p[0]).sort((a, b) => a - b);
  const lats = ring.map((p) => p[1]).sort((a, b) => a - b);
  const inset = 0.0008;
  return {
    west: (lons[1] as number) + inset,
    east: (lons.at(-2) as number) - inset,
    south: (lats[1] as number) + inset / 2,
    north: (lats.at(-2) as number) - inset / 2,
  };
}

// Clear dates over the whole demo area (scene.ts draws no cloud on them, seed 1); 2026-06-03 is cloudy.
const JUNE = '2026-06-02';
const SEPTEMBER = '2026-09-08';
const CLOUDY = '2026-06-03';

describe('simulator: the demo landscape', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'sim-demo-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const stats = (
    name: string,
    spec: Pick<GeoTiffSpec, 'bbox' | 'date' | 'bands' | 'dataType'> & { resolution?: number },
  ) => {
    const file = join(dir, name);
    writeFileSync(file, buildGeoTiff({ epsg: 4326, resolution: 10, seed: 1, demo: true, ...spec }));
    return gdalinfo(file, true).bands.map((b) => ({
      mean: b.mean as number,
      max: b.maximum as number,
      std: Number(b.metadata?.['']?.STATISTICS_STDDEV),
      valid: Number(b.metadata?.['']?.STATISTICS_VALID_PERCENT),
    }));
  };

  it('the fields are near-uniform and their NDVI follows the season curve on two dates', () => {
    assert.equal(FIELDS.length, 3);
    for (const [i, field] of FIELDS.entries()) {
      const bbox = innerBox(field.geometry.coordinates[0] as [number, number][]);
      const ndvi = [JUNE, SEPTEMBER].map((date) => {
        const [index, nir, red] = stats(`f${i}-${date}.tif`, {
          bbox,
          date,
          bands: ['[B8_B4]', 'B8', 'B4'],
          dataType: 'int16',
        });
        const name = `${field.properties.name} on ${date}`;
        assert.equal(index?.valid, 100, `${name}: clear`);
        // Only the scene's 6 % grain varies inside a field: no parcel edge, track or other crop.
        assert.ok((nir?.std as number) / (nir?.mean as number) < 0.05, `${name}: B8 ${nir?.mean} ± ${nir?.std}`);
        const fromBands =
          ((nir?.mean as number) - (red?.mean as number)) / ((nir?.mean as number) + (red?.mean as number));
        const curve = demoFieldNdvi(i, date);
        assert.ok(Math.abs(fromBands - curve) < 0.01, `${name}: NDVI from B8 and B4 ${fromBands}, the curve ${curve}`);
        assert.ok(Math.abs((index?.mean as number) / 32767 - curve) < 0.01, `${name}: index band ${index?.mean}`);
        return fromBands;
      }) as [number, number];
      assert.ok(ndvi[0] > ndvi[1] + 0.2, `${field.properties.name}: greener in June (${ndvi.join(', ')})`);
    }
  });

  it('Aarhus Bay is water: NDVI below 0 and NIR below red', () => {
    const bbox = { west: 10.28, south: 56.05, east: 10.3, north: 56.07 };
    const [index, nir, red] = stats('bay.tif', { bbox, date: JUNE, bands: ['[B8_B4]', 'B8', 'B4'], dataType: 'int16' });
    assert.equal(index?.valid, 100);
    assert.ok((index?.max as number) < 0, `max NDVI ${(index?.max as number) / 32767}`);
    assert.ok((nir?.mean as number) < (red?.mean as number), `B8 ${nir?.mean}, B4 ${red?.mean}`);
  });

  for (const dataType of ['int16', 'uint8'] as const) {
    it(`${dataType}: clouds are nodata in every band, the same pixels in each`, () => {
      const bands = ['B2', 'B3', 'B4', 'B8', 'B11', 'B12', '[B8_B4]'];
      const bbox = { west: 10, south: 56, east: 10.3, north: 56.2 };
      const valid = stats(`cloud-${dataType}.tif`, { bbox, date: CLOUDY, bands, dataType, resolution: 60 }).map(
        (b) => b.valid,
      );
      assert.ok((valid[0] as number) > 20 && (valid[0] as number) < 95, `a cloudy date: ${valid.join(', ')} % valid`);
      assert.deepEqual(valid, new Array<number>(bands.length).fill(valid[0]));
    });
  }

  it('a simulator with the demo data answers the demo landscape over HTTP', async () => {
    const sim = await startSimulator({
      clock: pinnedClock('2026-06-20T12:00:00Z'),
      demoData: true,
      imageryEveryDay: true,
    });
    try {
      const r = await call(
        sim,
        'POST',
        '/api/satelliteimages/process/composite',
        compositeBody(JUNE, { Bandnames: 'B8,B4' }),
      );
      assert.equal(r.status, 200, r.bytes.toString('utf8', 0, 300));
      const spec: GeoTiffSpec = {
        bbox: { west: 10.1, south: 56.05, east: 10.15, north: 56.08 },
        epsg: 4326,
        resolution: 10,
        bands: ['B8', 'B4'],
        dataType: 'int16',
        date: JUNE,
        seed: 1,
      };
      assert.ok(r.bytes.equals(buildGeoTiff({ ...spec, demo: true })), 'the demo landscape');
      assert.ok(!r.bytes.equals(buildGeoTiff(spec)), 'not the plain scene');
    } finally {
      await sim.close();
    }
  });
});
