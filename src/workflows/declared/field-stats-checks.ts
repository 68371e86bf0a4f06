// What an imagery file's checks refuse in a dataset's `fieldStats`, before anything is sent: a
// fields file outside the imagery file's folder, through a symbolic link or missing (read as its
// area files are, area-glob.ts) or that is not fields `stats` reads (not an area, two fields of
// one id), an index `sat-imagery stats` would not take, and an index the dataset's images cannot
// give (its bands not among those its Bandnames asks for). The file's own `bandnames` is checked
// when the file is read; a dataset that leaves it to the settings, or asks for `all` (the model's
// bands, from the service's models list), is checked by `plan` with the bands resolved.
import { join } from 'node:path';
import { AREA_FILE_LIMIT, isRefusedFile, readTextBounded } from '../../files/bounded-read';
import type { JsonPath } from '../../geometry/json-locate';
import { parseBandExpression } from '../../request/band-expression';
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
  const bands = dataset.bandnames === undefined ? undefined : deliveredBands(dataset.bandnames);
  if (bands) problems.push(...unmeasurableIndices(dataset, index, bands));
  const fields = await fieldsFileProblem(directory, stats.fields, stats.idProperty);
  if (fields) problems.push({ path: [...at, 'fields'], message: fields });
  return problems;
}

/** The bands an image bought with `bandnames` has, as its band descriptions name them (what
 * `stats` resolves an index against, indices.ts resolveMeasure): rgb's B4, B3, B2, a list's items
 * (an index band such as [B8_B4] is one band), `all` the model's bands. Undefined when they are
 * not known (`all` of a model whose bands the models list does not name) or the value is no
 * Bandnames (the band checks refuse it, with their own words). */
export function deliveredBands(bandnames: string, modelBands?: readonly string[]): string[] | undefined {
  try {
    const selection = parseBandExpression(bandnames, modelBands);
    return selection.count === undefined ? undefined : selection.items.map((item) => item.toUpperCase());
  } catch {
    return undefined;
  }
}

/** The dataset's indices that images of `bands` cannot give, each at its place in the file, naming
 * the bands it lacks and those the images have: apply would buy the images, then fail to make the
 * table. An index `stats` would not take is left to fieldStatsProblems. */
export function unmeasurableIndices(
  dataset: DeclaredDataset,
  index: number,
  bands: readonly string[],
): { path: JsonPath; message: string }[] {
  const have = new Set(bands);
  const problems: { path: JsonPath; message: string }[] = [];
  dataset.fieldStats?.indices.forEach((text, j) => {
    let measure: Measure;
    try {
      [measure] = measuresOf([text]) as [Measure];
    } catch (error) {
      if (error instanceof StatsError) return;
      throw error;
    }
    const lacking = measure.forms.map((form) => form.bands.filter((band) => !have.has(band)));
    if (lacking.some((missing) => missing.length === 0)) return;
    const asked =
      dataset.bandnames === undefined ? 'the Bandnames it takes from the settings' : `bandnames '${dataset.bandnames}'`;
    problems.push({
      path: ['datasets', index, 'fieldStats', 'indices', j],
      message: `'${text}' cannot be measured in this dataset's images: it needs ${lacking.map((missing) => missing.join(', ')).join(', or ')}, which they will not have (${asked} gives ${bands.join(', ')}); add the bands to bandnames, or measure a band they have`,
    });
  });
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
