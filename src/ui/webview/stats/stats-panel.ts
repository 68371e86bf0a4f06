// One field statistics panel, on the panel base (common/panel-host.ts): it keeps the computed
// table and sends it packed when the page says `ready` (first show, and each reload of a hidden
// webview). A point clicked on the page opens that date's image in the viewer with the field
// outlined; the exports ask where to save (export-target.ts: never the folder's own table) and write with the project's safe write (a temporary
// file renamed over the name: never half a file, never through a link).
import { dirname, resolve } from 'node:path';
import * as vscode from 'vscode';
import { replaceFileSafely } from '../../../files/safe-files';
import { Commands } from '../../constants';
import type { MessageSchema, PanelPage } from '../common/messages';
import { PanelHost } from '../common/panel-host';
import { csvFor } from './compute';
import { announceExport, exportProposal } from './export-target';
import type { StatsContent } from './compute';
import { packTable } from './packed-table';
import { STATS_VIEW_TYPE, statsHostSchema, statsPageSchema } from './protocol';
import type { StatsFocusMessage, StatsHostMessage, StatsPageMessage, StatsShowMessage } from './protocol';

/** Dates on which less of a field than this held valid pixels are faded (the page can change it). */
const VALID_THRESHOLD = 0.5;

const statsPage: PanelPage<StatsHostMessage, StatsPageMessage> = {
  name: 'Field statistics',
  title: 'Field statistics',
  viewType: STATS_VIEW_TYPE,
  script: 'dist/field-stats.js',
  loadingText: 'Drawing the field statistics…',
  hostMessages: statsHostSchema as MessageSchema<StatsHostMessage>,
  pageMessages: statsPageSchema as MessageSchema<StatsPageMessage>,
};

/** What the page reported after its last draw. */
export interface StatsRendered {
  texts: Record<string, string>;
  lines: number;
  drawMs: number;
}

/** Where the person is asked to save (tests answer it themselves). */
export type SaveTarget = (options: vscode.SaveDialogOptions) => Thenable<vscode.Uri | undefined>;

export class StatsPanel extends PanelHost<StatsHostMessage, StatsPageMessage> {
  private static readonly open = new Set<StatsPanel>();
  private readonly show: StatsShowMessage;
  private rendered: StatsRendered | undefined;
  /** The field and date shown last (focus): sent again when the page loads again. */
  private focused: StatsFocusMessage | undefined;
  private readonly renderedEmitter = new vscode.EventEmitter<StatsRendered>();
  /** Fires after each draw of the page. */
  readonly onDidRender = this.renderedEmitter.event;

