// The order commands run from the palette (no tree node, no GUID) pick their order: Cancel Order
// offers only the orders that can still be cancelled, Open Order AOI any loaded order. The
// confirmation says what cancelling does now and its buttons read as what they do.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TaskOrder } from '../../src/api/types';
import { CANCEL_BUTTON, KEEP_BUTTON } from '../../src/ui/commands/cancelOrder';
import type { CancelOrderResult } from '../../src/ui/commands/cancelOrder';
import { cancelConfirmation, isCancellable } from '../../src/workflows/orders/order-status';
import { useSimulator } from './vsc-helpers';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('order commands from the palette', function () {
  this.timeout(30_000);
  const env = useSimulator({ demoData: true });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('Cancel Order lists only the orders that can still be cancelled, and cancels the one picked', async () => {
    const orders = (await env.api.sidebar.refreshOrders()) ?? [];
    const listed = orders.filter((o) => o.TaskOrderGuid);
    const cancellable = listed.filter(isCancellable);
    assert.ok(
      cancellable.length >= 2 && cancellable.length < listed.length,
      'the demo lists cancellable orders and others',
    );
    // The second row of the pick: with every order listed it would be a completed one.
    const running = vscode.commands.executeCommand<CancelOrderResult>('satImagery.cancelOrder', undefined, {
      skipConfirmation: true,
    });
    await pause(1500);
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await pause(300);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const result = await running;
    assert.equal(result.cancelled, true);
    assert.equal(result.guid, cancellable[1]!.TaskOrderGuid, `picked ${result.guid}, the second cancellable order`);
  });

  it('Open Order AOI picks an order and opens its area', async () => {
    await env.api.sidebar.refreshOrders();
    const running = vscode.commands.executeCommand<string | undefined>('satImagery.openOrderAoi');
    await pause(1500);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const uri = await running;
    assert.ok(uri, 'a document was opened');
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.equal(JSON.parse(document!.getText()).type, 'Feature');
  });

  it('the confirmation says what cancelling does now, and its buttons say what they do', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const review: TaskOrder = {
      TaskOrderGuid: 'g-1',
      OrderingProcessStatus: 'Review',
      Model: 'Stratus2',
      From: '2026-11-26',
      To: '2027-02-24',
    };
    const running: TaskOrder = {
      TaskOrderGuid: 'g-2',
      OrderingProcessStatus: 'Processing',
      Model: 'Stratus2',
      From: '2026-05-01',
      To: null,
    };
    const first = cancelConfirmation('g-1', review, now);
    assert.match(first.detail, /in Review, so it is cancelled in full/);
    assert.doesNotMatch(first.detail, /renews every month/);
    const second = cancelConfirmation('g-2', running, now);
    assert.match(second.detail, /Its status is Processing: past Review .* cancelling stops its renewal/);
    assert.match(second.detail, /before Tue, 01 Dec 2026 00:00:00 GMT stops next month's charge/);
    for (const text of [first.detail, second.detail]) assert.match(text, /re-price your other orders of this month/);
    assert.match(first.message, /^Cancel the order Stratus2/);
    assert.deepEqual([CANCEL_BUTTON, KEEP_BUTTON], ['Cancel the order', 'Keep it']);
  });
});
