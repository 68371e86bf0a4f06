// Gathers the inputs of the optional layers from the workspace: the other AOI files (.geojson,
// .wkt) and the STAC sidecars of downloaded images (`<image>.json` or `<image>.tif.json` beside
// each `.tif`). Bounded: a workspace with thousands of files draws the first few hundred.
import * as vscode from 'vscode';
import type { Sidecar, WorkspaceFile } from './layers';

const MAX_FILES = 200;
const MAX_AOI_BYTES = 5_000_000;
const EXCLUDE = '**/{node_modules,.git,.vscode-test,dist,out}/**';
const decoder = new TextDecoder();

async function readText(uri: vscode.Uri, maxBytes: number): Promise<string | undefined> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > maxBytes) return undefined;
    return decoder.decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined; // deleted or unreadable since the search: simply not drawn
  }
}

export async function workspaceAoiFiles(except: vscode.Uri | undefined): Promise<WorkspaceFile[]> {
  const uris = await vscode.workspace.findFiles('**/*.{geojson,wkt,GEOJSON,WKT}', EXCLUDE, MAX_FILES);
  const files: WorkspaceFile[] = [];
  for (const uri of uris.sort((a, b) => a.path.localeCompare(b.path))) {
    if (except && uri.toString() === except.toString()) continue;
    const text = await readText(uri, MAX_AOI_BYTES);
    if (text === undefined) continue;
    files.push({ name: vscode.workspace.asRelativePath(uri), text, format: uri.path.toLowerCase().endsWith('.wkt') ? 'wkt' : 'geojson' });
  }
  return files;
}

export async function imageSidecars(): Promise<Sidecar[]> {
  const images = await vscode.workspace.findFiles('**/*.{tif,tiff,TIF,TIFF}', EXCLUDE, MAX_FILES);
  const sidecars: Sidecar[] = [];
  for (const image of images.sort((a, b) => a.path.localeCompare(b.path))) {
    for (const candidate of [image.path.replace(/\.tiff?$/i, '.json'), `${image.path}.json`]) {
      const text = await readText(image.with({ path: candidate }), 1_000_000);
      if (text === undefined) continue;
      try {
        sidecars.push({ image: vscode.workspace.asRelativePath(image), item: JSON.parse(text) as unknown });
        break;
      } catch {
        // Not JSON: not a sidecar.
      }
    }
  }
  return sidecars;
}
