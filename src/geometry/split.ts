// Splits an AOI into parts whose billed area (bounding box) stays at or below a maximum, for
// the tile/mini-tile batch workflow when an AOI exceeds the key's MaxCompositeAreaKm2. Each
// polygon's box is halved along its longer side until every box fits, then the polygon is
// clipped to each box (Sutherland-Hodgman). A concave polygon clipped this way can keep a
// zero-width sliver along the cut, which the service accepts as area but not as beauty.
import { aoiFromPolygons } from './aoi';
import { bboxAreaKm2, MIN_BILLED_KM2, polygonAreaKm2, polygonBbox } from './area';
import type { Aoi, BoundingBox, PolygonCoordinates } from './types';

/** More parts than this is a mistake (a tiny maximum), not a job worth starting. */
const MAX_SPLIT_PARTS = 10_000;

export function splitBox(box: BoundingBox, maxAreaKm2: number): BoundingBox[] {
  if (!(maxAreaKm2 >= MIN_BILLED_KM2))
    throw new RangeError(
      `The maximum part area must be at least ${MIN_BILLED_KM2} km², the least the service bills for a part.`,
    );
  const out: BoundingBox[] = [];
  const pending = [box];
  while (pending.length) {
    const b = pending.pop()!;
    if (bboxAreaKm2(b) <= maxAreaKm2) {
      out.push(b);
      if (out.length > MAX_SPLIT_PARTS)
        throw new RangeError(
          `Splitting this AOI below ${maxAreaKm2} km² would take more than ${MAX_SPLIT_PARTS} parts.`,
        );
      continue;
    }
    const midLat = (b.north + b.south) / 2;
    const widthKm = (b.east - b.west) * Math.cos((midLat * Math.PI) / 180);
    const heightKm = b.north - b.south;
    if (widthKm >= heightKm) {
      const mid = (b.west + b.east) / 2;
      pending.push({ ...b, west: mid }, { ...b, east: mid });
    } else {
      pending.push({ ...b, south: midLat }, { ...b, north: midLat });
    }
  }
  // West to east, then south to north, so the parts read in a predictable order.
  return out.sort((a, b) => a.south - b.south || a.west - b.west);
}

/** Parts of the AOI, each one polygon with a billed box of at most maxAreaKm2. */
export function splitAoi(aoi: Aoi, maxAreaKm2: number): Aoi[] {
  const parts: Aoi[] = [];
  for (const polygon of aoi.polygons) {
    const box = polygonBbox(polygon);
    if (bboxAreaKm2(box) <= maxAreaKm2) {
      parts.push(aoiFromPolygons([polygon], aoi.format, undefined, aoi.minBilledKm2));
      continue;
    }
    for (const cell of splitBox(box, maxAreaKm2)) {
      const clipped = clipPolygon(polygon, cell);
      if (clipped && polygonAreaKm2(clipped) > 0)
        parts.push(aoiFromPolygons([clipped], aoi.format, undefined, aoi.minBilledKm2));
    }
  }
  return parts;
}

/** The polygon clipped to the box, or undefined when nothing of its outer ring is left. */
export function clipPolygon(polygon: PolygonCoordinates, box: BoundingBox): PolygonCoordinates | undefined {
  const rings: number[][][] = [];
  for (let r = 0; r < polygon.length; r++) {
    const ring = clipRing(polygon[r], box);
    if (ring) rings.push(ring);
    else if (r === 0) return undefined;
  }
  return rings;
}

type Inside = (p: number[]) => boolean;
type Cut = (a: number[], b: number[]) => number[];

function clipRing(ring: number[][], box: BoundingBox): number[][] | undefined {
  let points = ring.slice(0, -1); // open the ring; it is closed again at the end
  const edges: [Inside, Cut][] = [
    [(p) => p[0] >= box.west, (a, b) => atX(a, b, box.west)],
    [(p) => p[0] <= box.east, (a, b) => atX(a, b, box.east)],
    [(p) => p[1] >= box.south, (a, b) => atY(a, b, box.south)],
    [(p) => p[1] <= box.north, (a, b) => atY(a, b, box.north)],
  ];
  for (const [inside, cut] of edges) {
    const next: number[][] = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i];
      const previous = points[(i + points.length - 1) % points.length];
      if (inside(current)) {
        if (!inside(previous)) next.push(cut(previous, current));
        next.push(current);
      } else if (inside(previous)) next.push(cut(previous, current));
    }
    points = next;
    if (points.length < 3) return undefined;
  }
  return [...points.map((p) => [p[0], p[1]]), [points[0][0], points[0][1]]];
}

function atX(a: number[], b: number[], x: number): number[] {
  return [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])];
}

function atY(a: number[], b: number[], y: number): number[] {
  return [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y];
}
