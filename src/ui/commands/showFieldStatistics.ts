// Show Field Statistics: per-field index statistics over time in a chart panel. From a series
// folder (the Explorer, or a time series' row in Downloads: then the area file is asked, the run's
// own first), from an area file (then the images folder is asked, the known series first), or
// from the image viewer (its folder). Then the index or indices the images' bands allow, the pixel
// rule and the property naming the fields; each has a default, and an options object
// `{ aoi, images, indices, rule, idProperty }` skips its question. Computed with src/stats and the
// folder's row cache under a cancellable progress; returns the panel (tests read it).
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import * as vscode from 'vscode';
import { AREA_FILE_LIMIT, readTextBounded } from '../../files/bounded-read';
import { Commands } from '../constants';
import type { ExtensionServices } from '../extension-services';
import type { DownloadRun } from '../tree/downloads-model';
import { idCandidates } from '../webview/stats/field-ids';
import type { Command } from './command';

type PixelRule = 'centre' | 'all-touched' | 'exact';

interface Options {
  aoi?: string | vscode.Uri;
  images?: string | vscode.Uri;
  indices?: string[];
  rule?: PixelRule;
  idProperty?: string;
}

const AOI = /\.(geojson|wkt|json)$/i;
const TIFF = /\.tiff?$/i;
const RULES: { value: PixelRule; label: string; detail: string }[] = [
  {
    value: 'centre',
    label: 'Pixel centre inside the field',
    detail: 'The rasterstats convention: a pixel counts when its centre lies in the polygon.',
  },
  {
    value: 'all-touched',
    label: 'Every pixel the field touches',
    detail: 'Counts edge pixels too: more pixels, more of the neighbours mixed in.',
  },
  {
    value: 'exact',
    label: 'Exact area fractions',
    detail: 'Each pixel weighted by its share inside the field (exactextract): for small fields.',
  },
];

function pathOf(value: unknown): string | undefined {
  if (value instanceof vscode.Uri) return value.scheme === 'file' ? value.fsPath : undefined;
  if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

/** What the menu passed: a folder or image (the images), an area file, or a Downloads run. */
async function targetOf(arg: unknown): Promise<{ aoi?: string; images?: string; run?: DownloadRun }> {
  const run =
    (arg as { kind?: unknown; run?: DownloadRun } | undefined)?.kind === 'run'
      ? (arg as { run: DownloadRun }).run
      : undefined;
  if (run) return { ...(run.folder ? { images: run.folder } : {}), run };
  const path = pathOf(arg) ?? pathOf((arg as { uri?: unknown } | undefined)?.uri) ?? activeViewerImage();
  if (!path) return {};
  if (await isFolder(path)) return { images: path };
  if (TIFF.test(path)) return { images: dirname(path) };
  if (AOI.test(path)) return { aoi: path };
  return {};
}

/** The image of the viewer in front, when the command runs from its title bar without an argument. */
function activeViewerImage(): string | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  return input instanceof vscode.TabInputCustom &&
    input.viewType === 'satImagery.imageViewer' &&
    input.uri.scheme === 'file'
    ? input.uri.fsPath
    : undefined;
}

async function pickAoi(services: ExtensionServices, run: DownloadRun | undefined): Promise<string | undefined> {
  const found = await vscode.workspace.findFiles('**/*.{geojson,wkt,GEOJSON,WKT}', '**/{node_modules,.git}/**', 500);
  const source = run?.source ?? services.sidebar.downloads.runs().find((r) => r.folder === run?.folder)?.source;
  const items = found
    .map((uri) => {
      // The folder beside the name (at the workspace's top, none): not the name said twice.
      const folder = dirname(vscode.workspace.asRelativePath(uri));
      return { label: basename(uri.fsPath), description: folder === '.' ? '' : folder, path: uri.fsPath };
    })
    .sort(
      (a, b) =>
        Number(b.label === source) - Number(a.label === source) ||
        a.description.localeCompare(b.description) ||
        a.label.localeCompare(b.label),
    );
  const browse = { label: '$(folder-opened) Choose a file…', description: '', path: '' };
  const picked = await vscode.window.showQuickPick([...items, browse], {
    title: 'Show Field Statistics: the fields (an area file, one field per feature)',
    placeHolder: source ? `The series was downloaded for ${source}` : 'A GeoJSON FeatureCollection or a WKT file',
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.path) return picked.path;
  const chosen = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: { 'Area files': ['geojson', 'wkt', 'json'] },
    title: 'The fields',
  });
  return chosen?.[0]?.fsPath;
}

