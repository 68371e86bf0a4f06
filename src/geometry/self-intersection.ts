// Finds a place where a polygon's rings cross or touch themselves or each other, without
// comparing every pair of edges. The rings are cut into x-monotone chains (runs of edges that
// all go right, or all go left): a chain cannot cross itself, and two chains can be compared by
// walking both left to right at once, like a merge. Only chains whose boxes overlap are walked,
// found by a sweep over the chains sorted by their west end. On ordinary shapes (even a million
// vertices) there are few chains and the whole check is linear. A work budget keeps a
// pathological ring (a tight spiral of hundreds of turns, a comb of a million teeth) from
// freezing the caller: past it the check gives up and says so.
import { flattenPolygon } from './flat';
import type { FlatPolygon } from './flat';
import type { PolygonCoordinates } from './types';

interface Crossing {
  /** Ring and vertex index (start of the edge) of the two edges that meet. */
  first: { ring: number; vertex: number };
  second: { ring: number; vertex: number };
}

export interface CrossingCheck {
  crossing: Crossing | undefined;
  /** false when the work budget ran out before the check finished. */
  complete: boolean;
}

export interface Chain {
  /** Index in the vertex arrays of the first edge's start, and of the last edge's start. */
  first: number;
  last: number;
  /** +1 when x increases along the chain, -1 when it decreases. */
  dir: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export function findSelfIntersection(polygon: PolygonCoordinates | FlatPolygon): CrossingCheck {
  const g = withoutRepeats(Array.isArray(polygon) ? flattenPolygon(polygon) : polygon);
  const chains = monotoneChains(g);
  chains.sort((a, b) => a.minX - b.minX);
  // Every comparison and every edge walked counts against the budget, about 0.1 s a million.
  let budget = 100 * g.xs.length + 1_000_000;
  const active: Chain[] = [];
  for (const chain of chains) {
    let keep = 0;
    budget -= active.length;
    if (budget < 0) return { crossing: undefined, complete: false };
    for (const other of active) {
      if (other.maxX < chain.minX) continue; // no later chain reaches back this far: drop it
      active[keep++] = other;
      if (other.minY > chain.maxY || chain.minY > other.maxY) continue;
      let met: [number, number] | undefined;
      const walk = walkPair(g, other, chain, budget, (e, f) => {
        if (adjacent(g, e, f)) return false;
        met = [e, f];
        return true;
      });
      if (met) return { crossing: describe(g, met[0], met[1]), complete: true };
      budget -= walk.steps;
      if (budget < 0) return { crossing: undefined, complete: false };
    }
    active.length = keep;
    active.push(chain);
  }
  return { crossing: undefined, complete: true };
}

export interface Flat {
  xs: Float64Array;
  ys: Float64Array;
  /** First vertex of each ring in xs/ys; ring r's edges start at ringStarts[r] .. ringEdgeEnd[r] - 1. */
  ringStarts: number[];
  ringEdgeEnd: number[];
  /** Edge count of each ring (after repeated vertices are dropped). */
  edges: number[];
  /** Index in the caller's ring of each vertex, when repeated vertices had to be dropped. */
  original: Uint32Array | undefined;
}

/** The polygon without repeated consecutive vertices (which make no edge). Copies only when it must. */
export function withoutRepeats(polygon: FlatPolygon): Flat {
  const { xs, ys, ringStarts } = polygon;
  const total = xs.length;
  const ends = ringStarts.map((_, r) => (r + 1 < ringStarts.length ? ringStarts[r + 1] : total));
  let repeats = false;
  for (let r = 0; r < ringStarts.length && !repeats; r++) {
    for (let v = ringStarts[r] + 1; v < ends[r]; v++) {
      if (xs[v] === xs[v - 1] && ys[v] === ys[v - 1]) {
        repeats = true;
        break;
      }
    }
  }
  if (!repeats) {
    return {
      xs,
      ys,
      ringStarts,
      ringEdgeEnd: ends.map((end) => end - 1),
      edges: ringStarts.map((start, r) => Math.max(0, ends[r] - start - 1)),
      original: undefined,
    };
  }
  const cx = new Float64Array(total),
    cy = new Float64Array(total),
    original = new Uint32Array(total);
  const starts: number[] = [],
    edgeEnd: number[] = [],
    edges: number[] = [];
  let n = 0;
  for (let r = 0; r < ringStarts.length; r++) {
    const start = n;
    starts.push(start);
    for (let v = ringStarts[r]; v < ends[r]; v++) {
      if (n > start && cx[n - 1] === xs[v] && cy[n - 1] === ys[v]) continue;
      cx[n] = xs[v];
      cy[n] = ys[v];
      original[n++] = v - ringStarts[r];
    }
    edges.push(Math.max(0, n - start - 1));
    edgeEnd.push(n - 1); // the ring's last vertex starts no edge
  }
  return { xs: cx, ys: cy, ringStarts: starts, ringEdgeEnd: edgeEnd, edges, original };
}

/** The ring a vertex belongs to (rings are few; holes are rare). */
function ringOf(g: Flat, v: number): number {
  let r = g.ringStarts.length - 1;
  while (r > 0 && g.ringStarts[r] > v) r--;
  return r;
}

export function monotoneChains(g: Flat): Chain[] {
  const { xs, ys } = g;
  const chains: Chain[] = [];
  for (let r = 0; r < g.edges.length; r++) {
    const end = g.ringEdgeEnd[r];
    let e = g.ringStarts[r];
    while (e < end) {
      const dir = Math.sign(xs[e + 1] - xs[e]);
      let last = e;
      // A vertical edge is a chain of its own; otherwise extend while x keeps its direction.
      if (dir !== 0) while (last + 1 < end && Math.sign(xs[last + 2] - xs[last + 1]) === dir) last++;
      let minY = Infinity,
        maxY = -Infinity;
      for (let v = e; v <= last + 1; v++) {
        if (ys[v] < minY) minY = ys[v];
        if (ys[v] > maxY) maxY = ys[v];
      }
      const a = xs[e],
        b = xs[last + 1];
      chains.push({ first: e, last, dir: dir || 1, minX: Math.min(a, b), maxX: Math.max(a, b), minY, maxY });
      e = last + 1;
    }
  }
  return chains;
}

/**
 * Walks two chains left to right together, at most `limit` steps, calling `onMeet` with each two
 * edges (by start vertex) that meet, until it returns true.
 */
export function walkPair(
  g: Flat,
  a: Chain,
  b: Chain,
  limit: number,
  onMeet: (e: number, f: number) => boolean,
): { steps: number } {
  const lo = Math.max(a.minX, b.minX),
    hi = Math.min(a.maxX, b.maxX);
  const countA = a.last - a.first + 1,
    countB = b.last - b.first + 1;
  let i = firstReaching(g, a, lo),
    j = firstReaching(g, b, lo);
  let steps = 1;
  for (; i < countA && j < countB && steps <= limit; steps++) {
    const ea = edgeAt(a, i),
      eb = edgeAt(b, j);
    const aLo = Math.min(g.xs[ea], g.xs[ea + 1]),
      bLo = Math.min(g.xs[eb], g.xs[eb + 1]);
    if (aLo > hi || bLo > hi) break;
    if (edgesMeet(g, ea, eb) && onMeet(ea, eb)) return { steps };
    const aHi = Math.max(g.xs[ea], g.xs[ea + 1]),
      bHi = Math.max(g.xs[eb], g.xs[eb + 1]);
    if (aHi <= bHi) i++;
    else j++;
  }
  return { steps };
}

/** The i-th edge of a chain in left-to-right order. */
function edgeAt(c: Chain, i: number): number {
  return c.dir > 0 ? c.first + i : c.last - i;
}

/** Binary search: the first edge (left-to-right order) whose right end reaches x. */
function firstReaching(g: Flat, c: Chain, x: number): number {
  let low = 0,
    high = c.last - c.first + 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const e = edgeAt(c, mid);
    if (Math.max(g.xs[e], g.xs[e + 1]) < x) low = mid + 1;
    else high = mid;
  }
  return low;
}

