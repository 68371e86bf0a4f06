// Renders the FieldAlerts: one row per field of a table that has alerts, expandable to its
// alerts (rule and date, the value beside its baseline in words, a warning icon, the rule's
// sentence as tooltip); a click on an alert opens the statistics chart at that field and date.
// While reading, a loading row; a failed read, an error row whose click reads again; no alert at
// all, no row, so the view's welcome text says why (package.json viewsWelcome).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { FieldAlerts } from './field-alerts';
import { openAlertCommand } from './field-alerts';
import { alertText, fieldGroups, fieldText } from './field-alerts-model';
import type { FieldGroup, TableAlert } from './field-alerts-model';
import { loadErrorNode, messageItem } from './message-node';
import type { MessageNode } from './message-node';

export type FieldAlertsNode =
  MessageNode | { kind: 'field'; group: FieldGroup; tableCount: number } | { kind: 'alert'; alert: TableAlert };

/** Up to this many fields with alerts the tree opens each field's row. */
const EXPANDED_UP_TO = 12;

export class FieldAlertsTreeProvider implements vscode.TreeDataProvider<FieldAlertsNode> {
  /** Every change of the model redraws the whole tree (a refresh reads every table again). */
  readonly onDidChangeTreeData: vscode.Event<void>;

  constructor(private readonly model: FieldAlerts) {
    this.onDidChangeTreeData = model.onDidChange;
  }

  getChildren(node?: FieldAlertsNode): FieldAlertsNode[] {
    if (node) return node.kind === 'field' ? node.group.alerts.map((alert) => ({ kind: 'alert', alert })) : [];
    const state = this.model.state;
    switch (state.kind) {
      case 'idle':
      case 'loading':
        return [{ kind: 'message', tone: 'loading', text: 'Reading the field tables…' }];
      case 'error':
        return [
          loadErrorNode('the field tables', { message: state.message, auth: false }, Commands.refreshFieldAlerts),
        ];
      case 'loaded': {
        const tableCount = new Set(state.alerts.map((a) => a.table)).size;
        return fieldGroups(state.alerts).map((group) => ({ kind: 'field', group, tableCount }));
      }
    }
  }

  getTreeItem(node: FieldAlertsNode): vscode.TreeItem {
    switch (node.kind) {
      case 'message':
        return messageItem(node);
      case 'field':
        return this.fieldItem(node.group, node.tableCount);
      case 'alert':
        return alertItem(node.alert);
    }
  }

  private fieldItem(group: FieldGroup, tableCount: number): vscode.TreeItem {
    const state = this.model.state;
    const many = state.kind === 'loaded' && fieldGroups(state.alerts).length > EXPANDED_UP_TO;
    const text = fieldText(group, tableCount);
    const item = new vscode.TreeItem(
      text.label,
      many ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
    );
    item.id = `field-alerts:${group.table}\n${group.field}`;
    item.description = text.description;
    item.tooltip = `${group.field} in ${group.table}`;
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.contextValue = 'fieldAlerts.field';
    return item;
  }
}

function alertItem(alert: TableAlert): vscode.TreeItem {
  const text = alertText(alert);
  const item = new vscode.TreeItem(text.label, vscode.TreeItemCollapsibleState.None);
  item.id = `field-alerts:${alert.key}`;
  item.description = text.description;
  item.tooltip = `${alert.field}, ${alert.date}: ${text.tooltip}\nClick to open the chart at this field and date.`;
  item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
  item.contextValue = 'fieldAlerts.alert';
  item.accessibilityInformation = { label: `${alert.field}: ${text.label}, ${text.description}`, role: 'treeitem' };
  item.command = openAlertCommand(alert);
  return item;
}