async function pickImages(services: ExtensionServices): Promise<string | undefined> {
  const series = services.sidebar.downloads.runs().filter((r) => r.kind === 'series' && r.folder);
  const items = series.map((r) => ({
    label: basename(r.folder as string),
    description: vscode.workspace.asRelativePath(r.folder as string),
    detail: `Time series${r.source ? ` of ${r.source}` : ''}, ${r.units.length} dates`,
    path: r.folder as string,
  }));
  const browse = {
    label: '$(folder-opened) Choose a folder…',
    description: '',
    detail: 'A folder of GeoTIFFs (a series folder is dated by its STAC ItemCollection)',
    path: '',
  };
  const picked = await vscode.window.showQuickPick([...items, browse], {
    title: 'Show Field Statistics: the images',
    placeHolder: 'A time series folder',
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.path) return picked.path;
  const chosen = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    title: 'The images',
  });
  return chosen?.[0]?.fsPath;
}

/** The first GeoTIFF of the folder, to read which bands the images have. */
async function firstImage(images: string): Promise<string | undefined> {
  if (TIFF.test(images)) return images;
  const names = (await readdir(images)).filter((n) => TIFF.test(n)).sort();
  return names[0] ? join(images, names[0]) : undefined;
}

async function pickIndices(image: string): Promise<string[] | undefined> {
  const { measuresFor } = await import('../webview/stats/compute');
  const { named, bands } = await measuresFor(image);
  if (named.length === 0 && bands.length === 0) throw new Error(`${basename(image)} has no bands to measure.`);
  const items = [
    ...named.map((n) => ({
      label: n.toUpperCase(),
      description: 'index',
      value: n,
      picked: n === (named.includes('ndvi') ? 'ndvi' : named[0]),
    })),
    ...bands.map((b) => ({ label: b, description: 'band', value: b, picked: named.length === 0 && b === bands[0] })),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Show Field Statistics: what to measure',
    placeHolder: `Space toggles, Enter accepts · the bands of ${basename(image)}: ${bands.join(', ')}`,
    canPickMany: true,
    ignoreFocusOut: true,
  });
  return picked && picked.length > 0 ? picked.map((p) => p.value) : undefined;
}

async function pickRule(): Promise<PixelRule | undefined> {
  const picked = await vscode.window.showQuickPick(
    RULES.map((r) => ({ ...r, description: r.value === 'centre' ? 'default' : '' })),
    { title: 'Show Field Statistics: which pixels count in a field', ignoreFocusOut: true },
  );
  return picked?.value;
}

/** undefined: the default (id, else name, else the feature's number); null: the person cancelled. */
async function pickIdProperty(aoi: string): Promise<string | undefined | null> {
  if (extname(aoi).toLowerCase() === '.wkt') return undefined;
  const candidates = idCandidates(await readTextBounded(aoi, AREA_FILE_LIMIT));
  if (candidates.length === 0) return undefined;
  const automatic = {
    label: 'Automatic',
    description: "id, else name, else the feature's number",
    value: undefined as string | undefined,
  };
  const picked = await vscode.window.showQuickPick(
    [automatic, ...candidates.map((c) => ({ label: c, description: 'property', value: c as string | undefined }))],
    { title: 'Show Field Statistics: the property that names each field', ignoreFocusOut: true },
  );
  return picked ? picked.value : null;
}

