// A Show on Map panel, on the panel base (common/panel-host.ts): the map of one AOI document,
// redrawn as the person edits it (debounced), with the layers of the account and the workspace.
// Clicking a polygon selects its text; selecting text highlights its polygon. One panel per
// document; showing it again reveals it. The AOI's fields are coloured by their latest value, or
// by their change since their previous valid date (the page's choice: colourFields), from a
// statistics table of the workspace (stats-tables.ts), or from rows another panel shows
// (showFieldValues). The context is retained while hidden: a map keeps its
// view (pan, zoom, toggled layers) when the person switches tabs.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../../extension-services';
import { aoiFormatOf } from '../../diagnostics/aoi-documents';
import { readFields } from '../../../stats/index';
import type { Field, StatsRow } from '../../../stats/index';
import { polygonAtOffset } from '../../../geometry/polygon-spans';
import type { PanelPage } from '../common/messages';
import { PanelHost } from '../common/panel-host';
import { readBasemapFile } from '../common/basemap-files';
import { buildAoiView } from './aoi-message';
import { fieldChangesFromTables } from './field-changes';
import { fieldValuesFromTables } from './field-values-layer';
import type { StatsTable } from './field-values-layer';
import { statsTables } from './stats-tables';
import type { LastGood } from './aoi-message';
import { footprintsLayer, ordersLayer, stacDate, workspaceLayer } from './layers';
import { hostMessageSchema, pageMessageSchema } from './protocol';
import type { DrawnMessage, FieldColouring, MapHostMessage, MapPageMessage } from './protocol';
import { imageSidecars, seriesFolders, workspaceAoiFiles } from './workspace-sources';
import { imagesMessage } from './quick-looks';
import { seriesLayer } from './series-layer';
import { lastTileSearch, onTileSearch } from './tile-search-memory';
import { tilesLayer } from './tiles-layer';
import { mapTileUrl, tileOrigin } from './tile-url';

export const mapPage: PanelPage<MapHostMessage, MapPageMessage> = {
  name: 'Map panel',
  title: 'Map',
  viewType: 'satImagery.map',
  script: 'dist/map.js',
  loadingText: 'Loading the map…',
  hostMessages: hostMessageSchema,
  pageMessages: pageMessageSchema,
};

/** Quiet time after the last keystroke before the map is redrawn. */
export const REDRAW_DEBOUNCE_MS = 250;
/** Quiet time after the last change of a workspace file the layers read (a batch writes many). */
export const LAYERS_DEBOUNCE_MS = 1_000;

export class MapPanel extends PanelHost<MapHostMessage, MapPageMessage> {
  private static readonly open = new Map<string, MapPanel>();
  private readonly drawnEmitter = new vscode.EventEmitter<DrawnMessage>();
  /** Each report of what the page drew (tests wait on it). */
  readonly onDidDraw = this.drawnEmitter.event;
  lastDrawn: DrawnMessage | undefined;
  private lastGood: LastGood | undefined;
  private timer: NodeJS.Timeout | undefined;
  private layersTimer: NodeJS.Timeout | undefined;
  private layersGeneration = 0;
  private fitNext = true;
  /** Rows given by showFieldValues: they colour the fields instead of the workspace's tables. */
  private shownValues: StatsTable | undefined;
  /** What the fields' colours say (the page's choice). */
  private colouring: FieldColouring = 'latest';
  private readonly listeners: vscode.Disposable[];

  static show(services: ExtensionServices, document: vscode.TextDocument): MapPanel {
    const known = MapPanel.open.get(document.uri.toString());
    if (known) {
      known.panel.reveal(undefined, true);
      return known;
    }
    // The map opens where it has room: a tab of the active editor group, full size (beside the
    // editor, half a small window, it was cramped). A click on a polygon brings the text beside it.
    const panel = vscode.window.createWebviewPanel(
      mapPage.viewType,
      `Map: ${baseName(document.uri)}`,
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      {
        ...PanelHost.webviewOptions(services.context.extensionUri),
        retainContextWhenHidden: true,
      },
    );
    const created = new MapPanel(panel, services, document);
    MapPanel.open.set(document.uri.toString(), created);
    return created;
  }

  /** The panel of a document, if one is open (tests). */
  static of(uri: vscode.Uri): MapPanel | undefined {
    return MapPanel.open.get(uri.toString());
  }

