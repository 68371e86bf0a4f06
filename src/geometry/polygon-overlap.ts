// Finds polygons of one AOI whose interiors overlap (they are sent as one MultiPolygon, which
// must not overlap itself). Touching is allowed, at a point or along an edge. Only polygons whose
// boxes overlap are compared, and their edges only where their monotone chains overlap (the
// sweep of self-intersection.ts). Two polygons overlap exactly when a piece of one's boundary
// runs strictly inside the other, or both have the same outer ring: so every edge that meets the
// other polygon is cut where it meets it and the middle of each piece is placed; a ring that
// meets nothing of the other is placed by one vertex.
import { flattenPolygon } from './flat';
import { INSIDE, ON_BOUNDARY, OUTSIDE, RingLocator } from './ring-locator';
import { monotoneChains, orient, walkPair, withoutRepeats } from './self-intersection';
import type { Location } from './ring-locator';
import type { Flat } from './self-intersection';
import type { BoundingBox, PolygonCoordinates } from './types';

export interface Overlap {
  /** The polygon whose boundary runs inside `other`, its ring, and the edge's first position. */
  polygon: number;
  ring: number;
  position: number | undefined;
  other: number;
}

export interface OverlapCheck {
  overlap: Overlap | undefined;
  complete: boolean;
}

interface Rings {
  g: Flat;
  /** Per ring of g: its polygon (index in the caller's list) and its index in that polygon. */
  polygonOf: number[];
  ringInPolygon: number[];
  /** First ring of each involved polygon in g. */
  firstRing: Map<number, number>;
}

export function findPolygonOverlap(polygons: readonly PolygonCoordinates[], boxes: readonly BoundingBox[]): OverlapCheck {
  const pairs = candidatePairs(boxes);
  if (pairs === undefined) return { overlap: undefined, complete: false };
  if (pairs.size === 0) return { overlap: undefined, complete: true };
  const rings = combine(polygons, pairs);
  const { g, polygonOf } = rings;
  const ringOf = (v: number) => upperBound(g.ringStarts, v) - 1;
  const pairKey = (a: number, b: number) => (a < b ? a * polygons.length + b : b * polygons.length + a);
  /** Per edge: where along it (0..1) the other polygon's edges meet it, by that polygon. */
  const cuts = new Map<number, Map<number, number[]>>();
  const met = new Set<string>(); // "ring of g|other polygon"
  let proper: Overlap | undefined;
  const place = (e: number, other: number): Overlap => {
    const r = ringOf(e);
    return { polygon: polygonOf[r], ring: rings.ringInPolygon[r], position: g.original ? g.original[e] : e - g.ringStarts[r], other };
  };
  const cut = (e: number, other: number, t: number) => {
    let byOther = cuts.get(e);
    if (!byOther) cuts.set(e, (byOther = new Map()));
    const list = byOther.get(other);
    if (list) list.push(t);
    else byOther.set(other, [t]);
    met.add(`${ringOf(e)}|${other}`);
  };
  const onMeet = (e: number, f: number): boolean => {
    const pe = polygonOf[ringOf(e)], pf = polygonOf[ringOf(f)];
    if (pe === pf || !pairs.has(pairKey(pe, pf))) return false;
    const { xs, ys } = g;
    const o1 = orient(xs[e], ys[e], xs[e + 1], ys[e + 1], xs[f], ys[f]), o2 = orient(xs[e], ys[e], xs[e + 1], ys[e + 1], xs[f + 1], ys[f + 1]);
    const o3 = orient(xs[f], ys[f], xs[f + 1], ys[f + 1], xs[e], ys[e]), o4 = orient(xs[f], ys[f], xs[f + 1], ys[f + 1], xs[e + 1], ys[e + 1]);
    if (o1 * o2 < 0 && o3 * o4 < 0) {
      proper = place(Math.max(e, f), polygonOf[ringOf(Math.min(e, f))]);
      return true;
    }
    // They touch: cut each edge where the other's ends lie on it.
    for (const [a, b, pb] of [[e, f, pf], [f, e, pe]]) {
      cut(a, pb, 0);
      for (const v of [b, b + 1]) if (orient(xs[a], ys[a], xs[a + 1], ys[a + 1], xs[v], ys[v]) === 0) cut(a, pb, along(g, a, xs[v], ys[v]));
    }
    return false;
  };

  const chains = monotoneChains(g).sort((a, b) => a.minX - b.minX);
  let budget = 100 * g.xs.length + 1_000_000;
  const active: typeof chains = [];
  for (const chain of chains) {
    let keep = 0;
    budget -= active.length;
    for (const other of active) {
      if (other.maxX < chain.minX) continue;
      active[keep++] = other;
      if (other.minY > chain.maxY || chain.minY > other.maxY) continue;
      budget -= walkPair(g, other, chain, budget, onMeet).steps;
      if (proper) return { overlap: proper, complete: true };
    }
    if (budget < 0) return { overlap: undefined, complete: false };
    active.length = keep;
    active.push(chain);
  }

  const locate = polygonLocator(rings);
  const offBoundary = new Set<string>();
  for (const [e, byOther] of cuts) {
    for (const [other, ts] of byOther) {
      ts.push(1);
      ts.sort((a, b) => a - b);
      for (let k = 1; k < ts.length; k++) {
        if (ts[k] === ts[k - 1]) continue;
        const t = (ts[k] + ts[k - 1]) / 2;
        const where = locate(other, g.xs[e] + t * (g.xs[e + 1] - g.xs[e]), g.ys[e] + t * (g.ys[e + 1] - g.ys[e]));
        if (where === INSIDE) return { overlap: place(e, other), complete: true };
        if (where !== ON_BOUNDARY) offBoundary.add(`${ringOf(e)}|${other}`);
      }
    }
  }
  for (const key of pairs.keys()) {
    const [a, b] = pairs.get(key)!;
    for (const [p, q] of [[a, b], [b, a]]) {
      const first = rings.firstRing.get(p)!;
      for (let r = first; r < g.ringStarts.length && polygonOf[r] === p; r++) {
        if (met.has(`${r}|${q}`)) continue;
        const v = g.ringStarts[r];
        if (locate(q, g.xs[v], g.ys[v]) === INSIDE) return { overlap: { polygon: p, ring: rings.ringInPolygon[r], position: undefined, other: q }, complete: true };
      }
    }
    // Both outer rings lie wholly on the other's boundary: the same outer ring twice.
    const shellA = rings.firstRing.get(a)!, shellB = rings.firstRing.get(b)!;
    const onOther = (r: number, q: number) => met.has(`${r}|${q}`) && !offBoundary.has(`${r}|${q}`);
    if (onOther(shellA, b) && onOther(shellB, a)) return { overlap: { polygon: Math.max(a, b), ring: 0, position: undefined, other: Math.min(a, b) }, complete: true };
  }
  return { overlap: undefined, complete: true };
}

