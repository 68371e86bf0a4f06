// UTM against PROJ (GDAL's gdaltransform): every zone's points, inside it and a few degrees
// beyond, north and south, to a micrometre and back; and what that precision is for: a field drawn
// on the pixel grid in UTM, carried to longitude/latitude by PROJ and back by the raster core,
// covers exactly its pixels under the all-touched rule (50 µm off, it took a sliver of the next row).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { coverageOf } from '../../../src/stats/coverage';
import { lonLatToUtm, utmToLonLat } from '../../../src/raster/utm';
import type { UtmZone } from '../../../src/raster/utm';

/** PROJ's figures for these points, from `from` to `to`. */
function proj(from: string, to: string, points: [number, number][]): [number, number][] {
  const out = execFileSync('gdaltransform', ['-s_srs', from, '-t_srs', to, '-output_xy'], {
    input: points.map(([x, y]) => `${x.toFixed(12)} ${y.toFixed(12)}`).join('\n') + '\n',
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
}

const epsgOf = ({ zone, south }: UtmZone) => `EPSG:${(south ? 32700 : 32600) + zone}`;

describe('raster core: UTM as PROJ computes it', () => {
  for (const zone of [
    { zone: 32, south: false },
    { zone: 1, south: false },
    { zone: 33, south: true },
    { zone: 60, south: true },
  ]) {
    it(`${epsgOf(zone)}: within a micrometre of PROJ, inside the zone and 3.5° beyond its edges, and back`, () => {
      const central = zone.zone * 6 - 183;
      const lats = zone.south ? [-0.001, -10, -33.3, -56.2, -71.5, -80] : [0.001, 12.5, 45.15, 56.2, 70.9, 84];
      const points = lats.flatMap((lat) =>
        [-6.5, -3, -1.234567, 0, 0.5, 2.9999, 6.5].map((d) => [central + d, lat] as [number, number]),
      );
      const theirs = proj('OGC:CRS84', epsgOf(zone), points);
      points.forEach(([lon, lat], i) => {
        const [e, n] = lonLatToUtm(lon, lat, zone);
        const [pe, pn] = theirs[i] as [number, number];
        assert.ok(Math.abs(e - pe) < 1e-6 && Math.abs(n - pn) < 1e-6, `${lon} ${lat}: ${e} ${n} vs PROJ ${pe} ${pn}`);
        const [backLon, backLat] = utmToLonLat(pe, pn, zone);
        // 1e-11° is about a micrometre.
        assert.ok(
          Math.abs(backLon - lon) < 1e-11 && Math.abs(backLat - lat) < 1e-11,
          `back: ${backLon} ${backLat} vs ${lon} ${lat}`,
        );
      });
    });
  }

  it('a field drawn on the pixel grid in UTM and carried to longitude/latitude by PROJ covers its pixels exactly, all touched', () => {
    const zone = { zone: 32, south: false };
    const origin = [500_000, 6_300_000];
    for (const [col, row] of [
      [40, 48],
      [1003, 2517],
      [4999, 17],
    ] as [number, number][]) {
      const corners: [number, number][] = [
        [col, row],
        [col + 16, row],
        [col + 16, row + 8],
        [col, row + 8],
        [col, row],
      ];
      const utm = corners.map(([c, r]) => [origin[0] + c * 10, origin[1] - r * 10] as [number, number]);
      const lonLat = proj(epsgOf(zone), 'OGC:CRS84', utm);
      const onPixels = lonLat.map(([lon, lat]) => {
        const [e, n] = lonLatToUtm(lon, lat, zone);
        return [(e - origin[0]) / 10, (origin[1] - n) / 10];
      });
      for (const rule of ['all-touched', 'centre', 'exact'] as const) {
        const coverage = coverageOf([[onPixels]], rule);
        assert.ok(
          Math.abs(coverage.total - 128) < 1e-6,
          `${rule} at ${col},${row}: ${coverage.total} pixels, not 16 × 8`,
        );
      }
    }
  });
});
