// Reads the flags of composite/available. "Ready" is FullyAvailable && OrdersCoverPolygon &&
// DataAvailableForUser (live-service notes); when it is not, the person is told which condition
// failed, in words, and offered the fix that condition calls for.
import type { CompositeAvailability } from '../../api/types';
import type { AvailabilityFix } from '../engine/results';

// The fixes a verdict names are the result's (a refused run says them).
export type { AvailabilityFix };

type ReadinessCondition = 'FullyAvailable' | 'OrdersCoverPolygon' | 'DataAvailableForUser';

export interface AvailabilityVerdict {
  ready: boolean;
  failed: ReadinessCondition[];
  /** One sentence for the person; empty when ready (unless ready only in part). */
  sentence: string;
  /** Ready only because AllowPartialImage accepts a partly covered date. */
  partial?: boolean;
  /** Ready only because AutomaticOrderCreation lets the service order the uncovered area: the
   * order it would create must be priced beside the image. */
  needsOrder?: boolean;
  fixes: AvailabilityFix[];
}

const explanations: Record<ReadinessCondition, { sentence: string; fix: AvailabilityFix }> = {
  OrdersCoverPolygon: { sentence: 'no order of this account covers the whole area', fix: 'order-area' },
  DataAvailableForUser: {
    sentence: 'the imagery is not available to this account (outside its orders or storage months)',
    fix: 'order-area',
  },
  FullyAvailable: { sentence: 'the imagery of that date does not cover the whole area', fix: 'other-date' },
};

/** With AllowPartialImage a partly covered date is ready, and says how much it covers. */
export interface PartialOptions {
  allowPartial?: boolean;
  /** Covered share of the area (0–1), from the date search, when known. */
  share?: number;
  /** AutomaticOrderCreation: an area no order covers is ready when its imagery is there. */
  automaticOrder?: boolean;
}

/** What no order covering the area makes fail: the service orders it with AutomaticOrderCreation. */
const ORDER_CONDITIONS: readonly ReadinessCondition[] = ['OrdersCoverPolygon', 'DataAvailableForUser'];

export function judgeAvailability(
  flags: CompositeAvailability,
  date: string,
  partial: PartialOptions = {},
): AvailabilityVerdict {
  const failed = (['OrdersCoverPolygon', 'DataAvailableForUser', 'FullyAvailable'] as const).filter(
    (name) => flags[name] !== true,
  );
  if (failed.length === 0) return { ready: true, failed: [], sentence: '', fixes: [] };
  if (
    partial.automaticOrder &&
    flags.OrdersCoverPolygon !== true &&
    failed.every((name) => ORDER_CONDITIONS.includes(name) || name === 'FullyAvailable')
  ) {
    const rest = judgeAvailability({ ...flags, OrdersCoverPolygon: true, DataAvailableForUser: true }, date, {
      ...partial,
      automaticOrder: false,
    });
    if (rest.ready) {
      const sentence = `No order covers the area on ${date.slice(0, 10)}; AutomaticOrderCreation is set, so the service may create one (priced beside the image).`;
      return { ...rest, needsOrder: true, sentence: rest.sentence ? `${rest.sentence} ${sentence}` : sentence };
    }
  }
  if (
    partial.allowPartial &&
    failed.length === 1 &&
    failed[0] === 'FullyAvailable' &&
    flags.PartiallyAvailable === true
  ) {
    const share = partial.share !== undefined ? `about ${Math.round(partial.share * 100)} % of` : 'part of';
    return {
      ready: true,
      partial: true,
      failed: [],
      sentence: `Imagery for ${date.slice(0, 10)} covers ${share} the area; AllowPartialImage is set, so the image will have gaps.`,
      fixes: [],
    };
  }
  // The service says whether any of it is covered: none at all is no imagery of that date here.
  const reasons = failed.map((name) =>
    name === 'FullyAvailable' && flags.PartiallyAvailable === false
      ? 'there is no imagery of that date over the area'
      : explanations[name].sentence,
  );
  const fixes = [...new Set(failed.map((name) => explanations[name].fix))];
  let sentence = `Imagery for ${date.slice(0, 10)} is not ready: ${reasons.join('; ')}.`;
  if (failed.includes('FullyAvailable') && flags.PartiallyAvailable === true)
    sentence += ' Part of the area is covered.';
  return { ready: false, failed, sentence, fixes };
}

export const fixLabels: Record<AvailabilityFix, string> = {
  'order-area': 'Order this area',
  'other-date': 'Pick another date',
};

/** Service error codes that mean "not available" whatever the flags said (live-service notes). */
export const notAvailableCodes: Record<number, { sentence: string; fixes: AvailabilityFix[] }> = {
  1002: { sentence: 'The service has no imagery for this request.', fixes: ['other-date'] },
  1006: { sentence: 'No order covers this area and date.', fixes: ['order-area', 'other-date'] },
};