/** Pairs of polygons whose boxes overlap, keyed a * n + b (a < b); undefined past the budget. */
function candidatePairs(boxes: readonly BoundingBox[]): Map<number, [number, number]> | undefined {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].west - boxes[b].west);
  const pairs = new Map<number, [number, number]>();
  const active: number[] = [];
  let budget = 20 * boxes.length + 100_000;
  for (const i of order) {
    const box = boxes[i];
    let keep = 0;
    for (const j of active) {
      const other = boxes[j];
      if (other.east < box.west) continue;
      active[keep++] = j;
      if (--budget < 0) return undefined;
      if (other.south > box.north || box.south > other.north) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      pairs.set(a * boxes.length + b, [a, b]);
    }
    active.length = keep;
    active.push(i);
  }
  return pairs;
}

/** The rings of every polygon in a pair, in one flat array without repeated vertices. */
function combine(polygons: readonly PolygonCoordinates[], pairs: Map<number, [number, number]>): Rings {
  const involved = [...new Set([...pairs.values()].flat())].sort((a, b) => a - b);
  const all: number[][][] = [];
  const polygonOf: number[] = [], ringInPolygon: number[] = [];
  const firstRing = new Map<number, number>();
  for (const p of involved) {
    firstRing.set(p, all.length);
    polygons[p].forEach((ring, r) => {
      all.push(ring);
      polygonOf.push(p);
      ringInPolygon.push(r);
    });
  }
  return { g: withoutRepeats(flattenPolygon(all)), polygonOf, ringInPolygon, firstRing };
}

/** Where a point is relative to a polygon: inside its outer ring and outside all its holes. */
function polygonLocator(rings: Rings): (polygon: number, x: number, y: number) => Location {
  const { g } = rings;
  const locators = new Map<number, RingLocator>();
  const ringLocator = (r: number) => {
    let locator = locators.get(r);
    if (!locator) locators.set(r, (locator = new RingLocator(g.xs, g.ys, g.ringStarts[r], g.ringEdgeEnd[r] + 1)));
    return locator;
  };
  return (polygon, x, y) => {
    const first = rings.firstRing.get(polygon)!;
    const shell = ringLocator(first).locate(x, y);
    if (shell !== INSIDE) return shell;
    for (let r = first + 1; r < g.ringStarts.length && rings.polygonOf[r] === polygon; r++) {
      const hole = ringLocator(r).locate(x, y);
      if (hole === INSIDE) return OUTSIDE;
      if (hole === ON_BOUNDARY) return ON_BOUNDARY;
    }
    return INSIDE;
  };
}

/** Where (0..1) the point, known to be on the line of edge e, lies along it, clamped. */
function along(g: Flat, e: number, x: number, y: number): number {
  const dx = g.xs[e + 1] - g.xs[e], dy = g.ys[e + 1] - g.ys[e];
  const t = Math.abs(dx) >= Math.abs(dy) ? (x - g.xs[e]) / dx : (y - g.ys[e]) / dy;
  return Math.max(0, Math.min(1, t));
}

function upperBound(sorted: readonly number[], value: number): number {
  let low = 0, high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] <= value) low = mid + 1;
    else high = mid;
  }
  return low;
}
