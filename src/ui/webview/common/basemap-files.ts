// The host's side of the basemap messages (common/protocol.ts): reads one file of dist/basemap/
// for a page. Only names the protocol allows reach here (no path of the page's choosing).
import * as vscode from 'vscode';
import { BASEMAP_FILE } from './protocol';
import type { BasemapReply, BasemapRequest } from './protocol';

export async function readBasemapFile(extensionUri: vscode.Uri, request: BasemapRequest): Promise<BasemapReply> {
  if (!BASEMAP_FILE.test(request.path))
    return { type: 'basemapFile', inReplyTo: request.requestId, error: 'not a basemap file' };
  try {
    // The extension's own file (a name the protocol allows, under dist/): none a person put there.
    // eslint-disable-next-line no-restricted-syntax
    const bytes = await vscode.workspace.fs.readFile(
      vscode.Uri.joinPath(extensionUri, 'dist', 'basemap', ...request.path.split('/')),
    );
    return { type: 'basemapFile', inReplyTo: request.requestId, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    return {
      type: 'basemapFile',
      inReplyTo: request.requestId,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
