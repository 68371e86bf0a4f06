// Areas on the Earth, in km², on the sphere of earth.ts. Longitudes are taken as given: an AOI
// across the antimeridian is not unwrapped.
import { DEFAULT_BILLING_RULES } from './billing-rules';
import { bboxAreaKm2 } from './earth';
import { flattenPolygon } from './flat';
import type { BoundingBox, PolygonCoordinates } from './types';

export { bboxAreaKm2 };

/** Minimum billed area of each polygon: the one value of billing-rules.ts (0.5 km², the current
 * documentation pages; see DEFAULT_BILLING_RULES for why not the older pages' 1 km²). */
export const MIN_BILLED_KM2 = DEFAULT_BILLING_RULES.minBilledKm2;

export function polygonAreaKm2(polygon: PolygonCoordinates): number {
  return flattenPolygon(polygon, true).areaKm2;
}

/** Geodesic (spherical) area of the polygons, holes subtracted, in km². */
export function geodesicAreaKm2(polygons: readonly PolygonCoordinates[]): number {
  let total = 0;
  for (const polygon of polygons) total += polygonAreaKm2(polygon);
  return total;
}

/** The box around a polygon's outer ring (holes lie inside it). */
export function polygonBbox(polygon: PolygonCoordinates): BoundingBox {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const p of polygon[0] ?? []) {
    if (p[0] < west) west = p[0];
    if (p[0] > east) east = p[0];
    if (p[1] < south) south = p[1];
    if (p[1] > north) north = p[1];
  }
  return { west, south, east, north };
}

export function unionBbox(boxes: readonly BoundingBox[]): BoundingBox {
  return boxes.reduce(
    (acc, b) => ({
      west: Math.min(acc.west, b.west),
      south: Math.min(acc.south, b.south),
      east: Math.max(acc.east, b.east),
      north: Math.max(acc.north, b.north),
    }),
    { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity },
  );
}

/** What the service bills: each polygon's bounding box, at least MIN_BILLED_KM2 each. */
export function billedAreaKm2(polygons: readonly PolygonCoordinates[]): number {
  let total = 0;
  for (const polygon of polygons) total += Math.max(MIN_BILLED_KM2, bboxAreaKm2(polygonBbox(polygon)));
  return total;
}
