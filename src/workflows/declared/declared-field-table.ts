// apply's last step for a dataset that declares `fieldStats`: its table brought up to date with the
// lock, after the images are bought and the lock written (so a table that cannot be made loses no
// purchase: the images, the ledger and the lock stay, and the update says why it failed). A table
// that already lists exactly the lock's images, made from the fields file and fieldStats as they
// are now (table-recipe.ts), is left as it is, nothing measured; otherwise the images are
// measured as `sat-imagery stats` measures them (stats/table-files.ts), the row cache giving back
// every field of every image measured before, so only the new images and changed fields are read.
import { join } from 'node:path';
import { listImages, readFields } from '../../stats/index';
import type { RowCacheHome } from '../../stats/index';
import { writeTableFiles } from '../../stats/table-files';
import { datasetFolder } from './declared-file';
import type { Declaration } from './declared-file';
import {
  STALE,
  declaredTablePath,
  lockedTableImages,
  tableDatasets,
  tableState,
  upToDate,
} from './declared-field-stats';
import type { ImageryLock } from './declared-lock';
import type { DeclaredDataset } from './declared-schema';
import { measuresOf } from './field-stats-checks';
import { readFieldsText, tableRecipe } from './table-recipe';

export interface TableUpdate {
  dataset: string;
  csv: string;
  parquet: string;
  /** Images the table lists now that it did not (their rows added). */
  imagesAdded: number;
  rowsAdded: number;
  /** Images the table listed that the lock does not (their rows taken out). */
  imagesRemoved: number;
  /** Images read this run; the others came from the row cache. */
  measured: number;
  cached: number;
  /** Why the whole table was measured again though it listed the lock's images: it was stale
   * (its fields file changed since it was made, other indices: table-recipe.ts). */
  stale?: string;
  /** Why the table could not be brought up to date (an image that could not be measured, the
   * fields file, the disk); the purchases stand. */
  error?: string;
}

/** Each declaring dataset's table brought up to date with `lock`; none for a table already so. */
export async function updateDeclaredTables(
  declaration: Declaration,
  lock: ImageryLock,
  home: RowCacheHome | undefined,
  signal: AbortSignal,
): Promise<TableUpdate[]> {
  const updates: TableUpdate[] = [];
  for (const { dataset } of tableDatasets(declaration)) {
    const expected = lockedTableImages(declaration, dataset, lock);
    const state = await tableState(declaration, dataset, expected);
    if (upToDate(state)) continue;
    const { csv, parquet } = declaredTablePath(declaration.directory, dataset);
    const update: TableUpdate = {
      dataset: dataset.name,
      csv,
      parquet,
      imagesAdded: 0,
      rowsAdded: 0,
      imagesRemoved: 0,
      measured: 0,
      cached: 0,
      ...(state.problem?.startsWith(STALE) ? { stale: state.problem.slice(STALE.length) } : {}),
    };
    try {
      if (state.problem?.startsWith('reached through')) throw new Error(`${csv} is ${state.problem}`);
      const result = await measureTable(declaration, dataset, expected, home, signal);
      const added = new Set(state.missing);
      update.imagesAdded = added.size;
      update.rowsAdded = result.rows.filter((row) => added.has(row.image)).length;
      update.imagesRemoved = state.extra.length;
      update.measured = result.measured;
      update.cached = result.cached;
      if (result.failures.length > 0)
        update.error = result.failures.map((failure) => `${failure.image} ${failure.reason}`).join('; ');
    } catch (error) {
      update.error = signal.aborted ? 'interrupted before it was written' : (error as Error).message;
    }
    updates.push(update);
  }
  return updates;
}

async function measureTable(
  declaration: Declaration,
  dataset: DeclaredDataset,
  expected: readonly string[],
  home: RowCacheHome | undefined,
  signal: AbortSignal,
) {
  const stats = dataset.fieldStats!;
  const { csv, parquet } = declaredTablePath(declaration.directory, dataset);
  const text = await readFieldsText(declaration, stats);
  const fields = readFields(text, stats.fields, 'auto', stats.idProperty);
  const folder = datasetFolder(declaration.directory, dataset);
  const images = expected.length > 0 ? await listImages(expected.map((image) => join(folder, image))) : [];
  // The GeoParquet records what the table is made from: the fields as read here, for this run's rows.
  return writeTableFiles(
    { fields, images, measures: measuresOf(stats.indices), rule: stats.rule ?? 'centre', signal },
    { csv, parquet, madeFrom: tableRecipe(stats, text), ...(home ? { home } : {}) },
  );
}
