// Checks on the rings of one polygon once they are known not to cross or touch: a ring with no
// area (every position on one line), a hole outside its outer ring, a hole inside another hole.
// Without crossings a ring lies wholly inside or wholly outside another, so one vertex tells.
import { ringLabel } from './drafts';
import { OUTSIDE, RingLocator } from './ring-locator';
import type { Draft } from './drafts';
import type { FlatPolygon } from './flat';
import type { Location } from './ring-locator';

/** Twice the planar area below this share of the ring's box is rounding, not area. */
const ZERO_AREA_SHARE = 1e-12;

function ringEnd(flat: FlatPolygon, r: number): number {
  return r + 1 < flat.ringStarts.length ? flat.ringStarts[r + 1] : flat.xs.length;
}

export function checkZeroArea(flat: FlatPolygon, p: number, out: Draft[]): void {
  const { xs, ys, ringStarts } = flat;
  for (let r = 0; r < ringStarts.length; r++) {
    const from = ringStarts[r],
      to = ringEnd(flat, r);
    // Shoelace about the first vertex, so large coordinates do not drown a small ring.
    const x0 = xs[from],
      y0 = ys[from];
    let twice = 0,
      width = 0,
      height = 0;
    for (let v = from + 1; v < to - 1; v++) {
      const ax = xs[v] - x0,
        ay = ys[v] - y0,
        bx = xs[v + 1] - x0,
        by = ys[v + 1] - y0;
      twice += ax * by - bx * ay;
      width = Math.max(width, Math.abs(ax));
      height = Math.max(height, Math.abs(ay));
    }
    const span = Math.max(width, height);
    if (Math.abs(twice) > ZERO_AREA_SHARE * span * span && span > 0) continue;
    const why = span === 0 ? 'all its positions are the same point' : 'all its positions lie on one line';
    out.push({
      code: 'zero-area',
      severity: 'error',
      message: `${ringLabel(p, r)} has no area: ${why}.`,
      place: { polygon: p, ring: r },
    });
  }
}

interface Box {
  ring: number;
  west: number;
  east: number;
  south: number;
  north: number;
}

/** Holes outside the outer ring, and holes inside other holes. */
export function checkHoles(flat: FlatPolygon, p: number, out: Draft[]): void {
  const holes = flat.ringStarts.length - 1;
  if (holes < 1) return;
  const locators = new Map<number, RingLocator>();
  const locatorOf = (r: number) => {
    let locator = locators.get(r);
    if (!locator) locators.set(r, (locator = new RingLocator(flat.xs, flat.ys, flat.ringStarts[r], ringEnd(flat, r))));
    return locator;
  };
  const where = (ring: number, of: number): Location =>
    locatorOf(of).locate(flat.xs[flat.ringStarts[ring]], flat.ys[flat.ringStarts[ring]]);
  const boxes: Box[] = [];
  for (let r = 1; r <= holes; r++) {
    if (where(r, 0) === OUTSIDE) {
      out.push({
        code: 'hole-outside-shell',
        severity: 'error',
        message: `${ringLabel(p, r)} is a hole, but it lies outside the polygon's outer ring (ring 1); a hole must lie inside it. Make it a polygon of its own if it is a separate area.`,
        place: { polygon: p, ring: r },
      });
      return;
    }
    const locator = locatorOf(r);
    boxes.push({ ring: r, west: locator.west, east: locator.east, south: locator.south, north: locator.north });
  }
  // A hole can hold another only if its box holds the other's box: sweep the boxes west to east.
  boxes.sort((a, b) => a.west - b.west || b.east - a.east);
  // Comparing two boxes costs nanoseconds: a grid of 10,000 holes (100 a column) needs 2M.
  let budget = 300 * holes + 1_000_000;
  const open: Box[] = [];
  for (const box of boxes) {
    let keep = 0;
    for (const other of open) {
      if (other.east < box.west) continue;
      open[keep++] = other;
      if (--budget < 0) {
        out.push({
          code: 'holes-overlap',
          severity: 'warning',
          message: `Polygon ${p + 1} has too many holes to check quickly whether one lies inside another; they were not checked.`,
          place: { polygon: p, ring: 0 },
        });
        return;
      }
      if (
        other.south <= box.south &&
        other.north >= box.north &&
        other.east >= box.east &&
        where(box.ring, other.ring) !== OUTSIDE
      ) {
        const [outer, inner] = [Math.min(other.ring, box.ring), Math.max(other.ring, box.ring)];
        out.push({
          code: 'holes-overlap',
          severity: 'error',
          message: `${ringLabel(p, inner)} and ring ${outer + 1} are holes of polygon ${p + 1}, and one lies inside the other; holes must not overlap.`,
          place: { polygon: p, ring: inner },
        });
        return;
      }
    }
    open.length = keep;
    open.push(box);
  }
}
