// One image viewer, on the panel base (common/panel-host.ts), inside a custom editor's webview.
// The image is opened when the page first says `ready`; a file that cannot be read becomes a
// `failed` message the page shows (what is wrong, the file size), never a blank panel. Every
// render and inspection runs in the host against the open file; its failures go to the page too.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { ContextKeys } from '../../constants';
import { markStepDone } from '../../first-run/step-done';
import type { MessageSchema, PanelPage } from '../common/messages';
import { readBasemapFile } from '../common/basemap-files';
import { PanelHost } from '../common/panel-host';
import { ImageSession } from './image-session';
import { toPixelOutline } from './outline';
import type { OutlineRequest, PixelOutline } from './outline';
import { carryTo, seriesOf, takeCarried } from './series-steps';
import type { CarriedDisplay } from './series-steps';
import { VIEWER_VIEW_TYPE, viewerHostSchema, viewerPageSchema } from './protocol';
import type { ViewerHostMessage, ViewerPageMessage } from './protocol';

const viewerPage: PanelPage<ViewerHostMessage, ViewerPageMessage> = {
  name: 'Image viewer',
  title: 'Image',
  viewType: VIEWER_VIEW_TYPE,
  script: 'dist/viewer.js',
  loadingText: 'Reading the image…',
  hostMessages: viewerHostSchema as MessageSchema<ViewerHostMessage>,
  pageMessages: viewerPageSchema as MessageSchema<ViewerPageMessage>,
};

async function sizeOf(path: string): Promise<string> {
  try {
    const { size } = await stat(path);
    return `${size} bytes`;
  } catch {
    return 'unknown (the file cannot be read)';
  }
}

export class ImageViewer extends PanelHost<ViewerHostMessage, ViewerPageMessage> {
  private session: Promise<ImageSession> | undefined;
  private rendered: Record<string, string> | undefined;
  private readonly renderedEmitter = new vscode.EventEmitter<Record<string, string>>();

  /** Fires with the texts of the page's `data-testid` elements after each change on the page. */
  readonly onDidRender = this.renderedEmitter.event;

  constructor(
    panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
    readonly path: string,
    /** A field to outline over the image (Open Image's `outline`). */
    private outline?: OutlineRequest,
  ) {
    super(panel, extensionUri, viewerPage, { mapStyle: true }); // the locator map's stylesheet
    this.onDidDispose(() => this.renderedEmitter.dispose());
  }

  /** The texts the page reported last (undefined until it has rendered). */
  get lastRendered(): Record<string, string> | undefined {
    return this.rendered;
  }

  /** Moves the page's inspector cursor to a pixel; the page asks for its values as it does for a key press. */
  inspectAt(column: number, row: number): void {
    this.post({ type: 'cursor', column, row });
  }

  private open(): Promise<ImageSession> {
    this.session ??= ImageSession.open(this.path);
    return this.session;
  }

  protected override async onReady(): Promise<void> {
    try {
      const session = await this.open();
      const series = await seriesOf(this.path);
      const display = takeCarried(this.path);
      const outline = await this.pixelOutline();
      this.post({
        ...session.show,
        ...(series ? { series: { dates: series.dates, index: series.index } } : {}),
        ...(display ? { display } : {}),
        ...(outline ? { outline } : {}),
      });
    } catch (error) {
      await this.fail(error);
    }
  }

  protected override async handle(message: ViewerPageMessage): Promise<void> {
    try {
      switch (message.type) {
        case 'basemapRequest': // the locator map's basemap
          this.post(await readBasemapFile(this.extensionUri, message));
          return;
        case 'render': {
          const session = await this.open();
          const { presetId, window, targetWidth, stretch, carried } = message;
          this.post(
            await session.render(
              { presetId, window, targetWidth, ...(stretch ? { stretch } : {}), ...(carried ? { carried } : {}) },
              message.requestId,
            ),
          );
          markStepDone(ContextKeys.imageShown); // the walkthrough's "Look at it": an image was drawn
          return;
        }
        case 'inspect': {
          const session = await this.open();
          this.post(await session.inspect(message.column, message.row, message.requestId));
          return;
        }
        case 'step': {
          const { direction, presetId, stretch, dimOutside } = message;
          await this.step(direction, {
            presetId,
            ...(stretch ? { stretch } : {}),
            ...(dimOutside !== undefined ? { dimOutside } : {}),
          });
          return;
        }
        case 'rendered':
          this.rendered = message.texts;
          this.renderedEmitter.fire(message.texts);
          return;
        default:
          return;
      }
    } catch (error) {
      await this.fail(error, 'requestId' in message ? message.requestId : undefined);
    }
  }

  /** Steps through the series as a person reads it: the neighbouring date opens in this viewer's
   * place (same column), starting from this band mapping, these cut-offs and this dimming, and
   * this one closes. */
  private async step(direction: -1 | 1, display: CarriedDisplay): Promise<void> {
    const place = await seriesOf(this.path);
    const target = place?.files[place.index + direction];
    if (!target) return; // the first or last date: the page's button is disabled there
    carryTo(target, display);
    await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.file(target), VIEWER_VIEW_TYPE, {
      viewColumn: this.panel.viewColumn ?? vscode.ViewColumn.Active,
      preview: false,
    });
    this.dispose();
  }

  /** Outlines a field over the image (replacing any outline shown) and brings the viewer forward. */
  async showOutline(outline: OutlineRequest | undefined): Promise<void> {
    this.outline = outline;
    const pixels = await this.pixelOutline();
    if (pixels) this.post({ type: 'outline', ...pixels });
  }

  /** The outline in the image's pixels; one the image cannot place is said in the page's status. */
  private async pixelOutline(): Promise<PixelOutline | undefined> {
    if (!this.outline) return undefined;
    const session = await this.open();
    const core = await import('../../../raster');
    return toPixelOutline(this.outline, session.metadata, core);
  }

  /** Asks the page to step, as its previous / next buttons do. */
  stepDate(direction: -1 | 1): void {
    this.post({ type: 'step', direction });
  }

  private async fail(error: unknown, inReplyTo?: string): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.post({
      type: 'failed',
      fileName: basename(this.path),
      message,
      fileSize: await sizeOf(this.path),
      ...(inReplyTo ? { inReplyTo } : {}),
    });
  }

  protected override onDisposed(): void {
    void this.session?.then(
      (s) => s.close(),
      () => undefined,
    );
  }
}
