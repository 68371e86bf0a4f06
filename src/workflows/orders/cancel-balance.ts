// What a cancel did to the order balance, said from the account as read just before and once more
// just after it, never from what cancelling ought to do: the service cancels an order in Review in
// full and gives its money back, past Review it gives nothing back and stops only a recurring
// order's renewal (live-service notes, "Orders, processing units and tiers"), and a spend tier can
// re-price other orders of the month either way. `sat-imagery orders cancel` and the VS Code cancel
// both say it.
import { formatMoney } from '../../common/format';
import type { TaskOrder } from '../../api/types';
import type { AccountSnapshot } from '../../pricing/account-snapshot';
import { isRecurring, orderStatus } from './order-status';

/** The order balance (`balances.EUR` of the account snapshot) around a cancel; undefined where the
 * account did not give it. */
export interface CancelBalance {
  readonly currency: 'EUR';
  readonly before: number | undefined;
  readonly after: number | undefined;
}

/** Cancels, reading the account just before and once more just after. `readAccount` is the host's
 * way to read it (the extension's also redraws the status bar and the account view). */
export async function cancelReadingBalance(
  cancel: () => Promise<unknown>,
  readAccount: () => Promise<AccountSnapshot>,
): Promise<CancelBalance> {
  const before = (await readAccount()).balances.EUR;
  await cancel();
  const after = (await readAccount()).balances.EUR;
  return { currency: 'EUR', before, after };
}

const cents = (value: number) => Math.round(value * 100);

/** "Order balance: EUR 120.00 → EUR 126.27." when it moved; when it did not, why. For an order that
 * was in Review and shows no money back, it says plainly that the account shows no refund. */
export function cancelBalanceText(balance: CancelBalance, order: TaskOrder | undefined): string {
  const { before, after } = balance;
  if (before === undefined || after === undefined)
    return 'Order balance: not shown (the account did not give it before and after the cancel).';
  const money = (value: number) => formatMoney(value, balance.currency, undefined);
  const moved = cents(after) !== cents(before);
  const figures = moved
    ? `Order balance: ${money(before)} → ${money(after)}`
    : `Order balance: ${money(before)}, unchanged`;
  if (refundMissing(balance, order))
    return `${figures}: the account shows no refund, although an order cancelled in Review is cancelled in full. Look at the account again later.`;
  if (moved || !order) return `${figures}.`;
  const renewal = isRecurring(order) ? "; next month's renewal is stopped" : '';
  return `${figures}: past Review nothing is given back${renewal}.`;
}

/** True when an order in Review was cancelled and the account shows no money back: worth a warning. */
export function refundMissing(balance: CancelBalance, order: TaskOrder | undefined): boolean {
  const { before, after } = balance;
  if (order === undefined || orderStatus(order) !== 'Review') return false;
  return before !== undefined && after !== undefined && cents(after) <= cents(before);
}
