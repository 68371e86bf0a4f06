// A dataset's window (`"window": {"from", "to", "every"}`): the season a dataset declares once in
// place of a list of dates. Each plan searches the window's dates and thins them as a series does
// (series-plan.ts seriesDates, series-dates.ts selectSeriesDates); this file only turns the window
// into the series' own search options. `to: "today"` is the run's clock (ports' `now`), so a
// later plan sees the dates the service added since, and a test can pin the day.
import type { LedgerUnit } from '../../ledger/purchase-ledger';
import { WorkflowError } from '../../request/workflow-error';
import { ledgerBoughtDates } from '../series/bought-dates';
import type { DownloadSeriesOptions } from '../series/series-types';
import type { LockedImage } from './declared-lock';
import type { DeclaredDataset } from './declared-schema';

type DeclaredWindow = NonNullable<DeclaredDataset['window']>;

/** The window as the series' search options: from, to (the run's instant for "today"), every. */
export function windowSearch(window: DeclaredWindow, now: Date): Pick<DownloadSeriesOptions, 'from' | 'to' | 'every'> {
  const today = now.toISOString().slice(0, 10);
  if (window.to === 'today' && window.from > today)
    throw new WorkflowError(
      'invalid-option',
      `window.from ${window.from} is after today (${today}): the window has no day yet`,
    );
  return {
    from: window.from,
    to: window.to === 'today' ? now.toISOString() : window.to,
    ...(window.every !== undefined ? { every: window.every } : {}),
  };
}

/** The dates of one dataset's area already bought, which its window's thinning keeps (so a date the
 * service lists later, earlier in a week already bought, buys nothing): the folder's ledger's, as a
 * series rerun keeps them (series/bought-dates.ts), and the lock's images of the dataset and area
 * (the ledger may be gone). */
export function boughtDates(
  ledger: ReadonlyMap<string, LedgerUnit>,
  locked: readonly LockedImage[],
  keyOf: (date: string) => string,
): string[] {
  const dates = new Set([...locked.map((image) => image.date), ...ledgerBoughtDates(ledger.values(), keyOf)]);
  return [...dates].sort();
}
