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
 * The live-service notes' figures, used wherever the specification document gives none. The notes
 * ("Billing rules of an area") give the minimum billed area per polygon as 0.5 km² on the current
 * documentation pages and 1 km² on older ones (the older estimate field
 * `AreaKm2BeforeMinimum1Km2PerAoi` is named for it); the interface document is silent. The current
 * pages win: the notes say they are the current ones, and the specification document, which
 * decides when it says, overrides this (billingRulesFrom). Every billed figure in the client
 * (area.ts, the split, the warnings) uses this one value. 5 % and 150 m are the same in both.
 * The diagnostics run without network, so these apply until the host passes others (AoiCache).
 */
export const DEFAULT_BILLING_RULES: Readonly<BillingRules> = Object.freeze({
  minBilledKm2: 0.5,
  minFillRatio: 0.05,
  minBoxSideM: 150,
});

/** Names the specification document may give the thresholds under (an `x-billing` or `x-limits`
 * extension at its top level; case does not matter). The interface document names none, so any
 * of these spellings is read, and a field it does not give keeps the default. */
const RULE_NAMES: Record<keyof BillingRules, readonly string[]> = {
  minBilledKm2: ['minimumbilledareakm2', 'minbilledareakm2', 'minimumareakm2'],
  minFillRatio: ['minimumfillratio', 'minfillratio', 'minimumareafillratio'],
  minBoxSideM: ['minimumboundingboxsidem', 'minboxsidem', 'minimumboxsidem'],
};

/** The billing thresholds the specification document gives, each else the default; never throws. */
export function billingRulesFrom(document: unknown): BillingRules {
  const rules: BillingRules = { ...DEFAULT_BILLING_RULES };
  const top = document && typeof document === 'object' ? (document as Record<string, unknown>) : {};
  for (const extension of ['x-limits', 'x-billing']) {
    const block = top[extension];
    if (!block || typeof block !== 'object' || Array.isArray(block)) continue;
    const byName = new Map(Object.entries(block as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
    for (const [field, names] of Object.entries(RULE_NAMES) as [keyof BillingRules, readonly string[]][]) {
      const value = names.map((n) => byName.get(n)).find((v) => typeof v === 'number' && Number.isFinite(v) && v > 0);
      // A ratio is a share of the box (at most 1); areas and sides just have to be positive.
      if (typeof value === 'number' && (field !== 'minFillRatio' || value < 1)) rules[field] = value;
    }
  }
  return rules;
}

export function billedBoxKm2(box: BoundingBox, rules: BillingRules): number {
  return Math.max(rules.minBilledKm2, bboxAreaKm2(box));
}

/** Width (at the box's middle latitude) and height of a box, in metres. */
export function boxSidesM(box: BoundingBox): { widthM: number; heightM: number } {
  const midLat = ((box.north + box.south) / 2) * RAD;
  return {
    widthM: Math.abs(box.east - box.west) * RAD * EARTH_RADIUS_M * Math.cos(midLat),
    heightM: Math.abs(box.north - box.south) * RAD * EARTH_RADIUS_M,
  };
}

/** km² for a message: three significant digits, no exponent. */
export function formatKm2(value: number): string {
  if (value >= 100) return `${Math.round(value)} km²`;
  return `${Number(value.toPrecision(3))} km²`;
}
