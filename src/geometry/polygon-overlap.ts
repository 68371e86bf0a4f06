// Finds polygons of one AOI whose interiors overlap (they are sent as one MultiPolygon, which
// must not overlap itself). Touching is allowed, at a point or along an edge. Only polygons whose
// boxes overlap are compared, and their edges only where their monotone chains overlap (the
// chains and pair walk of self-intersection.ts, paired through a grid: chain-pairs.ts). Two polygons overlap exactly when a piece of one's boundary
// runs strictly inside the other, or both have the same outer ring: so every edge that meets the
// other polygon is cut where it meets it and the middle of each piece is placed; a ring that
// meets nothing of the other is placed by one vertex.
import { forEachOverlappingChainPair } from './chain-pairs';
import { flattenPolygon } from './flat';
import { INSIDE, ON_BOUNDARY, OUTSIDE, RingLocator } from './ring-locator';
import { monotoneChains, orient, walkPair, withoutRepeats } from './self-intersection';
import type { Location } from './ring-locator';
import type { Flat } from './self-intersection';
import type { BoundingBox, PolygonCoordinates } from './types';

interface Overlap {
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

export function findPolygonOverlap(
  polygons: readonly PolygonCoordinates[],
  boxes: readonly BoundingBox[],
): OverlapCheck {
  const pairs = candidatePairs(boxes);
  if (pairs === undefined) return { overlap: undefined, complete: false };
  if (pairs.size === 0) return { overlap: undefined, complete: true };
  const walk = walkOf(combine(polygons, pairs));
  const meets = meetingEdges(walk);
  if (meets.proper) return { overlap: meets.proper, complete: true };
  if (!meets.complete) return { overlap: undefined, complete: false };
  const locate = polygonLocator(walk.rings);
  const pieces = placePieces(walk, meets.cuts, locate);
  if ('polygon' in pieces) return { overlap: pieces, complete: true };
  return { overlap: ringInsideOther(walk, pairs, locate, pieces), complete: true };
}

type Locate = (polygon: number, x: number, y: number) => Location;

/** The rings of the polygons compared, each vertex's ring, and an edge's place in its polygon. */
interface Walk {
  rings: Rings;
  vertexRing: Int32Array;
  place: (e: number, other: number) => Overlap;
}

function walkOf(rings: Rings): Walk {
  const { g, polygonOf } = rings;
  const vertexRing = new Int32Array(g.xs.length);
  for (let r = 0; r < g.ringStarts.length; r++)
    vertexRing.fill(r, g.ringStarts[r], r + 1 < g.ringStarts.length ? g.ringStarts[r + 1] : g.xs.length);
  const place = (e: number, other: number): Overlap => {
    const r = vertexRing[e];
    return {
      polygon: polygonOf[r],
      ring: rings.ringInPolygon[r],
      position: g.original ? g.original[e] : e - g.ringStarts[r],
      other,
    };
  };
  return { rings, vertexRing, place };
}

/** Where edges of two polygons meet: a proper crossing (an overlap at once), or, per edge, the
 * polygons it touches and where along it (0..1), as pairs [other, t, other, t, ...]. */
function meetingEdges(walk: Walk): { proper: Overlap | undefined; complete: boolean; cuts: Map<number, number[]> } {
  const { g, polygonOf } = walk.rings;
  const { vertexRing, place } = walk;
  const { xs, ys } = g;
  const cuts = new Map<number, number[]>();
  let proper: Overlap | undefined;
  /** Cuts edge a where the ends of edge b (of polygon other) lie on it; its own ends always. */
  const cutBy = (a: number, b: number, other: number) => {
    let list = cuts.get(a);
    if (!list) cuts.set(a, (list = []));
    list.push(other, 0, other, 1);
    for (let v = b; v <= b + 1; v++)
      if (orient(xs[a], ys[a], xs[a + 1], ys[a + 1], xs[v], ys[v]) === 0) list.push(other, along(g, a, xs[v], ys[v]));
  };
  // Two chains whose boxes overlap belong to polygons whose boxes overlap: a candidate pair.
  const onMeet = (e: number, f: number): boolean => {
    const pe = polygonOf[vertexRing[e]],
      pf = polygonOf[vertexRing[f]];
    if (pe === pf) return false;
    const o1 = orient(xs[e], ys[e], xs[e + 1], ys[e + 1], xs[f], ys[f]),
      o2 = orient(xs[e], ys[e], xs[e + 1], ys[e + 1], xs[f + 1], ys[f + 1]);
    const o3 = orient(xs[f], ys[f], xs[f + 1], ys[f + 1], xs[e], ys[e]),
      o4 = orient(xs[f], ys[f], xs[f + 1], ys[f + 1], xs[e + 1], ys[e + 1]);
    if (o1 * o2 < 0 && o3 * o4 < 0) {
      proper = place(Math.max(e, f), e < f ? pe : pf);
      return true;
    }
    // They touch: cut each edge where the other's ends lie on it.
    cutBy(e, f, pf);
    cutBy(f, e, pe);
    return false;
  };
  const complete = forEachOverlappingChainPair(monotoneChains(g), 100 * xs.length + 1_000_000, (a, b) => {
    const { steps } = walkPair(g, a, b, Infinity, onMeet);
    return proper ? true : steps;
  });
  return { proper, complete, cuts };
}

/** Per ring: the polygons it meets, and those it meets with some piece off their boundary. */
interface Met {
  met: Map<number, Set<number>>;
  offBoundary: Map<number, Set<number>>;
}

/** The middle of each piece an edge is cut into, placed in the polygon that cut it: one inside is
 * an overlap; otherwise which rings met which polygons, and where off their boundary. */
function placePieces(walk: Walk, cuts: Map<number, number[]>, locate: Locate): Overlap | Met {
  const { xs, ys } = walk.rings.g;
  const met = new Map<number, Set<number>>();
  const offBoundary = new Map<number, Set<number>>();
  const mark = (sets: Map<number, Set<number>>, r: number, other: number) => {
    const set = sets.get(r);
    if (set) set.add(other);
    else sets.set(r, new Set([other]));
  };
  for (const [e, list] of cuts) {
    const order = Array.from({ length: list.length / 2 }, (_, k) => k).sort(
      (a, b) => list[2 * a] - list[2 * b] || list[2 * a + 1] - list[2 * b + 1],
    );
    for (let k = 0; k < order.length; k++) {
      const other = list[2 * order[k]],
        t = list[2 * order[k] + 1];
      if (k === 0 || other !== list[2 * order[k - 1]]) {
        mark(met, walk.vertexRing[e], other);
        continue;
      }
      const previous = list[2 * order[k - 1] + 1];
      if (t === previous) continue;
      const middle = (t + previous) / 2;
      const where = locate(other, xs[e] + middle * (xs[e + 1] - xs[e]), ys[e] + middle * (ys[e + 1] - ys[e]));
      if (where === INSIDE) return walk.place(e, other);
      if (where !== ON_BOUNDARY) mark(offBoundary, walk.vertexRing[e], other);
    }
  }
  return { met, offBoundary };
}

/** A ring that meets nothing of the other polygon and lies inside it (placed by one vertex), or
 * two outer rings that lie wholly on each other's boundary: the same outer ring twice. */
function ringInsideOther(
  walk: Walk,
  pairs: Map<number, [number, number]>,
  locate: Locate,
  { met, offBoundary }: Met,
): Overlap | undefined {
  const { rings } = walk;
  const { g, polygonOf } = rings;
  const has = (sets: Map<number, Set<number>>, r: number, other: number) => sets.get(r)?.has(other) === true;
  for (const [a, b] of pairs.values()) {
    for (const [p, q] of [
      [a, b],
      [b, a],
    ]) {
      const first = rings.firstRing.get(p)!;
      for (let r = first; r < g.ringStarts.length && polygonOf[r] === p; r++) {
        if (has(met, r, q)) continue;
        const v = g.ringStarts[r];
        if (locate(q, g.xs[v], g.ys[v]) === INSIDE)
          return { polygon: p, ring: rings.ringInPolygon[r], position: undefined, other: q };
      }
    }
    const shellA = rings.firstRing.get(a)!,
      shellB = rings.firstRing.get(b)!;
    const onOther = (r: number, q: number) => has(met, r, q) && !has(offBoundary, r, q);
    if (onOther(shellA, b) && onOther(shellB, a))
      return { polygon: Math.max(a, b), ring: 0, position: undefined, other: Math.min(a, b) };
  }
  return undefined;
}

/** Pairs of polygons whose boxes overlap, keyed a * n + b (a < b); undefined past the budget. */
function candidatePairs(boxes: readonly BoundingBox[]): Map<number, [number, number]> | undefined {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].west - boxes[b].west);
  const pairs = new Map<number, [number, number]>();
  const active: number[] = [];
  // A comparison of two boxes costs nanoseconds: a grid of 10,000 fields (100 a column) needs 2M.
  let budget = 300 * boxes.length + 1_000_000;
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
  const polygonOf: number[] = [],
    ringInPolygon: number[] = [];
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
function polygonLocator(rings: Rings): Locate {
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
  const dx = g.xs[e + 1] - g.xs[e],
    dy = g.ys[e + 1] - g.ys[e];
  const t = Math.abs(dx) >= Math.abs(dy) ? (x - g.xs[e]) / dx : (y - g.ys[e]) / dy;
  return Math.max(0, Math.min(1, t));
}
