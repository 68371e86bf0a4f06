// The order actions against the simulator: details as a read-only document, copy id, open AOI as
// GeoJSON, cancel, and a change of status announced.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ShowOrderDetailsResult } from '../../src/ui/commands/showOrderDetails';
import type { CancelOrderResult } from '../../src/ui/commands/cancelOrder';
import type { OrdersTreeNode } from '../../src/ui/tree/orders-provider';
import { formatNumber } from '../../src/common/format';
import { call } from '../simulator/test-helpers';
import { nextEvent, useSimulator } from './vsc-helpers';

describe('order actions', () => {
  const env = useSimulator({ demoData: true });

  async function cancellableNode(): Promise<Extract<OrdersTreeNode, { kind: 'order' }>> {
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const node = (env.api.sidebar.ordersProvider.getChildren() as OrdersTreeNode[]).find(
      (n) => n.kind === 'order' && env.api.sidebar.ordersProvider.getTreeItem(n).contextValue === 'order.cancellable',
    );
    assert.ok(node && node.kind === 'order', 'the demo data has no cancellable order');
    return node;
  }

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("shows an order's details as a read-only document in sections, from a node or a GUID", async () => {
    const node = await cancellableNode();
    const guid = node.order.TaskOrderGuid!;
    for (const arg of [node, guid]) {
      const result = await vscode.commands.executeCommand<ShowOrderDetailsResult>('satImagery.showOrderDetails', arg);
      assert.ok(result);
      const uri = vscode.Uri.parse(result.uri);
      assert.equal(uri.scheme, 'sat-imagery');
      const document = await vscode.workspace.openTextDocument(uri);
      assert.equal(document.languageId, 'markdown');
      const text = document.getText();
      assert.deepEqual(
        text.split('\n').filter((l) => l.startsWith('## ')),
        ['## What', '## When', '## Cadence', '## Area', '## Cost', '## Status'],
        text,
      );
      assert.ok(text.includes(`# Order ${guid}`), `the order's ID: ${text}`);
      assert.match(text, /\*\*Model:\*\* Stratus/);
      assert.match(text, /\*\*Image frequency:\*\* every \d+ days?/);
      assert.match(text, new RegExp(`\\*\\*Status:\\*\\* ${node.order.OrderingProcessStatus}`));
      assert.doesNotMatch(text, /^\s*[{[]/, 'not JSON');
    }
    assert.ok(env.sim.requests.some((r) => r.path === '/api/tasking/orders/details'));
  });

  it('the details of an order, open, say it is cancelled once it is, and the Orders tree too', async () => {
    // An order of its own: the demo's moving orders stay for the polling tests below.
    const created = await call(env.sim, 'POST', '/api/tasking/orders', {
      Wkt: 'GEOMETRYCOLLECTION(POLYGON((10.1 56.05, 10.15 56.05, 10.15 56.08, 10.1 56.08, 10.1 56.05)))',
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 3,
      ApiRequests: 10,
      ImageFrequency: 5,
      ReferenceDate: '2030-01-01',
      From: '2030-01-01',
      To: '2030-02-28',
    });
    const guid = created.json.Data.TaskOrderGuid as string;
    const shown = await vscode.commands.executeCommand<ShowOrderDetailsResult>('satImagery.showOrderDetails', guid);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(shown.uri));
    assert.doesNotMatch(document.getText(), /\*\*Status:\*\* Canceled/);
    const changed = nextEvent(vscode.workspace.onDidChangeTextDocument, (e) => e.document === document, 10_000);
    const result = await vscode.commands.executeCommand<CancelOrderResult>('satImagery.cancelOrder', guid, {
      skipConfirmation: true,
    });
    assert.equal(result.cancelled, true);
    await changed;
    assert.match(document.getText(), /\*\*Status:\*\* Canceled/);
    assert.match(document.getText(), /is final: nothing more happens/);
    // The tree, without a Refresh: the command reloaded it.
    const after = (env.api.sidebar.ordersProvider.getChildren() as OrdersTreeNode[]).find(
      (n) => n.kind === 'order' && n.order.TaskOrderGuid === guid,
    );
    assert.ok(after && after.kind === 'order');
    assert.equal(after.order.OrderingProcessStatus, 'Canceled');
  });

  it('copies the order id', async () => {
    const node = await cancellableNode();
    await vscode.env.clipboard.writeText('');
    assert.equal(await vscode.commands.executeCommand('satImagery.copyOrderId', node), node.order.TaskOrderGuid);
    assert.equal(await vscode.env.clipboard.readText(), node.order.TaskOrderGuid);
  });

  it("opens the order's AOI as a GeoJSON document", async () => {
    const node = await cancellableNode();
    const uri = await vscode.commands.executeCommand<string>('satImagery.openOrderAoi', node.order.TaskOrderGuid);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.ok(document);
    const feature = JSON.parse(document.getText());
    assert.equal(feature.type, 'Feature');
    assert.equal(feature.properties.TaskOrderGuid, node.order.TaskOrderGuid);
    assert.match(feature.geometry.type, /Polygon|GeometryCollection/);
  });

  it('cancels an order and shows it cancelled', async () => {
    const node = await cancellableNode();
    const guid = node.order.TaskOrderGuid!;
    env.sim.clearLog();
    const result = await vscode.commands.executeCommand<CancelOrderResult>('satImagery.cancelOrder', node, {
      skipConfirmation: true,
    });
    assert.equal(result.cancelled, true);
    assert.equal(result.guid, guid);
    const request = env.sim.requests.find((r) => r.method === 'DELETE');
    assert.equal(request?.path, '/api/tasking/orders/cancel');
    assert.equal(request?.query.taskOrderGuid, guid);
    assert.equal(env.sim.state.status(env.sim.state.find(guid)!), 'Canceled');
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const after = (env.api.sidebar.ordersProvider.getChildren() as OrdersTreeNode[]).find(
      (n) => n.kind === 'order' && n.order.TaskOrderGuid === guid,
    );
    assert.ok(after && after.kind === 'order');
    assert.equal(after.order.OrderingProcessStatus, 'Canceled');
    assert.equal(env.api.sidebar.ordersProvider.getTreeItem(after).contextValue, 'order');
  });

  it('cancelling an order in Review gives its money back: the notification says before → after, the status bar the balance after', async () => {
    const start = env.sim.state.account.EuroCreditAmount;
    const first = `${env.sim.state.todayIso().slice(0, 8)}01`;
    // Image dates from the 1st of this month: creating it takes money from this month's balance.
    const created = await call(env.sim, 'POST', '/api/tasking/orders', {
      Wkt: 'GEOMETRYCOLLECTION(POLYGON((10.1 56.05, 10.15 56.05, 10.15 56.08, 10.1 56.08, 10.1 56.05)))',
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 3,
      ApiRequests: 10,
      ImageFrequency: 5,
      ReferenceDate: first,
      From: first,
      To: null,
    });
    const guid = created.json.Data.TaskOrderGuid as string;
    const afterCreate = env.sim.state.account.EuroCreditAmount;
    assert.ok(afterCreate < start, 'creating the order took money from the EUR balance');
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const shown: Array<{ level: string; message: string }> = [];
    const saved = env.api.services.notify;
    env.api.services.notify = {
      info: async (message) => void shown.push({ level: 'info', message }),
      warn: async (message) => void shown.push({ level: 'warn', message }),
    };
    env.sim.clearLog();
    let result: CancelOrderResult;
    try {
      result = await vscode.commands.executeCommand<CancelOrderResult>('satImagery.cancelOrder', guid, {
        skipConfirmation: true,
      });
    } finally {
      env.api.services.notify = saved;
    }
    assert.equal(result.cancelled, true);
    const refund = Math.round((start - afterCreate) * 100) / 100;
    assert.deepEqual(env.sim.requests.find((r) => r.method === 'DELETE')?.refunded, { euroCredits: refund });
    assert.equal(env.sim.state.account.EuroCreditAmount, start, "the simulator's balance is whole again");
    assert.deepEqual(result.balance, { currency: 'EUR', before: afterCreate, after: start });
    assert.deepEqual(shown, [{ level: 'info', message: result.message }]);
    assert.match(result.message ?? '', /cancelled\. Order balance: EUR\s[\d.,]+ → EUR\s[\d.,]+\.$/);
    assert.ok(
      env.api.statusBarItem.text.includes(`${formatNumber(start)} EUR`),
      `the status bar shows the balance after: ${env.api.statusBarItem.text}`,
    );
  });

  it('reports a refused cancel and leaves the order alone', async () => {
    const node = await cancellableNode();
    env.sim.schedule({ method: 'DELETE', path: '/api/tasking/orders/cancel', status: 404 });
    const result = await vscode.commands.executeCommand<CancelOrderResult>(
      'satImagery.cancelOrder',
      node.order.TaskOrderGuid,
      { skipConfirmation: true },
    );
    assert.equal(result.cancelled, false);
    assert.notEqual(env.sim.state.status(env.sim.state.find(node.order.TaskOrderGuid!)!), 'Canceled');
  });

  it('polls while the Orders view is visible and an order is moving, and stops when it is hidden', async () => {
    const orders = env.api.sidebar.orders;
    const saved = orders.pollDelaysMs;
    orders.pollDelaysMs = [100, 200];
    try {
      const view = env.api.sidebar.ordersView;
      // The view's visibility reaches the extension host as an event after the focus command.
      const shown = view.visible ? Promise.resolve() : nextEvent(view.onDidChangeVisibility, (e) => e.visible);
      await vscode.commands.executeCommand('satImagery.orders.focus');
      await shown;
      assert.equal(view.visible, true);
      await vscode.commands.executeCommand('satImagery.refreshOrders');
      assert.equal(orders.polling, true, 'no poll scheduled although orders are in progress');
      const change = nextEvent(orders.onDidChangeOrderStatus);
      env.sim.advanceClock(env.sim.state.statusStepMs);
      const { previous, current } = await change; // found by the poll: no refresh was asked for
      assert.notEqual(previous, current);
      const hidden = nextEvent(env.api.sidebar.ordersView.onDidChangeVisibility, (e) => !e.visible);
      await vscode.commands.executeCommand('workbench.action.closeSidebar');
      await hidden;
      assert.equal(orders.polling, false);
    } finally {
      orders.pollDelaysMs = saved;
    }
  });

  it('announces a change of status found by a refresh', async () => {
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const moving = env.sim.state.stored.filter(
      (o) => !['Canceled', 'Completed', 'UpToDate'].includes(env.sim.state.status(o)),
    );
    assert.ok(moving.length > 0, 'no order in progress in the demo data');
    const change = nextEvent(env.api.sidebar.orders.onDidChangeOrderStatus);
    env.sim.advanceClock(env.sim.state.statusStepMs);
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const { order, previous, current } = await change;
    assert.notEqual(previous, current);
    assert.equal(env.sim.state.status(env.sim.state.find(order.TaskOrderGuid!)!), current);
  });
});
