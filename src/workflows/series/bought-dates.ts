// The dates of a series already bought with its very request, which its thinning keeps
// (series-dates.ts selectSeriesDates): a week, month or `every` span that holds one takes no
// other, so a rerun after the service listed an earlier date in it buys nothing new there. Read
// from a folder's purchase ledger, where a folder shared by other profiles (another model,
// another area of a glob) holds their dates too: only a unit whose key is that date's request
// now counts. The series verb and an imagery file's plan both keep them.
import { HELD_STATES } from '../../ledger/purchase-ledger';
import type { LedgerUnit } from '../../ledger/purchase-ledger';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The dates of `units` saved or maybe charged whose key is `keyOf` of the date, sorted. */
export function ledgerBoughtDates(units: Iterable<LedgerUnit>, keyOf: (date: string) => string): string[] {
  const dates = new Set<string>();
  for (const unit of units) {
    const bought = unit.state === 'saved' || HELD_STATES.has(unit.state);
    if (bought && unit.id !== undefined && DAY.test(unit.id) && keyOf(unit.id) === unit.key) dates.add(unit.id);
  }
  return [...dates].sort();
}
