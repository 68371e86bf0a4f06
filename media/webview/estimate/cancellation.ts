// What the order panel says about cancelling (live-service notes, "Orders, processing units and
// tiers"): an order is cancelled in full only while its status is Review, after that only its
// renewal can be stopped; a recurring order's next month is charged at 00:00 UTC on the 1st. A
// moment already past is no date to act by: the service's CancellationDate of an order starting
// today is that day's 00:00 UTC, and the panel showed it as if it were still ahead. No DOM.
import type { OrderEstimateModel } from '../../../src/ui/webview/estimate/protocol';
import { formatUtc } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { nextRenewal } from './warnings';

export interface CancellationTerm {
  id: 'cancellation-deadline' | 'cancellation-rule' | 'cancellation-date';
  label: string;
  value: string;
  strong?: boolean;
}

/** Cancel a recurring order before this to stop next month's charge. */
export function renewalDeadline(model: OrderEstimateModel, now: Date): string {
  return model.cancellationDeadline ?? nextRenewal(now);
}

export function cancellationTerms(model: OrderEstimateModel, locale: Locale, now: Date): CancellationTerm[] {
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
