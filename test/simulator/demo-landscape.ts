// The landscape the demo's images show (the simulator with demo data, as `npm start` runs it),
// drawn over the scene of scene.ts inside DEMO_REGION only, so every other image keeps its pixels:
// parcels of uneven sizes in staggered rows at a slant (the scene's one grid read as a
// checkerboard from afar), Aarhus Bay where the basemap's coastline puts it, towns as grey
// built-up patches with gardens, roads between them, and the demo workspace's fields, whose NDVI
// follows the scripted season's curve (seasonNdvi) by date. Clouds stay the scene's (nodata).
import { coastCrossings, DEMO_REGION, loadDemoBasemap } from './demo-basemap';
import type { DemoBasemap } from './demo-basemap';
import { greenForNdvi, hash, valueNoise } from './scene';
import type { GroundSample, ParcelAt, SceneStyle } from './scene';
import { DEFAULT_SEASON, seasonNdvi } from './season';
import type { SeasonScript } from './season';

const DEG = Math.PI / 180;
/** Metres per degree of longitude and latitude across the region (its middle latitude). */
const KX = 111_320 * Math.cos(56.1 * DEG);
const KY = 110_574;
/** Rows of the coast's crossings, in degrees of latitude (about 11 m). */
const COAST_STEP = 0.0001;
/** The spatial index's cells, in degrees. */
const CELL = 0.01;
const ROAD_HALF_WIDTH_M = 7;
/** How far beyond a feature its index cells reach (metres): a road's share of a coarse pixel. */
const MARGIN_M = 150;
const SLANT = 0.21;

/** Strips about 430 m wide (190–670 m), each cut into parcels of its own length (250–450 m),
 * the whole at a slant: neighbouring strips' boundaries never line up. */
function mosaicParcel(x: number, y: number, seed: number, out: ParcelAt): ParcelAt {
  const u = x * Math.cos(SLANT) + y * Math.sin(SLANT);
  const v = y * Math.cos(SLANT) - x * Math.sin(SLANT);
  const boundary = (k: number) => k * 430 + (hash(k, 0, 31, seed) - 0.5) * 240;
  let k = Math.floor(u / 430);
  if (u < boundary(k)) k--;
  else if (u >= boundary(k + 1)) k++;
  const length = 250 + 200 * hash(k, 1, 37, seed);
  const offset = hash(k, 2, 41, seed) * length;
  const row = Math.floor((v - offset) / length);
  out.px = k;
  out.py = row;
  const start = offset + row * length;
  out.edge = Math.min(u - boundary(k), boundary(k + 1) - u, v - start, start + length - v);
  return out;
}

/** The demo's parcels; its rivers are the basemap's water, not the scene's. */
export const DEMO_STYLE: SceneStyle = { rivers: false, parcel: mosaicParcel };

interface Town {
  x: number;
  y: number;
  radius: number;
}
interface Road {
  ax: number;
  ay: number;
  dx: number;
  dy: number;
  length2: number;
}
interface Field {
  index: number;
  ring: [number, number][];
}
interface Cell {
  towns: Town[];
  roads: Road[];
  fields: Field[];
}

export interface DemoLandscape {
  crossings: Float64Array[];
  cells: Cell[];
  across: number;
  down: number;
}

const metres = (lon: number, lat: number): [number, number] => [
  (lon - DEMO_REGION.west) * KX,
  (lat - DEMO_REGION.south) * KY,
];

/** Each town joined to its two nearest ones, once per pair. */
function roadsBetween(towns: Town[]): Road[] {
  const pairs = new Set<string>();
  const roads: Road[] = [];
  towns.forEach((a, i) => {
    const nearest = towns
      .map((b, j) => ({ j, d: Math.hypot(b.x - a.x, b.y - a.y) }))
      .filter(({ j }) => j !== i)
      .sort((p, q) => p.d - q.d)
      .slice(0, 2);
    for (const { j } of nearest) {
      const key = i < j ? `${i}-${j}` : `${j}-${i}`;
      if (pairs.has(key)) continue;
      pairs.add(key);
      const b = towns[j] as Town;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      roads.push({ ax: a.x, ay: a.y, dx, dy, length2: dx * dx + dy * dy });
    }
  });
  return roads;
}

/** Puts a feature into every index cell its box (metres), widened by MARGIN_M, touches. */
function indexBox(land: DemoLandscape, box: [number, number, number, number], put: (cell: Cell) => void): void {
  const cellX = CELL * KX;
  const cellY = CELL * KY;
  const [x0, y0, x1, y1] = box;
  const c0 = Math.max(0, Math.floor((x0 - MARGIN_M) / cellX));
  const c1 = Math.min(land.across - 1, Math.floor((x1 + MARGIN_M) / cellX));
  const r0 = Math.max(0, Math.floor((y0 - MARGIN_M) / cellY));
  const r1 = Math.min(land.down - 1, Math.floor((y1 + MARGIN_M) / cellY));
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) put(land.cells[r * land.across + c] as Cell);
}

