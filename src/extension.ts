// activate(): build the services, register the features, nothing else. Every registration goes
// into context.subscriptions. In the test host it returns the services and the trees for the
// integration tests; anywhere else it returns nothing, since the services reach the key's
// SecretStorage and another extension must not get at it through our exports.
import * as vscode from 'vscode';
import { ApiKeyStore } from './ui/api-key';
import { registerCommands } from './ui/commands';
import { registerGeometryDiagnostics } from './ui/diagnostics';
import type { GeometryDiagnostics } from './ui/diagnostics/geometry-diagnostics';
import { ExtensionServices } from './ui/extension-services';
import { trackAreaOpened } from './ui/first-run/area-opened';
import { onDidMarkStep, stepKeysSet } from './ui/first-run/step-done';
import { openWalkthroughOnce } from './ui/first-run/walkthrough';
import { workspaceHasAreas } from './ui/first-run/workspace-areas';
import { createExtensionLog } from './ui/log';
import { createSettingsReader } from './ui/settings';
import { createStatusBar } from './ui/status-bar';
import type { Sidebar } from './ui/tree/sidebar';
import type { EstimatePanel } from './ui/webview/estimate/estimate-panel';
import type { MapPanel } from './ui/webview/map/map-panel';
import { registerMapCodeLens } from './ui/map-code-lens';
import { registerPlanCodeLens } from './ui/declared-code-lens';
import { registerEstimatePanelSerializer } from './ui/webview/estimate/serializer';
import type { ImageViewer } from './ui/webview/viewer/image-viewer';
import { registerImageViewer, viewers } from './ui/webview/viewer/index';

export interface ExtensionApi {
  readonly services: ExtensionServices;
  readonly sidebar: Sidebar;
  readonly diagnostics: GeometryDiagnostics;
  readonly statusBarItem: vscode.StatusBarItem;
  /** The estimate panel on screen (the bundle's own copy of the panel module), if any. */
  estimatePanel(): Promise<EstimatePanel | undefined>;
  /** The Show on Map panel of a document (the bundle's own copy of the panel module), if open. */
  mapPanel(uri: vscode.Uri): Promise<MapPanel | undefined>;
  /** The image viewers on screen, the newest last. */
  imageViewers(): ImageViewer[];
  /** The wizard's questions as they show (each box's title): the bundle's own event. */
  onDidShowQuickInput(): Promise<vscode.Event<string>>;
  /** Opens the walkthrough as the first activation does outside the test host: true when it
   * opened, false when it had been shown before. */
  openWalkthroughOnce(): Promise<boolean>;
  /** The context keys the walkthrough's steps wait for that this window set, and each time a
   * step's thing happened (a context key cannot be read back from the extension host). */
  readonly walkthroughKeys: { set(): string[]; readonly onDidMark: vscode.Event<string> };
}

export async function activate(context: vscode.ExtensionContext): Promise<ExtensionApi | undefined> {
  const log = createExtensionLog();
  context.subscriptions.push(log);
  try {
    const apiKey = new ApiKeyStore(context.secrets);
    const services = new ExtensionServices(context, log, createSettingsReader(), apiKey);
    const sidebar = services.sidebar;
    const statusBar = createStatusBar(services.account, sidebar, workspaceHasAreas());
    const geometry = registerGeometryDiagnostics(services.aoiCache, log.for('geometry'));
    context.subscriptions.push(
      apiKey,
      services,
      statusBar,
      ...geometry.disposables,
      ...registerCommands(services),
      registerEstimatePanelSerializer(context),
      registerMapCodeLens(),
      registerPlanCodeLens(),
      registerImageViewer(context),
      trackAreaOpened(),
    );
    // Sets the hasApiKey context key and loads the account (and visible trees) for a stored key.
    await apiKey.sync();
    const testing = context.extensionMode === vscode.ExtensionMode.Test;
    log.for('extension').info(`activated${testing ? ' in the test host' : ''}`);
    void openWalkthroughOnce(context).catch((err: unknown) =>
      log.for('extension').warn(`the walkthrough did not open: ${err instanceof Error ? err.message : String(err)}`),
    );
    const estimatePanel = async () => (await import('./ui/webview/estimate/index')).lastPanel();
    return testing
      ? {
          services,
          sidebar,
          diagnostics: geometry.diagnostics,
          statusBarItem: statusBar.item,
          estimatePanel,
          mapPanel: async (uri) => (await import('./ui/webview/map/map-panel')).MapPanel.of(uri),
          imageViewers: viewers,
          onDidShowQuickInput: async () => (await import('./ui/prompts/quick-input')).onDidShowQuickInput,
          openWalkthroughOnce: () => openWalkthroughOnce(context, true),
          walkthroughKeys: { set: stepKeysSet, onDidMark: onDidMarkStep },
        }
      : undefined;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.for('extension').error(`activation failed: ${message}`);
    void vscode.window.showErrorMessage(`Satellite Imagery could not start: ${message}`, 'Show Log').then((choice) => {
      if (choice) log.channel.show();
    });
    throw err;
  }
}

export function deactivate(): void {}
