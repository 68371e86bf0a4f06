// Which pixels of an image grid a field covers, and how much: the three pixel rules.
//   centre       a pixel counts when its centre is inside (rasterstats', GDAL's default)
//   all-touched  a pixel counts when the field covers any of its area
//   exact        each pixel weighted by the fraction of its area inside (exactextract's rule)
// Exact coverage walks each ring's edges once, cut at every pixel boundary: a piece of edge in
// column c and row band k adds the trapezoid between it and row k's top to pixel (c, k) and its
// whole width to every pixel above it in that column (a running sum down the column), so the
// cost is the box's area plus the perimeter in pixels, not rows × vertices.
import type { PolygonCoordinates } from '../geometry/types';
import { StatsError } from './errors';

export type PixelRule = 'centre' | 'all-touched' | 'exact';
export const PIXEL_RULES: PixelRule[] = ['centre', 'all-touched', 'exact'];

/** A field on a pixel grid: the box [x0, x0 + width) × [y0, y0 + height), one weight per pixel. */
export interface Coverage {
  x0: number;
  y0: number;
  width: number;
  height: number;
  /** 0..1 (exact) or 0/1 (centre, all-touched), row-major over the box. */
  weights: Float64Array;
  /** Sum of the weights: the field's size in pixels under the rule, outside the image included. */
  total: number;
}

/** Fractions closer than this to 0 or 1 are rounding (a coordinate carried through a projection and back), not area. */
const EPSILON = 1e-9;

/** Pixels of a field's box measured at once: its weights (and, under the exact rule, two sums
 * as large) are held whole, so a field drawn over a region at a fine resolution is refused with
 * its size rather than filling the memory. 2^24 pixels: 1,678 km² at 10 m. */
const MAX_BOX_PIXELS = 2 ** 24;

/** `polygons` in pixel coordinates (x = column, y = row, fractional); `field` names the field in
 * the refusal of a box too large. */
export function coverageOf(polygons: PolygonCoordinates[], rule: PixelRule, field?: string): Coverage {
  const box = pixelBox(polygons);
  const pixels = box.width * box.height;
  if (pixels > MAX_BOX_PIXELS)
    throw new StatsError(
      'bad-input',
      `${field === undefined ? 'A field' : `Field '${field}'`} spans ${Math.round(pixels / 1e6)} million pixels of this image's grid (its bounding box), more than the ${Math.round(MAX_BOX_PIXELS / 1e6)} million a field is measured over at once: split it into smaller fields, or clip it to the images.`,
    );
  const weights = rule === 'centre' ? centreMask(polygons, box) : exactFractions(polygons, box);
  if (rule === 'all-touched')
    for (let i = 0; i < weights.length; i++) weights[i] = (weights[i] as number) > EPSILON ? 1 : 0;
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i] as number;
  return { ...box, weights, total };
}

function pixelBox(polygons: PolygonCoordinates[]): Box {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of polygons.flat()) {
    for (const p of ring) {
      const x = p[0] as number;
      const y = p[1] as number;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  const x0 = Math.floor(minX);
  const y0 = Math.floor(minY);
  return { x0, y0, width: Math.max(1, Math.ceil(maxX) - x0), height: Math.max(1, Math.ceil(maxY) - y0) };
}

interface Box {
  x0: number;
  y0: number;
  width: number;
  height: number;
}

function centreMask(polygons: PolygonCoordinates[], { x0, y0, width, height }: Box): Float64Array {
  const weights = new Float64Array(width * height);
  const crossings: number[] = [];
  // Each polygon's edges as [ax, ay, bx, by] in one array, taken out of the rings once, not at
  // every row (a field is measured when its grid first meets it, before any loop is optimised).
  const edges = polygons.map(edgesOf);
  for (let r = 0; r < height; r++) {
    const yc = y0 + r + 0.5;
    for (const e of edges) {
      crossings.length = 0;
      for (let i = 0; i < e.length; i += 4) {
        const ay = e[i + 1] as number;
        const by = e[i + 3] as number;
        if (ay <= yc !== by <= yc) {
          const ax = e[i] as number;
          crossings.push(ax + ((yc - ay) * ((e[i + 2] as number) - ax)) / (by - ay));
        }
      }
      // Most rows of a field cross its outline twice: two crossings need no sort.
      if (crossings.length === 2) {
        if ((crossings[0] as number) > (crossings[1] as number)) crossings.reverse();
      } else crossings.sort((a, b) => a - b);
      // Even-odd: inside between the 1st and 2nd crossing, the 3rd and 4th… (holes fall out).
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        const from = Math.max(0, Math.ceil((crossings[k] as number) - 0.5) - x0);
        const to = Math.min(width, Math.ceil((crossings[k + 1] as number) - 0.5) - x0);
        if (from < to) weights.fill(1, r * width + from, r * width + to);
      }
    }
  }
  return weights;
}

