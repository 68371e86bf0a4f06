// Gathers the inputs of the optional layers from the workspace: the other AOI files (.geojson,
// .wkt), the STAC sidecars of downloaded images (`<image>.json` or `<image>.tif.json` beside
// each `.tif`), and the STAC ItemCollections of series folders. Bounded: a workspace with
// thousands of files draws the first few hundred.
import * as vscode from 'vscode';
import { readTextBounded } from '../../../files/bounded-read';
import { ITEM_COLLECTION_NAME } from '../../../files/stac-names';
import type { Sidecar, WorkspaceFile } from './layers';
import type { SeriesFolder } from './series-layer';

const MAX_FILES = 200;
const MAX_AOI_BYTES = 5_000_000;
const EXCLUDE = '**/{node_modules,.git,.vscode-test,dist,out}/**';
const decoder = new TextDecoder();

async function readText(uri: vscode.Uri, maxBytes: number): Promise<string | undefined> {
  try {
    // On disk: a regular file only, read no further than the limit (a link to /dev/zero says size 0).
    if (uri.scheme === 'file') return await readTextBounded(uri.fsPath, maxBytes);
    const stat = await vscode.workspace.fs.stat(uri);
    if ((stat.type & vscode.FileType.File) === 0) return undefined;
    if (stat.size > maxBytes) return undefined;
    // A file of a virtual workspace (no disk of this machine: no FIFO, no device), its type and size
    // checked above: VS Code's file system provider reads it.
    // eslint-disable-next-line no-restricted-syntax
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
    files.push({
      name: vscode.workspace.asRelativePath(uri),
      text,
      format: uri.path.toLowerCase().endsWith('.wkt') ? 'wkt' : 'geojson',
    });
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
        sidecars.push({
          image: vscode.workspace.asRelativePath(image),
          path: image.fsPath,
          item: JSON.parse(text) as unknown,
        });
        break;
      } catch {
        // Not JSON: not a sidecar.
      }
    }
  }
  return sidecars;
}

const MAX_SERIES_ITEMS = 1_000;

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The folders holding a STAC ItemCollection (`stac-items.json`, what the series workflow writes)
 * or a STAC Collection (`collection.json`, its items read from its `item` links). A series folder
 * has both: it is listed once, from its Collection (which sorts first and lists every run's dates). */
export async function seriesFolders(): Promise<SeriesFolder[]> {
  const found = await vscode.workspace.findFiles(`**/{${ITEM_COLLECTION_NAME},collection.json}`, EXCLUDE, MAX_FILES);
  const folders: SeriesFolder[] = [];
  let budget = MAX_SERIES_ITEMS;
  const listed = new Set<string>();
  for (const uri of found.sort((a, b) => a.path.localeCompare(b.path))) {
    const folderUri = vscode.Uri.joinPath(uri, '..');
    if (listed.has(folderUri.toString())) continue;
    const root = parsed(await readText(uri, 20_000_000)) as
      { type?: unknown; features?: unknown; links?: unknown } | undefined;
    let items: unknown[] = [];
    if (root?.type === 'FeatureCollection' && Array.isArray(root.features)) items = root.features.slice(0, budget);
    else if (root?.type === 'Collection' && Array.isArray(root.links)) {
      const hrefs = root.links.flatMap((link: { rel?: unknown; href?: unknown }) =>
        link?.rel === 'item' &&
        typeof link.href === 'string' &&
        !/^[a-z][\w+.-]*:/i.test(link.href) &&
        !link.href.split(/[\\/]/).includes('..')
          ? [link.href]
          : [],
      );
      for (const href of hrefs.slice(0, budget)) {
        const item = parsed(await readText(vscode.Uri.joinPath(folderUri, href), 1_000_000));
        if (item !== undefined) items.push(item);
      }
    }
    if (items.length === 0) continue;
    listed.add(folderUri.toString());
    budget -= items.length;
    folders.push({ folder: vscode.workspace.asRelativePath(folderUri), items });
    if (budget <= 0) break;
  }
  return folders;
}
