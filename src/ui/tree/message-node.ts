// The rows a tree shows instead of data: loading, empty, and the error row whose click (and
// inline action) retries. A failing fetch is never an empty tree.
import * as vscode from 'vscode';
import { Commands } from '../constants';

export interface MessageNode {
  kind: 'message';
  tone: 'loading' | 'empty' | 'error' | 'info';
  text: string;
  detail?: string;
  /** Command run on click; for an error row, the retry. */
  command?: vscode.Command;
}

/** The row of a failed load: "Could not load <what>", and a click that retries, or that sets the
 * key when the service refused it. */
export function loadErrorNode(
  what: string,
  error: { message: string; auth: boolean },
  retryCommand: string,
): MessageNode {
  return {
    kind: 'message',
    tone: 'error',
    text: `Could not load ${what}: ${error.message}`,
    detail: error.message,
    command: error.auth
      ? { title: 'Set API Key', command: Commands.setApiKey }
      : { title: 'Retry', command: retryCommand },
  };
}

export function messageItem(node: MessageNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
  item.id = `message:${node.tone}`;
  item.tooltip = node.detail ?? node.text;
  item.command = node.command;
  switch (node.tone) {
    case 'loading':
      item.iconPath = new vscode.ThemeIcon('loading~spin');
      break;
    case 'error':
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.contextValue = 'error';
      item.description = node.command ? 'click to retry' : undefined;
      break;
    case 'empty':
      item.iconPath = new vscode.ThemeIcon('info');
      break;
    case 'info':
      break;
  }
  return item;
}