function edgesOf(polygon: PolygonCoordinates): Float64Array {
  let count = 0;
  for (const ring of polygon) count += Math.max(0, ring.length - 1);
  const edges = new Float64Array(4 * count);
  let at = 0;
  for (const ring of polygon) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const a = ring[i] as number[];
      const b = ring[i + 1] as number[];
      edges[at++] = a[0] as number;
      edges[at++] = a[1] as number;
      edges[at++] = b[0] as number;
      edges[at++] = b[1] as number;
    }
  }
  return edges;
}

function exactFractions(polygons: PolygonCoordinates[], box: Box): Float64Array {
  const { width, height } = box;
  const partial = new Float64Array(width * (height + 1));
  const above = new Float64Array(width * (height + 1));
  for (const polygon of polygons) {
    polygon.forEach((ring, r) => {
      const area = signedArea(ring);
      if (area === 0) return;
      // Outer rings add, holes take away, whatever way round each was written.
      addRing(ring, (r === 0 ? 1 : -1) * Math.sign(area), box, partial, above);
    });
  }
  const weights = new Float64Array(width * height);
  for (let c = 0; c < width; c++) {
    // `above[k][c]` holds what every row above k gets in column c: summed from the bottom up.
    let running = 0;
    for (let k = height; k >= 0; k--) {
      const at = k * width + c;
      if (k < height) weights[at] = clamp01((partial[at] as number) + running);
      running += above[at] as number;
    }
  }
  return weights;
}

function clamp01(v: number): number {
  if (v < EPSILON) return 0;
  return v > 1 - EPSILON ? 1 : v;
}

/** In the convention the pieces use: Σ (x_i − x_{i+1}) · (y_i + y_{i+1}) / 2. */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i] as [number, number];
    const [bx, by] = ring[i + 1] as [number, number];
    sum += ((ax - bx) * (ay + by)) / 2;
  }
  return sum;
}

function addRing(
  ring: number[][],
  sign: number,
  { x0, y0, width, height }: Box,
  partial: Float64Array,
  above: Float64Array,
): void {
  const ts: number[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const ax = (ring[i] as number[])[0] as number;
    const ay = (ring[i] as number[])[1] as number;
    const bx = (ring[i + 1] as number[])[0] as number;
    const by = (ring[i + 1] as number[])[1] as number;
    if (ax === bx) continue; // a vertical edge bounds no area under it
    // Where the edge crosses a column or row boundary, as fractions of its length.
    ts.length = 0;
    ts.push(0, 1);
    for (let x = Math.ceil(Math.min(ax, bx)); x < Math.max(ax, bx); x++) ts.push((x - ax) / (bx - ax));
    if (ay !== by) for (let y = Math.ceil(Math.min(ay, by)); y < Math.max(ay, by); y++) ts.push((y - ay) / (by - ay));
    ts.sort((a, b) => a - b);
    for (let j = 0; j + 1 < ts.length; j++) {
      const t0 = ts[j] as number;
      const t1 = ts[j + 1] as number;
      if (t1 <= t0) continue;
      const xs = ax + t0 * (bx - ax);
      const xe = ax + t1 * (bx - ax);
      const ym = ay + ((t0 + t1) / 2) * (by - ay);
      const c = Math.min(width - 1, Math.max(0, Math.floor((xs + xe) / 2) - x0));
      const k = Math.min(height, Math.max(0, Math.floor(ym) - y0));
      const dx = sign * (xs - xe);
      partial[k * width + c] += dx * (ym - (y0 + k));
      above[k * width + c] += dx;
    }
  }
}
