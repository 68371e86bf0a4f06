// The one line that explains an alert, with the numbers that raised it.
import type { AlertOptions } from './alert-types';

const figure = (value: number): string => value.toFixed(2);
const percent = (share: number): string => `${Math.round(share * 100)} %`;

export function dropSentence(
  index: string,
  value: number,
  baseline: number,
  dates: readonly string[],
  options: AlertOptions,
): string {
  return `${index} fell to ${figure(value)}, ${figure(baseline - value)} below ${figure(baseline)}, the median of its ${dates.length} previous valid dates (${dates.join(', ')}); more than ${figure(options.drop)} is a drop.`;
}

export function unseenSentence(
  index: string,
  days: number,
  lastValid: string | undefined,
  options: AlertOptions,
): string {
  const since = lastValid === undefined ? 'no valid date since the first date bought' : `last valid on ${lastValid}`;
  return `No valid ${index} for ${days} days while dates were bought (${since}); ${options.unseenDays} days make an alert.`;
}

export function lowCoverageSentence(index: string, share: number, options: AlertOptions): string {
  return `Only ${percent(share)} of the field had a ${index} value on this bought date; a valid date needs ${percent(options.minValid)}.`;
}
