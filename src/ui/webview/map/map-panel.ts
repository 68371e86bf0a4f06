// A Show on Map panel: the map of one AOI document, redrawn as the person edits it (debounced),
// with the layers of the account and the workspace. Clicking a polygon selects its text;
// selecting text highlights its polygon. One panel per document; showing it again reveals it.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../../extension-services';
import { aoiFormatOf } from '../../diagnostics/aoi-documents';
import { polygonAtOffset } from '../../../geometry/polygon-spans';
import { buildPageShell, createNonce, WEBVIEW_RESOURCE_FOLDERS } from '../common/html';
import { buildAoiView } from './aoi-message';
import type { LastGood } from './aoi-message';
import { footprintsLayer, ordersLayer, workspaceLayer } from './layers';
import { hostMessageSchema, pageMessageSchema } from './protocol';
import type { DrawnMessage, MapHostMessage, MapPageMessage } from './protocol';
import { imageSidecars, workspaceAoiFiles } from './workspace-sources';
import { mapTileUrl, tileOrigin } from './tile-url';

export const MAP_VIEW_TYPE = 'satImagery.map';
export const MAP_SCRIPT = 'dist/map.js';
/** Quiet time after the last keystroke before the map is redrawn. */
export const REDRAW_DEBOUNCE_MS = 250;

export class MapPanel implements vscode.Disposable {
  private static readonly open = new Map<string, MapPanel>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly drawnEmitter = new vscode.EventEmitter<DrawnMessage>();
  /** Each report of what the page drew (tests wait on it). */
  readonly onDidDraw = this.drawnEmitter.event;
  lastDrawn: DrawnMessage | undefined;
  private lastGood: LastGood | undefined;
  private timer: NodeJS.Timeout | undefined;
  private fitNext = true;
  private disposed = false;

  static show(services: ExtensionServices, document: vscode.TextDocument): MapPanel {
    const known = MapPanel.open.get(document.uri.toString());
    if (known) {
      known.panel.reveal(undefined, true);
      return known;
    }
    const panel = vscode.window.createWebviewPanel(MAP_VIEW_TYPE, `Map: ${baseName(document.uri)}`, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: WEBVIEW_RESOURCE_FOLDERS.map((folder) => vscode.Uri.joinPath(services.context.extensionUri, folder)),
    });
    const created = new MapPanel(panel, services, document);
    MapPanel.open.set(document.uri.toString(), created);
    return created;
  }

  /** The panel of a document, if one is open (tests). */
  static of(uri: vscode.Uri): MapPanel | undefined {
    return MapPanel.open.get(uri.toString());
  }

  private constructor(readonly panel: vscode.WebviewPanel, private readonly services: ExtensionServices, readonly document: vscode.TextDocument) {
    const extensionUri = services.context.extensionUri;
    const tileUrl = mapTileUrl();
    panel.webview.html = buildPageShell({
      cspSource: panel.webview.cspSource,
      asWebviewUri: (path) => panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path.split('/'))).toString(),
      nonce: createNonce(),
      title: panel.title,
      script: MAP_SCRIPT,
      loadingText: 'Loading the map…',
      connectToOwnOrigin: true,
      imageOrigin: tileUrl ? tileOrigin(tileUrl) : undefined,
    });
    this.disposables.push(
      panel.webview.onDidReceiveMessage((data: unknown) => this.receive(data)),
      panel.onDidDispose(() => this.dispose()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) this.scheduleRedraw();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document === this.document) this.highlightSelection(event.textEditor.selection.active);
      }),
      services.sidebar.orders.onDidChange(() => this.sendOrders()),
      this.drawnEmitter,
    );
  }

  /** Handles a message exactly as if the page had sent it. */
  receive(data: unknown): void {
    const checked = pageMessageSchema.safeParse(data);
    if (!checked.success) return; // not one of ours: dropped, never trusted
    void this.handle(checked.data);
  }

  /** Sends the document's drawing now (tests; the debounce calls it too). */
  redraw(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const format = aoiFormatOf(this.document) ?? 'geojson';
    const text = this.document.getText();
    const result = this.services.aoiCache.read(text, format, { uri: this.document.uri.toString(), version: this.document.version });
    const view = buildAoiView(vscode.workspace.asRelativePath(this.document.uri), text, result, this.lastGood, this.fitNext && result.ok);
    if (result.ok) this.fitNext = false;
    this.lastGood = view.lastGood;
    this.post(view.message);
  }

  /** Reloads the layers of the account and the workspace. */
  async refreshLayers(): Promise<void> {
    this.sendOrders();
    const [files, sidecars] = await Promise.all([workspaceAoiFiles(this.document.uri), imageSidecars()]);
    this.post(workspaceLayer(files));
    this.post(footprintsLayer(sidecars));
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.timer);
    MapPanel.open.delete(this.document.uri.toString());
    for (const disposable of this.disposables) disposable.dispose();
    this.panel.dispose();
  }

  private async handle(message: MapPageMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.fitNext = true;
        this.post({ type: 'config', tileUrl: mapTileUrl() });
        this.redraw();
        await this.refreshLayers();
        return;
      case 'reveal':
        await this.revealPolygon(message.polygon);
        return;
      case 'drawn':
        this.lastDrawn = message;
        this.drawnEmitter.fire(message);
        return;
      case 'toggle':
        return;
    }
  }

  private sendOrders(): void {
    const orders = this.services.sidebar.orders.items;
    if (orders) this.post(ordersLayer(orders));
  }

  private scheduleRedraw(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.redraw(), REDRAW_DEBOUNCE_MS);
  }

  private async revealPolygon(index: number): Promise<void> {
    const span = this.lastGood?.spans[index];
    if (!span) return;
    const range = new vscode.Range(this.document.positionAt(span.start), this.document.positionAt(span.end));
    const editor = await vscode.window.showTextDocument(this.document, { viewColumn: vscode.ViewColumn.One, preserveFocus: false, selection: range });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private highlightSelection(position: vscode.Position): void {
    if (!this.lastGood) return;
    this.post({ type: 'highlight', polygon: polygonAtOffset(this.lastGood.spans, this.document.offsetAt(position)) });
  }

  private post(message: MapHostMessage): void {
    const checked = hostMessageSchema.safeParse(message);
    if (!checked.success) throw new Error(`Map panel: invalid '${message.type}' message: ${checked.error.message}`);
    if (!this.disposed) void this.panel.webview.postMessage(message);
  }
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
