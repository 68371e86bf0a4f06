// The demo's towns and roads (test/simulator/demo-landscape.ts) as GDAL reads their pixels. A town
// is built ground (asphalt and roofs, 30 to 85 % of a pixel, by blocks of about 60 m) among gardens
// (60 % green vegetation over bare soil, no straw); a road 14 m wide makes a 10 m pixel on it 90 %
// built, over whatever ground it crosses; a cloud over either is nodata in every band. The places
// are the offline basemap's: Tranbjerg (7,307 people, so a town some 490 m in radius) and the road
// from it to Mårslet, its nearest town, 3.5 km south-east. The values are worked from the scene's
// spectra (scene.ts SPECTRA), which the landscape mixes; one pixel's grain scales all its bands
// alike, by 0.94 to 1.06.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDemoBasemap } from '../../simulator/demo-basemap';
import { buildGeoTiff } from '../../simulator/geotiff-image';
import type { GeoTiffSpec } from '../../simulator/geotiff-image';
import { SPECTRA } from '../../simulator/scene';
import { gdalinfo, gdalPixel, gdalPixels } from '../fixtures/gdal';

const BANDS = ['B2', 'B3', 'B4', 'B8', 'B11', 'B12'];
/** A clear date over these places (seed 1), and one whose clouds cover all three of them. */
const CLEAR = '2026-06-02';
const CLOUDY = '2026-06-22';
/** Metres per degree near 56.1° N, as the landscape measures its towns and roads. */
const KX = 111_320 * Math.cos((56.1 * Math.PI) / 180);
const KY = 110_574;

const member = (band: string, index: number) => (SPECTRA[band] as number[])[index] as number;
const [SOIL, GREEN, DRY, BUILT] = [0, 1, 3, 4];
/** A town's open ground: 60 % green vegetation, 40 % soil of brightness 1. */
const garden = (band: string) => 0.6 * member(band, GREEN) + 0.4 * member(band, SOIL);
/** A pixel `built` built over `open`, before its grain. */
const mixed = (band: string, built: number, open: number) => built * member(band, BUILT) + (1 - built) * open;

function town(name: string): [number, number] {
  const found = loadDemoBasemap()?.towns.find(([n]) => n === name);
  assert.ok(found, `${name} is a town of the basemap (run the build: dist/basemap)`);
  return [found[1], found[2]];
}

