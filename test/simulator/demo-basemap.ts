// What the demo's landscape is drawn from, read once from the repository: the demo workspace's
// fields (scripts/demo-workspace/fields.geojson, the file a newcomer opens), and the offline
// basemap the map draws (dist/basemap, built by esbuild.mjs): the 1:10m coastline, which puts
// Aarhus Bay east of the demo area, and GeoNames' towns, which become grey built-up patches joined
// by roads (the basemap holds no roads; a road runs from each town to its two nearest ones).
// The simulator runs from a bundle in a temporary folder (scripts/simulator.mjs) as well as from
// out/, so the repository is found from the working folder, or from this file's own folder.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Bbox } from './geometry';

/** The demo area with a margin: the part of the world whose images show the demo's landscape. */
export const DEMO_REGION: Bbox = { west: 9.95, south: 55.95, east: 10.35, north: 56.25 };
/** The 10° basemap cell (basemap-cells.mjs) that holds the demo region. */
const CELL = '19_14';
/** Far enough inland (Jutland) that a line east from it meets the coast an even number of times on land. */
const INLAND_LON = 9.5;

export interface DemoBasemap {
  /** Each field's outer ring, [lon, lat] points. */
  fields: [number, number][][];
  /** The coastline as lines of [lon, lat] points. */
  coast: [number, number][][];
  /** Towns in or near the region: [name, lon, lat, population]. */
  towns: [string, number, number, number][];
}

function findRoot(): string | undefined {
  for (const start of [process.cwd(), __dirname]) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'scripts', 'demo-workspace', 'fields.geojson'))) return dir;
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;

interface CellFile {
  transform: [number, number, number, number];
  coast: number[][];
}

/** A delta-encoded line of the cell file, as lon/lat points. */
function decodeLine(encoded: number[], [sx, sy, tx, ty]: CellFile['transform']): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    x += encoded[i] as number;
    y += encoded[i + 1] as number;
    points.push([tx + x * sx, ty + y * sy]);
  }
  return points;
}

function near(lon: number, lat: number): boolean {
  return (
    lon > DEMO_REGION.west - 0.1 &&
    lon < DEMO_REGION.east + 0.1 &&
    lat > DEMO_REGION.south - 0.1 &&
    lat < DEMO_REGION.north + 0.1
  );
}

function townsOf(file: string): [string, number, number, number][] {
  if (!existsSync(file)) return [];
  const rows = (readJson(file) as { places: [string, number, number, number][] }).places;
  return rows.filter(([, lon, lat]) => near(lon, lat));
}

/** The demo's fields and basemap, or undefined when the repository's files cannot be found. */
export function loadDemoBasemap(): DemoBasemap | undefined {
  const root = findRoot();
  if (!root) return undefined;
  const geojson = readJson(join(root, 'scripts', 'demo-workspace', 'fields.geojson')) as {
    features: { geometry: { type: string; coordinates: [number, number][][] } }[];
  };
  const fields = geojson.features
    .filter((f) => f.geometry.type === 'Polygon')
    .map((f) => f.geometry.coordinates[0] as [number, number][]);
  const cellFile = join(root, 'dist', 'basemap', '10m', `${CELL}.json`);
  const cell = existsSync(cellFile) ? (readJson(cellFile) as CellFile) : undefined;
  const coast = (cell?.coast ?? []).map((line) => decodeLine(line, cell!.transform));
  const places = join(root, 'dist', 'basemap', 'places');
  const towns = [...townsOf(join(places, 'world.json')), ...townsOf(join(places, `${CELL}.json`))];
  return { fields, coast, towns };
}

/** For rows of latitude `step` apart across the region, the longitudes where the coast crosses
 * each row, sorted: a point is at sea when an odd number of them lie between INLAND_LON and it. */
export function coastCrossings(coast: [number, number][][], step: number): Float64Array[] {
  const rows = Math.ceil((DEMO_REGION.north - DEMO_REGION.south) / step) + 1;
  return Array.from({ length: rows }, (_, r) => {
    const lat = DEMO_REGION.south + (r + 0.5) * step;
    const xs: number[] = [];
    for (const line of coast) {
      for (let i = 1; i < line.length; i++) {
        const [ax, ay] = line[i - 1] as [number, number];
        const [bx, by] = line[i] as [number, number];
        if (ay <= lat === by <= lat) continue;
        const x = ax + ((lat - ay) / (by - ay)) * (bx - ax);
        if (x > INLAND_LON && x < DEMO_REGION.east + 0.5) xs.push(x);
      }
    }
    return Float64Array.from(xs.sort((a, b) => a - b));
  });
}
