// Polygons packed into typed arrays for the trip from the extension host to a webview: one
// Float64Array of lon/lat pairs and two index arrays, instead of JSON arrays of arrays (a
// 1,000,000-vertex AOI is 2,000,000 numbers: as nested JSON that is tens of MB of text to build,
// send and parse; packed, one 16 MB buffer that postMessage transfers as bytes).
import type { PolygonCoordinates } from './types';

export interface PackedPolygons {
  /** lon0, lat0, lon1, lat1, … of every ring of every polygon, in order. */
  coordinates: Float64Array<ArrayBuffer>;
  /** For each ring, the index in `coordinates` just past its last number (ol's "ends"). */
  ringEnds: Uint32Array<ArrayBuffer>;
  /** For each polygon, the index in `ringEnds` just past its last ring. */
  polygonEnds: Uint32Array<ArrayBuffer>;
}

export function packPolygons(polygons: readonly PolygonCoordinates[]): PackedPolygons {
  let numbers = 0;
  let rings = 0;
  for (const polygon of polygons) {
    rings += polygon.length;
    for (const ring of polygon) numbers += ring.length * 2;
  }
  const coordinates = new Float64Array(numbers);
  const ringEnds = new Uint32Array(rings);
  const polygonEnds = new Uint32Array(polygons.length);
  let n = 0;
  let r = 0;
  polygons.forEach((polygon, p) => {
    for (const ring of polygon) {
      for (const position of ring) {
        coordinates[n++] = position[0];
        coordinates[n++] = position[1];
      }
      ringEnds[r++] = n;
    }
    polygonEnds[p] = r;
  });
  return { coordinates, ringEnds, polygonEnds };
}

/** The inverse of packPolygons (tests, and pages that want nested arrays). */
export function unpackPolygons(packed: PackedPolygons): PolygonCoordinates[] {
  const polygons: PolygonCoordinates[] = [];
  let ringStart = 0;
  let numberStart = 0;
  for (const polygonEnd of packed.polygonEnds) {
    const polygon: number[][][] = [];
    for (let r = ringStart; r < polygonEnd; r++) {
      const ring: number[][] = [];
      for (let i = numberStart; i < packed.ringEnds[r]; i += 2)
        ring.push([packed.coordinates[i], packed.coordinates[i + 1]]);
      polygon.push(ring);
      numberStart = packed.ringEnds[r];
    }
    polygons.push(polygon);
    ringStart = polygonEnd;
  }
  return polygons;
}