  private constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    readonly content: StatsContent,
    private readonly saveTarget: SaveTarget,
  ) {
    super(panel, extensionUri, statsPage);
    this.show = {
      type: 'show',
      title: panel.title,
      subtitle: subtitleOf(content),
      table: packTable(
        content.rows,
        content.fields.map((f) => f.id),
        content.indexNames,
      ),
      validThreshold: VALID_THRESHOLD,
      failures: content.failures,
    };
    this.check(this.show);
    StatsPanel.open.add(this);
    this.onDidDispose(() => {
      StatsPanel.open.delete(this);
      this.renderedEmitter.dispose();
    });
  }

  /** A panel showing `content`: beside the editor, or where the panel of the same fields and
   * images was (a rerun replaces it there rather than opening one more editor group). */
  static create(
    extensionUri: vscode.Uri,
    content: StatsContent,
    saveTarget: SaveTarget = (o) => vscode.window.showSaveDialog(o),
  ): StatsPanel {
    const title = `Field statistics: ${content.request.aoi.split(/[\\/]/).pop() ?? ''}`;
    const same = [...StatsPanel.open].find(
      (p) => p.content.request.aoi === content.request.aoi && p.content.request.images === content.request.images,
    );
    const column = same?.panel.viewColumn;
    const panel = PanelHost.createPanel(statsPage, extensionUri, title, column ?? vscode.ViewColumn.Beside);
    same?.panel.dispose();
    return new StatsPanel(panel, extensionUri, content, saveTarget);
  }

  /** The panels on screen, the newest last. */
  static panels(): StatsPanel[] {
    return [...StatsPanel.open];
  }

  get shown(): StatsShowMessage {
    return this.show;
  }

  get lastRendered(): StatsRendered | undefined {
    return this.rendered;
  }

  /** Acts on the page as a person would: search, select fields, switch the view or the index. */
  act(action: Omit<Extract<StatsHostMessage, { type: 'act' }>, 'type'>): void {
    this.post({ type: 'act', ...action });
  }

  /** Shows one field at one date (a Field alerts row): validated here as every message is. */
  focus(target: Omit<StatsFocusMessage, 'type'>): void {
    const message: StatsFocusMessage = { type: 'focus', ...target };
    this.check(message);
    this.focused = message;
    this.post(message);
    this.panel.reveal(undefined, false);
  }

  /** The chart as the page draws it, as a PNG data URL. */
  async chartPng(): Promise<string> {
    const reply = await this.request({ type: 'drawPng' });
    if (reply.type !== 'png') throw new Error('Field statistics: the page did not answer with its chart.');
    return reply.dataUrl;
  }

  protected override onReady(): void {
    this.post(this.show);
    if (this.focused) this.post(this.focused);
  }

  protected override async handle(message: StatsPageMessage): Promise<void> {
    switch (message.type) {
      case 'openPoint':
        await this.openPoint(message.row);
        return;
      case 'exportCsv':
        await this.exportCsv();
        return;
      case 'png':
        await this.exportPng(message.dataUrl);
        return;
      case 'rendered':
        this.rendered = { texts: message.texts, lines: message.lines, drawMs: message.drawMs };
        this.renderedEmitter.fire(this.rendered);
        return;
      default:
        return;
    }
  }

  /** Opens the image of the table's row `row` (the row a point of the chart draws) in the viewer
   * with its field outlined; a row the table does not have opens nothing. */
  async openPoint(row: number): Promise<void> {
    const shown = this.content.rows[row];
    const found = shown && this.content.fields.find((f) => f.id === shown.field);
    if (!shown || !found) return;
    const field = found.id;
    const image = resolve(this.content.base, shown.image);
    // A table opened without its area file knows no outline: the image opens without one.
    const outline =
      found.polygons.length > 0 ? { type: 'MultiPolygon' as const, coordinates: found.polygons } : undefined;
    // Beside the chart, so the next point can be clicked while the image is on screen.
    const viewColumn = this.panel.viewColumn === vscode.ViewColumn.One ? vscode.ViewColumn.Two : vscode.ViewColumn.One;
    await vscode.commands.executeCommand(Commands.openImage, {
      path: image,
      ...(outline ? { outline } : {}),
      label: field,
      viewColumn,
    });
  }

  /** Saves the long table as CSV: at `target`, else where the person says. */
  async exportCsv(target?: vscode.Uri): Promise<string | undefined> {
    const uri =
      target ??
      (await this.saveTarget({
        defaultUri: vscode.Uri.file(exportProposal(this.content.base, 'csv', new Date())),
        filters: { CSV: ['csv'] },
        title: 'Export the field statistics as CSV',
      }));
    if (!uri) return undefined;
    return this.write('csv', uri, async () => csvFor(this.content, dirname(uri.fsPath)));
  }

  /** Saves the chart (a PNG data URL from the page): at `target`, else where the person says. */
  async exportPng(dataUrl: string, target?: vscode.Uri): Promise<string | undefined> {
    const uri =
      target ??
      (await this.saveTarget({
        defaultUri: vscode.Uri.file(exportProposal(this.content.base, 'png', new Date())),
        filters: { PNG: ['png'] },
        title: 'Export the chart as PNG',
      }));
    if (!uri) return undefined;
    return this.write('png', uri, async () => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  }

  private async write(
    what: 'csv' | 'png',
    uri: vscode.Uri,
    data: () => Promise<string | Uint8Array>,
  ): Promise<string | undefined> {
    if (uri.scheme !== 'file') {
      this.post({ type: 'exported', what, error: 'only files on this computer can be written' });
      return undefined;
    }
    try {
      await replaceFileSafely(uri.fsPath, await data());
      this.post({ type: 'exported', what, file: uri.fsPath });
      announceExport(what === 'csv' ? 'the field statistics' : 'the chart', uri.fsPath);
      return uri.fsPath;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.post({ type: 'exported', what, error: message });
      void vscode.window.showErrorMessage(`Field statistics: ${message}`);
      return undefined;
    }
  }
}

function subtitleOf(content: StatsContent): string {
  const { request } = content;
  const rule =
    request.rule === 'centre'
      ? 'pixel centre inside the field'
      : request.rule === 'all-touched'
        ? 'every pixel the field touches'
        : 'exact area fractions';
  return `${content.fields.length} field${content.fields.length === 1 ? '' : 's'} of ${request.aoi.split(/[\\/]/).pop()} over ${content.base} · ${rule} · ${content.imageCounts}`;
}
