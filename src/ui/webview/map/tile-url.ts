// The optional online basemap (`satImagery.map.tileUrl`, application scope: a workspace cannot
// make the map call a server). Only an https (or loopback http) XYZ template is used; its origin
// is the one the page's CSP then allows, for images only.
import * as vscode from 'vscode';
import { Settings } from '../../constants';
import { tileOrigin } from './tile-origin';

export { tileOrigin };

export function mapTileUrl(): string | undefined {
  const inspected = vscode.workspace.getConfiguration(Settings.section).inspect<string>(Settings.mapTileUrl);
  const value = (inspected?.globalValue ?? '').trim();
  return tileOrigin(value) ? value : undefined;
}
