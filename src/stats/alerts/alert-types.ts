// What a field alert is and the rules' settings, shared by the rules, the command line and (later)
// the editor's Field alerts view. Plain data: an alert is printed, written as JSON and shown as it is.

export type AlertRule = 'drop' | 'unseen' | 'low-coverage';

/** The order alerts of one field, index and date are told in. */
export const ALERT_RULES: readonly AlertRule[] = ['drop', 'unseen', 'low-coverage'];

export interface AlertOptions {
  /** drop: how far (in the index's units) below its baseline a value must fall, strictly. */
  drop: number;
  /** drop: how many previous valid dates the baseline is the median of (K). */
  baseline: number;
  /** unseen: days without a valid observation, while dates were bought, that make an alert (D). */
  unseenDays: number;
  /** The share of a field's pixels that must hold a value for a date to be valid (0..1). */
  minValid: number;
}

/** The defaults the issue names; T = 0.15 is meant for NDVI-like indices (-1..1). */
export const DEFAULT_ALERT_OPTIONS: Readonly<AlertOptions> = { drop: 0.15, baseline: 3, unseenDays: 21, minValid: 0.5 };

export interface Alert {
  field: string;
  /** YYYY-MM-DD: the date that raised it. */
  date: string;
  index: string;
  rule: AlertRule;
  /** drop: the field's value (mean) on the date; low-coverage: the share of its pixels with a
   * value (0..1); unseen: the days since its last valid date (or since its first date bought). */
  value: number;
  /** drop: the median of the previous valid dates' values; unseen: the last valid value (null
   * when the field never had a valid date); low-coverage: null. */
  baseline: number | null;
  /** The setting the value was held to: drop T, unseen D (days), low-coverage the min-valid share. */
  threshold: number;
  /** drop: the dates the baseline is the median of; unseen: the last valid date, if any. */
  baselineDates: string[];
  /** One line that explains it. */
  sentence: string;
}
