// Renders the OrdersModel: one row per order (status icon, model, area, dates), expandable to its
// details; loading, empty and error rows in place of data.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { Commands } from '../constants';
import { loadErrorNode, messageItem } from './message-node';
import type { MessageNode } from './message-node';
import { orderDetailLines, statusIcon } from './order-format';
import { isCancellable, orderLabel, orderPeriod, orderStatus } from '../../workflows/orders/order-status';
import type { DetailLine } from './order-format';
import type { OrdersModel } from './orders-model';

interface OrderNode {
  kind: 'order';
  order: TaskOrder;
}

interface OrderDetailNode {
  kind: 'detail';
  order: TaskOrder;
  line: DetailLine;
}

export type OrdersTreeNode = OrderNode | OrderDetailNode | MessageNode;

export class OrdersTreeProvider implements vscode.TreeDataProvider<OrdersTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly model: OrdersModel) {
    this.subscription = model.onDidChange(() => this.changed.fire());
  }

  getChildren(node?: OrdersTreeNode): OrdersTreeNode[] {
    if (node?.kind === 'order')
      return orderDetailLines(node.order).map((line) => ({ kind: 'detail', order: node.order, line }));
    if (node) return [];
    const state = this.model.state;
    switch (state.kind) {
      case 'no-key':
        return []; // the welcome view (viewsWelcome) takes over
      case 'loading':
        return state.previous?.length
          ? state.previous.map((order) => ({ kind: 'order', order }))
          : [{ kind: 'message', tone: 'loading', text: 'Loading orders…' }];
      case 'error':
        return [loadErrorNode('orders', state, Commands.refreshOrders)];
      case 'loaded':
        if (state.items.length === 0) {
          const filtered = this.model.recurringOnly || !this.model.showExpired;
          return [
            {
              kind: 'message',
              tone: 'empty',
              text: filtered ? 'No orders match the current filters' : 'No orders yet',
            },
          ];
        }
        return state.items.map((order) => ({ kind: 'order', order }));
    }
  }

  getTreeItem(node: OrdersTreeNode): vscode.TreeItem {
    if (node.kind === 'message') return messageItem(node);
    if (node.kind === 'detail') return detailItem(node);
    const { order } = node;
    const item = new vscode.TreeItem(orderLabel(order), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `order:${order.TaskOrderGuid ?? orderLabel(order)}`;
    item.description = `${orderStatus(order)} · ${orderPeriod(order)}`;
    item.iconPath = statusIcon(order);
    item.contextValue = isCancellable(order) ? 'order.cancellable' : 'order';
    item.tooltip = orderTooltip(order);
    return item;
  }

  getParent(node: OrdersTreeNode): OrdersTreeNode | undefined {
    return node.kind === 'detail' ? { kind: 'order', order: node.order } : undefined;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** The order's lines as Markdown. The values come from the server, so they go in as text
 * (appendText escapes them): a model name cannot add a link, an image or a command. */
function orderTooltip(order: TaskOrder): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(undefined, false);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  orderDetailLines(order).forEach((line, i) => {
    if (i > 0) markdown.appendMarkdown('  \n');
    markdown.appendMarkdown(`**${line.label}:** `);
    markdown.appendText(line.value.replace(/[\r\n]+/g, ' '));
  });
  return markdown;
}

function detailItem(node: OrderDetailNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.line.label, vscode.TreeItemCollapsibleState.None);
  item.id = `order:${node.order.TaskOrderGuid ?? ''}:${node.line.label}`;
  item.description = node.line.value;
  item.tooltip = `${node.line.label}: ${node.line.value}`;
  item.contextValue = 'orderDetail';
  if (node.line.aoi) {
    item.iconPath = new vscode.ThemeIcon('globe');
    item.command = { title: 'Open AOI', command: Commands.openOrderAoi, arguments: [node.order.TaskOrderGuid] };
  }
  return item;
}
