// A dataset's window (`"window": {"from", "to", "every"}`): the season a dataset declares once in
// place of a list of dates. Each plan searches the window's dates and thins them as a series does
// (series-plan.ts seriesDates, series-dates.ts selectSeriesDates); this file only turns the window
// into the series' own search options. `to: "today"` is the run's clock (ports' `now`), so a
// later plan sees the dates the service added since, and a test can pin the day.
import { HELD_STATES } from '../../ledger/purchase-ledger';
import type { LedgerUnit } from '../../ledger/purchase-ledger';
import { WorkflowError } from '../../request/workflow-error';
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The dates of one dataset's area already bought, which its window's thinning keeps (so a date the
 * service lists later, earlier in a week already bought, buys nothing): a ledger unit saved or maybe
 * charged whose key is that date's request now (`keyOf`; a folder shared by a glob's area files holds
 * the others' too), and the lock's images of the dataset and area (the ledger may be gone). */
export function boughtDates(
  ledger: ReadonlyMap<string, LedgerUnit>,
  locked: readonly LockedImage[],
  keyOf: (date: string) => string,
): string[] {
  const dates = new Set(locked.map((image) => image.date));
  for (const unit of ledger.values()) {
    const bought = unit.state === 'saved' || HELD_STATES.has(unit.state);
    if (bought && unit.id !== undefined && DAY.test(unit.id) && keyOf(unit.id) === unit.key) dates.add(unit.id);
  }
  return [...dates].sort();
}
