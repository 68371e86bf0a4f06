// The three rules over one field's observations under one index, oldest first. What a valid date
// is, and when each rule speaks:
// - A date is valid when the field's value is a number and at least `minValid` of its pixels had
//   one (share ≥ minValid). Only valid dates make a baseline or count as seen.
// - low-coverage: every bought date (an observation) that is not valid.
// - drop: a valid date whose value is more than T (strictly) below the median of the K valid dates
//   before it (the mean of the two middle values when K is even). With fewer than K valid dates
//   before it (the start of a season, or after many cloudy dates) there is no baseline, so no
//   drop. A field told once stays dropped: the valid dates right after it that are still more than
//   T below their own baselines are the same drop and are not told again (a harvest is told on its
//   first date only).
// - unseen: a bought date on which the field has had no valid date for at least D days, counted
//   from its last valid date (or, when it never had one, from its first date bought). Told once
//   per such gap, on the first bought date that reaches D; a valid date closes the gap.
import type { Alert, AlertOptions } from './alert-types';
import { medianInPlace } from './median';
import type { FieldSeries, Observation } from './observations';
import { dropSentence, lowCoverageSentence, unseenSentence } from './sentences';

export function alertsOfSeries({ field, index, observations }: FieldSeries, options: AlertOptions): Alert[] {
  const alerts: Alert[] = [];
  /** The valid observations so far, oldest first. */
  const valid: Observation[] = [];
  const window = new Float64Array(options.baseline);
  let dropped = false;
  let unseenTold = false;
  const first = observations[0];
  for (const seen of observations) {
    if (seen.value === undefined || seen.share < options.minValid) {
      const last = valid.at(-1);
      const days = seen.day - (last ?? first ?? seen).day;
      if (!unseenTold && days >= options.unseenDays) {
        unseenTold = true;
        alerts.push(unseen(field, index, seen, days, last, options));
      }
      alerts.push(lowCoverage(field, index, seen, options));
      continue;
    }
    unseenTold = false;
    const start = valid.length - options.baseline;
    valid.push(seen);
    if (start < 0) {
      dropped = false;
      continue;
    }
    for (let k = 0; k < options.baseline; k++) window[k] = (valid[start + k] as Observation).value as number;
    const baseline = medianInPlace(window);
    const isDrop = baseline - seen.value > options.drop;
    if (isDrop && !dropped) alerts.push(drop(field, index, seen, baseline, valid.slice(start, -1), options));
    dropped = isDrop;
  }
  return alerts;
}

function drop(
  field: string,
  index: string,
  seen: Observation,
  baseline: number,
  before: readonly Observation[],
  options: AlertOptions,
): Alert {
  const value = seen.value as number;
  const dates = before.map((b) => b.date);
  return {
    field,
    date: seen.date,
    index,
    rule: 'drop',
    value,
    baseline,
    threshold: options.drop,
    baselineDates: dates,
    sentence: dropSentence(index, value, baseline, dates, options),
  };
}

function unseen(
  field: string,
  index: string,
  seen: Observation,
  days: number,
  last: Observation | undefined,
  options: AlertOptions,
): Alert {
  return {
    field,
    date: seen.date,
    index,
    rule: 'unseen',
    value: days,
    baseline: last?.value ?? null,
    threshold: options.unseenDays,
    baselineDates: last ? [last.date] : [],
    sentence: unseenSentence(index, days, last?.date, options),
  };
}

function lowCoverage(field: string, index: string, seen: Observation, options: AlertOptions): Alert {
  return {
    field,
    date: seen.date,
    index,
    rule: 'low-coverage',
    value: seen.share,
    baseline: null,
    threshold: options.minValid,
    baselineDates: [],
    sentence: lowCoverageSentence(index, seen.share, options),
  };
}