function adjacent(g: Flat, e: number, f: number): boolean {
  // Edge starts are vertex indices, so neighbours differ by 1, or they are a ring's first and last.
  const d = Math.abs(e - f);
  if (d === 1) return true;
  const r = ringOf(g, e);
  return r === ringOf(g, f) && d === g.edges[r] - 1;
}

function edgesMeet(g: Flat, e: number, f: number): boolean {
  const { xs, ys } = g;
  if (
    Math.max(ys[e], ys[e + 1]) < Math.min(ys[f], ys[f + 1]) ||
    Math.max(ys[f], ys[f + 1]) < Math.min(ys[e], ys[e + 1])
  )
    return false;
  return segmentsMeet(xs[e], ys[e], xs[e + 1], ys[e + 1], xs[f], ys[f], xs[f + 1], ys[f + 1]);
}

function describe(g: Flat, e: number, f: number): Crossing {
  const place = (v: number) => {
    const ring = ringOf(g, v);
    return { ring, vertex: g.original ? g.original[v] : v - g.ringStarts[ring] };
  };
  return e < f ? { first: place(e), second: place(f) } : { first: place(f), second: place(e) };
}

export function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function within(a: number, b: number, v: number): boolean {
  return Math.min(a, b) <= v && v <= Math.max(a, b);
}

/** True when the closed segments ab and cd share at least one point. */
export function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy),
    o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay),
    o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && within(ax, bx, cx) && within(ay, by, cy)) return true;
  if (o2 === 0 && within(ax, bx, dx) && within(ay, by, dy)) return true;
  if (o3 === 0 && within(cx, dx, ax) && within(cy, dy, ay)) return true;
  return o4 === 0 && within(cx, dx, bx) && within(cy, dy, by);
}
