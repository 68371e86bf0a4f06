// A dataset's window (`"window": {"from", "to", "every"}`): the season a dataset declares once in
// place of a list of dates. Each plan searches the window's dates and thins them as a series does
// (series-plan.ts seriesDates, series-dates.ts selectSeriesDates); this file only turns the window
// into the series' own search options. `to: "today"` is the run's clock (ports' `now`), so a
// later plan sees the dates the service added since, and a test can pin the day.
import { WorkflowError } from '../../request/workflow-error';
import type { DownloadSeriesOptions } from '../series/series-types';
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
