// A table of images written to its files with its row cache: what `series --stats` and an imagery
// file's declared statistics (apply) both do. The row cache (row-cache-home.ts) makes a rerun
// measure only the images it has not seen; the files are checked writable before any image is
// read, and each is written whole under a temporary name, then renamed (safe-files.ts), so no
// half table ever has the final name and a link in a table's place is refused, never followed.
import { dirname, relative, resolve, sep } from 'node:path';
import { checkReplaceable, replaceFileSafely } from '../files/safe-files';
import { computeStats } from './compute-stats';
import type { StatsInput, StatsResult } from './compute-stats';
import { RowCache } from './incremental';
import { openTableCache } from './row-cache-home';
import type { RowCacheHome } from './row-cache-home';
import { csvPieces } from './table';

export interface TableFiles {
  csv: string;
  /** The GeoParquet beside it, when one is kept. */
  parquet?: string;
  /** The row cache's home; none: no cache, every image is measured. */
  home?: RowCacheHome;
  /** Said before any image is read (a cache beside the table not read, no cache folder). */
  note?: (text: string) => void;
  /** What the GeoParquet records the table was made from (made-from.ts). */
  madeFrom?: string;
}

/** Measures `input`'s images (each named relative to the table's folder) and writes the table. */
export async function writeTableFiles(
  input: Omit<StatsInput, 'imageLabel' | 'cache'>,
  files: TableFiles,
): Promise<StatsResult & { notes: string[] }> {
  const folder = dirname(resolve(files.csv));
  const tableCache = files.home
    ? await openTableCache(files.csv, files.home)
    : { cache: await RowCache.load(undefined), file: undefined, save: () => Promise.resolve(), notes: [] };
  for (const path of [files.csv, files.parquet, tableCache.file]) if (path !== undefined) await checkReplaceable(path);
  for (const note of tableCache.notes) files.note?.(note);
  const result = await computeStats({
    ...input,
    imageLabel: (path) => relative(folder, resolve(path)).split(sep).join('/'),
    cache: tableCache.cache,
  });
  await replaceFileSafely(files.csv, csvPieces(result.rows));
  if (files.parquet !== undefined) {
    const { writeGeoParquet } = await import('./geoparquet');
    await writeGeoParquet(files.parquet, result.rows, input.fields, files.madeFrom);
  }
  await tableCache.save();
  return { ...result, notes: tableCache.notes };
}
