// The options and the result of a time series: one frozen request profile over many dates.
import type { CompositeChoices } from '../composite/composite-prompts';
import type { AoiMode } from '../../request/request-profile';
import type { BatchResult, ImageOutcome } from '../engine/results';
import type { SeriesEvery } from './series-dates';

export interface DownloadSeriesOptions extends Omit<CompositeChoices, 'date'> {
  /** Exactly these dates (YYYY-MM-DD) instead of the date search. */
  dates?: string[];
  /** Date search window (ISO date or date-time); default the last 30 days. */
  from?: string;
  to?: string;
  /** At least this many days apart, or at most one date per 'week' or 'month'. */
  every?: SeriesEvery;
  /** Every Nth available date. */
  nth?: number;
  /** At most this many dates (the newest). */
  maxDates?: number;
  aoiMode?: AoiMode;
  outputDirectory?: string;
  skipConfirmation?: boolean;
  /** Dates that may have been charged in an earlier run and that the person chose to send again
   * ('all': every such date of the manifest). */
  resendUncertain?: string[] | 'all';
  /** Workers wanted; never more than the key's MaxConcurrentConnections. */
  concurrency?: number;
}

/**
 * done: written in this run. skipped: written by an earlier run (the manifest). partial: the
 * imagery covers only part of the area and AllowPartialImage is off. not-available: the
 * availability check said no. failed: sent and refused, or not written. may-have-been-charged:
 * sent and its answer lost (not sent again unless asked). not-sent: cancelled or declined first.
 */
type SeriesDateStatus =
  'done' | 'skipped' | 'partial' | 'not-available' | 'failed' | 'may-have-been-charged' | 'not-sent';

export interface SeriesDateReport extends ImageOutcome {
  date: string;
  status: SeriesDateStatus;
  file?: string;
  bytes?: number;
  /** The estimate of this date, when it was estimated in this run. */
  credits?: number;
  error?: string;
}

export interface SeriesResult extends BatchResult {
  dates: SeriesDateReport[];
  /** The sum of the dates' estimates shown for confirmation; undefined when one had no price. */
  totalCredits: number | undefined;
  /** The STAC ItemCollection of the folder's dates. */
  itemCollection?: string;
  /** The folder's STAC Collection (collection.json): every date of the folder's series runs. */
  collection?: string;
  /** Why nothing was sent, when the cost was declined or above the budget. */
  reason?: string;
}