describe('simulator: the demo landscape’s towns and roads', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'sim-demo-towns-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const tranbjerg = town('Tranbjerg');
  const maarslet = town('Mårslet');
  /** From Tranbjerg towards Mårslet, in metres east and north, and its length. */
  const road = [(maarslet[0] - tranbjerg[0]) * KX, (maarslet[1] - tranbjerg[1]) * KY];
  const length = Math.hypot(road[0]!, road[1]!);
  const fromTranbjerg = (east: number, north: number): [number, number] => [
    tranbjerg[0] + east / KX,
    tranbjerg[1] + north / KY,
  ];
  const alongRoad = (metres: number) => fromTranbjerg((road[0]! * metres) / length, (road[1]! * metres) / length);
  /** Beside the road: `metres` to its right. */
  const besideRoad = (along: number, metres: number) =>
    fromTranbjerg((road[0]! * along + road[1]! * metres) / length, (road[1]! * along - road[0]! * metres) / length);

  function writeImage(name: string, spec: Pick<GeoTiffSpec, 'bbox' | 'date'>): string {
    const file = join(dir, name);
    const image = { epsg: 4326, resolution: 10, bands: BANDS, dataType: 'int16' as const, seed: 1, demo: true };
    writeFileSync(file, buildGeoTiff({ ...image, ...spec }));
    return file;
  }

  /** The reflectances of the 10 m pixel centred on the place, band by band. */
  function pixel(name: string, [lon, lat]: [number, number]): number[] {
    const [dx, dy] = [15 / KX, 15 / KY];
    const bbox = { west: lon - dx, east: lon + dx, south: lat - dy, north: lat + dy };
    const file = writeImage(`${name}.tif`, { bbox, date: CLEAR });
    return gdalPixel(file, 1, 1).map((v) => v / 10_000);
  }

  /** The pixel is `expected` scaled by one grain, 0.94 to 1.06, in every band. */
  function assertScaled(values: number[], expected: number[], what: string): void {
    const grain = (values[2] as number) / (expected[2] as number);
    assert.ok(grain >= 0.94 && grain <= 1.06, `${what}: grain ${grain}`);
    values.forEach((v, b) =>
      assert.ok(
        Math.abs(v - grain * (expected[b] as number)) < 2e-4,
        `${what}: ${BANDS[b]} ${v}, expected ${grain * (expected[b] as number)} (${values.join(', ')})`,
      ),
    );
  }

  it('the road through Tranbjerg, 100 m from its centre: 90 % built over its gardens', () => {
    const values = pixel('road-in-town', alongRoad(100));
    assertScaled(
      values,
      BANDS.map((band) => mixed(band, 0.9, garden(band))),
      'road in town',
    );
  });

  it('Tranbjerg 250 m east of its centre, 200 m from its roads: 30 to 85 % built among gardens', () => {
    const values = pixel('town', fromTranbjerg(250, 0));
    // The built share from B8 / B4 = (b·built8 + (1 - b)·garden8) / (b·built4 + (1 - b)·garden4).
    const ratio = (values[3] as number) / (values[2] as number);
    const [built8, built4] = [member('B8', BUILT), member('B4', BUILT)];
    const [garden8, garden4] = [garden('B8'), garden('B4')];
    const b = (garden8 - ratio * garden4) / (ratio * (built4 - garden4) - built8 + garden8);
    assert.ok(b >= 0.3 && b <= 0.85, `built share ${b} (B8 / B4 ${ratio})`);
    assertScaled(
      values,
      BANDS.map((band) => mixed(band, b, garden(band))),
      `town, ${Math.round(b * 100)} % built`,
    );
  });

  it('the road halfway to Mårslet, among fields: 90 % built over their ground; 100 m beside it, not', () => {
    // The ground under it is one of the scene's members or a mix of them: green vegetation, straw,
    // soil of brightness 0.51 to 1.19. Each band lies between the mixes with the darkest and the
    // brightest of them, grain included.
    const bounds = (band: string): [number, number] => {
      const open = [GREEN, DRY].map((m) => member(band, m));
      open.push(member(band, SOIL) * 0.51, member(band, SOIL) * 1.19);
      return [0.94 * mixed(band, 0.9, Math.min(...open)), 1.06 * mixed(band, 0.9, Math.max(...open))];
    };
    const within = (values: number[]) =>
      values.map((v, b) => {
        const [low, high] = bounds(BANDS[b] as string);
        return v >= low && v <= high;
      });
    const half = length / 2;
    const onRoad = pixel('road', alongRoad(half));
    assert.deepEqual(
      within(onRoad),
      BANDS.map(() => true),
      `on the road: ${onRoad.join(', ')}`,
    );
    const beside = pixel('beside-road', besideRoad(half, 100));
    assert.ok(within(beside).includes(false), `beside the road: ${beside.join(', ')}`);
  });

  it('a cloud over the town and the road is nodata in every band; the same share of each band', () => {
    const places = [fromTranbjerg(250, 0), alongRoad(100), alongRoad(length / 2)];
    const bbox = { west: 10.13, east: 10.155, south: 56.078, north: 56.097 };
    const file = writeImage('cloudy.tif', { bbox, date: CLOUDY });
    const values = gdalPixels(file, places, BANDS.length, true);
    assert.deepEqual(
      values,
      places.map(() => BANDS.map(() => -32768)),
    );
    const valid = gdalinfo(file, true).bands.map((band) => Number(band.metadata?.['']?.STATISTICS_VALID_PERCENT));
    assert.ok((valid[0] as number) > 10 && (valid[0] as number) < 90, `partly clear: ${valid.join(', ')} % valid`);
    assert.deepEqual(
      valid,
      BANDS.map(() => valid[0]),
    );
  });
});
