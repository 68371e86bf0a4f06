// The service's billing rules of an area (live-service notes, "Billing rules of an area"): it
// bills each polygon's bounding box, with a minimum per polygon; a polygon that fills little of
// its box, or whose box is very narrow, is refused or billed far above its area.
import { bboxAreaKm2, EARTH_RADIUS_M, RAD } from './earth';
import type { BoundingBox } from './types';

export interface BillingRules {
  /** The least the service bills for one polygon, km². */
  minBilledKm2: number;
  /** A polygon filling less than this share of its box is billed far above its area. */
  minFillRatio: number;
  /** A box side shorter than this (metres) is refused or billed far above its area. */
  minBoxSideM: number;
}

/**
 * The live-service notes' figures (the current documentation pages: 0.5 km², 5 %, 150 m). The
 * diagnostics run without network, so these apply until the host passes others (AoiCache).
 */
export const DEFAULT_BILLING_RULES: Readonly<BillingRules> = Object.freeze({ minBilledKm2: 0.5, minFillRatio: 0.05, minBoxSideM: 150 });

export function billedBoxKm2(box: BoundingBox, rules: BillingRules): number {
  return Math.max(rules.minBilledKm2, bboxAreaKm2(box));
}

/** Width (at the box's middle latitude) and height of a box, in metres. */
export function boxSidesM(box: BoundingBox): { widthM: number; heightM: number } {
  const midLat = ((box.north + box.south) / 2) * RAD;
  return { widthM: Math.abs(box.east - box.west) * RAD * EARTH_RADIUS_M * Math.cos(midLat), heightM: Math.abs(box.north - box.south) * RAD * EARTH_RADIUS_M };
}

/** km² for a message: three significant digits, no exponent. */
export function formatKm2(value: number): string {
  if (value >= 100) return `${Math.round(value)} km²`;
  return `${Number(value.toPrecision(3))} km²`;
}
