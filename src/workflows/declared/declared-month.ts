// The monthly cap of an imagery file (budget.maxCreditsPerMonth): what the ledgers of its dataset
// folders record as sent in the calendar month (UTC), plus this plan, held under the cap. Units
// to buy beyond it are deferred, oldest first, each with the month the cap lets it be bought in.
// A unit sent and never said refused or not sent is counted (charged, saved, or its answer lost:
// it may have been charged), at the time its sending line was written, with the estimate the
// person saw: a cap errs on the side of spending less.
import { join } from 'node:path';
import { LEDGER_NAME, readJournal } from '../../ledger/ledger-journal';
import { isRecord } from '../../common/is-record';

/** "2026-05" of an instant, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The credits the ledgers of `folders` record as sent in `month` and not refused since. */
export async function spentInMonth(folders: readonly string[], month: string): Promise<number> {
  let spent = 0;
  for (const folder of folders) {
    const { lines } = await readJournal(join(folder, LEDGER_NAME));
    // Each key's last sending not yet settled as never run: counted when the next one comes or at the end.
    const open = new Map<string, { at: string; credits: number }>();
    const count = (sent: { at: string; credits: number } | undefined) => {
      if (sent && sent.at.slice(0, 7) === month) spent += sent.credits;
    };
    for (const line of lines) {
      if (!isRecord(line) || typeof line.key !== 'string' || typeof line.at !== 'string') continue;
      if (line.state === 'sending') {
        count(open.get(line.key));
        const credits = typeof line.credits === 'number' && Number.isFinite(line.credits) ? line.credits : 0;
        open.set(line.key, { at: line.at, credits });
      } else if (line.state === 'refused' || line.state === 'not-sent') open.delete(line.key);
    }
    for (const sent of open.values()) count(sent);
  }
  return round6(spent);
}

/** The calendar month's images against the file's monthly cap (budget.maxCreditsPerMonth). */
export interface MonthSpend {
  /** YYYY-MM, UTC, by the run's clock. */
  month: string;
  /** What the ledgers under the file record as charged (or possibly charged) this month. */
  spentCredits: number;
  /** The cap: budget.maxCreditsPerMonth. */
  maxCredits: number;
  /** What the cap leaves after the month's spend and this plan's units to buy. */
  leftCredits: number;
  /** The credits of the units deferred to a later month. */
  deferredCredits: number;
}

interface Deferral<U> {
  unit: U;
  /** The month the cap lets it be bought in; absent when it costs more than the cap alone. */
  month?: string;
  reason: string;
}

/**
 * Priced units to buy held under the cap, oldest date first: once one does not fit, it and every
 * later one are deferred, so nothing newer is bought before it. The deferred fill the months after
 * this one at the cap each, in the same order.
 */
export function deferBeyondCap<U extends { date: string; credits: number }>(
  toBuy: readonly U[],
  cap: number,
  spent: number,
  month: string,
): { spend: MonthSpend; deferred: Deferral<U>[] } {
  const oldestFirst = [...toBuy].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let left = cap - spent;
  let at = 0;
  for (; at < oldestFirst.length; at++) {
    if (oldestFirst[at]!.credits > left + 1e-9) break;
    left -= oldestFirst[at]!.credits;
  }
  const kept = cap - spent - left;
  const deferred: Deferral<U>[] = [];
  let later = month;
  let room = 0;
  for (const unit of oldestFirst.slice(at)) {
    if (unit.credits > cap) {
      deferred.push({
        unit,
        reason: `it costs ${unit.credits} credits, more than the monthly cap of ${cap} alone: raise budget.maxCreditsPerMonth to buy it`,
      });
      continue;
    }
    if (unit.credits > room + 1e-9) {
      later = nextMonth(later);
      room = cap;
    }
    room -= unit.credits;
    deferred.push({
      unit,
      month: later,
      reason: `beyond the monthly cap of ${cap} credits (${round6(spent)} spent in ${month}, ${round6(kept)} in this plan): bought in ${later}, oldest first`,
    });
  }
  const spend = {
    month,
    spentCredits: round6(spent),
    maxCredits: cap,
    leftCredits: round6(Math.max(0, left)),
    deferredCredits: round6(deferred.reduce((sum, d) => sum + d.unit.credits, 0)),
  };
  return { spend, deferred };
}

/** A unit the monthly cap deferred, as an apply reports it. */
export interface DeferredUnit {
  dataset: string;
  area: string;
  date: string;
  credits?: number;
  month?: string;
}

/** "Deferred by the monthly cap: 2 images (100 credits), the first in 2026-06." (none: undefined) */
export function deferredSentence(deferred: readonly DeferredUnit[]): string | undefined {
  if (deferred.length === 0) return undefined;
  const credits = round6(deferred.reduce((sum, d) => sum + (d.credits ?? 0), 0));
  const first = deferred.find((d) => d.month !== undefined)?.month;
  const images = deferred.length === 1 ? '1 image' : `${deferred.length} images`;
  return `Deferred by the monthly cap: ${images} (${credits} credits)${first ? `, the first bought in ${first}` : ''}; the next apply then buys them, oldest first.`;
}
