// Show on Map: the map of an AOI file (the uri from a menu or code lens, else the active editor),
// on the offline basemap, with the layers of the account and the workspace. Returns the panel's
// document uri. Draws only: sends nothing to the service, so it needs no key and no trust.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { Command } from './command';

function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg !== '')
    return /^[a-z][\w+.-]*:/i.test(arg) && !/^[a-z]:\\/i.test(arg) ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
  const uri = (arg as { uri?: unknown } | undefined)?.uri;
  return uri === undefined ? undefined : uriOf(uri);
}

export const showOnMapCommand: Command = {
  id: Commands.showOnMap,
  async run(services, arg?: unknown): Promise<string | undefined> {
    const uri = uriOf(arg) ?? vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      void vscode.window.showInformationMessage(
        'Open a .geojson or .wkt file (or GeoJSON .json) to show it on the map.',
      );
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument(uri);
    // Loaded on first use: activation does not pay for the map panel and its protocol.
    const { MapPanel } = await import('../webview/map/map-panel');
    MapPanel.show(services, document);
    return document.uri.toString();
  },
};
