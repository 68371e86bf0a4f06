// The optional online basemap (`satImagery.map.tileUrl`, application scope: a workspace cannot
// make the map call a server). Only an https (or loopback http) XYZ template is used; its origin
// is the one the page's CSP then allows, for images only.
import * as vscode from 'vscode';
import { Settings } from '../../constants';

export function mapTileUrl(): string | undefined {
  const inspected = vscode.workspace.getConfiguration(Settings.section).inspect<string>(Settings.mapTileUrl);
  const value = (inspected?.globalValue ?? '').trim();
  return tileOrigin(value) ? value : undefined;
}

/** The template's origin, or undefined when it is no usable http(s) XYZ template. */
export function tileOrigin(template: string): string | undefined {
  if (!template.includes('{z}') || !template.includes('{x}') || !template.includes('{y}')) return undefined;
  try {
    const url = new URL(template.replace(/\{[a-z-]+\}/g, '0'));
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
