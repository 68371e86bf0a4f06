// Whether the workspace holds an area of interest or an imagery file: the files package.json's
// `workspaceContains:` activation events name. One file search, stopped at the first match, and no
// request: the status bar shows its account item from activation in such a workspace.
import * as vscode from 'vscode';

const AREA_FILES = '**/{*.geojson,*.wkt,imagery.json,*.imagery.json}';
const NOT_SEARCHED = '**/{node_modules,.git}/**';

export async function workspaceHasAreas(): Promise<boolean> {
  if (!vscode.workspace.workspaceFolders?.length) return false;
  try {
    return (await vscode.workspace.findFiles(AREA_FILES, NOT_SEARCHED, 1)).length > 0;
  } catch {
    return false; // a search that fails leaves the item as it was: shown where imagery is in play
  }
}
