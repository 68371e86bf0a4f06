// Renders the Models tree: the account (credits and limits) first, then each model with its
// required and optional constellations; the default model is marked.
import * as vscode from 'vscode';
import type { TaskingModel } from '../../api/types';
import { accountLines } from '../account';
import type { AccountModel } from '../account';
import { Commands } from '../constants';
import { loadErrorNode, messageItem } from './message-node';
import type { MessageNode } from './message-node';
import type { RemoteList } from './remote-list';

interface AccountNode {
  kind: 'account';
}
interface AccountLineNode {
  kind: 'accountLine';
  label: string;
  value: string;
}
interface ModelNode {
  kind: 'model';
  model: TaskingModel;
  name: string;
}
interface ConstellationNode {
  kind: 'constellation';
  name: string;
  optional: boolean;
}
export type ModelsTreeNode = AccountNode | AccountLineNode | ModelNode | ConstellationNode | MessageNode;

export class ModelsTreeProvider implements vscode.TreeDataProvider<ModelsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly models: RemoteList<TaskingModel>,
    private readonly account: AccountModel,
    private readonly defaultModel: () => string | undefined,
  ) {
    this.subscriptions = [
      models.onDidChange(() => this.changed.fire()),
      account.onDidChange(() => this.changed.fire()),
    ];
  }

  /** Re-renders (the default model setting changed). */
  redraw(): void {
    this.changed.fire();
  }

  getChildren(node?: ModelsTreeNode): ModelsTreeNode[] {
    if (node?.kind === 'account') {
      const state = this.account.state;
      return state.kind === 'ready' ? accountLines(state.info).map((line) => ({ kind: 'accountLine', ...line })) : [];
    }
    if (node?.kind === 'model') return constellationsOf(node.model);
    if (node) return [];
    const state = this.models.state;
    switch (state.kind) {
      case 'no-key':
        return [];
      case 'loading':
        return [{ kind: 'message', tone: 'loading', text: 'Loading models…' }];
      case 'error':
        return [loadErrorNode('models', state, Commands.refreshModels)];
      case 'loaded': {
        const models: ModelsTreeNode[] = state.items.map((model) => ({
          kind: 'model',
          model,
          name: model.Model ?? '?',
        }));
        return [
          { kind: 'account' },
          ...(models.length
            ? models
            : [{ kind: 'message', tone: 'empty', text: 'No models available to this account' } as MessageNode]),
        ];
      }
    }
  }

  getTreeItem(node: ModelsTreeNode): vscode.TreeItem {
    switch (node.kind) {
      case 'message':
        return messageItem(node);
      case 'account': {
        const state = this.account.state;
        const item = new vscode.TreeItem('Account', vscode.TreeItemCollapsibleState.Collapsed);
        item.id = 'account';
        item.iconPath = new vscode.ThemeIcon('account');
        item.description = state.kind === 'error' ? state.message : state.kind === 'loading' ? 'checking…' : undefined;
        item.command = { title: 'Show Account', command: Commands.showAccount };
        return item;
      }
      case 'accountLine': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = `account:${node.label}`;
        item.description = node.value;
        return item;
      }
      case 'model': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Collapsed);
        item.id = `model:${node.name}`;
        const isDefault = this.defaultModel() === node.name;
        item.iconPath = new vscode.ThemeIcon(isDefault ? 'star-full' : 'symbol-class');
        item.description = [constellationSummary(node.model), isDefault ? 'default' : undefined]
          .filter(Boolean)
          .join(' · ');
        item.contextValue = 'model';
        return item;
      }
      case 'constellation': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
        item.description = node.optional ? 'optional' : 'required';
        item.iconPath = new vscode.ThemeIcon(node.optional ? 'circle-large-outline' : 'circle-large-filled');
        return item;
      }
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changed.dispose();
  }
}

function constellationsOf(model: TaskingModel): ConstellationNode[] {
  const supported = Array.isArray(model.SupportedSatelliteConstellations) ? model.SupportedSatelliteConstellations : [];
  return supported
    .filter((c) => typeof c.SatelliteConstellation === 'string')
    .map((c) => ({ kind: 'constellation', name: c.SatelliteConstellation!, optional: c.Optional === true }));
}

function constellationSummary(model: TaskingModel): string {
  const list = constellationsOf(model);
  const required = list.filter((c) => !c.optional).map((c) => c.name);
  const optional = list.filter((c) => c.optional).map((c) => c.name);
  return [required.join(' + '), optional.length ? `optional ${optional.join(', ')}` : ''].filter(Boolean).join('; ');
}
