// The viewer's host side in plain Node: what an image session sends the page (metadata rows, the
// sidecar's area in pixels, views as typed arrays the protocol accepts, stretches edited in
// values), and pixel readings equal to gdallocationinfo's.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImageSession } from '../../../../../src/ui/webview/viewer/image-session';
import { viewerHostSchema } from '../../../../../src/ui/webview/viewer/protocol';
import { stacItem } from '../../../../../src/workflows/stac/stac-item';
import { buildGeoTiff } from '../../../../simulator/geotiff-image';
import { gdalPixels } from '../../../fixtures/gdal';

const FIELD = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const BANDS = ['B4', 'B3', 'B2', 'B8', '[B8_B4]'];

describe('image viewer session', function () {
  this.timeout(60_000);
  let dir: string;
  let file: string;
  let session: ImageSession;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'viewer-session-'));
    file = join(dir, 'scene.tif');
    writeFileSync(
      file,
      buildGeoTiff({
        bbox: FIELD,
        epsg: 32632,
        resolution: 10,
        bands: BANDS,
        dataType: 'int16',
        date: '2025-06-20',
        seed: 5,
      }),
    );
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [10.11, 56.06],
          [10.14, 56.06],
          [10.14, 56.07],
          [10.11, 56.07],
          [10.11, 56.06],
        ],
      ],
    };
    writeFileSync(
      join(dir, 'scene.json'),
      JSON.stringify(
        stacItem({
          imageFileName: 'scene.tif',
          geometry,
          bbox: [10.11, 56.06, 10.14, 56.07],
          date: '2025-06-20',
          epsg: 32632,
          bands: BANDS,
          model: 'Stratus3',
          constellations: ['Sentinel2'],
          resolution: 10,
          request: { Model: 'Stratus3' },
        }),
      ),
    );
    session = await ImageSession.open(file);
  });
  after(async () => {
    await session?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('describes the image and places the sidecar area inside it, in pixels', () => {
    const show = session.show;
    assert.ok(viewerHostSchema.safeParse(show).success);
    assert.deepEqual(
      show.presets.map((p) => p.id),
      ['true-colour', 'false-colour', 'band-0', 'band-1', 'band-2', 'band-3', 'band-4'],
    );
    assert.equal(show.presets.find((p) => p.id === 'band-4')?.ramp, 'index');
    assert.equal(show.facts.find((f) => f.id === 'meta-epsg')?.value, 'EPSG:32632');
    assert.match(show.requestText ?? '', /"Model": "Stratus3"/);
    const ring = show.aoi?.[0];
    assert.ok(ring && ring.length === 5);
    for (const [c, r] of ring)
      assert.ok(c > 0 && c < show.width && r > 0 && r < show.height, `${c},${r} outside the image`);
  });

  it('gives the locator map the image outline and the sidecar area in lon/lat', () => {
    const locator = session.show.locator;
    assert.ok(locator, 'a georeferenced image has a locator');
    const lons = locator.footprint.map((p) => p[0]);
    const lats = locator.footprint.map((p) => p[1]);
    // The image is the UTM 32N box around FIELD: its outline holds FIELD and exceeds it by less
    // than 0.002° (about 100 m) on every side.
    const within = (outer: number, inner: number, sign: 1 | -1) =>
      sign * (inner - outer) >= 0 && Math.abs(inner - outer) < 0.002;
    assert.ok(
      within(Math.min(...lons), FIELD.west, 1) && within(Math.max(...lons), FIELD.east, -1),
      `lon ${Math.min(...lons)}..${Math.max(...lons)}`,
    );
    assert.ok(
      within(Math.min(...lats), FIELD.south, 1) && within(Math.max(...lats), FIELD.north, -1),
      `lat ${Math.min(...lats)}..${Math.max(...lats)}`,
    );
    assert.deepEqual(locator.footprint[0], locator.footprint[locator.footprint.length - 1], 'a closed ring');
    assert.deepEqual(locator.aoi, [
      [
        [10.11, 56.06],
        [10.14, 56.06],
        [10.14, 56.07],
        [10.11, 56.07],
        [10.11, 56.06],
      ],
    ]);
  });

  it('sends views as typed arrays that the protocol accepts, and refuses JSON arrays of numbers', async () => {
    const view = await session.render(
      { presetId: 'true-colour', window: [0, 0, session.metadata.width, session.metadata.height], targetWidth: 100 },
      'r1',
    );
    assert.ok(view.rgba instanceof Uint8ClampedArray);
    assert.equal(view.rgba.length, view.width * view.height * 4);
    assert.equal(view.width, 100);
    assert.ok(view.channels.every((c) => c.histogram instanceof Uint32Array && c.kind === 'reflectance'));
    assert.ok(viewerHostSchema.safeParse(view).success);
    assert.equal(viewerHostSchema.safeParse({ ...view, rgba: Array.from(view.rgba) }).success, false);
  });

  it('applies min/max given in values (index values here) to the stored numbers', async () => {
    const window: [number, number, number, number] = [0, 0, session.metadata.width, session.metadata.height];
    const view = await session.render(
      { presetId: 'band-4', window, targetWidth: 64, stretch: [{ low: -0.2, high: 0.6 }] },
      'r2',
    );
    assert.ok(view.legend instanceof Uint8ClampedArray && view.legend.length === 256 * 4);
    const [channel] = view.channels;
    assert.equal(channel?.kind, 'index');
    assert.ok(Math.abs((channel?.low as number) + 0.2) < 1e-9 && Math.abs((channel?.high as number) - 0.6) < 1e-9);
  });

  it('reads pixels as gdallocationinfo does, with their projected coordinates', async () => {
    const { width, height } = session.metadata;
    const places: [number, number][] = [
      [0, 0],
      [width - 1, height - 1],
      [Math.floor(width / 2), Math.floor(height / 3)],
    ];
    const theirs = gdalPixels(file, places, BANDS.length);
    for (const [i, [c, r]] of places.entries()) {
      const pixel = await session.inspect(c, r, `p${i}`);
      assert.ok(viewerHostSchema.safeParse(pixel).success);
      assert.deepEqual(
        pixel.bands.map((b) => b.raw ?? -32768),
        theirs[i],
      );
      assert.equal(pixel.x, session.metadata.origin[0] + (c + 0.5) * 10);
      assert.equal(pixel.y, session.metadata.origin[1] - (r + 0.5) * 10);
    }
    const outside = await session.inspect(width + 5, 0, 'p9');
    assert.equal(outside.inside, false);
  });
});
