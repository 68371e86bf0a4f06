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
import type { FieldSeries, Table } from './observations';
import { dropSentence, lowCoverageSentence, unseenSentence } from './sentences';

/** One observation of a series, as an alert tells it. */
interface Seen {
  date: string;
  value: number;
  share: number;
}

export function alertsOfSeries(
  { field, index, start: first, length }: FieldSeries,
  { observations, calendar }: Table,
  options: AlertOptions,
): Alert[] {
  const { dateIds, values, shares } = observations;
  const alerts: Alert[] = [];
  const seenAt = (i: number): Seen => ({
    date: calendar.dates[dateIds[i] as number] as string,
    value: values[i] as number,
    share: shares[i] as number,
  });
  const dayOf = (i: number): number => calendar.days[dateIds[i] as number] as number;
  /** The positions of the valid observations so far, oldest first. */
  const valid = new Int32Array(length);
  let validCount = 0;
  const window = new Float64Array(options.baseline);
  let dropped = false;
  let unseenTold = false;
  for (let i = first; i < first + length; i++) {
    const value = values[i] as number;
    if (Number.isNaN(value) || (shares[i] as number) < options.minValid) {
      const last = validCount > 0 ? (valid[validCount - 1] as number) : first;
      const days = dayOf(i) - dayOf(last);
      if (!unseenTold && days >= options.unseenDays) {
        unseenTold = true;
        alerts.push(unseen(field, index, seenAt(i), days, validCount > 0 ? seenAt(last) : undefined, options));
      }
      alerts.push(lowCoverage(field, index, seenAt(i), options));
      continue;
    }
    unseenTold = false;
    const start = validCount - options.baseline;
    valid[validCount++] = i;
    if (start < 0) {
      dropped = false;
      continue;
    }
    for (let k = 0; k < options.baseline; k++) window[k] = values[valid[start + k] as number] as number;
    const baseline = medianInPlace(window);
    const isDrop = baseline - value > options.drop;
    if (isDrop && !dropped) {
      const before = Array.from(valid.subarray(start, validCount - 1), (at) => seenAt(at).date);
      alerts.push(drop(field, index, seenAt(i), baseline, before, options));
    }
    dropped = isDrop;
  }
  return alerts;
}

function drop(
  field: string,
  index: string,
  seen: Seen,
  baseline: number,
  dates: string[],
  options: AlertOptions,
): Alert {
  const value = seen.value;
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
  seen: Seen,
  days: number,
  last: Seen | undefined,
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

function lowCoverage(field: string, index: string, seen: Seen, options: AlertOptions): Alert {
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
