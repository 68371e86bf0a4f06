// How much of the area a partially available date covers: the parts whose DatesByGeog entry
// lists the date, weighted by their drawn area when the service answered one entry per polygon,
// else counted.
import { polygonAreaKm2 } from '../../geometry/area';
import type { Aoi } from '../../geometry/types';
import type { DateCoverage } from '../engine/date-coverage';

/** A share between 0 and 1, or undefined when the coverage does not say. */
export function partialShare(coverage: DateCoverage, date: string, aoi: Aoi): number | undefined {
  const hits = coverage.hits?.[date];
  if (!hits || coverage.parts === 0) return undefined;
  if (coverage.parts === aoi.polygons.length) {
    const areas = aoi.polygons.map((polygon) => polygonAreaKm2(polygon));
    const total = areas.reduce((sum, a) => sum + a, 0);
    if (total > 0) return hits.reduce((sum, index) => sum + (areas[index] ?? 0), 0) / total;
  }
  return hits.length / coverage.parts;
}
