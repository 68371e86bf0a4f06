// `sat-imagery stats AREA IMAGES...`: per-field statistics of images already on disk (nothing is
// sent, no key needed). CSV on standard output unless --csv or --parquet names a file; a table
// written to a file keeps a row cache in the user's cache folder (never beside it: one found there
// is noted and not read, stats/row-cache-home.ts), so a rerun after one more date computes only
// that date. An image that cannot be measured is named on stderr with its reason, the table
// holds the rest, and the exit code is 1.
import { dirname, join, relative, resolve, sep } from 'node:path';
import { checkReplaceable, replaceFileSafely } from '../../files/safe-files';
import { prettyJsonPieces } from '../../common/json-pieces';
import { SERIES_TABLE_NAME } from '../../stats/series-table';
import { writeTableFiles } from '../../stats/table-files';
import {
  PIXEL_RULES,
  StatsError,
  computeStats,
  csvPieces,
  imageCounts,
  listImages,
  measureOf,
  openTableCache,
  readFields,
} from '../../stats/index';
import type { Field, Measure, PixelRule, RowCacheHome, StatsResult } from '../../stats/index';
import { readAreaSource } from '../area';
import type { VerbContext } from '../context';
import { ExitCode, UsageError } from '../exit-codes';

export async function statsVerb(context: VerbContext): Promise<number> {
  const { options, terminal } = context;
  const [areaName, ...imageNames] = context.rest;
  if (imageNames.length === 0)
    throw new UsageError("'stats' needs an area file and at least one image, folder or STAC ItemCollection after it.");
  const { measures, rule } = measureOptions(context);
  const csv = options.string('csv');
  const parquet = options.string('parquet');
  const fields = await fieldsOf(context, areaName);
  const images = await listImages(imageNames);
  const table = csv ?? parquet;
  const tableCache = table ? await openTableCache(table, cacheHome(context)) : undefined;
  // A table (or its row cache) that could not be written is said before the images are read, not after.
  for (const file of [csv, parquet, tableCache?.file]) if (file !== undefined) await checkReplaceable(resolve(file));
  for (const note of tableCache?.notes ?? []) terminal.note(`sat-imagery: ${note}.`);
  const base = table ? dirname(resolve(table)) : process.cwd();
  const result = await computeStats({
    fields,
    images,
    measures,
    rule,
    imageLabel: (path) => labelFrom(base, path),
    ...(tableCache ? { cache: tableCache.cache } : {}),
    signal: context.signal,
    progress: (done, total, image) => terminal.report({ increment: 100 / total, message: `${done}/${total} ${image}` }),
  });
  // Said before anything is written: a write that fails does not hide which images failed.
  for (const failure of result.failures) terminal.note(`sat-imagery: ${failure.image} ${failure.reason}`);
  if (csv) await replaceFileSafely(csv, csvPieces(result.rows));
  if (parquet) {
    const { writeGeoParquet } = await import('../../stats/geoparquet');
    // Each table names its images from its own folder, when the two are written apart.
    const folder = dirname(resolve(parquet));
    const rows =
      folder === base
        ? result.rows
        : result.rows.map((row) => ({ ...row, image: labelFrom(folder, resolve(base, row.image)) }));
    await writeGeoParquet(parquet, rows, fields);
  }
  await tableCache?.save();
  if (terminal.json) {
    const document = {
      rows: result.rows,
      failures: result.failures,
      measured: result.measured,
      cached: result.cached,
      files: [csv, parquet].filter(Boolean),
      notes: tableCache?.notes ?? [],
    };
    for (const piece of prettyJsonPieces(document)) terminal.write(piece);
    terminal.write('\n');
  } else if (!table) for (const piece of csvPieces(result.rows)) terminal.write(piece);
  else
    terminal.note(
      summaryLine(
        result,
        [csv, parquet].filter((f): f is string => f !== undefined),
      ),
    );
  return result.failures.length > 0 ? ExitCode.failure : ExitCode.ok;
}

/** The area file's fields. Its text is not kept past them: 100,000 fields are 100 MB of GeoJSON,
 * which the whole run would otherwise hold. */
export async function fieldsOf(context: VerbContext, areaName: string | undefined): Promise<Field[]> {
  const source = await readAreaSource(areaName, context.verb);
  return readFields(source.text, source.name, source.format ?? 'auto', context.options.string('id-property'));
}

/** --index / --expression and --rule, shared with `series --stats`. */
export function measureOptions({ options }: VerbContext): { measures: Measure[]; rule: PixelRule } {
  const index = options.list('index');
  const expression = options.string('expression');
  if (index && expression) throw new UsageError('Give --index or --expression, not both.');
  try {
    const named = (index ?? ['ndvi']).map((i) => measureOf(i));
    // An index named twice (ndvi,NDVI) is measured once: one row per field, date and index.
    const measures = expression
      ? [measureOf(expression, true)]
      : named.filter((m, i) => named.findIndex((other) => other.name === m.name) === i);
    return { measures, rule: readRule(options.string('rule')) };
  } catch (error) {
    // A malformed index or expression is a usage error (exit 2), said as the parser said it.
    if (error instanceof StatsError)
      throw new UsageError(`${expression ? '--expression' : '--index'}: ${error.message}`);
    throw error;
  }
}

/** `series --stats`: the statistics of the series folder by its fields, as field-stats.csv in it. */
export async function seriesStats(
  context: VerbContext,
  areaText: string,
  areaName: string,
  directory: string,
): Promise<StatsResult & { csv: string; notes: string[] }> {
  const { measures, rule } = measureOptions(context);
  const fields = readFields(areaText, areaName, 'auto', context.options.string('id-property'));
  const csv = join(directory, SERIES_TABLE_NAME);
  const { notes, ...result } = await writeTableFiles(
    { fields, images: await listImages([directory]), measures, rule, signal: context.signal },
    { csv, home: cacheHome(context), note: (note) => context.terminal.note(`sat-imagery: ${note}.`) },
  );
  for (const failure of result.failures) context.terminal.note(`sat-imagery: ${failure.image} ${failure.reason}`);
  return { ...result, csv, notes };
}

/** The row cache's place: the user's cache folder, for this version of the product. */
export function cacheHome(context: VerbContext): RowCacheHome {
  return { folder: context.cacheFolder(), product: context.version };
}

/** An image as a table in `folder` names it: relative, forward slashes. */
export function labelFrom(folder: string, path: string): string {
  return relative(folder, resolve(path)).split(sep).join('/');
}

function readRule(text: string | undefined): PixelRule {
  if (text === undefined) return 'centre';
  const rule = text === 'center' ? 'centre' : text;
  if (!(PIXEL_RULES as string[]).includes(rule))
    throw new UsageError(`--rule must be one of ${PIXEL_RULES.join(', ')}, not '${text}'.`);
  return rule as PixelRule;
}

function summaryLine(result: StatsResult, files: string[]): string {
  return `${result.rows.length} rows written to ${files.join(' and ')} (${imageCounts(result)}).`;
}
