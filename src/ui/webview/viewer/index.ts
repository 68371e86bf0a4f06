// The image viewer: a read-only custom editor for GeoTIFFs (*.tif, *.tiff), the default for them.
// A document is only the file's URI; each editor opens the file itself (through the raster core's
// positioned reads) and closes it with the editor. Tests reach the viewers on screen through `viewers()`.
// The viewer's code (and its message validation) loads with the first image, not at activation.
import * as vscode from 'vscode';
import { Views } from '../../constants';
import type { ImageViewer } from './image-viewer';

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
    const viewer = new ImageViewer(panel, this.extensionUri, document.uri.fsPath);
    open.add(viewer);
    viewer.onDidDispose(() => open.delete(viewer));
  }
}

export function registerImageViewer(context: vscode.ExtensionContext): vscode.Disposable {
  return vscode.window.registerCustomEditorProvider(VIEWER_VIEW_TYPE, new ImageViewerProvider(context.extensionUri), {
    supportsMultipleEditorsPerDocument: true,
  });
}

/** Opens `uri` in the image viewer (the download's "Open", a batch unit's Open Image). */
export async function openInImageViewer(uri: vscode.Uri): Promise<void> {
  await vscode.commands.executeCommand('vscode.openWith', uri, VIEWER_VIEW_TYPE);
}
