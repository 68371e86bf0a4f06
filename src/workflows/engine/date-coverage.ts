// Which dates cover the whole AOI. The date search answers per model a list of `DatesByGeog`
// entries (one per part of the AOI); a date is usable for the whole AOI only when it is in every
// entry (live-service notes). Dates found in some entries only are partial.
import type { ModelImageDates } from '../../api/types';
import { byCodeUnits } from '../../common/code-unit-order';

export interface DateCoverage {
  /** Dates in every DatesByGeog entry, newest first. */
  full: string[];
  /** Dates in some entries only, newest first. */
  partial: string[];
  /** How many parts of the AOI the service answered for. */
  parts: number;
  /** For each date, the indexes of the entries (parts) that list it. */
  hits?: Record<string, number[]>;
}

/** Keeps `YYYY-MM-DD` whatever time part the service adds. */
function dayOf(date: string): string {
  return date.slice(0, 10);
}

export function dateCoverage(results: ModelImageDates[], model?: string): DateCoverage {
  const forModel = results.filter((entry) => model === undefined || entry.Model === undefined || entry.Model === model);
  const entries = forModel.flatMap((entry) => entry.DatesByGeog ?? []);
  if (entries.length === 0) return { full: [], partial: [], parts: 0 };
  const sets = entries.map((entry) => new Set((entry.Dates ?? []).filter((d) => typeof d === 'string').map(dayOf)));
  const all = new Set(sets.flatMap((set) => [...set]));
  const full: string[] = [];
  const partial: string[] = [];
  const hits: Record<string, number[]> = {};
  for (const date of all) {
    (sets.every((set) => set.has(date)) ? full : partial).push(date);
    hits[date] = sets.flatMap((set, index) => (set.has(date) ? [index] : []));
  }
  // Code-unit order: ISO days compare as they do by the locale, without loading its collation
  // (the plan's first search spent 8 ms on it, before any date was checked), and the same on
  // every machine.
  const newestFirst = (a: string, b: string): number => byCodeUnits(b, a);
  return { full: full.sort(newestFirst), partial: partial.sort(newestFirst), parts: entries.length, hits };
}

/** "Sun 15 Nov 2026": a day a person reads at a glance. */
export function readableDate(date: string): string {
  const parsed = new Date(`${dayOf(date)}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "3 days ago", "today": how far back a date is, relative to now. */
export function ageOf(date: string, now: Date): string {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.round((day - new Date(`${dayOf(date)}T00:00:00Z`).getTime()) / 86_400_000);
  if (Number.isNaN(days)) return '';
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return days > 0 ? `${days} days ago` : `in ${-days} days`;
}

/** The default search window: the last `days` days up to now, as ISO date-times. */
export function lastDaysWindow(now: Date, days = 30): { from: string; to: string } {
  const from = new Date(now.getTime() - days * 86_400_000);
  return { from: from.toISOString(), to: now.toISOString() };
}
