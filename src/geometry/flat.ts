// One pass over a polygon's nested coordinate arrays that copies them into flat typed arrays and
// measures them on the way (box, area). Reading a million small arrays is what costs; the
// range check, the crossing check and the areas then all run on the flat copy.
import { M2_PER_KM2, RAD, RING_SUM_TO_M2 } from './earth';
import type { BoundingBox, PolygonCoordinates } from './types';

export interface PolygonMeasures {
  /** Box of the outer ring (holes lie inside it). */
  bbox: BoundingBox;
  /** Spherical area, holes subtracted. */
  areaKm2: number;
  vertexCount: number;
}

export interface FlatPolygon extends PolygonMeasures {
  xs: Float64Array;
  ys: Float64Array;
  /** Ring r holds the vertices from ringStarts[r] up to ringStarts[r + 1] (or the end). */
  ringStarts: number[];
}

// Scratch arrays reused from one call to the next: a million-vertex AOI would otherwise allocate
// 16 MB of typed arrays per read, and their external memory makes V8 collect garbage sooner.
let scratchX = new Float64Array(0);
let scratchY = new Float64Array(0);

/**
 * With `transient`, xs and ys are views of shared scratch arrays, valid only until the next
 * transient call: use them at once and keep only the measures.
 */
export function flattenPolygon(polygon: PolygonCoordinates, transient = false): FlatPolygon {
  let total = 0;
  for (const ring of polygon) total += ring.length;
  let xs: Float64Array, ys: Float64Array;
  if (transient) {
    if (scratchX.length < total) {
      scratchX = new Float64Array(total);
      scratchY = new Float64Array(total);
    }
    xs = scratchX.subarray(0, total);
    ys = scratchY.subarray(0, total);
  } else {
    xs = new Float64Array(total);
    ys = new Float64Array(total);
  }
  const ringStarts: number[] = [];
  let n = 0;
  // Copy first, then measure on the typed arrays: two tight loops run faster than one mixed loop.
  for (let r = 0; r < polygon.length; r++) {
    const ring = polygon[r];
    ringStarts.push(n);
    for (let i = 0; i < ring.length; i++) {
      const p = ring[i];
      xs[n] = p[0];
      ys[n++] = p[1];
    }
  }
  const outerEnd = polygon.length > 1 ? ringStarts[1] : total;
  const bbox = boxOfVertices(xs, ys, 0, outerEnd);
  let areaM2 = 0;
  for (let r = 0; r < ringStarts.length; r++) {
    const ringArea = Math.abs(
      ringSum(xs, ys, ringStarts[r], r + 1 < ringStarts.length ? ringStarts[r + 1] : total) * RING_SUM_TO_M2,
    );
    areaM2 += r === 0 ? ringArea : -ringArea;
  }
  return { xs, ys, ringStarts, bbox, areaKm2: Math.max(0, areaM2) / M2_PER_KM2, vertexCount: total };
}

/** Chamberlain & Duquette's trapezoid sum over one ring, each vertex's sine computed once. */
function ringSum(xs: Float64Array, ys: Float64Array, from: number, to: number): number {
  if (to - from < 3) return 0;
  let sum = 0;
  let previousSin = Math.sin(ys[from] * RAD);
  for (let v = from + 1; v < to; v++) {
    const s = Math.sin(ys[v] * RAD);
    sum += (xs[v] - xs[v - 1]) * (2 + previousSin + s);
    previousSin = s;
  }
  return sum;
}

/** The bounding box of the vertices from..to-1 (an empty range: west Infinity, east -Infinity). */
export function boxOfVertices(xs: Float64Array, ys: Float64Array, from: number, to: number): BoundingBox {
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (let v = from; v < to; v++) {
    const x = xs[v],
      y = ys[v];
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return { west, south, east, north };
}
