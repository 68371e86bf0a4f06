// The tile grid: 0.1° tiles, each split into 4 mini-tiles. A GUID carries its grid position
// (checked against a seeded hash), so any tile can be found again from its GUID alone.
import { SimError, Codes } from './envelope';
import { bboxWkt, utmEpsg } from './geometry';
import type { Bbox } from './geometry';
import { hashOf } from './random';

const STEP = 0.1;
const MAX_TILES = 2500;

export interface Tile {
  guid: string;
  ix: number;
  iy: number;
  /** 0 for a whole tile; 1..4 for the SW, SE, NW, NE mini-tile. */
  sub: number;
  bbox: Bbox;
}

function hex(value: number, digits: number): string {
  return value.toString(16).padStart(digits, '0');
}

export function tileAt(seed: number, ix: number, iy: number, sub: number): Tile {
  const check = hashOf(seed, 'tile', ix, iy, sub);
  const tail = hashOf(seed, 'tail', ix, iy, sub);
  const guid = `${hex(check, 8)}-${hex(ix + 1800, 4)}-4${hex(iy + 900, 3)}-a${sub}${hex(tail & 0xff, 2)}-${hex(tail >>> 8, 6)}${hex(check & 0xffffff, 6)}`;
  const west = ix * STEP;
  const south = iy * STEP;
  let bbox = { west, south, east: west + STEP, north: south + STEP };
  if (sub > 0) {
    const half = STEP / 2;
    const w = west + ((sub - 1) % 2) * half;
    const s = south + (sub > 2 ? half : 0);
    bbox = { west: w, south: s, east: w + half, north: s + half };
  }
  bbox = { west: round6(bbox.west), south: round6(bbox.south), east: round6(bbox.east), north: round6(bbox.north) };
  return { guid, ix, iy, sub, bbox };
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** The tile a GUID names, or undefined when it is no GUID of this grid and seed. */
export function tileByGuid(seed: number, guid: string): Tile | undefined {
  const m = /^([0-9a-f]{8})-([0-9a-f]{4})-4([0-9a-f]{3})-a([0-4])[0-9a-f]{2}-[0-9a-f]{12}$/i.exec(guid);
  if (!m) return undefined;
  const tile = tileAt(seed, parseInt(m[2] as string, 16) - 1800, parseInt(m[3] as string, 16) - 900, Number(m[4]));
  return tile.guid === guid.toLowerCase() ? tile : undefined;
}

export function tilesInBbox(seed: number, box: Bbox): Tile[] {
  const x0 = Math.floor(box.west / STEP + 1e-9);
  const x1 = Math.ceil(box.east / STEP - 1e-9) - 1;
  const y0 = Math.floor(box.south / STEP + 1e-9);
  const y1 = Math.ceil(box.north / STEP - 1e-9) - 1;
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_TILES) {
    throw new SimError(400, `The area spans more than ${MAX_TILES} tiles; search a smaller area.`, Codes.areaTooLarge);
  }
  const out: Tile[] = [];
  for (let iy = y0; iy <= y1; iy++) for (let ix = x0; ix <= x1; ix++) out.push(tileAt(seed, ix, iy, 0));
  return out;
}

export function miniTilesOf(seed: number, tile: Tile): Tile[] {
  return [1, 2, 3, 4].map((sub) => tileAt(seed, tile.ix, tile.iy, sub));
}

/** The tile as the search endpoint returns it. */
export function tileRecord(tile: Tile): Record<string, unknown> {
  const lon = (tile.bbox.west + tile.bbox.east) / 2;
  const lat = (tile.bbox.south + tile.bbox.north) / 2;
  return { Guid: tile.guid, Epsg: utmEpsg(lon, lat), DataGeogWkt: bboxWkt(tile.bbox), MiniTile: tile.sub > 0 };
}
