// The series' own questions, asked where a single composite asks its date: the window of the date
// search, and how to thin the dates it finds (every N days, one a week or a month, every Nth).
// The defaults are the command line's: the last 30 days, every date found. A window or a thinning
// given by the options (or explicit dates) is never asked.
import { lastDaysWindow } from '../engine/date-coverage';
import { BACK } from '../engine/ports';
import type { Answer, WorkflowPorts } from '../engine/ports';
import type { StepPosition, WizardStep } from '../engine/wizard';
import { parseEvery } from './series-dates';
import type { SeriesEvery } from './series-dates';

/** What the series steps choose: the search window and the thinning. */
export interface SeriesDatesChoice {
  from?: string;
  to?: string;
  every?: SeriesEvery;
  nth?: number;
}

export interface SeriesStepsState {
  series: SeriesDatesChoice;
  /** True when the options fixed it (or named the dates): never asked. */
  seriesFixed: { window: boolean; thinning: boolean };
}

type WindowChoice = 30 | 90 | 365 | 'other';
type Thinning = 'all' | 'week' | 'month' | 'days' | 'nth';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayProblem(text: string): string | undefined {
  const value = text.trim();
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    return 'A date as YYYY-MM-DD, such as 2026-01-31.';
  return undefined;
}

async function askWindow(
  ports: WorkflowPorts,
  s: SeriesStepsState,
  position: StepPosition,
  now: Date,
): Promise<Answer<true>> {
  const label = (days: number) => {
    const w = lastDaysWindow(now, days);
    return `${w.from.slice(0, 10)} to ${w.to.slice(0, 10)}`;
  };
  for (;;) {
    const items = [
      { label: 'Last 30 days', description: `${label(30)} (default)`, value: 30 as WindowChoice },
      { label: 'Last 90 days', description: label(90), value: 90 as WindowChoice },
      { label: 'Last 12 months', description: label(365), value: 365 as WindowChoice },
      { label: 'Other window…', description: 'type the first and the last day', value: 'other' as WindowChoice },
    ];
    const picked = await ports.ask.pick({
      id: 'window',
      title: 'Dates to search',
      placeholder: 'The window the date search looks in',
      items,
      defaultValue: 30 as WindowChoice,
      ...position,
    });
    if (picked === undefined || picked === BACK) return picked;
    if (picked !== 'other') {
      const w = lastDaysWindow(now, picked);
      s.series.from = w.from;
      s.series.to = w.to;
      return true;
    }
    const inner = { ...position, canGoBack: true };
    const from = await ports.ask.input({
      id: 'from',
      title: 'First day of the window',
      placeholder: 'YYYY-MM-DD',
      value: lastDaysWindow(now, 30).from.slice(0, 10),
      validate: dayProblem,
      ...inner,
    });
    if (from === undefined) return undefined;
    if (from === BACK) continue;
    const to = await ports.ask.input({
      id: 'to',
      title: 'Last day of the window',
      placeholder: 'YYYY-MM-DD',
      value: now.toISOString().slice(0, 10),
      validate: (text) =>
        dayProblem(text) ?? (text.trim() < from.trim() ? `Not before the first day, ${from.trim()}.` : undefined),
      ...inner,
    });
    if (to === undefined) return undefined;
    if (to === BACK) continue;
    s.series.from = from.trim();
    s.series.to = to.trim();
    return true;
  }
}

async function askThinning(ports: WorkflowPorts, s: SeriesStepsState, position: StepPosition): Promise<Answer<true>> {
  for (;;) {
    const items = [
      { label: 'Every date found', description: '(default)', value: 'all' as Thinning },
      { label: 'At most one a week', description: 'the first date of each ISO week', value: 'week' as Thinning },
      {
        label: 'At most one a month',
        description: 'the first date of each calendar month',
        value: 'month' as Thinning,
      },
      { label: 'At least N days apart…', description: 'type the number of days', value: 'days' as Thinning },
      { label: 'Every Nth date…', description: 'the 1st, the N+1th … of the dates found', value: 'nth' as Thinning },
    ];
    const picked = await ports.ask.pick({
      id: 'thinning',
      title: 'Which of the dates found',
      placeholder: 'Thin the series to fewer dates (fewer images to pay for)',
      items,
      defaultValue: 'all' as Thinning,
      ...position,
    });
    if (picked === undefined || picked === BACK) return picked;
    s.series.every = undefined;
    s.series.nth = undefined;
    if (picked === 'week' || picked === 'month') s.series.every = picked;
    if (picked === 'all' || picked === 'week' || picked === 'month') return true;
    const inner = { ...position, canGoBack: true };
    if (picked === 'days') {
      const text = await ports.ask.input({
        id: 'every',
        title: 'Days between two dates, at least',
        placeholder: '7, 7d or 2w',
        value: '7',
        validate: (t) => (typeof parseEvery(t) === 'number' ? undefined : 'A number of days such as 7, 7d or 2w.'),
        ...inner,
      });
      if (text === undefined) return undefined;
      if (text === BACK) continue;
      s.series.every = parseEvery(text);
      return true;
    }
    const text = await ports.ask.input({
      id: 'nth',
      title: 'Keep every Nth date',
      placeholder: 'N, 2 or more',
      value: '2',
      validate: (t) => (/^\s*\d+\s*$/.test(t) && Number(t) >= 2 ? undefined : 'A whole number, 2 or more.'),
      ...inner,
    });
    if (text === undefined) return undefined;
    if (text === BACK) continue;
    s.series.nth = Number(text);
    return true;
  }
}

export function seriesSteps<S extends SeriesStepsState>(ports: WorkflowPorts, now: Date): WizardStep<S>[] {
  return [
    { id: 'window', fixed: (s) => s.seriesFixed.window, ask: (s, position) => askWindow(ports, s, position, now) },
    { id: 'thinning', fixed: (s) => s.seriesFixed.thinning, ask: (s, position) => askThinning(ports, s, position) },
  ];
}
