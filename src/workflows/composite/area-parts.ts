// An AOI whose billed area is above the key's MaxCompositeAreaKm2 is split BEFORE the availability
// and estimate calls: the service refuses such an area with 1004 wherever it is sent, so each part
// is checked and priced on its own, and the cost panel shows their sum. The same parts are then
// processed: the workflow carries these parts to the billed calls (split-into-parts.ts).
import type { CompositeAvailability, CompositeEstimate } from '../../api/types';
import { splitAoi } from '../../geometry/index';
import type { Aoi } from '../../geometry/types';
import { checkedAmount } from '../../pricing/cost-decision';
import { WorkflowError } from '../../request/workflow-error';
import type { WorkflowPorts } from '../engine/ports';
import { availabilityRequest, compositeRequest, freezeProfile } from '../../request/request-profile';
import type { CompositeProfile } from '../../request/request-profile';

/** The parts to send, or undefined when the AOI fits in one composite (or the key does not say). */
export function partsFor(aoi: Aoi, maxAreaKm2: number | undefined, uploadUrl: string | undefined): Aoi[] | undefined {
  if (maxAreaKm2 === undefined || !(aoi.billedAreaKm2 > maxAreaKm2)) return undefined;
  // Every part would be PUT to the same address, each overwriting the one before.
  if (uploadUrl)
    throw new WorkflowError(
      'invalid-option',
      `The area is above the key's maximum of ${maxAreaKm2} km² and goes in parts; parts cannot share one UploadUrl. Download instead, or split the area. Nothing was sent.`,
    );
  return splitAoi(aoi, maxAreaKm2);
}

export function partProfile(part: Aoi, profile: CompositeProfile): CompositeProfile {
  return freezeProfile(part, {
    ...profile,
    satelliteConstellations: [...profile.satelliteConstellations],
    output: { ...profile.output },
  });
}

const ALL_OF = [
  'FullyAvailable',
  'OrdersCoverPolygon',
  'DataAvailableForUser',
  'PolygonInDataArea',
  'AnyImageWithinStorageMonths',
  'DataOnZoneDataFrequencyDate',
  'AllImagesPredicted',
] as const;
const ANY_OF = ['UncertaintyAvailable', 'PartiallyUncertaintyAvailable'] as const;
const LISTS = ['IntersectedActiveZones', 'IntersectedActiveZonesUtmEpsg'] as const;

/** The whole area's flags from its parts': ready only where every part is. */
export function combineAvailability(flags: readonly CompositeAvailability[]): CompositeAvailability {
  const out: Record<string, unknown> = { ...flags[0] };
  const all = flags as readonly Record<string, unknown>[];
  for (const name of ALL_OF) if (all.some((f) => f[name] !== undefined)) out[name] = all.every((f) => f[name] === true);
  for (const name of ANY_OF) if (all.some((f) => f[name] !== undefined)) out[name] = all.some((f) => f[name] === true);
  for (const name of LISTS)
    out[name] = [...new Set(all.flatMap((f) => (Array.isArray(f[name]) ? (f[name] as unknown[]) : [])))];
  // Partly covered: not every part fully, but some part has imagery.
  out.PartiallyAvailable =
    out.FullyAvailable !== true && all.some((f) => f.FullyAvailable === true || f.PartiallyAvailable === true);
  return out as CompositeAvailability;
}

/** The estimates of the parts, added up (a field stays undefined when a part did not give it). */
function sumEstimates(estimates: readonly CompositeEstimate[]): CompositeEstimate {
  const total = (name: keyof CompositeEstimate): number | undefined => {
    let sum = 0;
    for (const e of estimates) {
      const value = e[name];
      if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
      sum += value;
    }
    return Math.round(sum * 100) / 100;
  };
  return {
    CreditEstimate: total('CreditEstimate'),
    AreaEstimateKm2: total('AreaEstimateKm2'),
    FileSizeEstimateMB: total('FileSizeEstimateMB'),
    FastTimeEstimateSeconds: total('FastTimeEstimateSeconds'),
    SlowTimeEstimateSeconds: total('SlowTimeEstimateSeconds'),
  } as CompositeEstimate;
}

/** One call a part, one after the other (the gate would queue them anyway), each said as it goes. */
async function perPart<T>(
  ports: WorkflowPorts,
  parts: readonly Aoi[],
  doing: string,
  call: (part: Aoi, name: string) => Promise<T>,
): Promise<T[]> {
  const answers: T[] = [];
  for (const [i, part] of parts.entries()) {
    ports.progress.report({ message: `${doing}, part ${i + 1} of ${parts.length}…` });
    answers.push(await call(part, `part ${i + 1} of ${parts.length}`));
  }
  return answers;
}

/** composite/available of each part. */
export async function partsAvailability(
  ports: WorkflowPorts,
  parts: readonly Aoi[],
  profile: CompositeProfile,
): Promise<CompositeAvailability> {
  const flags = await perPart(ports, parts, `Checking availability of ${profile.date}`, (part) =>
    ports.client.checkCompositeAvailability(availabilityRequest(partProfile(part, profile)), { signal: ports.signal }),
  );
  return combineAvailability(flags);
}

export async function partsEstimate(
  ports: WorkflowPorts,
  parts: readonly Aoi[],
  profile: CompositeProfile,
): Promise<{ sum: CompositeEstimate; credits: (number | undefined)[] }> {
  const estimates = await perPart(ports, parts, 'Estimating the cost', async (part, name) => {
    const estimate = await ports.client.estimateComposite(compositeRequest(partProfile(part, profile)), {
      signal: ports.signal,
    });
    // Part by part: a part below zero must not lower the sum the budget holds.
    if (typeof estimate.CreditEstimate === 'number')
      checkedAmount(estimate.CreditEstimate, `${name} of the area`, 'credits');
    return estimate;
  });
  // Each part's own price is a unit of the plan; their sum is the price of the whole.
  const credits = estimates.map((e) => (typeof e.CreditEstimate === 'number' ? e.CreditEstimate : undefined));
  return { sum: sumEstimates(estimates), credits };
}
