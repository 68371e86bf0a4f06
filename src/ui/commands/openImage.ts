// Opens a GeoTIFF in the image viewer: from the Explorer's menu (a Uri), the download's "Open"
// (a Uri), or a finished batch unit (a node carrying its file as `uri` or `path`).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { openInImageViewer } from '../webview/viewer/index';
import type { Command } from './command';

function imageUri(target: unknown): vscode.Uri | undefined {
  if (target instanceof vscode.Uri) return target;
  if (typeof target === 'string' && target !== '') return vscode.Uri.file(target);
  if (typeof target === 'object' && target !== null) {
    const { uri, path } = target as { uri?: unknown; path?: unknown };
    if (uri instanceof vscode.Uri) return uri;
    if (typeof path === 'string' && path !== '') return vscode.Uri.file(path);
  }
  return vscode.window.activeTextEditor?.document.uri;
}

export const openImageCommand: Command = {
  id: Commands.openImage,
  async run(_services, target) {
    const uri = imageUri(target);
    if (!uri) {
      void vscode.window.showErrorMessage('Open Image needs a GeoTIFF: choose one in the Explorer.');
      return;
    }
    await openInImageViewer(uri);
  },
};
