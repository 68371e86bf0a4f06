// Quick fixes for the billing rules, offered only when they are honest: the figures in the title
// are the billed areas before and after, computed the way the service bills (boxes, minimum).
// Split: a long diagonal polygon cut into strips across its longer side; each part's own box
// hugs it, so the parts together bill far less than the one box. Merge: two neighbouring
// polygons whose boxes overlap become their convex hull, billed as one box; the drawn area
// grows, and the title says by how much.
import { bboxAreaKm2 } from './earth';
import { polygonAreaKm2, polygonBbox } from './area';
import { billedBoxKm2, formatKm2 } from './billing-rules';
import type { BillingRules } from './billing-rules';
import { findSelfIntersection } from './self-intersection';
import { clipPolygon } from './split';
import type { FixDraft } from './drafts';
import type { PolygonMeasures } from './flat';
import type { BoundingBox, PolygonCoordinates } from './types';

/** Past this many vertices a fix is not worked out as the person types (it clips many times). */
const MAX_FIX_VERTICES = 20_000;
/** A split must save at least this share of the billed area to be worth the extra parts. */
const MIN_SAVING = 0.2;
const STRIP_COUNTS = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32];

interface SplitPlan {
  parts: PolygonCoordinates[];
  billedBeforeKm2: number;
  billedAfterKm2: number;
}

/** The cut into strips that bills least, or undefined when none saves enough. */
function planBillingSplit(
  polygon: PolygonCoordinates,
  measure: PolygonMeasures,
  rules: BillingRules,
): SplitPlan | undefined {
  if (measure.vertexCount > MAX_FIX_VERTICES) return undefined;
  const box = measure.bbox;
  const before = billedBoxKm2(box, rules);
  const midLat = ((box.north + box.south) / 2) * (Math.PI / 180);
  const alongLongitude = (box.east - box.west) * Math.cos(midLat) >= box.north - box.south;
  let best: SplitPlan | undefined;
  for (const n of STRIP_COUNTS) {
    const parts: PolygonCoordinates[] = [];
    for (const strip of strips(box, n, alongLongitude)) {
      const part = clipPolygon(polygon, strip);
      if (part && polygonAreaKm2(part) > 0) parts.push(part);
    }
    const after = parts.reduce((sum, part) => sum + billedBoxKm2(polygonBbox(part), rules), 0);
    if (!best || after < best.billedAfterKm2) best = { parts, billedBeforeKm2: before, billedAfterKm2: after };
  }
  if (!best || best.parts.length < 2 || best.billedAfterKm2 > (1 - MIN_SAVING) * before) return undefined;
  // The parts must cover the polygon exactly and be valid polygons; a concave polygon can leave
  // a part whose ring touches itself along the cut, and such a fix would only trade one problem
  // for an error.
  const total = best.parts.reduce((sum, part) => sum + polygonAreaKm2(part), 0);
  if (Math.abs(total - measure.areaKm2) > 1e-6 * Math.max(measure.areaKm2, 1e-9)) return undefined;
  if (best.parts.some((part) => findSelfIntersection(part).crossing !== undefined)) return undefined;
  return best;
}

function strips(box: BoundingBox, n: number, alongLongitude: boolean): BoundingBox[] {
  const out: BoundingBox[] = [];
  for (let k = 0; k < n; k++) {
    if (alongLongitude) {
      const step = (box.east - box.west) / n;
      out.push({
        ...box,
        west: k === 0 ? box.west : box.west + k * step,
        east: k === n - 1 ? box.east : box.west + (k + 1) * step,
      });
    } else {
      const step = (box.north - box.south) / n;
      out.push({
        ...box,
        south: k === 0 ? box.south : box.south + k * step,
        north: k === n - 1 ? box.north : box.south + (k + 1) * step,
      });
    }
  }
  return out;
}

export function splitFix(
  polygon: PolygonCoordinates,
  p: number,
  measure: PolygonMeasures,
  rules: BillingRules,
): FixDraft | undefined {
  const plan = planBillingSplit(polygon, measure, rules);
  if (!plan) return undefined;
  return {
    kind: 'split-billing',
    title: `Split polygon ${p + 1} into ${plan.parts.length} parts whose boxes hug it: billed area ${formatKm2(plan.billedBeforeKm2)} → ${formatKm2(plan.billedAfterKm2)}`,
    polygon: p,
    parts: plan.parts,
  };
}

function intersects(a: BoundingBox, b: BoundingBox): boolean {
  return a.west < b.east && b.west < a.east && a.south < b.north && b.south < a.north;
}

/**
 * Polygons a and b (neighbours in the text) merged into their convex hull, when their boxes
 * overlap, one box bills less than the two, and the hull's box touches no other polygon's box
 * (so the merge cannot make polygons overlap).
 */
export function mergeFix(
  polygons: readonly PolygonCoordinates[],
  measures: readonly PolygonMeasures[],
  a: number,
  b: number,
  rules: BillingRules,
): FixDraft | undefined {
  const boxA = measures[a].bbox,
    boxB = measures[b].bbox;
  if (!intersects(boxA, boxB)) return undefined;
  if (measures[a].vertexCount + measures[b].vertexCount > MAX_FIX_VERTICES) return undefined;
  const union: BoundingBox = {
    west: Math.min(boxA.west, boxB.west),
    south: Math.min(boxA.south, boxB.south),
    east: Math.max(boxA.east, boxB.east),
    north: Math.max(boxA.north, boxB.north),
  };
  const before = billedBoxKm2(boxA, rules) + billedBoxKm2(boxB, rules);
  const after = billedBoxKm2(union, rules);
  if (!(after < before)) return undefined;
  if (measures.some((m, k) => k !== a && k !== b && intersects(m.bbox, union))) return undefined;
  const hull = convexHull([...polygons[a][0], ...polygons[b][0]]);
  if (hull.length < 4 || bboxAreaKm2(polygonBbox([hull])) <= 0) return undefined;
  const drawnBefore = measures[a].areaKm2 + measures[b].areaKm2;
  return {
    kind: 'merge-billing',
    title: `Merge polygons ${a + 1} and ${b + 1} into their convex hull: billed area ${formatKm2(before)} → ${formatKm2(after)} (drawn area ${formatKm2(drawnBefore)} → ${formatKm2(polygonAreaKm2([hull]))})`,
    polygon: a,
    other: b,
    merged: [hull],
  };
}

/** Andrew's monotone chain: the hull's ring, counter-clockwise and closed. */
function convexHull(points: readonly number[][]): number[][] {
  const sorted = points.map((p) => [p[0], p[1]]).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o: number[], p: number[], q: number[]) =>
    (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0]);
  const lower: number[][] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: number[][] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  const ring = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return ring.length >= 3 ? [...ring, [ring[0][0], ring[0][1]]] : [];
}
