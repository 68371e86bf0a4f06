// Which documents hold an area of interest: `.geojson` and `.wkt` files, and JSON documents whose
// first few kilobytes show a GeoJSON `type`. The check is cheap on purpose: it runs on every
// open and edit of every JSON file.
import * as vscode from 'vscode';
import type { AoiFormat } from '../../geometry/types';

const geoJsonType = /"type"\s*:\s*"(?:Feature|FeatureCollection|Polygon|MultiPolygon|GeometryCollection)"/;
const sniffLength = 4096;
/** Schemes of documents a person edits; not output panes, diffs or our own read-only views. */
const editableSchemes = new Set(['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata']);

export function aoiFormatOf(document: vscode.TextDocument): AoiFormat | undefined {
  if (!editableSchemes.has(document.uri.scheme)) return undefined;
  const path = document.uri.path.toLowerCase();
  if (path.endsWith('.geojson')) return 'geojson';
  if (path.endsWith('.wkt') || document.languageId === 'wkt') return 'wkt';
  if (isJsonDocument(document)) return looksLikeGeoJson(head(document)) ? 'geojson' : undefined;
  return undefined;
}

export function isJsonDocument(document: vscode.TextDocument): boolean {
  return (
    document.uri.path.toLowerCase().endsWith('.json') ||
    document.languageId === 'json' ||
    document.languageId === 'jsonc'
  );
}

function looksLikeGeoJson(text: string): boolean {
  return geoJsonType.test(text);
}

function head(document: vscode.TextDocument): string {
  // positionAt keeps this cheap even for a 20 MB document on one line.
  return document.getText(new vscode.Range(document.positionAt(0), document.positionAt(sniffLength)));
}
