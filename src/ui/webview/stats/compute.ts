// The statistics behind the panel, computed by src/stats (loaded with the first use, as its own
// bundle dist/stats-core.js, like the raster core it reads through) with the row cache of the
// images folder's table: the same table `sat-imagery series --stats` keeps (field-stats.csv,
// written after each run), its row cache kept in the extension's own storage (never beside the
// table: one found there is noted and not read), so a panel opened again, or after one more date,
// reads only the images it has not measured, and the map finds the table.
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { AREA_FILE_LIMIT, readTextBounded } from '../../../files/bounded-read';
import { replaceFileSafely } from '../../../files/safe-files';
import type { Field, PixelRule, RowCacheHome, StatsRow } from '../../../stats/index';
import { SERIES_TABLE_NAME } from '../../../stats/series-table';

type StatsCore = typeof import('../../../stats/index');

export interface StatsRequest {
  /** The area file: one field per feature. */
  aoi: string;
  /** A folder of GeoTIFFs (a series folder: its STAC ItemCollection dates them), or one GeoTIFF. */
  images: string;
  /** ndvi, B8, [B8_B4]… (src/stats/indices.ts). */
  indices: string[];
  rule: PixelRule;
  idProperty?: string;
}

export interface StatsContent {
  request: StatsRequest;
  fields: Field[];
  /** The table's `index` names, in the order asked (ndvi, B8: as src/stats writes them). */
  indexNames: string[];
  /** Image labels are relative to `base`, with forward slashes. */
  rows: StatsRow[];
  base: string;
  failures: { image: string; reason: string }[];
  /** Images read this time. */
  measured: number;
  /** What the run did with its images, in words: "1 image read, 12 from the cache". */
  imageCounts: string;
  /** Why the cache could not be kept (a read-only folder): the figures stand, the next run reads again. */
  cacheProblem?: string;
  /** What the person is told of the row cache: one beside the table not read, a folder not used. */
  cacheNotes: string[];
}

function loadStatsCore(): Promise<StatsCore> {
  return import('../../../stats/index');
}

/** The folder the images are in (the folder itself, or a file's folder). */
export function imagesFolder(images: string, isFolder: boolean): string {
  return isFolder ? resolve(images) : dirname(resolve(images));
}

export async function computeFieldStats(
  request: StatsRequest,
  base: string,
  cacheHome: RowCacheHome,
  progress: (done: number, total: number, image: string) => void,
  signal: AbortSignal,
): Promise<StatsContent> {
  const core = await loadStatsCore();
  const text = await readTextBounded(request.aoi, AREA_FILE_LIMIT);
  const fields = core.readFields(text, basename(request.aoi), 'auto', request.idProperty);
  const images = await core.listImages([request.images]);
  const measures = request.indices.map((i) => core.measureOf(i));
  const tablePath = resolve(base, SERIES_TABLE_NAME);
  const { cache, save, notes } = await core.openTableCache(tablePath, cacheHome);
  const result = await core.computeStats({
    fields,
    images,
    measures,
    rule: request.rule,
    cache,
    signal,
    progress,
    imageLabel: (path) => relative(base, resolve(path)).split(sep).join('/'),
  });
  let cacheProblem: string | undefined;
  try {
    // The table, as `sat-imagery series --stats` keeps it: the map colours the fields by it (Show
    // on Map), and a script reads it, without an export first.
    await replaceFileSafely(tablePath, core.csvPieces(result.rows));
    await save();
  } catch (error) {
    cacheProblem = error instanceof Error ? error.message : String(error);
  }
  return {
    request,
    fields,
    indexNames: measures.map((m) => m.name),
    rows: result.rows,
    base,
    failures: result.failures,
    measured: result.measured,
    imageCounts: core.imageCounts(result),
    ...(cacheProblem ? { cacheProblem } : {}),
    cacheNotes: notes,
  };
}

/** The measures an image's bands allow: the named indices whose bands (or index band) it has, then
 * its bands themselves. */
export async function measuresFor(image: string): Promise<{ named: string[]; bands: string[] }> {
  const [core, raster] = await Promise.all([loadStatsCore(), import('../../../raster')]);
  const file = await raster.RasterFile.open(image);
  try {
    const bands = file.metadata.bandNames;
    const upper = new Set(bands.map((b) => b.toUpperCase()));
    const named = core.NAMED_INDICES.filter((name) =>
      core.measureOf(name).forms.some((form) => form.bands.every((b) => upper.has(b))),
    );
    return { named, bands };
  } finally {
    await file.close();
  }
}

/** The long table as CSV for a file written in `folder`: image paths relative to that folder. */
export async function csvFor(content: StatsContent, folder: string): Promise<string> {
  const core = await loadStatsCore();
  return core.toCsv(
    content.rows.map((row) => ({
      ...row,
      image: relative(folder, resolve(content.base, row.image)).split(sep).join('/'),
    })),
  );
}
