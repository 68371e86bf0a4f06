// The image viewer: a read-only custom editor for GeoTIFFs (*.tif, *.tiff), the default for them.
// A document is only the file's URI; each editor opens the file itself (through the raster core's
// positioned reads) and closes it with the editor. Tests reach the viewers on screen through `viewers()`.
// The viewer's code (and its message validation) loads with the first image, not at activation.
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { ImageViewer } from './image-viewer';
import type { OutlineRequest } from './outline';

export type { ImageViewer } from './image-viewer';

const VIEWER_VIEW_TYPE = Views.imageViewer;

const open = new Set<ImageViewer>();

/** The viewers on screen, the newest last. */
export function viewers(): ImageViewer[] {
  return [...open];
}

class ImageViewerProvider implements vscode.CustomReadonlyEditorProvider<vscode.CustomDocument> {
  constructor(private readonly extensionUri: vscode.Uri) {}

  openCustomDocument(uri: vscode.Uri): vscode.CustomDocument {
    return { uri, dispose: () => undefined };
  }

  async resolveCustomEditor(document: vscode.CustomDocument, panel: vscode.WebviewPanel): Promise<void> {
    if (document.uri.scheme !== 'file') {
      panel.webview.html = `<!DOCTYPE html><html><body><p>Only images on this computer's disk can be shown (this one is a ${document.uri.scheme}: resource).</p></body></html>`;
      return;
    }
    const { ImageViewer } = await import('./image-viewer');
    const viewer = new ImageViewer(panel, this.extensionUri, document.uri.fsPath, takeOutline(document.uri.fsPath));
    open.add(viewer);
    viewer.onDidDispose(() => open.delete(viewer));
  }
}

export function registerImageViewer(context: vscode.ExtensionContext): vscode.Disposable {
  return vscode.window.registerCustomEditorProvider(VIEWER_VIEW_TYPE, new ImageViewerProvider(context.extensionUri), {
    supportsMultipleEditorsPerDocument: true,
  });
}

/** Outlines handed to a viewer about to open (taken when its editor is made; a later opening of
 * the file starts without, so one not taken soon is dropped). */
const outlines = new Map<string, { outline: OutlineRequest; until: number }>();
const OUTLINE_MS = 30_000;

function takeOutline(path: string): OutlineRequest | undefined {
  const entry = outlines.get(path);
  outlines.delete(path);
  return entry && entry.until >= Date.now() ? entry.outline : undefined;
}

/** Opens `uri` in the image viewer (the download's "Open", a batch unit's Open Image), with
 * `outline` drawn over the image (a field of the statistics chart); a viewer of the file already
 * open shows the outline and comes to the front. */
export async function openInImageViewer(
  uri: vscode.Uri,
  outline?: OutlineRequest,
  viewColumn?: vscode.ViewColumn,
): Promise<void> {
  const already = outline ? viewers().filter((v) => v.path === uri.fsPath) : [];
  if (outline && already.length === 0) outlines.set(uri.fsPath, { outline, until: Date.now() + OUTLINE_MS });
  for (const viewer of already) await viewer.showOutline(outline);
  await vscode.commands.executeCommand(
    'vscode.openWith',
    uri,
    VIEWER_VIEW_TYPE,
    ...(viewColumn ? [{ viewColumn, preview: false }] : []),
  );
}
