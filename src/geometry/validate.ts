// Checks polygons whose coordinates are all finite numbers: rings closed and long enough,
// longitude and latitude in range (or plainly swapped), rings that cross themselves or each
// other, rings without area, holes outside their polygon or inside each other. Structural faults (no rings, strings for numbers) are the readers' job.
import { flattenPolygon } from './flat';
import { findSelfIntersection } from './self-intersection';
import { checkHoles, checkZeroArea } from './ring-checks';
import { findAntimeridianJump, splitAtAntimeridian } from './antimeridian';
import { findPolygonOverlap } from './polygon-overlap';
import { formatCoordinate, MAX_PROBLEMS, ringLabel } from './drafts';
import type { Draft } from './drafts';
import type { FlatPolygon, PolygonMeasures } from './flat';
import type { PolygonCoordinates } from './types';

/** Adds the problems to `out`; returns each polygon's measures, taken on the way, for the Aoi.
 * Every polygon is checked until MAX_PROBLEMS errors are found: warnings (a check that gave up on
 * an intricate polygon) are kept up to MAX_PROBLEMS too, but never stop the checks of the others,
 * so no number of warnings lets an invalid polygon through unchecked. */
export function validatePolygons(polygons: readonly PolygonCoordinates[], out: Draft[]): PolygonMeasures[] {
  const measures: PolygonMeasures[] = [];
  let errors = out.filter((d) => d.severity === 'error').length;
  let warnings = out.length - errors;
  for (let p = 0; p < polygons.length && errors < MAX_PROBLEMS; p++) {
    const found: Draft[] = [];
    checkPolygon(polygons[p], p, found, measures);
    for (const draft of found) {
      if (draft.severity === 'error' ? errors++ < MAX_PROBLEMS : warnings++ < MAX_PROBLEMS) out.push(draft);
    }
  }
  if (polygons.length > 1 && measures.length === polygons.length && !out.some((d) => d.severity === 'error'))
    checkOverlaps(polygons, measures, out);
  return measures;
}

/** One polygon's problems into `found` (empty before); its measures into `measures` once its rings are sound. */
function checkPolygon(polygon: PolygonCoordinates, p: number, found: Draft[], measures: PolygonMeasures[]): void {
  checkRings(polygon, p, found);
  if (found.length > 0) return;
  const flat = flattenPolygon(polygon, true);
  measures.push({ bbox: flat.bbox, areaKm2: flat.areaKm2, vertexCount: flat.vertexCount });
  checkCoordinateRanges(polygon, flat, p, found);
  if (found.length === 0) checkAntimeridian(polygon, p, found);
  if (found.length === 0) checkCrossings(flat, p, found);
  if (!found.some((d) => d.severity === 'error')) checkZeroArea(flat, p, found);
  // Holes are placed by one vertex each, which is sound only once no rings cross or touch.
  if (found.length === 0) checkHoles(flat, p, found);
}

function checkAntimeridian(polygon: PolygonCoordinates, p: number, out: Draft[]): void {
  const jump = findAntimeridianJump(polygon);
  if (!jump) return;
  const { ring, position } = jump;
  const x = (i: number) => formatCoordinate(polygon[ring][i][0]);
  // The fix is offered only when its parts are valid themselves (a ring crossing the line more
  // than twice can leave a sliver along the cut). This reuses the scratch arrays of `flat`,
  // which is why nothing reads them after this check reports.
  const split = splitAtAntimeridian(polygon);
  const parts = split && isValid(split) ? split : undefined;
  out.push({
    code: 'antimeridian',
    severity: 'error',
    message: `${ringLabel(p, ring)} jumps from longitude ${x(position)} to ${x(position + 1)} between positions ${position + 1} and ${position + 2}: it crosses the 180° meridian, and read as written it would wrap the other way round the globe. Split the polygon at 180° into two.`,
    place: { polygon: p, ring, position: position + 1, coordinate: 0 },
    ...(parts
      ? {
          fix: {
            kind: 'split-antimeridian' as const,
            title: `Split polygon ${p + 1} at the 180° meridian into two polygons`,
            polygon: p,
            parts,
          },
        }
      : {}),
  });
}

function isValid(polygons: PolygonCoordinates[]): boolean {
  const found: Draft[] = [];
  validatePolygons(polygons, found);
  return !found.some((d) => d.severity === 'error');
}

function checkOverlaps(polygons: readonly PolygonCoordinates[], measures: PolygonMeasures[], out: Draft[]): void {
  const { overlap, complete } = findPolygonOverlap(
    polygons,
    measures.map((m) => m.bbox),
  );
  if (!complete) {
    out.push({
      code: 'polygons-overlap',
      severity: 'warning',
      message: 'The polygons are too intricate to check quickly for overlaps; they were not checked.',
      place: { polygon: 0 },
    });
    return;
  }
  if (!overlap) return;
  const { polygon, ring, position, other } = overlap;
  const what =
    position === undefined
      ? ring === 0
        ? `Polygon ${polygon + 1} lies inside polygon ${other + 1}`
        : `${ringLabel(polygon, ring)} lies inside polygon ${other + 1}`
      : `Polygon ${polygon + 1} overlaps polygon ${other + 1}: the edge from position ${position + 1} to ${position + 2} of its ring ${ring + 1} runs inside polygon ${other + 1}`;
  out.push({
    code: 'polygons-overlap',
    severity: 'error',
    message: `${what}. The polygons of one area are sent as one MultiPolygon, whose parts may touch but not overlap: merge them into one polygon or remove the overlap.`,
    place: position === undefined ? { polygon, ring } : { polygon, ring, position },
  });
}

