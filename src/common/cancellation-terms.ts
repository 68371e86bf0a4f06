// What the order panel says about cancelling (live-service notes, "Orders, processing units and
// tiers"): an order is cancelled in full only while its status is Review, after that only its
// renewal can be stopped; a recurring order's next month is charged at 00:00 UTC on the 1st. A
// moment already past is no date to act by: the service's CancellationDate of an order starting
// today is that day's 00:00 UTC, and the panel showed it as if it were still ahead. No DOM: the
// order panel and `sat-imagery orders estimate` say the same terms.
import { formatUtc } from './format';
import type { Locale } from './format';

/** What an order estimate says about cancelling it. */
interface OrderTerms {
  recurring: boolean;
  /** For a recurring order: the last moment (ISO) a cancellation stops next month's charge. */
  cancellationDeadline?: string | undefined;
  /** The service's CancellationDate (ISO). */
  cancellationDate?: string | undefined;
}

/** 00:00 UTC on the 1st of the month after `now`: when a recurring order's next month is charged. */
export function nextRenewal(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

export interface CancellationTerm {
  id: 'cancellation-deadline' | 'cancellation-rule' | 'cancellation-date';
  label: string;
  value: string;
  strong?: boolean;
}

/** Cancel a recurring order before this to stop next month's charge. */
export function renewalDeadline(model: OrderTerms, now: Date): string {
  return model.cancellationDeadline ?? nextRenewal(now);
}

export function cancellationTerms(model: OrderTerms, locale: Locale, now: Date): CancellationTerm[] {
  const terms: CancellationTerm[] = [];
  if (model.recurring)
    terms.push({
      id: 'cancellation-deadline',
      label: 'Cancel before',
      value: formatUtc(renewalDeadline(model, now), locale),
      strong: true,
    });
  terms.push({
    id: 'cancellation-rule',
    label: 'Cancelling',
    value: model.recurring
      ? 'In full only while the order is in Review; after that, only its renewal can be stopped.'
      : 'In full only while the order is in Review; it has no renewal to stop.',
  });
  // The service's own date, only while it is still ahead.
  const serviceDate = model.cancellationDate === undefined ? Number.NaN : Date.parse(model.cancellationDate);
  if (model.cancellationDate !== undefined && !(serviceDate <= now.getTime())) {
    terms.push({
      id: 'cancellation-date',
      label: 'Cancellation date (service)',
      value: formatUtc(model.cancellationDate, locale),
    });
  }
  return terms;
}