/** The row cache's place: the extension's own storage (never the images folder, which a repository
 * can fill), for this version of the extension. */
export function rowCacheHome(services: ExtensionServices): { folder: string; product: string } {
  return {
    folder: services.context.globalStorageUri.fsPath,
    product: String(services.context.extension.packageJSON.version ?? '0'),
  };
}

export const showFieldStatisticsCommand: Command = {
  id: Commands.showFieldStatistics,
  async run(services, arg?: unknown, maybeOptions?: unknown) {
    // A keybinding's or a test's one object `{ uri?, aoi?, images?, ... }`, or (target, options).
    const plain =
      typeof arg === 'object' &&
      arg !== null &&
      !(arg instanceof vscode.Uri) &&
      !('kind' in arg) &&
      maybeOptions === undefined;
    // The Explorer passes (uri, selectedUris[]): a list is no options object.
    const given = plain ? arg : maybeOptions;
    const options = (typeof given === 'object' && given !== null && !Array.isArray(given) ? given : {}) as Options;
    const target = await targetOf(plain ? (arg as { uri?: unknown }).uri : arg);
    const aoi = pathOf(options.aoi) ?? target.aoi ?? (await pickAoi(services, target.run));
    if (!aoi) return undefined;
    const images = pathOf(options.images) ?? target.images ?? (await pickImages(services));
    if (!images) return undefined;
    const sample = await firstImage(images);
    if (!sample) {
      void vscode.window.showErrorMessage(`Show Field Statistics: no GeoTIFF in ${images}.`);
      return undefined;
    }
    const indices = options.indices ?? (await pickIndices(sample));
    if (!indices) return undefined;
    const rule = options.rule ?? (await pickRule());
    if (!rule) return undefined;
    const idProperty = 'idProperty' in options ? options.idProperty : await pickIdProperty(aoi);
    if (idProperty === null) return undefined;

    const { computeFieldStats, imagesFolder } = await import('../webview/stats/compute');
    const { StatsPanel } = await import('../webview/stats/stats-panel');
    const base = imagesFolder(images, await isFolder(images));
    const content = await vscode.window
      .withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `Field statistics of ${basename(aoi)}`,
          cancellable: true,
        },
        async (progress, token) => {
          const abort = new AbortController();
          const subscription = token.onCancellationRequested(() => abort.abort());
          try {
            return await computeFieldStats(
              { aoi, images, indices, rule, ...(idProperty !== undefined ? { idProperty } : {}) },
              base,
              rowCacheHome(services),
              (done, total, image) =>
                progress.report({ increment: 100 / total, message: `${done} of ${total} images · ${image}` }),
              abort.signal,
            );
          } finally {
            subscription.dispose();
          }
        },
      )
      .then(
        (c) => c,
        (error: unknown) => {
          if (error instanceof Error && error.name === 'AbortError') return undefined;
          throw error;
        },
      );
    if (!content) return undefined;
    const log = services.log('stats');
    log.info(
      `${content.rows.length} rows for ${content.fields.length} fields; ${content.imageCounts}${content.cacheProblem ? ` (field-stats.csv and its cache were not kept: ${content.cacheProblem})` : ''}.`,
    );
    for (const note of content.cacheNotes) log.warn(`${note}.`);
    for (const failure of content.failures) log.warn(`${failure.image} ${failure.reason}`);
    if (content.failures.length > 0)
      void vscode.window.showWarningMessage(
        `Field statistics: ${content.failures.length} image${content.failures.length === 1 ? '' : 's'} could not be measured (${content.failures[0]?.image} ${content.failures[0]?.reason}); the panel shows the others.`,
      );
    // The folder's field-stats.csv was just written: the Field alerts view reads it again.
    void services.sidebar.fieldAlerts.refresh();
    return StatsPanel.create(services.context.extensionUri, content);
  },
};