function buildLandscape(basemap: DemoBasemap): DemoLandscape {
  const across = Math.ceil((DEMO_REGION.east - DEMO_REGION.west) / CELL);
  const down = Math.ceil((DEMO_REGION.north - DEMO_REGION.south) / CELL);
  const cells = Array.from({ length: across * down }, (): Cell => ({ towns: [], roads: [], fields: [] }));
  const land: DemoLandscape = { crossings: coastCrossings(basemap.coast, COAST_STEP), cells, across, down };
  const towns = basemap.towns.map(([, lon, lat, population]): Town => {
    const [x, y] = metres(lon, lat);
    return { x, y, radius: 200 * Math.pow(population / 1000, 0.45) };
  });
  for (const t of towns) {
    const r = t.radius * 1.2;
    indexBox(land, [t.x - r, t.y - r, t.x + r, t.y + r], (cell) => cell.towns.push(t));
  }
  for (const road of roadsBetween(towns)) {
    const { ax, ay, dx, dy } = road;
    const box: [number, number, number, number] = [
      ax + Math.min(0, dx),
      ay + Math.min(0, dy),
      ax + Math.max(0, dx),
      ay + Math.max(0, dy),
    ];
    indexBox(land, box, (cell) => cell.roads.push(road));
  }
  basemap.fields.forEach((lonLat, index) => {
    const ring = lonLat.map(([lon, lat]) => metres(lon, lat));
    const xs = ring.map((p) => p[0]);
    const ys = ring.map((p) => p[1]);
    const field = { index, ring };
    indexBox(land, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], (cell) =>
      cell.fields.push(field),
    );
  });
  return land;
}

let cached: DemoLandscape | null | undefined;

/** The demo's landscape, built on first use; undefined when the repository's files are missing. */
export function demoLandscape(): DemoLandscape | undefined {
  if (cached === undefined) {
    const basemap = loadDemoBasemap();
    cached = basemap ? buildLandscape(basemap) : null;
  }
  return cached ?? undefined;
}

export function inDemoRegion(lon: number, lat: number): boolean {
  return lon >= DEMO_REGION.west && lon < DEMO_REGION.east && lat >= DEMO_REGION.south && lat < DEMO_REGION.north;
}

function atSea(land: DemoLandscape, lon: number, lat: number): boolean {
  const row = land.crossings[Math.floor((lat - DEMO_REGION.south) / COAST_STEP)];
  let crossed = 0;
  for (let i = 0; row && i < row.length && (row[i] as number) < lon; i++) crossed++;
  return crossed % 2 === 1;
}

function insideRing(ring: [number, number][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < xi + ((y - yi) / (yj - yi)) * (xj - xi)) inside = !inside;
  }
  return inside;
}

/** The demo fields' season: the scripted season's curve, from the first Monday-ish of April of the
 * date's year (its peak falls in June), with no harvest or cloud of its own. */
const seasons = new Map<string, SeasonScript>();
function demoSeason(date: string): SeasonScript {
  const year = date.slice(0, 4);
  let script = seasons.get(year);
  if (!script) {
    script = { ...DEFAULT_SEASON, first: `${year}-04-06`, harvests: [], clouds: [] };
    seasons.set(year, script);
  }
  return script;
}

/** The demo field `index`'s NDVI on a date: what its pixels give from B8 and B4. */
export function demoFieldNdvi(index: number, date: string): number {
  return seasonNdvi(demoSeason(date), index, date.slice(0, 10));
}

/** Built-up ground and roads at a point (metres), over what the scene drew. */
function drawSettlements(cell: Cell, x: number, y: number, pixelMetres: number, out: GroundSample): void {
  for (const t of cell.towns) {
    const d = Math.hypot(x - t.x, y - t.y);
    if (d > t.radius * 1.2 || d > t.radius * (0.8 + 0.4 * valueNoise(x, y, 300, 43, 1))) continue;
    // Blocks of about 60 m, some mostly roofs and streets, some mostly gardens.
    out.built = 0.3 + 0.55 * hash(Math.floor(x / 60), Math.floor(y / 60), 47, 1);
    out.green = 0.6;
    out.dry = 0;
    out.soil = 1;
  }
  for (const r of cell.roads) {
    const t = Math.max(0, Math.min(1, ((x - r.ax) * r.dx + (y - r.ay) * r.dy) / r.length2));
    const d = Math.hypot(x - r.ax - t * r.dx, y - r.ay - t * r.dy);
    const cover = Math.max(0, Math.min(1, (ROAD_HALF_WIDTH_M + pixelMetres / 2 - d) / pixelMetres));
    out.built = Math.max(out.built, 0.9 * cover);
  }
}

/** The demo's ground at a point of DEMO_REGION on a date, over the scene drawn in DEMO_STYLE. */
export function demoGround(
  land: DemoLandscape,
  lon: number,
  lat: number,
  date: string,
  pixelMetres: number,
  out: GroundSample,
): void {
  if (atSea(land, lon, lat)) {
    out.water = true;
    out.green = 0;
    out.built = 0;
    return;
  }
  const x = (lon - DEMO_REGION.west) * KX;
  const y = (lat - DEMO_REGION.south) * KY;
  const cell = land.cells[Math.floor(y / (CELL * KY)) * land.across + Math.floor(x / (CELL * KX))];
  if (!cell) return;
  drawSettlements(cell, x, y, Math.max(1, pixelMetres), out);
  for (const field of cell.fields) {
    if (!insideRing(field.ring, x, y)) continue;
    out.green = greenForNdvi(demoFieldNdvi(field.index, date));
    out.built = 0;
    out.dry = 0;
    out.soil = 1;
  }
}
