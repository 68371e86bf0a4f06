// How much of one set of billed boxes another set also covers, in km². Orders are billed by the
// bounding box of each polygon, so the overlap that matters between a new order and an existing one
// is the overlap of their boxes. Boxes within a set may overlap each other: the shared part is
// counted once (the union of the pairwise intersections, on the grid of their edges).
import { bboxAreaKm2 } from './earth';
import type { BoundingBox } from './types';

function intersection(a: BoundingBox, b: BoundingBox): BoundingBox | undefined {
  const box = {
    west: Math.max(a.west, b.west),
    south: Math.max(a.south, b.south),
    east: Math.min(a.east, b.east),
    north: Math.min(a.north, b.north),
  };
  return box.west < box.east && box.south < box.north ? box : undefined;
}

/** Area in km² covered by both `a` and `b` (each the union of its boxes). */
export function boxOverlapKm2(a: readonly BoundingBox[], b: readonly BoundingBox[]): number {
  const parts: BoundingBox[] = [];
  for (const x of a)
    for (const y of b) {
      const part = intersection(x, y);
      if (part) parts.push(part);
    }
  if (parts.length === 0) return 0;
  if (parts.length === 1) return bboxAreaKm2(parts[0] as BoundingBox);
  const xs = [...new Set(parts.flatMap((p) => [p.west, p.east]))].sort((p, q) => p - q);
  const ys = [...new Set(parts.flatMap((p) => [p.south, p.north]))].sort((p, q) => p - q);
  let total = 0;
  for (let i = 0; i + 1 < xs.length; i++) {
    for (let j = 0; j + 1 < ys.length; j++) {
      const cell = {
        west: xs[i] as number,
        east: xs[i + 1] as number,
        south: ys[j] as number,
        north: ys[j + 1] as number,
      };
      if (
        parts.some((p) => p.west <= cell.west && p.east >= cell.east && p.south <= cell.south && p.north >= cell.north)
      )
        total += bboxAreaKm2(cell);
    }
  }
  return total;
}
