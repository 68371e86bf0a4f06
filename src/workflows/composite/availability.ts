// Reads the flags of composite/available. "Ready" is FullyAvailable && OrdersCoverPolygon &&
// DataAvailableForUser (live-service notes); when it is not, the person is told which condition
// failed, in words, and offered the fix that condition calls for.
import type { CompositeAvailability } from '../../api/types';

export type AvailabilityFix = 'order-area' | 'other-date';

export type ReadinessCondition = 'FullyAvailable' | 'OrdersCoverPolygon' | 'DataAvailableForUser';

export interface AvailabilityVerdict {
  ready: boolean;
  failed: ReadinessCondition[];
  /** One sentence for the person; empty when ready. */
  sentence: string;
  fixes: AvailabilityFix[];
}

const explanations: Record<ReadinessCondition, { sentence: string; fix: AvailabilityFix }> = {
  OrdersCoverPolygon: { sentence: 'no order of this account covers the whole area', fix: 'order-area' },
  DataAvailableForUser: { sentence: 'the imagery is not available to this account (outside its orders or storage months)', fix: 'order-area' },
  FullyAvailable: { sentence: 'the imagery of that date does not cover the whole area', fix: 'other-date' },
};

export function judgeAvailability(flags: CompositeAvailability, date: string): AvailabilityVerdict {
  const failed = (['OrdersCoverPolygon', 'DataAvailableForUser', 'FullyAvailable'] as const).filter((name) => flags[name] !== true);
  if (failed.length === 0) return { ready: true, failed: [], sentence: '', fixes: [] };
  const reasons = failed.map((name) => explanations[name].sentence);
  const fixes = [...new Set(failed.map((name) => explanations[name].fix))];
  let sentence = `Imagery for ${date.slice(0, 10)} is not ready: ${reasons.join('; ')}.`;
  if (failed.includes('FullyAvailable') && flags.PartiallyAvailable === true) sentence += ' Part of the area is covered.';
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
