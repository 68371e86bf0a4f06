// A dataset's declared field table (its `fieldStats`): where it lives, what the imagery file's
// checks refuse in it, and how far the table on the disk is from the lock. The table is
// field-stats.csv (the name `series --stats` and the map use) and field-stats.parquet in the
// dataset's folder, beside the images; its images are exactly the lock's images of the dataset.
// Nothing here measures an image: plan and verify compare names, and what the table records it
// was made from with the fields file and fieldStats as they are (table-recipe.ts); the update is
// declared-field-table.ts.
import { lstat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { isRefusedFile, readTextBounded } from '../../files/bounded-read';
import { linkOnTheWay, pathInside } from '../../files/inside-folder';
import { StatsError } from '../../stats/errors';
import { TABLE_HEADER, readStatsCsv } from '../../stats/read-table';
import { SERIES_TABLE_NAME } from '../../stats/series-table';
import type { StatsRow } from '../../stats/table';
import { datasetFolder } from './declared-file';
import type { Declaration } from './declared-file';
import type { ImageryLock } from './declared-lock';
import type { DeclaredDataset } from './declared-schema';
import { readFieldsText, staleness, tableRecipe } from './table-recipe';

/** How the problem of a table whose recipe differs begins (table-recipe.ts). */
export const STALE = 'stale: ';

/** A statistics table is a long table, but far below this; a larger file is not read. */
const MAX_TABLE_BYTES = 1024 * 1024 * 1024;

/** The dataset's table, CSV and GeoParquet, absolute: what `alerts` reads of an imagery file. */
export function declaredTablePath(
  directory: string,
  dataset: Pick<DeclaredDataset, 'name' | 'folder'>,
): { csv: string; parquet: string } {
  const folder = datasetFolder(directory, dataset);
  return { csv: join(folder, SERIES_TABLE_NAME), parquet: join(folder, 'field-stats.parquet') };
}

/** The lock's images of the dataset, as its table names them (relative to the dataset's folder). */
export function lockedTableImages(declaration: Declaration, dataset: DeclaredDataset, lock: ImageryLock): string[] {
  const folder = datasetFolder(declaration.directory, dataset);
  return lock.images
    .filter((image) => image.dataset === dataset.name)
    .map((image) => relative(folder, join(declaration.directory, image.file)).split(sep).join('/'))
    .filter((label, i, all) => all.indexOf(label) === i)
    .sort();
}

/** The table on the disk against the images it should list. */
export interface TableState {
  dataset: string;
  csv: string;
  /** Why the table cannot be read as a statistics table (missing, a link, another header), or is
   * written again (its GeoParquet lacks images, or is stale: made from another fields file). */
  problem?: string;
  /** Images the lock lists and the table does not. */
  missing: string[];
  /** Images the table lists and the lock does not. */
  extra: string[];
}

/** The dataset's table file, or why it is not read: 'missing', a symbolic link on the way or in
 * its place, not a file. */
export async function declaredTableFile(
  declaration: Declaration,
  dataset: DeclaredDataset,
): Promise<{ csv: string; problem?: string }> {
  const { csv } = declaredTablePath(declaration.directory, dataset);
  const folder = pathInside(declaration.directory, relative(declaration.directory, csv));
  const link = folder === undefined ? undefined : await linkOnTheWay(declaration.directory, folder);
  if (link) return { csv, problem: `reached through ${link.link}, a symbolic link: not read` };
  const info = await lstat(csv).catch(() => undefined);
  if (!info) return { csv, problem: 'missing' };
  if (!info.isFile()) return { csv, problem: info.isSymbolicLink() ? 'a symbolic link, not the table' : 'not a file' };
  return { csv };
}

/** What reading a table file threw, said as the table's problem (another header, a damaged row,
 * a file refused); any other error is thrown. */
export function tableReadProblem(error: unknown): string {
  if (error instanceof StatsError) return `its first line is not ${TABLE_HEADER}, or a row is damaged`;
  if (isRefusedFile(error)) return error.message;
  throw error;
}

/** The dataset's table as it is on the disk: its rows, or why they cannot be read ('missing', a
 * symbolic link on the way or in its place, another header). What verify and plan read (`alerts`
 * of an imagery file streams it instead: declared-alerts.ts). */
async function readDeclaredTable(
  declaration: Declaration,
  dataset: DeclaredDataset,
): Promise<{ csv: string } & ({ rows: StatsRow[] } | { problem: string })> {
  const { csv, problem } = await declaredTableFile(declaration, dataset);
  if (problem !== undefined) return { csv, problem };
  try {
    const text = await readTextBounded(csv, MAX_TABLE_BYTES, { noFollow: true });
    return { csv, rows: readStatsCsv(text, csv) };
  } catch (error) {
    return { csv, problem: tableReadProblem(error) };
  }
}

/** How the dataset's table stands against the images it should list (`expected`). */
export async function tableState(
  declaration: Declaration,
  dataset: DeclaredDataset,
  expected: readonly string[],
): Promise<TableState> {
  const found = await readDeclaredTable(declaration, dataset);
  const state: TableState = { dataset: dataset.name, csv: found.csv, missing: [], extra: [] };
  // No image bought yet: no table is the table.
  if ('problem' in found && found.problem === 'missing' && expected.length === 0) return state;
  if ('problem' in found) return { ...state, problem: found.problem, missing: [...expected] };
  const images = new Set(found.rows.map((row) => row.image));
  const wanted = new Set(expected);
  const parquet = await parquetState(declaredTablePath(declaration.directory, dataset).parquet, expected);
  const problem = parquet.problem ?? (await stalenessOf(declaration, dataset, parquet.madeFrom));
  return {
    ...state,
    ...(problem !== undefined ? { problem } : {}),
    missing: expected.filter((image) => !images.has(image)),
    extra: [...images].filter((image) => !wanted.has(image)).sort(),
  };
}

function imagesWord(count: number): string {
  return `${count} image${count === 1 ? '' : 's'}`;
}

/** What is wrong with the GeoParquet beside the CSV: not there, not a statistics table, or other
 * images than the lock's (its footer and `image` column read, nothing else); and what it records
 * it was made from (table-recipe.ts). */
async function parquetState(
  parquet: string,
  expected: readonly string[],
): Promise<{ problem?: string; madeFrom?: string }> {
  const name = basename(parquet);
  const info = await lstat(parquet).catch(() => undefined);
  if (!info?.isFile()) return { problem: `${name} beside it is missing or not a file` };
  // The Parquet reader loads with the statistics core (stats-core.js), not with the extension:
  // its StatsError is that bundle's copy of the class, so it is known by its name.
  const { geoParquetTable } = await import('../../stats/index');
  let table: { images: Set<string>; madeFrom?: string };
  try {
    table = await geoParquetTable(parquet, MAX_TABLE_BYTES);
  } catch (error) {
    if ((error as Error).name === 'StatsError' || isRefusedFile(error))
      return { problem: `${name} beside it: ${(error as Error).message}` };
    throw error;
  }
  const { images, madeFrom } = table;
  const wanted = new Set(expected);
  const lacks = expected.filter((image) => !images.has(image));
  const more = [...images].filter((image) => !wanted.has(image)).sort();
  if (lacks.length > 0)
    return { problem: `${name} beside it lacks ${imagesWord(lacks.length)} the lock lists: ${lacks.join(', ')}` };
  if (more.length > 0)
    return { problem: `${name} beside it lists ${imagesWord(more.length)} the lock does not: ${more.join(', ')}` };
  return madeFrom === undefined ? {} : { madeFrom };
}

/** `stale: why` when the table records another recipe than the dataset's fieldStats and its
 * fields file make now (the fields edited since, other indices), or none. */
async function stalenessOf(
  declaration: Declaration,
  dataset: DeclaredDataset,
  madeFrom: string | undefined,
): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFieldsText(declaration, dataset.fieldStats!);
  } catch (error) {
    // apply reads it again, and says the same when it cannot.
    return `its fields file ${dataset.fieldStats!.fields} could not be read (${(error as Error).message})`;
  }
  const why = staleness(madeFrom, tableRecipe(dataset.fieldStats!, text));
  return why === undefined ? undefined : `${STALE}${why}`;
}

