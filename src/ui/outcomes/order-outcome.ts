// After an order workflow: say what was created (and, for a recurring order, that it renews every
// month and until when it can be cancelled), and refresh the Orders tree. When the create
// request's answer was lost and the order list did not show the order, say that it is unknown and
// offer to look, never to create it again.
import * as vscode from 'vscode';
import { recurringSentence } from '../../workflows/orders/order-workflow';
import type { OrderResult } from '../../workflows/engine/results';
import type { ExtensionServices } from '../extension-services';
import { announceCharge } from './charge-outcome';

export function announceOrder(services: ExtensionServices, result: OrderResult): void {
  if (result.outcome === 'unknown') {
    void announceCharge(
      services,
      result.charge,
      'The order',
      'Unknown whether the order was created: check the Orders list. ',
    );
    return;
  }
  if (result.outcome !== 'completed' || !result.order) return;
  services.refreshTrees();
  const id = typeof result.order.TaskOrderGuid === 'string' ? ` ${result.order.TaskOrderGuid}` : '';
  const renewal =
    result.recurring && result.cancellationDeadline ? ` ${recurringSentence(result.cancellationDeadline)}` : '';
  void vscode.window.showInformationMessage(`Order${id} created.${renewal}`);
}
