// Which dates a series downloads: the given list, or the dates of the date search: every `nth`
// one, thinned to at least `every` days apart or at most one per ISO week or calendar month
// (oldest first), and cut to the newest `maxDates`. Dates already bought stay chosen, and the
// thinning takes nothing new near them: a date found later, earlier in a week already bought,
// must not buy that week a second time.

export type SeriesEvery = number | 'week' | 'month';

export interface SeriesSelection {
  every?: SeriesEvery;
  /** Keep every Nth available date (the 1st, the N+1th...). */
  nth?: number;
  maxDates?: number;
  /** Dates already bought (a folder's ledger, an imagery file's lock): each is kept, and a period
   * that holds one (its week, its month, `every` days either side) takes no other date. */
  bought?: readonly string[];
}

/** Dates (YYYY-MM-DD), returned oldest first. */
export function selectSeriesDates(found: readonly string[], selection: SeriesSelection): string[] {
  const all = [...new Set(found.map((d) => d.slice(0, 10)))].sort();
  const nth = selection.nth !== undefined && selection.nth > 1 ? Math.floor(selection.nth) : 1;
  const bought = [...new Set((selection.bought ?? []).map((d) => d.slice(0, 10)))].sort();
  const isBought = new Set(bought);
  const ascending = [...new Set([...all.filter((_, i) => i % nth === 0), ...bought])].sort();
  const kept: string[] = [];
  const every = selection.every;
  let next = 0; // the index in `bought` of the first bought date not before `date`
  for (const date of ascending) {
    while (next < bought.length && bought[next]! < date) next++;
    const previous = kept[kept.length - 1];
    const nextBought = bought[next];
    const roomBefore = previous === undefined || every === undefined || farEnough(previous, date, every);
    const roomAfter = nextBought === undefined || every === undefined || farEnough(date, nextBought, every);
    if (isBought.has(date) || (roomBefore && roomAfter)) kept.push(date);
  }
  return selection.maxDates === undefined ? kept : kept.slice(Math.max(0, kept.length - selection.maxDates));
}

function farEnough(previous: string, date: string, every: SeriesEvery): boolean {
  if (every === 'month') return previous.slice(0, 7) !== date.slice(0, 7);
  if (every === 'week') return weekOf(previous) !== weekOf(date);
  return daysBetween(previous, date) >= every;
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The Monday that starts the ISO week of a date, as days since the epoch. */
function weekOf(date: string): number {
  const day = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 counted from Monday.
  return day - ((day + 3) % 7);
}

/** "7", "7d", "2w", "week" or "month". */
export function parseEvery(text: string): SeriesEvery | undefined {
  const word = text.trim().toLowerCase();
  if (word === 'week' || word === 'weekly') return 'week';
  if (word === 'month' || word === 'monthly') return 'month';
  const match = /^(\d+)\s*([dw]?)$/i.exec(word);
  if (!match) return undefined;
  const n = Number(match[1]) * (match[2] === 'w' ? 7 : 1);
  return n >= 1 ? n : undefined;
}
