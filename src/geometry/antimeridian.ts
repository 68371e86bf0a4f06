// A ring that crosses the 180° meridian is often written with its longitudes jumping from 179
// to -179. Read as written, such a polygon wraps nearly the whole globe the other way round; so
// any edge longer than 180° of longitude is taken for a crossing, refused, and the quick fix
// offers the polygon cut at 180° into a western part (up to 180) and an eastern one (from -180).
import { clipPolygon } from './split';
import type { PolygonCoordinates } from './types';

/** The first edge (ring, start position) spanning more than 180° of longitude, if any. */
export function findAntimeridianJump(polygon: PolygonCoordinates): { ring: number; position: number } | undefined {
  for (let r = 0; r < polygon.length; r++) {
    const ring = polygon[r];
    for (let i = 1; i < ring.length; i++)
      if (Math.abs(ring[i][0] - ring[i - 1][0]) > 180) return { ring: r, position: i - 1 };
  }
  return undefined;
}

/** The ring with each jump of more than 180° undone, so its longitudes run on past ±180. */
function unwrap(ring: number[][]): number[][] {
  let shift = 0;
  return ring.map((p, i) => {
    if (i > 0) {
      const step = p[0] - ring[i - 1][0];
      if (step > 180) shift -= 360;
      else if (step < -180) shift += 360;
    }
    return [p[0] + shift, p[1]];
  });
}

/**
 * The polygon cut at 180°: its parts west and east of the line, each with longitudes within
 * [-180, 180]; undefined when the rings do not close once unwrapped (a ring that circles a pole).
 */
export function splitAtAntimeridian(polygon: PolygonCoordinates): PolygonCoordinates[] | undefined {
  const rings = polygon.map(unwrap);
  for (const ring of rings) {
    const first = ring[0],
      last = ring[ring.length - 1];
    if (first[0] !== last[0] || first[1] !== last[1]) return undefined;
  }
  // Bring every ring into the same turn of the globe as the outer ring, which must reach past 180.
  const centre = (ring: number[][]) => {
    const [low, high] = longitudeRange(ring);
    return (low + high) / 2;
  };
  const outerCentre = centre(rings[0]);
  const turn = outerCentre < 0 ? 360 : 0;
  const aligned = rings.map((ring, r) => {
    const shift = turn + (r === 0 ? 0 : 360 * Math.round((outerCentre - centre(ring)) / 360));
    return ring.map(([x, y]) => [x + shift, y]);
  });
  const [low, high] = longitudeRange(aligned[0]);
  const west = clipPolygon(aligned, { west: low - 1, east: 180, south: -90, north: 90 });
  const east = clipPolygon(aligned, { west: 180, east: high + 1, south: -90, north: 90 });
  const parts: PolygonCoordinates[] = [];
  if (west) parts.push(west);
  if (east) parts.push(east.map((ring) => ring.map(([x, y]) => [x === 180 ? -180 : x - 360, y])));
  return parts.length === 2 ? parts : undefined;
}

function longitudeRange(ring: number[][]): [number, number] {
  let low = Infinity,
    high = -Infinity;
  for (const p of ring) {
    if (p[0] < low) low = p[0];
    if (p[0] > high) high = p[0];
  }
  return [low, high];
}
