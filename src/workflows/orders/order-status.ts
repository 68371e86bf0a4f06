// What an order's status and period mean, and what cancelling it does now: the facts the Orders
// view, the cancel dialog and `sat-imagery orders cancel` share. Statuses are read as they come;
// the final ones (after which nothing more happens to the order) are those the live service uses.
import type { TaskOrder } from '../../api/types';
import { formatNumber } from '../../common/format';
import { recurringCancellationDeadline } from './order-payload';

/** Statuses after which nothing more happens to the order (no polling, no cancel). */
const finalStatuses = new Set(['Completed', 'Done', 'Canceled', 'Cancelled', 'Failure', 'Failed']);
/** Statuses worth polling for: anything not final, except a recurring order at rest. */
const restingStatuses = new Set([...finalStatuses, 'UpToDate']);

export function orderStatus(order: TaskOrder): string {
  return typeof order.OrderingProcessStatus === 'string' && order.OrderingProcessStatus
    ? order.OrderingProcessStatus
    : 'Unknown';
}

export function isCancellable(order: TaskOrder): boolean {
  return !finalStatuses.has(orderStatus(order));
}

export function needsPolling(order: TaskOrder): boolean {
  return !restingStatuses.has(orderStatus(order));
}

export function isRecurring(order: TaskOrder): boolean {
  return order.To === null || order.To === undefined || order.To === '';
}

/** The day of a date the service sent (its first ten characters), or '?'. */
export function shortDate(value: unknown): string {
  return typeof value === 'string' && value ? value.slice(0, 10) : '?';
}

export function orderPeriod(order: TaskOrder): string {
  return isRecurring(order)
    ? `${shortDate(order.From)} → recurring`
    : `${shortDate(order.From)} → ${shortDate(order.To)}`;
}

export function orderLabel(order: TaskOrder): string {
  const model = order.Model ?? 'Unknown model';
  return typeof order.TaskOrderAreaKm2 === 'number' ? `${model} · ${formatNumber(order.TaskOrderAreaKm2)} km²` : model;
}

/** The question before cancelling an order and its detail lines: what cancelling it does now (in
 * full only in Review, past it only the renewal stops), by when a recurring order's next charge
 * is stopped, that it can re-price the month's other orders, and that it cannot be undone. */
export function cancelConfirmation(
  guid: string,
  order: TaskOrder | undefined,
  now: Date,
): { message: string; detail: string } {
  const name = order ? `${orderLabel(order)}, ${orderPeriod(order)}` : 'this order';
  const lines = [`Order ID: ${guid}`];
  const status = order ? orderStatus(order) : undefined;
  if (status === 'Review') lines.push('It is still in Review, so it is cancelled in full.');
  else if (status !== undefined)
    lines.push(
      `Its status is ${status}: past Review an order can no longer be cancelled in full; cancelling stops its renewal.`,
    );
  else lines.push('An order in Review is cancelled in full; past Review, cancelling stops its renewal.');
  if (order && isRecurring(order))
    lines.push(
      `It renews every month: cancelling before ${new Date(recurringCancellationDeadline(now)).toUTCString()} stops next month's charge.`,
    );
  lines.push(
    "Cancelling can re-price your other orders of this month: the monthly spend tier counts the whole account's spend in the calendar month.",
  );
  lines.push('This cannot be undone.');
  return { message: `Cancel the order ${name}?`, detail: lines.join('\n') };
}

/** ImageFrequency as it reads: "every day", "every 7 days" (one image every this many days). */
export function imageFrequencyText(days: number): string {
  return days === 1 ? 'every day' : `every ${days} days`;
}
