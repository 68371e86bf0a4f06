// The simulator's own reading of the AOI fields (independent of the client's geometry code):
// exactly one of Wkt and GeoJson, polygons only, closed rings, coordinates in range. Each
// polygon is a "part": the service bills and reports dates per part, by its bounding box.
import { DEFAULT_BILLING_RULES } from '../../src/geometry/billing-rules';
import { parse as parseWkt } from 'wellknown';
import { Codes, SimError } from './envelope';
import { ringCrossesItself } from './ring-check';

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface AoiPart {
  rings: number[][][];
  bbox: Bbox;
}

export interface ReadAoi {
  parts: AoiPart[];
  bbox: Bbox;
}

function geometryError(field: string, message: string): SimError {
  return new SimError(400, message, Codes.geometry, { [field]: [message] });
}

export function readAoi(body: Record<string, unknown>): ReadAoi {
  const hasWkt = body.Wkt !== undefined && body.Wkt !== null;
  const hasGeoJson = body.GeoJson !== undefined && body.GeoJson !== null;
  if (hasWkt && hasGeoJson) throw geometryError('Wkt', 'Send exactly one of Wkt and GeoJson, not both.');
  if (!hasWkt && !hasGeoJson) throw geometryError('Wkt', 'An area of interest is required: send Wkt or GeoJson.');
  const field = hasWkt ? 'Wkt' : 'GeoJson';
  let geometry: unknown;
  if (hasWkt) {
    if (typeof body.Wkt !== 'string') throw geometryError(field, 'Wkt must be a string.');
    geometry = parseWkt(body.Wkt);
    if (!geometry) throw geometryError(field, 'Wkt is not valid WKT.');
  } else {
    geometry = body.GeoJson;
  }
  const polygons: unknown[] = [];
  collectPolygons(geometry, polygons, field, 0);
  if (polygons.length === 0) throw geometryError(field, `${field} holds no polygon.`);
  const parts = polygons.map((p, i) => checkPolygon(p, field, i));
  return { parts, bbox: unionBbox(parts.map((p) => p.bbox)) };
}

function collectPolygons(geometry: unknown, out: unknown[], field: string, depth: number): void {
  if (typeof geometry !== 'object' || geometry === null || depth > 4)
    throw geometryError(field, `${field} is not a geometry.`);
  const g = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (g.type === 'Polygon') out.push(g.coordinates);
  else if (g.type === 'MultiPolygon' && Array.isArray(g.coordinates)) out.push(...g.coordinates);
  else if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) {
    for (const member of g.geometries) collectPolygons(member, out, field, depth + 1);
  } else
    throw geometryError(
      field,
      `${field} must be a polygon, a multipolygon or a collection of them (got ${String(g.type)}).`,
    );
}

function checkPolygon(coordinates: unknown, field: string, index: number): AoiPart {
  const where = `polygon ${index + 1}`;
  if (!Array.isArray(coordinates) || coordinates.length === 0) throw geometryError(field, `${where} has no ring.`);
  let bbox: Bbox | undefined;
  const rings: number[][][] = [];
  for (const ring of coordinates) {
    if (!Array.isArray(ring) || ring.length < 4)
      throw geometryError(field, `${where}: a ring needs at least 4 positions (incomplete geometry).`);
    for (const position of ring) {
      const [lon, lat] = Array.isArray(position) ? position : [];
      if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
        throw geometryError(field, `${where}: every position needs a finite longitude and latitude.`);
      }
      if (lon < -180 || lon > 180 || lat < -90 || lat > 90)
        throw geometryError(field, `${where}: position ${lon} ${lat} is out of range.`);
    }
    const first = ring[0] as number[];
    const last = ring[ring.length - 1] as number[];
    if (first[0] !== last[0] || first[1] !== last[1])
      throw geometryError(field, `${where}: the ring is not closed (incomplete geometry).`);
    if (ringCrossesItself(ring as number[][]))
      throw geometryError(field, `${where}: the ring crosses itself (invalid geometry).`);
    rings.push(ring as number[][]);
    if (!bbox) bbox = bboxOf(ring as number[][]);
  }
  const outer = bbox as Bbox;
  if (outer.east - outer.west <= 0 || outer.north - outer.south <= 0)
    throw geometryError(field, `${where} has no area.`);
  return { rings, bbox: outer };
}

function bboxOf(ring: number[][]): Bbox {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [lon, lat] of ring) {
    box.west = Math.min(box.west, lon as number);
    box.east = Math.max(box.east, lon as number);
    box.south = Math.min(box.south, lat as number);
    box.north = Math.max(box.north, lat as number);
  }
  return box;
}

export function unionBbox(boxes: Bbox[]): Bbox {
  return {
    west: Math.min(...boxes.map((b) => b.west)),
    south: Math.min(...boxes.map((b) => b.south)),
    east: Math.max(...boxes.map((b) => b.east)),
    north: Math.max(...boxes.map((b) => b.north)),
  };
}

/** Area of a lon/lat box in km², on a sphere (good to a fraction of a percent at these sizes). */
function bboxAreaKm2(b: Bbox): number {
  const r = 6371.0088;
  const rad = Math.PI / 180;
  return r * r * Math.abs((b.east - b.west) * rad) * Math.abs(Math.sin(b.north * rad) - Math.sin(b.south * rad));
}

/** The least the simulated service bills per part: the client's one constant (the current
 * documentation pages' 0.5 km²), which the simulator's specification document also states. */
export const MIN_BILLED_KM2 = DEFAULT_BILLING_RULES.minBilledKm2;

/** What the service bills: each part's bounding box, at least MIN_BILLED_KM2 each. */
export function billedAreaKm2(boxes: Bbox[]): { billed: number; raw: number } {
  let billed = 0;
  let raw = 0;
  for (const b of boxes) {
    const a = bboxAreaKm2(b);
    raw += a;
    billed += Math.max(MIN_BILLED_KM2, a);
  }
  return { billed: round(billed, 4), raw: round(raw, 4) };
}

export function bboxContains(outer: Bbox, inner: Bbox): boolean {
  const eps = 1e-9;
  return (
    inner.west >= outer.west - eps &&
    inner.east <= outer.east + eps &&
    inner.south >= outer.south - eps &&
    inner.north <= outer.north + eps
  );
}

export function bboxWkt(b: Bbox): string {
  return polygonWkt([
    [
      [b.west, b.south],
      [b.east, b.south],
      [b.east, b.north],
      [b.west, b.north],
      [b.west, b.south],
    ],
  ]);
}

/** The part as WKT; huge parts are echoed as their box so answers stay small. */
export function partWkt(part: AoiPart): string {
  const vertices = part.rings.reduce((n, ring) => n + ring.length, 0);
  return vertices > 10_000 ? bboxWkt(part.bbox) : polygonWkt(part.rings);
}

function polygonWkt(rings: number[][][]): string {
  return `POLYGON(${rings.map((ring) => `(${ring.map((p) => `${p[0]} ${p[1]}`).join(', ')})`).join(', ')})`;
}

/** EPSG code of the UTM zone at a position (326xx north, 327xx south). */
export function utmEpsg(lon: number, lat: number): number {
  const zone = Math.min(60, Math.max(1, Math.floor((lon + 180) / 6) + 1));
  return (lat >= 0 ? 32600 : 32700) + zone;
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
