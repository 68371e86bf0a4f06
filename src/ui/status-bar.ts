// The status bar item: the account's credits, or "No API key" with a click that sets one.
// Without a key it shows only where imagery is in play: a workspace holding areas or an imagery
// file (the first screen then shows the product and where to start), an AOI in the editor, the
// sidebar open. A window the extension reached otherwise (a .tif opened from elsewhere) is not
// nagged about a key.
import * as vscode from 'vscode';
import type { AccountModel, AccountState } from './account';
import { creditsText } from './account';
import { Commands } from './constants';
import { aoiFormatOf } from './diagnostics/aoi-documents';
import type { Sidebar } from './tree/sidebar';

export function createStatusBar(
  account: AccountModel,
  sidebar: Sidebar,
  workspaceHasAreas: Promise<boolean>,
): vscode.Disposable & { readonly item: vscode.StatusBarItem } {
  const item = vscode.window.createStatusBarItem('satImagery.account', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Satellite Imagery Account';
  let hasAreas = false;
  const inPlay = () => {
    const document = vscode.window.activeTextEditor?.document;
    return (
      hasAreas ||
      sidebar.ordersView.visible ||
      sidebar.modelsView.visible ||
      (document !== undefined && aoiFormatOf(document) !== undefined)
    );
  };
  const render = (state: AccountState) => {
    if (state.kind === 'no-key' && !inPlay()) item.hide();
    else item.show();
    item.backgroundColor = undefined;
    switch (state.kind) {
      case 'no-key':
        item.text = '$(key) No API key';
        item.tooltip = 'Satellite Imagery: set the API key of your account';
        item.command = Commands.setApiKey;
        break;
      case 'loading':
        item.text = '$(loading~spin) Satellite Imagery';
        item.tooltip = 'Checking the account…';
        item.command = Commands.showAccount;
        break;
      case 'ready':
        item.text = `$(globe) ${creditsText(state.info) ?? 'Key set'}`;
        item.tooltip = 'Satellite Imagery: account credits and limits';
        item.command = Commands.showAccount;
        break;
      case 'error':
        item.text = state.rejected ? '$(warning) API key refused' : '$(warning) Satellite Imagery';
        item.tooltip = state.message;
        item.command = state.rejected ? Commands.setApiKey : Commands.showAccount;
        item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
        break;
    }
  };
  render(account.state);
  const rerender = () => render(account.state);
  let disposed = false;
  void workspaceHasAreas.then((found) => {
    hasAreas = found;
    if (!disposed) rerender();
  });
  const subscriptions = [
    account.onDidChange(render),
    vscode.window.onDidChangeActiveTextEditor(rerender),
    sidebar.ordersView.onDidChangeVisibility(rerender),
    sidebar.modelsView.onDidChangeVisibility(rerender),
  ];
  return {
    item,
    dispose: () => {
      disposed = true;
      for (const subscription of subscriptions) subscription.dispose();
      item.dispose();
    },
  };
}
