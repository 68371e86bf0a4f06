// Where a point lies relative to one ring: inside, outside, or on its boundary. The ring's edges
// are binned into horizontal strips once, so each query tests only the edges of its strip; the
// hole and overlap checks ask a handful of points each, and on a million-vertex ring a query
// then costs a few dozen edge tests instead of a million.
import { boxOfVertices } from './flat';

/** Points this close (in degrees, about 0.1 mm) to an edge count as on it: rounding, not area. */
const ON_EDGE_DEGREES = 1e-9;

export const INSIDE = 1;
export const ON_BOUNDARY = 0;
export const OUTSIDE = -1;
export type Location = typeof INSIDE | typeof ON_BOUNDARY | typeof OUTSIDE;

export class RingLocator {
  readonly west: number;
  readonly east: number;
  readonly south: number;
  readonly north: number;
  private readonly stripHeight: number;
  private readonly stripStarts: Uint32Array;
  private readonly stripEdges: Uint32Array;

  /** The ring holds the vertices from..to-1 of xs/ys, its last vertex repeating its first. */
  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
    from: number,
    to: number,
  ) {
    const { west, east, south, north } = boxOfVertices(xs, ys, from, to);
    let rise = 0;
    for (let v = from + 1; v < to; v++) rise += Math.abs(ys[v] - ys[v - 1]);
    this.west = west;
    this.east = east;
    this.south = south;
    this.north = north;
    const edges = Math.max(0, to - from - 1);
    const height = north - south;
    // About one strip per edge, but fewer when long edges would each fill many strips (a comb of
    // tall teeth): the bins then hold at most about eight entries per edge in all.
    const strips = height > 0 && rise > 0 ? Math.max(1, Math.min(edges, Math.floor((7 * edges * height) / rise))) : 1;
    this.stripHeight = height > 0 ? height / strips : 1;
    const counts = new Uint32Array(strips + 1);
    const range = (e: number): [number, number] => {
      const a = ys[e],
        b = ys[e + 1];
      return [this.strip(Math.min(a, b), strips), this.strip(Math.max(a, b), strips)];
    };
    for (let e = from; e < to - 1; e++) {
      const [lo, hi] = range(e);
      for (let s = lo; s <= hi; s++) counts[s + 1]++;
    }
    for (let s = 0; s < strips; s++) counts[s + 1] += counts[s];
    const fill = counts.slice(0, strips);
    const entries = new Uint32Array(counts[strips]);
    for (let e = from; e < to - 1; e++) {
      const [lo, hi] = range(e);
      for (let s = lo; s <= hi; s++) entries[fill[s]++] = e;
    }
    this.stripStarts = counts;
    this.stripEdges = entries;
  }

  private strip(y: number, strips = this.stripStarts.length - 1): number {
    return Math.max(0, Math.min(strips - 1, Math.floor((y - this.south) / this.stripHeight)));
  }

  locate(x: number, y: number): Location {
    const eps = ON_EDGE_DEGREES;
    if (x < this.west - eps || x > this.east + eps || y < this.south - eps || y > this.north + eps) return OUTSIDE;
    const { xs, ys, stripStarts, stripEdges } = this;
    const first = this.strip(y - eps),
      last = this.strip(y + eps),
      home = this.strip(y);
    let inside = false;
    for (let s = first; s <= last; s++) {
      for (let k = stripStarts[s]; k < stripStarts[s + 1]; k++) {
        const e = stripEdges[k];
        const ax = xs[e],
          ay = ys[e],
          bx = xs[e + 1],
          by = ys[e + 1];
        if (nearSegment(x, y, ax, ay, bx, by, eps)) return ON_BOUNDARY;
        // Ray to +x, each edge counted once (in its home strip) with the half-open rule.
        if (s === home && ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) inside = !inside;
      }
    }
    return inside ? INSIDE : OUTSIDE;
  }
}

function nearSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number, eps: number): boolean {
  if (
    px < Math.min(ax, bx) - eps ||
    px > Math.max(ax, bx) + eps ||
    py < Math.min(ay, by) - eps ||
    py > Math.max(ay, by) + eps
  )
    return false;
  const dx = bx - ax,
    dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  const ex = ax + t * dx - px,
    ey = ay + t * dy - py;
  return ex * ex + ey * ey <= eps * eps;
}