  private constructor(
    panel: vscode.WebviewPanel,
    private readonly services: ExtensionServices,
    readonly document: vscode.TextDocument,
  ) {
    const tileUrl = mapTileUrl();
    // The basemap comes by message and the map's stylesheet is in the page's head: a fetch still
    // pending when a map closes stalls the next webview for 30 s (common/basemap-channel.ts).
    super(panel, services.context.extensionUri, mapPage, {
      mapStyle: true,
      imageOrigin: tileUrl ? tileOrigin(tileUrl) : undefined,
    });
    this.listeners = [
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) this.scheduleRedraw();
      }),
      vscode.window.onDidChangeTextEditorSelection((event) => {
        if (event.textEditor.document === this.document) this.highlightSelection(event.textEditor.selection.active);
      }),
      services.sidebar.orders.onDidChange(() => this.sendOrders()),
      onTileSearch((search) => this.post(tilesLayer(search))),
      // A download, a series or an edited AOI file elsewhere changes what the layers show.
      ...watchLayerFiles(() => this.scheduleLayers()),
      this.drawnEmitter,
    ];
  }

  /** Sends the document's drawing now (tests; the debounce calls it too). */
  redraw(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const format = aoiFormatOf(this.document) ?? 'geojson';
    const text = this.document.getText();
    const result = this.services.aoiCache.read(text, format, {
      uri: this.document.uri.toString(),
      version: this.document.version,
    });
    const view = buildAoiView(
      vscode.workspace.asRelativePath(this.document.uri),
      text,
      result,
      this.lastGood,
      this.fitNext && result.ok,
    );
    if (result.ok) this.fitNext = false;
    this.lastGood = view.lastGood;
    this.post(view.message);
  }

  /** Reloads the layers of the account and the workspace. The orders come from the Orders tree's
   * list; when the tree has not loaded it yet (never shown), the map loads it (one list request). */
  async refreshLayers(): Promise<void> {
    // A newer refresh (files changed again) wins: an older one that ends later posts nothing more.
    const generation = ++this.layersGeneration;
    const current = () => generation === this.layersGeneration && !this.isDisposed;
    const orders = this.services.sidebar.orders;
    if (orders.items) this.sendOrders();
    else if (orders.state.kind !== 'loading' && (await this.services.apiKey.get())) void orders.refresh(true);
    const tiles = lastTileSearch();
    if (tiles) this.post(tilesLayer(tiles));
    const [files, sidecars, series] = await Promise.all([
      workspaceAoiFiles(this.document.uri),
      imageSidecars(),
      seriesFolders(),
    ]);
    if (!current()) return;
    this.post(workspaceLayer(files));
    this.post(footprintsLayer(sidecars));
    this.post(seriesLayer(series));
    const values = await this.fieldValues();
    if (!current()) return;
    this.post(values);
    // Last: reading the images takes longest, and the outlines are worth seeing meanwhile.
    const images = sidecars.flatMap((s) => (s.path ? [{ name: s.image, path: s.path, date: stacDate(s.item) }] : []));
    const message = await imagesMessage(images);
    if (current()) this.post(message);
  }

  /** Colours the document's fields by their latest value in these rows (the Field Statistics
   * panel's result, say), named by `table`; they stay until the panel closes. */
  async showFieldValues(rows: readonly StatsRow[], table: string): Promise<void> {
    this.shownValues = { name: table, rows: [...rows], modified: Date.now() };
    this.post(await this.fieldValues());
  }

  /** Colours the fields by their latest value or by their change (the page's choice; tests). */
  async colourFieldsBy(by: FieldColouring): Promise<void> {
    this.colouring = by;
    this.post(await this.fieldValues());
  }

  /** The field-values layer of the document's fields (none when it does not parse as fields). */
  private async fieldValues(): Promise<ReturnType<typeof fieldValuesFromTables>> {
    let fields: Field[] = [];
    try {
      fields = readFields(
        this.document.getText(),
        vscode.workspace.asRelativePath(this.document.uri),
        aoiFormatOf(this.document) ?? 'geojson',
      );
    } catch {
      // Invalid geometry or duplicate ids: the Problems panel says it; no fields are coloured.
    }
    const tables = fields.length === 0 ? [] : this.shownValues ? [this.shownValues] : await statsTables();
    return this.colouring === 'change' ? fieldChangesFromTables(fields, tables) : fieldValuesFromTables(fields, tables);
  }

  protected override async onReady(): Promise<void> {
    this.fitNext = true;
    this.post({ type: 'config', tileUrl: mapTileUrl() });
    this.redraw();
    await this.refreshLayers();
  }

  protected override async handle(message: MapPageMessage): Promise<void> {
    switch (message.type) {
      case 'basemapRequest':
        this.post(await readBasemapFile(this.services.context.extensionUri, message));
        return;
      case 'reveal':
        await this.revealPolygon(message.polygon);
        return;
      case 'drawn':
        this.lastDrawn = message;
        this.drawnEmitter.fire(message);
        return;
      case 'colourFields':
        await this.colourFieldsBy(message.by);
        return;
      case 'ready':
      case 'toggle':
        return;
    }
  }

  protected override onDisposed(): void {
    clearTimeout(this.timer);
    clearTimeout(this.layersTimer);
    MapPanel.open.delete(this.document.uri.toString());
    for (const listener of this.listeners) listener.dispose();
  }

  private sendOrders(): void {
    const orders = this.services.sidebar.orders.items;
    if (orders) this.post(ordersLayer(orders));
  }

  private scheduleLayers(): void {
    clearTimeout(this.layersTimer);
    this.layersTimer = setTimeout(() => {
      this.refreshLayers().catch((error: unknown) =>
        this.services
          .log('map')
          .warn(`Layers not refreshed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }, LAYERS_DEBOUNCE_MS);
  }

  private scheduleRedraw(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.redraw(), REDRAW_DEBOUNCE_MS);
  }

  private async revealPolygon(index: number): Promise<void> {
    const span = this.lastGood?.spans()[index];
    if (!span) return;
    const range = new vscode.Range(this.document.positionAt(span.start), this.document.positionAt(span.end));
    // Where the text is on screen already, else beside the map (not in its place).
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === this.document)?.viewColumn;
    const editor = await vscode.window.showTextDocument(this.document, {
      viewColumn: shown ?? vscode.ViewColumn.Beside,
      preserveFocus: false,
      selection: range,
    });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }

  private highlightSelection(position: vscode.Position): void {
    if (!this.lastGood) return;
    this.post({ type: 'highlight', polygon: polygonAtOffset(this.lastGood.spans(), this.document.offsetAt(position)) });
  }
}

function watchLayerFiles(changed: () => void): vscode.Disposable[] {
  const watcher = vscode.workspace.createFileSystemWatcher(
    '**/*.{tif,tiff,TIF,TIFF,json,geojson,wkt,GEOJSON,WKT,csv,CSV}',
  );
  return [watcher, watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed)];
}

function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}