/** True when the table lists exactly the images it should, under the right header. */
export function upToDate(state: TableState): boolean {
  return state.problem === undefined && state.missing.length === 0 && state.extra.length === 0;
}

/** The datasets that declare field statistics, with their index in the file. */
export function tableDatasets(declaration: Declaration): { dataset: DeclaredDataset; index: number }[] {
  return (declaration.file.datasets ?? [])
    .map((dataset, index) => ({ dataset, index }))
    .filter(({ dataset }) => dataset.fieldStats !== undefined);
}

/** What an apply of `plan` does to a dataset's table, counted from names alone (nothing measured). */
export interface PlannedTable {
  dataset: string;
  csv: string;
  /** Images to measure and add: locked and not in the table, and to be bought now. */
  add: number;
  /** Images the table lists that the lock does not: their rows are taken out. */
  remove: number;
  /** Why the table on the disk is rewritten whole (missing, another header). */
  problem?: string;
}

/** Each declaring dataset's table against the lock and the units `plan` buys. */
export async function plannedTables(
  declaration: Declaration,
  lock: ImageryLock,
  buying: readonly { dataset: string; date: string; area: string }[],
): Promise<PlannedTable[]> {
  const tables: PlannedTable[] = [];
  for (const { dataset } of tableDatasets(declaration)) {
    const state = await tableState(declaration, dataset, lockedTableImages(declaration, dataset, lock));
    const locked = new Set(lock.images.filter((i) => i.dataset === dataset.name).map((i) => `${i.area} ${i.date}`));
    // An image bought again (rebuy, missing) is in the lock already: counted once.
    const bought = buying.filter((u) => u.dataset === dataset.name && !locked.has(`${u.area} ${u.date}`)).length;
    tables.push({
      dataset: dataset.name,
      csv: state.csv,
      add: state.missing.length + bought,
      remove: state.extra.length,
      ...(state.problem !== undefined ? { problem: state.problem } : {}),
    });
  }
  return tables;
}

/** True when an apply would change the table. */
export function pendingTable(table: PlannedTable): boolean {
  return table.add > 0 || table.remove > 0 || table.problem !== undefined;
}

/** plan's words for the tables an apply changes, "field table rgb: 2 images to add (rgb/field-stats.csv)",
 * the CSV's path as `shown` writes it: the command line's plan and VS Code's Plan panel say the same. */
export function plannedTableLines(tables: readonly PlannedTable[], shown: (csv: string) => string): string[] {
  return tables.filter(pendingTable).map((t) => {
    const what = [
      ...(t.add > 0 ? [`${imagesWord(t.add)} to add`] : []),
      ...(t.remove > 0 ? [`${imagesWord(t.remove)} to take out`] : []),
      ...(t.problem !== undefined ? [`written again (${t.problem})`] : []),
    ];
    return `field table ${t.dataset}: ${what.join(', ')} (${shown(t.csv)})`;
  });
}

/** Each declaring dataset's table against the lock: verify's problems, one line each. */
export async function verifyTables(declaration: Declaration, lock: ImageryLock): Promise<TableState[]> {
  const states: TableState[] = [];
  for (const { dataset } of tableDatasets(declaration))
    states.push(await tableState(declaration, dataset, lockedTableImages(declaration, dataset, lock)));
  return states;
}
