// Which document a workflow runs on: the file under the right-click (the uri argument), else the
// active editor's document, else one the person picks in an open dialog. An untrusted workspace
// is asked about first: running a workflow sends the file's geometry to the service.
import * as vscode from 'vscode';
import type { AoiReader, AoiSource } from '../../workflows/engine/ports';
import { aoiFormatOf, isJsonDocument } from '../diagnostics/aoi-documents';

export interface TargetDocument {
  uri: vscode.Uri;
  source: AoiSource;
}

/** Accepts a Uri or a string (a path or a uri) from a keybinding or another extension. */
function uriOf(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (typeof arg === 'string' && arg !== '')
    return /^[a-z][\w+.-]*:/i.test(arg) && !/^[a-z]:\\/i.test(arg) ? vscode.Uri.parse(arg) : vscode.Uri.file(arg);
  return undefined;
}

export async function confirmTrust(): Promise<boolean> {
  if (vscode.workspace.isTrusted) return true;
  const choice = await vscode.window.showWarningMessage(
    'This workspace is not trusted. Running the workflow sends the geometry of the chosen file to the imagery service. Continue?',
    { modal: true },
    'Continue',
  );
  return choice === 'Continue';
}

/** The format the editor diagnostics read the document with, so their cached read is reused. */
function formatOf(document: vscode.TextDocument): NonNullable<AoiSource['format']> {
  return aoiFormatOf(document) ?? (isJsonDocument(document) ? 'geojson' : 'auto');
}

export async function resolveTargetDocument(
  arg: unknown,
  interactive: boolean,
  reader?: AoiReader,
): Promise<TargetDocument | undefined> {
  let uri = uriOf(arg) ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    if (!interactive)
      throw new Error('No file to run on: pass the file of the area of interest as the first argument.');
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      openLabel: 'Use this area',
      title: 'Area of interest (GeoJSON or WKT)',
      filters: { 'Area of interest': ['geojson', 'json', 'wkt', 'txt'] },
    });
    uri = picked?.[0];
    if (!uri) return undefined;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const name = uri.path.split('/').pop() ?? uri.toString();
  // The document's live text, unsaved edits included: what the person sees is what is sent.
  const source: AoiSource = {
    text: document.getText(),
    name,
    format: formatOf(document),
    document: { uri: uri.toString(), version: document.version },
    reader,
  };
  return { uri, source };
}
