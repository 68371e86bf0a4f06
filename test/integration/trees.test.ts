// The sidebar's trees list what the simulator holds, show loading and error rows (with a retry
// that works), and follow the filters and the default model.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { OrdersTreeNode } from '../../src/ui/tree/orders-provider';
import type { ModelsTreeNode } from '../../src/ui/tree/models-provider';
import { nextEvent, useSimulator } from './vsc-helpers';

describe('sidebar trees', () => {
  const env = useSimulator({ demoData: true });
  const orderRoots = () => env.api.sidebar.ordersProvider.getChildren() as OrdersTreeNode[];
  const modelRoots = () => env.api.sidebar.modelsProvider.getChildren() as ModelsTreeNode[];

  afterEach(async () => {
    await vscode.commands.executeCommand('satImagery.toggleRecurringOnly', false);
    await vscode.commands.executeCommand('satImagery.toggleShowExpired', false);
  });

  it("lists the simulator's current orders with status, model, area and dates", async () => {
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const expected = env.sim.state.stored.filter((o) => !env.sim.state.isExpired(o));
    assert.ok(expected.length > 0, 'the demo data has no orders');
    const roots = orderRoots();
    assert.deepEqual(
      roots.map((n) => (n.kind === 'order' ? n.order.TaskOrderGuid : n.kind)).sort(),
      expected.map((o) => o.TaskOrderGuid).sort(),
    );
    const first = roots[0]!;
    const item = env.api.sidebar.ordersProvider.getTreeItem(first);
    assert.ok(first.kind === 'order');
    assert.match(String(item.label), new RegExp(first.order.Model!));
    assert.match(String(item.label), /km²/);
    assert.match(String(item.description), new RegExp(String(first.order.OrderingProcessStatus)));
    assert.ok(item.iconPath instanceof vscode.ThemeIcon);
    const details = env.api.sidebar.ordersProvider.getChildren(first) as OrdersTreeNode[];
    const labels = details.map((d) => (d.kind === 'detail' ? d.line.label : ''));
    for (const label of ['Status', 'Order ID', 'Model', 'Period', 'Constellations', 'AOI'])
      assert.ok(labels.includes(label), `no ${label} line`);
  });

  it('says a recurring order renews monthly while it runs, and no longer once it is cancelled', async () => {
    const order = env.sim.state.stored.find(
      (o) => !env.sim.state.isExpired(o) && (o.To === null || o.To === undefined),
    );
    assert.ok(order, 'the demo data has a recurring order');
    const period = async () => {
      await vscode.commands.executeCommand('satImagery.refreshOrders');
      const node = orderRoots().find((n) => n.kind === 'order' && n.order.TaskOrderGuid === order.TaskOrderGuid)!;
      const details = env.api.sidebar.ordersProvider.getChildren(node) as OrdersTreeNode[];
      const line = details.find((d) => d.kind === 'detail' && d.line.label === 'Period');
      return line?.kind === 'detail' ? line.line.value : '';
    };
    try {
      assert.match(await period(), /→ recurring \(renews monthly\)$/);
      order.canceledAt = Date.now();
      assert.match(await period(), /→ recurring \(no longer renews\)$/);
    } finally {
      delete order.canceledAt;
    }
  });

  it('shows what the server sent in the order tooltip as text, never as Markdown', async () => {
    const order = env.sim.state.stored.find((o) => !env.sim.state.isExpired(o))!;
    const model = order.Model;
    const hostile = '[Open](command:satImagery.clearApiKey) ![x](https://evil.invalid/p.png) <img src=x> **bold**';
    order.Model = hostile;
    try {
      await vscode.commands.executeCommand('satImagery.refreshOrders');
      const node = orderRoots().find((n) => n.kind === 'order' && n.order.TaskOrderGuid === order.TaskOrderGuid)!;
      const tooltip = env.api.sidebar.ordersProvider.getTreeItem(node).tooltip;
      assert.ok(tooltip instanceof vscode.MarkdownString);
      assert.ok(!tooltip.isTrusted && !tooltip.supportHtml);
      assert.match(tooltip.value, /\*\*Model:\*\* /);
      // Every Markdown token of the server's text is escaped: no link, image or emphasis is left.
      assert.ok(!tooltip.value.includes('](command:'), tooltip.value);
      assert.ok(!tooltip.value.includes('![x]'), tooltip.value);
      assert.ok(!tooltip.value.includes('**bold**'), tooltip.value);
      assert.match(tooltip.value, /\\\[Open\\\]\\\(command:/);
    } finally {
      order.Model = model;
    }
  });

  it('marks orders that can still be cancelled for the Cancel menu', async () => {
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    for (const node of orderRoots()) {
      assert.ok(node.kind === 'order');
      const status = node.order.OrderingProcessStatus;
      const item = env.api.sidebar.ordersProvider.getTreeItem(node);
      assert.equal(
        item.contextValue,
        status === 'Canceled' || status === 'Completed' ? 'order' : 'order.cancellable',
        String(status),
      );
    }
  });

  it('asks the service for recurring orders only, and for expired ones, when filtered', async () => {
    env.sim.clearLog();
    await vscode.commands.executeCommand('satImagery.toggleRecurringOnly', true);
    const query = env.sim.requests.find((r) => r.path === '/api/tasking/orders')?.query;
    assert.equal(query?.recurringOnly, 'true');
    for (const node of orderRoots()) {
      if (node.kind === 'order') assert.equal(node.order.To ?? null, null);
    }
    env.sim.clearLog();
    await vscode.commands.executeCommand('satImagery.toggleShowExpired', true);
    assert.equal(env.sim.requests.find((r) => r.path === '/api/tasking/orders')?.query.getExpired, 'true');
  });

  it('shows a loading row while the list is on its way', async () => {
    env.sim.schedule({ method: 'GET', path: '/api/tasking/orders', delayMs: 500 });
    const loading = nextEvent(env.api.sidebar.orders.onDidChange, (state) => state.kind === 'loading');
    const done = vscode.commands.executeCommand('satImagery.refreshOrders');
    await loading;
    const roots = orderRoots();
    // Either the previous orders stay in place, or a loading row stands in for an empty list.
    assert.ok(roots.length > 0);
    await done;
    assert.equal(env.api.sidebar.orders.state.kind, 'loaded');
  });

  it('shows the refusal as an error row whose retry loads the list again', async () => {
    env.sim.schedule({ method: 'GET', path: '/api/tasking/orders', status: 400, code: 993 });
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const [row, ...rest] = orderRoots();
    assert.equal(rest.length, 0);
    assert.ok(row && row.kind === 'message' && row.tone === 'error');
    const item = env.api.sidebar.ordersProvider.getTreeItem(row);
    assert.match(String(item.label), /Could not load orders/);
    assert.match(String(item.label), /400/);
    assert.equal(item.contextValue, 'error');
    assert.equal(item.command?.command, 'satImagery.refreshOrders');
    await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
    assert.ok(orderRoots().every((n) => n.kind === 'order'));
  });

  it('offers to set the key when the service refuses it', async () => {
    env.sim.schedule({ method: 'GET', path: '/api/tasking/models', status: 401 });
    await vscode.commands.executeCommand('satImagery.refreshModels');
    const [row] = modelRoots();
    assert.ok(row && row.kind === 'message' && row.tone === 'error');
    assert.equal(env.api.sidebar.modelsProvider.getTreeItem(row).command?.command, 'satImagery.setApiKey');
  });

  it('lists the models with their required and optional constellations, and the account', async () => {
    await vscode.commands.executeCommand('satImagery.refreshModels');
    const roots = modelRoots();
    assert.equal(roots[0]?.kind, 'account');
    const names = roots.filter((n) => n.kind === 'model').map((n) => (n.kind === 'model' ? n.name : ''));
    for (const model of ['Stratus2', 'Stratus2Fast', 'Stratus3'])
      assert.ok(names.includes(model), `${model} missing from ${names}`);
    const stratus3 = roots.find((n) => n.kind === 'model' && n.name === 'Stratus3')!;
    const constellations = env.api.sidebar.modelsProvider.getChildren(stratus3) as ModelsTreeNode[];
    assert.ok(constellations.length > 0);
    for (const node of constellations) {
      const item = env.api.sidebar.modelsProvider.getTreeItem(node);
      assert.match(String(item.description), /^(required|optional)$/);
    }
    const account = env.api.sidebar.modelsProvider.getChildren(roots[0]) as ModelsTreeNode[];
    assert.ok(account.some((n) => n.kind === 'accountLine' && n.label === 'Credits'));
  });

  it('makes a model the default from its node', async () => {
    await vscode.commands.executeCommand('satImagery.refreshModels');
    const node = modelRoots().find((n) => n.kind === 'model' && n.name === 'Stratus2Fast')!;
    try {
      assert.equal(await vscode.commands.executeCommand('satImagery.useModelAsDefault', node), 'Stratus2Fast');
      assert.equal(vscode.workspace.getConfiguration('satImagery').get('defaults.model'), 'Stratus2Fast');
      assert.equal(env.api.services.settings.defaults().model, 'Stratus2Fast');
      assert.match(String(env.api.sidebar.modelsProvider.getTreeItem(node).description), /default/);
    } finally {
      await vscode.workspace
        .getConfiguration('satImagery')
        .update('defaults.model', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
