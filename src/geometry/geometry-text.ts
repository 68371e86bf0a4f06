// The text of polygons: WKT for the request fields (POLYGON/MULTIPOLYGON for processing, and the
// GEOMETRYCOLLECTION that tasking orders want, each member billed on its own), and the WKT or
// GeoJSON snippets that quick fixes put back into a document.
import type { PolygonCoordinates } from './types';

function ringText(ring: number[][]): string {
  const parts = new Array<string>(ring.length);
  for (let i = 0; i < ring.length; i++) parts[i] = `${ring[i][0]} ${ring[i][1]}`;
  return `(${parts.join(', ')})`;
}

/** The parenthesised body of a POLYGON: `((x y, ...), (...))`. */
export function polygonBodyWkt(polygon: PolygonCoordinates): string {
  return `(${polygon.map(ringText).join(', ')})`;
}

/** POLYGON for one polygon, MULTIPOLYGON for several. */
export function toWkt(polygons: readonly PolygonCoordinates[]): string {
  if (polygons.length === 1) return `POLYGON ${polygonBodyWkt(polygons[0])}`;
  return `MULTIPOLYGON (${polygons.map(polygonBodyWkt).join(', ')})`;
}

/** GEOMETRYCOLLECTION with one POLYGON member per polygon, for tasking orders. */
export function toTaskingWkt(polygons: readonly PolygonCoordinates[]): string {
  return `GEOMETRYCOLLECTION (${polygons.map((p) => `POLYGON ${polygonBodyWkt(p)}`).join(', ')})`;
}

/** A position as the GeoJSON text `[x, y]`, extra ordinates kept. */
export function positionJson(position: readonly number[]): string {
  return `[${position.join(', ')}]`;
}

export function polygonJson(polygon: PolygonCoordinates): string {
  return `[${polygon.map((ring) => `[${ring.map(positionJson).join(', ')}]`).join(', ')}]`;
}
