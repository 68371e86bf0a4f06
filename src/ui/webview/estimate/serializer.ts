// Registers the estimate panel's serializer at activation without loading the panel: the panel
// code and its message validation load only when VS Code actually restores a panel.
import * as vscode from 'vscode';
import { Views } from '../../constants';

export function registerEstimatePanelSerializer(
  context: Pick<vscode.ExtensionContext, 'extensionUri'>,
): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(Views.estimatePanel, {
    async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
      const { reviveEstimatePanel } = await import('./index');
      reviveEstimatePanel(panel, state, context.extensionUri);
    },
  });
}
