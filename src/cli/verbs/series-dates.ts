// Which dates a series downloads: the given --dates, or the whole-area dates of the date search
// thinned to at least --every days apart (oldest first) and cut to the newest --max-dates.

export interface SeriesSelection {
  every?: number;
  maxDates?: number;
}

/** Dates (YYYY-MM-DD), returned oldest first. */
export function selectSeriesDates(found: readonly string[], selection: SeriesSelection): string[] {
  const ascending = [...new Set(found.map((d) => d.slice(0, 10)))].sort();
  const kept: string[] = [];
  for (const date of ascending) {
    const previous = kept[kept.length - 1];
    if (previous === undefined || selection.every === undefined || daysBetween(previous, date) >= selection.every) kept.push(date);
  }
  return selection.maxDates === undefined ? kept : kept.slice(Math.max(0, kept.length - selection.maxDates));
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** "7", "7d" or "2w" as days. */
export function parseEvery(text: string): number | undefined {
  const match = /^(\d+)\s*([dw]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const n = Number(match[1]) * (match[2]?.toLowerCase() === 'w' ? 7 : 1);
  return n >= 1 ? n : undefined;
}
