// Cancels an order after a confirmation that names it and says what cancelling does now: in full
// only while the order is in Review, after that only its renewal is stopped (by when, for a
// recurring order), and it can re-price the account's other orders of the month (spend tiers).
// From the palette it offers only the orders that can still be cancelled. After the cancel it says
// the order balance the account shows before and after (cancel-balance.ts), with the status bar and
// the account view redrawn from that reading. `{ skipConfirmation: true }` as the second argument is
// for automation and tests.
import type { TaskOrder } from '../../api/types';
import { Commands } from '../constants';
import { reportError } from '../errors';
import { cancelConfirmation, isCancellable, orderLabel } from '../../workflows/orders/order-status';
import { cancelBalanceText, cancelReadingBalance, refundMissing } from '../../workflows/orders/cancel-balance';
import type { CancelBalance } from '../../workflows/orders/cancel-balance';
import { snapshotOf } from '../../pricing/account-snapshot';
import type { AccountSnapshot } from '../../pricing/account-snapshot';
import type { ExtensionServices } from '../extension-services';
import { resolveOrder } from './order-argument';
import { askInModal } from '../prompts/modal-question';
import { refreshOrderDetails } from './order-details-document';
import type { Command } from './command';

export interface CancelOrderResult {
  cancelled: boolean;
  guid?: string;
  /** The order balance the account showed before and after the cancel (when it was sent). */
  balance?: CancelBalance;
  /** What the person was told after the cancel. */
  message?: string;
}

export const cancelOrderCommand: Command = {
  id: Commands.cancelOrder,
  async run(services, arg?: unknown, options?: unknown): Promise<CancelOrderResult> {
    const target = await resolveOrder(services, arg, {
      title: 'Cancel which order?',
      filter: isCancellable,
      none: 'No loaded order can be cancelled: completed and cancelled orders are not listed. Refresh the Orders view to see the latest.',
    });
    if (!target) return { cancelled: false };
    const skip =
      typeof options === 'object' &&
      options !== null &&
      (options as { skipConfirmation?: unknown }).skipConfirmation === true;
    if (!skip && !(await confirm(target.guid, target.order))) return { cancelled: false, guid: target.guid };
    const log = services.log('orders');
    let balance: CancelBalance;
    try {
      const client = await services.getClient();
      balance = await cancelReadingBalance(
        () => client.cancelOrder(target.guid),
        () => readAccountModel(services),
      );
    } catch (err) {
      reportError(log, `Could not cancel order ${target.guid}`, err);
      return { cancelled: false, guid: target.guid };
    }
    log.info(`order ${target.guid} cancelled; order balance ${balance.before} → ${balance.after} EUR`);
    const message = `Order ${target.order ? orderLabel(target.order) + ' ' : ''}(${target.guid}) cancelled. ${cancelBalanceText(balance, target.order)}`;
    void (refundMissing(balance, target.order) ? services.notify.warn(message) : services.notify.info(message));
    // The account was just read (status bar, account view); the Orders tree and the order's
    // details, when open, show the cancel.
    await Promise.allSettled([services.sidebar.refreshOrders(), refreshOrderDetails(services, target.guid)]);
    return { cancelled: true, guid: target.guid, balance, message };
  },
};

/** Reads the account through the account model, so the status bar and the account view show the
 * reading too; its balances as the account snapshot defines them. */
async function readAccountModel(services: ExtensionServices): Promise<AccountSnapshot> {
  const state = await services.account.refresh(services.apiKey.hasKey);
  return snapshotOf(state.kind === 'ready' ? state.info : undefined);
}

export const CANCEL_BUTTON = 'Cancel the order';
export const KEEP_BUTTON = 'Keep it';

function confirm(guid: string, order: TaskOrder | undefined): Promise<boolean> {
  return askInModal(cancelConfirmation(guid, order, new Date()), CANCEL_BUTTON, KEEP_BUTTON);
}
