// Downloaded images drawn in place: a UTM image's quick-look reprojected onto the map's Web
// Mercator grid puts each ground point on the pixel that shows it (checked point by point against
// the raster core's georeferencing), and a GeoTIFF read through the core gives a quick-look of at
// most 512 pixels over the image's footprint.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '../../../../../src/raster';
import { lonLatToUtm, utmToLonLat } from '../../../../../src/raster/utm';
import { lonLatToMercator, warpToMercator } from '../../../../../src/ui/webview/map/mercator-warp';
import { quickLook } from '../../../../../src/ui/webview/map/quick-looks';
import { buildGeoTiff } from '../../../../simulator/geotiff-image';

const ZONE = { zone: 32, south: false };

/** A 3000 × 2000 pixel image at 10 m in UTM 32N near Aarhus (about 9° E: 1° off the zone's
 * central meridian, so grid north and true north differ by about 0.8°). */
const origin: [number, number] = (() => {
  const [e, n] = lonLatToUtm(10.0, 56.2, ZONE);
  return [Math.round(e), Math.round(n)];
})();
const grid = {
  width: 3000,
  height: 2000,
  toPixel: (lon: number, lat: number): [number, number] => {
    const [e, n] = lonLatToUtm(lon, lat, ZONE);
    return [(e - origin[0]) / 10, (origin[1] - n) / 10];
  },
  toLonLat: (c: number, r: number): [number, number] => utmToLonLat(origin[0] + c * 10, origin[1] - r * 10, ZONE),
};

/** A quick-look whose every pixel says where it is: red = column / 2, green = row / 2 (of 300 × 200). */
function codedView() {
  const width = 300;
  const height = 200;
  const rgba = new Uint8Array(width * height * 4);
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++) rgba.set([c >> 1, r >> 1, 7, 255], (r * width + c) * 4);
  return { width, height, rgba };
}

describe('map quick-looks', () => {
  it('reprojects a UTM image onto Web Mercator: each ground point lands on its own pixel', () => {
    const warped = warpToMercator(codedView(), grid, 512);
    assert.ok(Math.max(warped.width, warped.height) <= 512);
    assert.equal(Math.max(warped.width, warped.height), 300, 'never more pixels than the quick-look has');
    const [minX, minY, maxX, maxY] = warped.extent;
    let checked = 0;
    for (const [c, r] of [
      [150, 100],
      [20, 20],
      [2980, 30],
      [40, 1970],
      [2900, 1900],
      [1500, 1000],
      [777, 1333],
    ] as const) {
      const [lon, lat] = grid.toLonLat(c, r);
      const [x, y] = lonLatToMercator(lon, lat);
      const px = Math.floor(((x - minX) / (maxX - minX)) * warped.width);
      const py = Math.floor(((maxY - y) / (maxY - minY)) * warped.height);
      const at = (py * warped.width + px) * 4;
      // The quick-look pixel of (c, r) is (c / 10, r / 10); its code is half that. One output
      // pixel spans about one quick-look pixel, so allow one code step.
      assert.ok(Math.abs(warped.rgba[at] - Math.floor(c / 10 / 2)) <= 1, `column of (${c}, ${r}): ${warped.rgba[at]}`);
      assert.ok(
        Math.abs(warped.rgba[at + 1] - Math.floor(r / 10 / 2)) <= 1,
        `row of (${c}, ${r}): ${warped.rgba[at + 1]}`,
      );
      assert.equal(warped.rgba[at + 3], 255);
      checked++;
    }
    assert.equal(checked, 7);
    // The image is turned against the map's north: a corner of the extent lies outside it.
    const corners = [0, warped.width - 1, (warped.height - 1) * warped.width, warped.height * warped.width - 1];
    assert.ok(
      corners.some((i) => warped.rgba[i * 4 + 3] === 0),
      'no transparent corner: the image was stretched, not reprojected',
    );
  });

  it('reads a GeoTIFF through the raster core into a quick-look of at most 512 pixels over its footprint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'map-quick-look-'));
    try {
      const path = join(dir, 'composite.tif');
      const bbox = { west: 10.1, south: 56.05, east: 10.2, north: 56.1 };
      writeFileSync(
        path,
        buildGeoTiff({
          bbox,
          epsg: 32632,
          resolution: 10,
          bands: ['B4', 'B3', 'B2'],
          dataType: 'int16',
          date: '2026-06-01',
          seed: 5,
        }),
      );
      const look = await quickLook(core, path);
      assert.ok(look, 'no quick-look');
      assert.ok(
        Math.max(look.width, look.height) <= 512 && Math.min(look.width, look.height) > 100,
        `${look.width} × ${look.height}`,
      );
      const [minX, minY, maxX, maxY] = look.extent;
      const [west, south] = lonLatToMercator(bbox.west, bbox.south);
      const [east, north] = lonLatToMercator(bbox.east, bbox.north);
      // The image covers the requested box (the UTM grid around it reaches a little beyond).
      assert.ok(
        minX <= west + 20 && minY <= south + 20 && maxX >= east - 20 && maxY >= north - 20,
        JSON.stringify(look.extent),
      );
      assert.ok(
        maxX - minX < (east - west) * 1.2 && maxY - minY < (north - south) * 1.2,
        'the extent is far larger than the image',
      );
      const centre = (Math.floor(look.height / 2) * look.width + Math.floor(look.width / 2)) * 4;
      assert.equal(look.rgba[centre + 3], 255, 'the centre of the image is not drawn');
      assert.equal(await quickLook(core, join(dir, 'missing.tif')), undefined);
      writeFileSync(join(dir, 'not.tif'), Buffer.from([0x49, 0x49, 42, 0]));
      assert.equal(await quickLook(core, join(dir, 'not.tif')), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
