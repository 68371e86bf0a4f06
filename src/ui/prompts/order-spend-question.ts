// The one question before an order is created from the cost panel. The panel's button says what
// the order spends, but a single click placed it: money in a currency is taken this month and,
// for a recurring order, every month after, so the order is confirmed once more in a modal that
// names both amounts, as Cancel Order asks before it cancels one (cancelOrder.ts).
import * as vscode from 'vscode';
import { formatMoney } from '../../common/format';
import { askInModal } from './modal-question';
import type { EstimateDecision, EstimateModel } from '../../pricing/estimate-view-model';

const PLACE_BUTTON = 'Place the order';
const KEEP_BUTTON = "Don't place it";

/** The question and its detail for the order `decision` chose from `model`: this month's amount
 * and the amount per month after, of the chosen cover when the panel compared two. */
function orderSpendQuestion(
  model: Extract<EstimateModel, { kind: 'order' }>,
  decision: Extract<EstimateDecision, { action: 'proceed' }>,
): { message: string; detail: string } {
  const cover = model.covers?.find((c) => c.id === decision.cover);
  const planned = model.plan.orders.find((o) => o.kind === 'create');
  const currency = cover?.currency ?? planned?.currency ?? model.currency;
  const thisMonth = cover?.currentMonth ?? planned?.euroThisMonth ?? model.currentMonthCost;
  const perMonth = cover?.perMonth ?? planned?.euroPerMonth ?? model.perMonthCost;
  const money = (value: number | undefined) => formatMoney(value, currency, vscode.env.language);
  const what = cover ? `the ${cover.id === 'tiles' ? 'tile' : 'polygon'} order` : 'the order';
  const lines = [
    `This month: ${money(thisMonth)}.`,
    model.recurring
      ? `Then ${money(perMonth)} per month, every month until it is cancelled.`
      : `Per month after this one, while it runs and its images are stored: ${money(perMonth)}.`,
    'The service creates it at once; cancelling it later refunds it in full only while it is in Review.',
  ];
  return { message: `Place ${what} for ${money(thisMonth)} this month?`, detail: lines.join('\n') };
}

/** Asks the order's question in a modal; true only for Place the order. */
export function confirmOrderSpend(
  model: Extract<EstimateModel, { kind: 'order' }>,
  decision: Extract<EstimateDecision, { action: 'proceed' }>,
): Promise<boolean> {
  return askInModal(orderSpendQuestion(model, decision), PLACE_BUTTON, KEEP_BUTTON);
}
