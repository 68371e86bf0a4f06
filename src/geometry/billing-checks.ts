// The billing rules turned into warnings on each polygon, at its position, with the billed
// figure. Warnings, not errors: the area can still be ordered, the person should know the cost.
import { bboxAreaKm2 } from './earth';
import { mergeFix, splitFix } from './billing-fixes';
import { billedBoxKm2, boxSidesM, formatKm2 } from './billing-rules';
import type { BillingRules } from './billing-rules';
import type { PolygonMeasures } from './flat';
import { MAX_PROBLEMS } from './drafts';
import type { Draft } from './drafts';
import type { PolygonCoordinates } from './types';

function ratioText(billed: number, area: number): string {
  return area > 0 ? `, ${Number((billed / area).toPrecision(2))}× its area of ${formatKm2(area)}` : '';
}

/** "Polygon 3", or the feature's name when it has one (`names`, from a GeoJSON's features). */
function polygonName(p: number, names: readonly (string | undefined)[] | undefined, capital = true): string {
  const name = names?.[p];
  return name !== undefined ? `"${name}"` : `${capital ? 'Polygon' : 'polygon'} ${p + 1}`;
}

/** Adds one warning per rule a polygon breaks, at the polygon, and the merge warnings. */
export function checkBillingRules(
  polygons: readonly PolygonCoordinates[],
  measures: readonly PolygonMeasures[],
  rules: BillingRules,
  out: Draft[],
  names?: readonly (string | undefined)[],
): void {
  // Thousands of tiny polygons would each earn a warning: past MAX_PROBLEMS they are noise.
  for (let p = 0; p < polygons.length && out.length < MAX_PROBLEMS; p++) {
    const { bbox, areaKm2 } = measures[p];
    const boxKm2 = bboxAreaKm2(bbox);
    const billed = billedBoxKm2(bbox, rules);
    const name = polygonName(p, names);
    if (boxKm2 < rules.minBilledKm2) {
      out.push({
        code: 'billed-minimum',
        severity: 'warning',
        message: `${name}: its bounding box (${formatKm2(boxKm2)}) is under the minimum billed area of ${formatKm2(rules.minBilledKm2)}; billed as ${formatKm2(billed)}${ratioText(billed, areaKm2)}.`,
        place: { polygon: p },
      });
    }
    if (boxKm2 > 0 && areaKm2 < rules.minFillRatio * boxKm2) {
      const fix = splitFix(polygons[p], p, measures[p], rules);
      out.push({
        code: 'billed-sparse',
        severity: 'warning',
        message: `${name} fills ${percent(areaKm2 / boxKm2)} of its bounding box (under ${percent(rules.minFillRatio)}): its billed area is the box, ${formatKm2(billed)}${ratioText(billed, areaKm2)}.`,
        place: { polygon: p },
        ...(fix ? { fix } : {}),
      });
    }
    const { widthM, heightM } = boxSidesM(bbox);
    const shortest = Math.min(widthM, heightM);
    if (shortest < rules.minBoxSideM) {
      out.push({
        code: 'billed-narrow-box',
        severity: 'warning',
        message: `${name}: its bounding box is ${Math.round(shortest)} m ${widthM <= heightM ? 'wide' : 'high'}, under the ${rules.minBoxSideM} m the service accepts; it may be refused, or billed far above its area (billed area at least ${formatKm2(billed)}).`,
        place: { polygon: p },
      });
    }
  }
  for (let p = 1; p < polygons.length && out.length < MAX_PROBLEMS; p++) {
    const fix = mergeFix(polygons, measures, p - 1, p, rules);
    if (!fix) continue;
    out.push({
      code: 'billed-boxes-overlap',
      severity: 'warning',
      message:
        names?.[p - 1] === undefined && names?.[p] === undefined
          ? `The bounding boxes of polygons ${p} and ${p + 1} overlap: the shared part is in the billed area twice.`
          : `The bounding boxes of ${polygonName(p - 1, names, false)} and ${polygonName(p, names, false)} overlap: the shared part is in the billed area twice.`,
      place: { polygon: p },
      fix,
    });
  }
}

function percent(share: number): string {
  return `${Number((share * 100).toPrecision(2))} %`;
}
