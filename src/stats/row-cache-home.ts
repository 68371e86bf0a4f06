// Where a table's row cache lives. The cache decides results: a row taken from it is printed as
// computed. So it is never taken from beside the table, where versions before this one kept it
// (`<table>.stats-cache.json`): a file there may have come with the folder, and a repository can
// ship one whose made-up means sit under its images' very keys. Such a file is left as it is,
// never read, and named in a note. The cache lives in the user's own cache folder instead (the
// command line's, cli/cache-folder.ts; the extension's global storage), made owner-only, one file
// per table named by the hash of the table's absolute path (two tables never rewrite each other's
// rows), stamped with the product's version (another version's file is no cache).
import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { usePrivateFolder } from '../files/private-folder';
import { RowCache } from './incremental';

export interface RowCacheHome {
  /** The host's folder for what one user's runs keep (a `stats` folder is made in it). */
  folder: string;
  /** The product's version: the cache of another version is not read. */
  product: string;
}

export interface TableCache {
  cache: RowCache;
  /** The cache's file; undefined when the folder cannot be used (then nothing is kept). */
  file: string | undefined;
  /** Writes the run's rows to the file. */
  save(): Promise<void>;
  /** What the person is told: a cache beside the table not read, a cache folder not used. */
  notes: string[];
}

/** The name versions before this one kept a table's row cache under, beside the table. */
function besideTable(table: string): string {
  return `${resolve(table)}.stats-cache.json`;
}

/** The row cache of `table`, read from the user's cache folder in `home`. */
export async function openTableCache(table: string, home: RowCacheHome): Promise<TableCache> {
  const beside = besideTable(table);
  const leftBeside = await lstat(beside).then(
    () => true,
    () => false,
  );
  const notes = leftBeside
    ? [
        `${beside} is not read: a row cache beside the table may have come with the folder (from a repository, or an older version), so its figures are not taken; every row comes from the images or from your own cache in ${join(home.folder, 'stats')}. The file is left as it is; you may delete it`,
      ]
    : [];
  return openRowCache(resolve(table), home, notes);
}

/** The row cache kept under `name` (a table's absolute path, or what names a table that is never
 * written, as `alerts` keeps one), read from the user's cache folder in `home`. */
export async function openRowCache(name: string, home: RowCacheHome, notes: string[] = []): Promise<TableCache> {
  const folder = join(home.folder, 'stats');
  if (!(await usePrivateFolder(folder))) {
    notes.push(`no row cache is kept: ${folder} is not a folder that only you can write in, so every image is read`);
    return { cache: await RowCache.load(undefined), file: undefined, save: () => Promise.resolve(), notes };
  }
  const file = join(folder, `${createHash('sha256').update(name).digest('hex')}.json`);
  const cache = await RowCache.load(file, home.product);
  return { cache, file, save: () => cache.save(file, home.product), notes };
}
