// Builds the Aoi value from valid polygons. The two WKT strings are computed on first use and
// kept: for a million-vertex AOI each is 20 MB of text that most callers never need (the
// GeoJSON payload or the areas are enough), yet they stay enumerable so JSON.stringify sees them.
import { bboxAreaKm2, MIN_BILLED_KM2, unionBbox } from './area';
import { flattenPolygon } from './flat';
import type { PolygonMeasures } from './flat';
import { toTaskingWkt, toWkt } from './geometry-text';
import type { Aoi, AoiFormat, PolygonCoordinates } from './types';

/** `measures`, when the caller has them from validation, spare another pass over the vertices;
 * `minBilledKm2` is the billing rules' minimum per polygon (the specification document's, when it
 * gives one). */
export function aoiFromPolygons(
  polygons: PolygonCoordinates[],
  format: AoiFormat = 'geojson',
  measures?: PolygonMeasures[],
  minBilledKm2 = MIN_BILLED_KM2,
): Aoi {
  if (polygons.length === 0) throw new RangeError('An AOI needs at least one polygon.');
  const measured =
    measures && measures.length === polygons.length
      ? measures
      : polygons.map((polygon) => flattenPolygon(polygon, true));
  const billedBoxes = measured.map((flat) => flat.bbox);
  const vertexCount = measured.reduce((sum, flat) => sum + flat.vertexCount, 0);
  const aoi = {
    format,
    polygons,
    geoJson:
      polygons.length === 1
        ? { type: 'Polygon' as const, coordinates: polygons[0] }
        : { type: 'MultiPolygon' as const, coordinates: polygons },
    areaKm2: measured.reduce((sum, flat) => sum + flat.areaKm2, 0),
    billedAreaKm2: billedBoxes.reduce((sum, box) => sum + Math.max(minBilledKm2, bboxAreaKm2(box)), 0),
    minBilledKm2,
    billedBoxes,
    bbox: unionBbox(billedBoxes),
    vertexCount,
  } as Aoi;
  defineLazy(aoi, 'wkt', () => toWkt(polygons));
  defineLazy(aoi, 'taskingWkt', () => toTaskingWkt(polygons));
  return aoi;
}

function defineLazy(target: Aoi, key: 'wkt' | 'taskingWkt', compute: () => string): void {
  let value: string | undefined;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => (value ??= compute()),
  });
}
