// The basemap files esbuild.mjs writes into dist/basemap/ (run `npm run build` first): the water
// files hold Natural Earth's lakes and rivers and nothing else, the place files hold GeoNames'
// towns where the map looks for them, each is small, and the host's path rule lets every one of
// them through and nothing outside the folder.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { BASEMAP_FILE } from '../../../../../src/ui/webview/common/protocol';

const root = path.resolve(__dirname, '..', '..', '..', '..', '..', '..');
const basemap = path.join(root, 'dist', 'basemap');
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(basemap, file), 'utf8'));
const kb = (file: string) => statSync(path.join(basemap, file)).size / 1024;

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  objects: Record<string, { geometries: { type: string; arcs: unknown }[] }>;
  arcs: [number, number][][];
}
type Place = [string, number, number, number];

/** The rings of a lake as lon/lat points (arcs decoded from the quantized, delta-encoded form). */
function lakeRings(topology: Topology): [number, number][][][] {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): [number, number] => [tx + (x += dx) * sx, ty + (y += dy) * sy]);
  });
  const ring = (indices: number[]) => indices.flatMap((i) => (i < 0 ? [...arcs[~i]].reverse() : arcs[i]));
  return topology.objects.lakes.geometries.flatMap((g) => {
    const polygons = (g.type === 'Polygon' ? [g.arcs] : g.arcs) as number[][][];
    return polygons.map((rings) => rings.map(ring));
  });
}

function inside([x, y]: [number, number], ring: [number, number][]): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

const places = (file: string) => (read(file) as { places: Place[] }).places;
const near = (list: Place[], name: string, lon: number, lat: number) =>
  list.find((p) => p[0] === name && Math.abs(p[1] - lon) < 0.05 && Math.abs(p[2] - lat) < 0.05);

describe('the basemap files in dist/basemap/', () => {
  it('water-110m.json and water-50m.json hold only lakes and rivers, small', () => {
    for (const [file, maxKb, lakes, rivers] of [
      ['water-110m.json', 30, 25, 13],
      ['water-50m.json', 400, 275, 461],
    ] as const) {
      const topology = read(file) as Topology;
      assert.deepEqual(Object.keys(topology.objects), ['lakes', 'rivers'], file);
      assert.equal(topology.objects.lakes.geometries.length, lakes, `${file}: lakes`);
      assert.equal(topology.objects.rivers.geometries.length, rivers, `${file}: rivers`);
      assert.ok(kb(file) < maxKb, `${file} is ${kb(file).toFixed(0)} KB`);
    }
  });

  it('the 1:50m lakes include Lake Victoria and Vänern, and no lake covers Aarhus', () => {
    const rings = lakeRings(read('water-50m.json') as Topology);
    const inLake = (point: [number, number]) =>
      rings.some(([outer, ...holes]) => inside(point, outer) && !holes.some((hole) => inside(point, hole)));
    assert.ok(inLake([33.0, -1.0]), 'Lake Victoria (33° E, 1° S) is not in a lake');
    assert.ok(inLake([13.3, 58.9]), 'Vänern (13.3° E, 58.9° N) is not in a lake');
    assert.equal(inLake([10.2, 56.16]), false);
  });

  it('places/world.json holds the large places, Copenhagen and Århus among them, largest first', () => {
    const world = places('places/world.json');
    assert.ok(kb('places/world.json') < 250, `world.json is ${kb('places/world.json').toFixed(0)} KB`);
    assert.ok(world.length > 4000 && world.length < 5000, `${world.length} places`);
    assert.ok(
      world.every((p) => p[3] >= 100_000),
      'a place under 100,000 in the world file',
    );
    assert.ok(
      world.every((p, i) => i === 0 || world[i - 1][3] >= p[3]),
      'not largest first',
    );
    assert.ok(near(world, 'Copenhagen', 12.57, 55.68), 'no Copenhagen at 12.57° E 55.68° N');
    // GeoNames spells Aarhus Århus; its 237,551 people put it in the world file, not a cell.
    assert.ok(near(world, 'Århus', 10.21, 56.16), 'no Århus at 10.21° E 56.16° N');
  });

  it('the smaller places near Aarhus are in the one cell the map reads there, 19_14 (10–20° E, 50–60° N)', () => {
    const index = read('places/index.json') as { cellDegrees: number; cells: string[] };
    assert.equal(index.cellDegrees, 10);
    assert.ok(index.cells.includes('19_14'));
    const cell = places('places/19_14.json');
    assert.ok(kb('places/19_14.json') < 200, `19_14.json is ${kb('places/19_14.json').toFixed(0)} KB`);
    for (const [name, lon, lat] of [
      ['Lystrup', 10.24, 56.24],
      ['Malling', 10.2, 56.04],
      ['Odder', 10.15, 55.97],
    ] as const) {
      assert.ok(near(cell, name, lon, lat), `no ${name} in 19_14`);
    }
    assert.ok(
      cell.every((p) => p[1] >= 10 && p[1] < 20 && p[2] >= 50 && p[2] < 60),
      'a place outside the cell',
    );
    assert.ok(
      cell.every((p) => p[3] >= 1_000 && p[3] < 100_000),
      'a place the cell should not hold',
    );
    // Every cell file is listed, and every listed cell exists.
    const files = readdirSync(path.join(basemap, 'places'))
      .filter((f) => /^\d+_\d+\.json$/.test(f))
      .map((f) => f.replace('.json', ''));
    assert.deepEqual(files.sort(), [...index.cells].sort());
  });

  it('the host reads every file written there, and nothing outside the folder', () => {
    const all: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else all.push(`${prefix}${entry.name}`);
      }
    };
    walk(basemap, '');
    assert.ok(all.length > 500, `${all.length} files`);
    assert.deepEqual(
      all.filter((f) => !BASEMAP_FILE.test(f)),
      [],
    );
    for (const outside of [
      '../extension.js',
      'places/../../package.json',
      'places/world.json/..',
      '/etc/passwd',
      'water-10m.json',
    ])
      assert.equal(BASEMAP_FILE.test(outside), false, outside);
  });
});