function checkRings(polygon: PolygonCoordinates, p: number, out: Draft[]): void {
  polygon.forEach((ring, r) => {
    if (out.length >= MAX_PROBLEMS) return;
    const n = ring.length;
    if (n === 0) {
      out.push({
        code: 'empty',
        severity: 'error',
        message: `${ringLabel(p, r)} has no positions.`,
        place: { polygon: p, ring: r },
      });
      return;
    }
    const first = ring[0];
    const last = ring[n - 1];
    const closed = n > 1 && first[0] === last[0] && first[1] === last[1];
    if (!closed) {
      const title = `Close the ring: repeat its first position (${first.map(formatCoordinate).join(' ')}) at the end`;
      out.push({
        code: 'ring-not-closed',
        severity: 'error',
        message: `${ringLabel(p, r)} is not closed: its last position differs from its first.`,
        place: { polygon: p, ring: r, position: n - 1 },
        fix: { kind: 'close-ring', title, polygon: p, ring: r, last: n - 1, position: first },
      });
    }
    const count = closed ? n : n + 1;
    if (count < 4) {
      out.push({
        code: 'ring-too-short',
        severity: 'error',
        message: `${ringLabel(p, r)} has ${n} position${n === 1 ? '' : 's'}; a ring needs at least 4 (three corners, then the first one again).`,
        place: { polygon: p, ring: r },
      });
    }
  });
}

function checkCoordinateRanges(polygon: PolygonCoordinates, flat: FlatPolygon, p: number, out: Draft[]): void {
  let fitsSwapped = true;
  let firstLatOut: { ring: number; position: number; value: number } | undefined;
  const ringFaults: Draft[] = [];
  const { xs, ys, ringStarts } = flat;
  polygon.forEach((ring, r) => {
    let lonOut = -1,
      latOut = -1,
      lonCount = 0,
      latCount = 0;
    const from = ringStarts[r];
    for (let i = 0; i < ring.length; i++) {
      const x = xs[from + i],
        y = ys[from + i];
      if (x < -180 || x > 180) {
        if (lonOut < 0) lonOut = i;
        lonCount++;
      }
      if (y < -90 || y > 90) {
        if (latOut < 0) latOut = i;
        latCount++;
      }
      if (x < -90 || x > 90 || y < -180 || y > 180) fitsSwapped = false;
    }
    if (lonOut >= 0) ringFaults.push(rangeFault(ring, p, r, 0, lonOut, lonCount));
    if (latOut >= 0) {
      firstLatOut ??= { ring: r, position: latOut, value: ring[latOut][1] };
      ringFaults.push(rangeFault(ring, p, r, 1, latOut, latCount));
    }
  });
  if (firstLatOut && fitsSwapped) {
    const { ring, position, value } = firstLatOut;
    out.push({
      code: 'swapped-lat-lon',
      severity: 'error',
      message: `Polygon ${p + 1} seems to have latitude and longitude swapped: the second number of position ${position + 1} of ring ${ring + 1} is ${formatCoordinate(value)}, outside the latitude range [-90, 90], but every position fits once the two numbers are swapped. WKT and GeoJSON put longitude first.`,
      place: { polygon: p, ring, position, coordinate: 1 },
      fix: {
        kind: 'swap-lat-lon',
        title: `Swap longitude and latitude in every position of polygon ${p + 1}`,
        polygon: p,
        swapped: polygon.map((r) => r.map(([x, y, ...rest]) => [y, x, ...rest])),
      },
    });
    return;
  }
  out.push(...ringFaults.slice(0, MAX_PROBLEMS - out.length));
}

/** A ring's first longitude (coordinate 0) or latitude (1) out of its range, and how many more. */
function rangeFault(ring: number[][], p: number, r: number, coordinate: 0 | 1, position: number, count: number): Draft {
  const [name, range] = coordinate === 0 ? ['Longitude', '[-180, 180]'] : ['Latitude', '[-90, 90]'];
  const more = count > 1 ? ` (${count - 1} more position${count > 2 ? 's' : ''} of this ring too)` : '';
  return {
    code: coordinate === 0 ? 'longitude-range' : 'latitude-range',
    severity: 'error',
    message: `${name} ${formatCoordinate(ring[position][coordinate])} at position ${position + 1} of ${ringLabel(p, r).toLowerCase()} is outside ${range}${more}.`,
    place: { polygon: p, ring: r, position, coordinate },
  };
}

function checkCrossings(flat: FlatPolygon, p: number, out: Draft[]): void {
  const { crossing, complete } = findSelfIntersection(flat);
  if (!complete) {
    out.push({
      code: 'self-intersection',
      severity: 'warning',
      message: `Polygon ${p + 1} is too intricate to check quickly for rings that cross; it was not checked.`,
      place: { polygon: p, ring: 0, position: 0 },
    });
    return;
  }
  if (!crossing) return;
  const { first, second } = crossing;
  const edge = (vertex: number) => `the edge from position ${vertex + 1} to ${vertex + 2}`;
  const message =
    first.ring === second.ring
      ? `${ringLabel(p, first.ring)} crosses or touches itself: ${edge(first.vertex)} meets ${edge(second.vertex)}.`
      : `${ringLabel(p, first.ring)} and ring ${second.ring + 1} of polygon ${p + 1} cross or touch: ${edge(first.vertex)} of ring ${first.ring + 1} meets ${edge(second.vertex)} of ring ${second.ring + 1}.`;
  out.push({
    code: 'self-intersection',
    severity: 'error',
    message,
    place: { polygon: p, ring: second.ring, position: second.vertex },
  });
}
