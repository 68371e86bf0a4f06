// Cancels an order after a confirmation that names it and says what cancelling does now: in full
// only while the order is in Review, after that only its renewal is stopped (by when, for a
// recurring order), and it can re-price the account's other orders of the month (spend tiers).
// From the palette it offers only the orders that can still be cancelled. `{ skipConfirmation:
// true }` as the second argument is for automation and tests.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { Commands } from '../constants';
import { reportError } from '../errors';
import { cancelConfirmation, isCancellable, orderLabel } from '../../workflows/orders/order-status';
import { resolveOrder } from './order-argument';
import type { Command } from './command';

export interface CancelOrderResult {
  cancelled: boolean;
  guid?: string;
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
    try {
      await (await services.getClient()).cancelOrder(target.guid);
    } catch (err) {
      reportError(log, `Could not cancel order ${target.guid}`, err);
      return { cancelled: false, guid: target.guid };
    }
    log.info(`order ${target.guid} cancelled`);
    void vscode.window.showInformationMessage(
      `Order ${target.order ? orderLabel(target.order) + ' ' : ''}(${target.guid}) cancelled.`,
    );
    services.refreshTrees();
    return { cancelled: true, guid: target.guid };
  },
};

export const CANCEL_BUTTON = 'Cancel the order';
export const KEEP_BUTTON = 'Keep it';

async function confirm(guid: string, order: TaskOrder | undefined): Promise<boolean> {
  const { message, detail } = cancelConfirmation(guid, order, new Date());
  // "Keep it" is the close affordance: the dialog adds no second "Cancel" beside "Cancel the order".
  const choice = await vscode.window.showWarningMessage(
    message,
    { modal: true, detail },
    { title: CANCEL_BUTTON },
    { title: KEEP_BUTTON, isCloseAffordance: true },
  );
  return choice?.title === CANCEL_BUTTON;
}
