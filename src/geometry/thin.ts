// Thinning for drawing: a map a person looks at needs no more than a few tens of thousands of
// vertices, whatever the AOI holds, so a large polygon is drawn from every n-th position.
import type { PolygonCoordinates } from './types';

function countVertices(polygons: PolygonCoordinates[]): number {
  let count = 0;
  for (const polygon of polygons) for (const ring of polygon) count += ring.length;
  return count;
}

/** Keeps every `step`-th position of each ring, and always its first and last (the closure). */
function thinRing(ring: number[][], step: number): number[][] {
  if (step <= 1 || ring.length <= 4) return ring;
  const kept: number[][] = [];
  for (let i = 0; i < ring.length - 1; i += step) kept.push(ring[i]);
  kept.push(ring[ring.length - 1]);
  return kept.length >= 4 ? kept : ring.slice(0, 4);
}

/** Thins polygons so that together they hold about `budget` vertices at most. */
export function thinPolygons(polygons: PolygonCoordinates[], budget: number): PolygonCoordinates[] {
  const total = countVertices(polygons);
  if (total <= budget) return polygons;
  const step = Math.ceil(total / budget);
  return polygons.map((polygon) => polygon.map((ring) => thinRing(ring, step)));
}
