// Opens a GeoTIFF in the image viewer: from the Explorer's menu (a Uri), the download's "Open"
// (a Uri), or a finished batch unit (a node carrying its file as `uri` or `path`). An argument
// `{ uri | path, outline?, label?, viewColumn? }` outlines a field over the image: `outline` a
// GeoJSON Polygon or MultiPolygon in EPSG:4326 (the field statistics chart opens a date's image
// like this, in the column beside the chart).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { openInImageViewer } from '../webview/viewer/index';
import { outlinePolygons } from '../webview/viewer/outline';
import type { OutlineRequest } from '../webview/viewer/outline';
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

/** The outline asked for, checked before anything opens; undefined when there is none. */
function outlineOf(target: unknown): OutlineRequest | undefined {
  if (typeof target !== 'object' || target === null || target instanceof vscode.Uri) return undefined;
  const { outline, label } = target as { outline?: unknown; label?: unknown };
  if (outline === undefined) return undefined;
  const polygons = outlinePolygons(outline);
  return {
    geometry: { type: 'MultiPolygon', coordinates: polygons },
    label: typeof label === 'string' ? label.slice(0, 200) : 'Outline',
  };
}

export const openImageCommand: Command = {
  id: Commands.openImage,
  async run(_services, target) {
    const uri = imageUri(target);
    if (!uri) {
      void vscode.window.showErrorMessage('Open Image needs a GeoTIFF: choose one in the Explorer.');
      return;
    }
    const column = (target as { viewColumn?: unknown } | undefined)?.viewColumn;
    await openInImageViewer(
      uri,
      outlineOf(target),
      typeof column === 'number' && Number.isInteger(column) && column >= 1 && column <= 9 ? column : undefined,
    );
  },
};
