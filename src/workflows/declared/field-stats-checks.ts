// What an imagery file's checks refuse in a dataset's `fieldStats`, before anything is sent: a
// fields file outside the imagery file's folder, through a symbolic link or missing (read as its
// area files are, area-glob.ts) or that is not fields `stats` reads (not an area, two fields of
// one id), and an index `sat-imagery stats` would not take.
import { join } from 'node:path';
import { AREA_FILE_LIMIT, isRefusedFile, readTextBounded } from '../../files/bounded-read';
import type { JsonPath } from '../../geometry/json-locate';
import { StatsError } from '../../stats/errors';
import { readFields } from '../../stats/fields';
import { measureOf } from '../../stats/indices';
import type { Measure } from '../../stats/indices';
import { areaPatternProblem, expandArea } from './area-glob';
import type { DeclaredDataset } from './declared-schema';

/** The measures of `indices`: a named index, a band, an index band, or else an expression, as
 * `stats --index` and `--expression` take them; an index named twice is measured once. */
export function measuresOf(indices: readonly string[]): Measure[] {
  const measures = indices.map((text) => {
    try {
      return measureOf(text);
    } catch (error) {
      if (!(error instanceof StatsError)) throw error;
      return measureOf(text, true);
    }
  });
  return measures.filter((m, i) => measures.findIndex((other) => other.name === m.name) === i);
}

/** What the imagery file's checks refuse in dataset `index`'s fieldStats: a fields file outside
 * the imagery file's folder, through a link or missing, and an index `stats` would not take. */
export async function fieldStatsProblems(
  directory: string,
  dataset: DeclaredDataset,
  index: number,
): Promise<{ path: JsonPath; message: string }[]> {
  const stats = dataset.fieldStats;
  if (!stats) return [];
  const problems: { path: JsonPath; message: string }[] = [];
  const at: JsonPath = ['datasets', index, 'fieldStats'];
  stats.indices.forEach((text, i) => {
    try {
      measuresOf([text]);
    } catch (error) {
      if (!(error instanceof StatsError)) throw error;
      problems.push({
        path: [...at, 'indices', i],
        message: `'${text}' is no index nor expression: use a named index (ndvi, ndwi, ndmi, ndre, evi, savi), a band (B8), an index band ([B8_B4]) or arithmetic of bands (${error.message.replace(/\.$/, '')})`,
      });
    }
  });
  const fields = await fieldsFileProblem(directory, stats.fields, stats.idProperty);
  if (fields) problems.push({ path: [...at, 'fields'], message: fields });
  return problems;
}

/** Why `name` is not a fields file of the imagery file: found as its area files are
 * (area-glob.ts), then read as `stats` reads its fields (so a file apply could not measure with
 * is refused here, before anything is bought, not after). */
async function fieldsFileProblem(
  directory: string,
  name: string,
  idProperty: string | undefined,
): Promise<string | undefined> {
  if (/[*?]/.test(name)) return `'${name}': the fields are one file, not a glob`;
  const refused = areaPatternProblem(directory, name);
  if (refused) return refused.replace(/area files/g, 'fields files');
  try {
    const found = await expandArea(directory, name);
    if (found.length === 0) return `no fields file '${name}' (relative to ${directory})`;
  } catch (error) {
    return (error as Error).message.replace(/area files/g, 'fields files');
  }
  try {
    const text = await readTextBounded(join(directory, name), AREA_FILE_LIMIT, { noFollow: true });
    readFields(text, name, 'auto', idProperty);
  } catch (error) {
    if (error instanceof StatsError || isRefusedFile(error))
      return `the fields file does not read as fields: ${(error as Error).message.replace(/\.$/, '')}`;
    throw error;
  }
  return undefined;
}
