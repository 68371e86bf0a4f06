// The whole table: every image, every field, every index. An image that cannot be measured
// (damaged, not georeferenced, lacking the index's bands, undated) fails alone with its reason;
// the others complete. With a row cache, an image the cache knows (same file, unchanged) whose
// rows are all known is not even opened, and one with new fields is measured for those fields
// only; a file it has never seen is measured while it is hashed (see measureWhileHashing).
import type { PixelRule } from './coverage';
import type { Field } from './fields';
import type { ImageInput } from './images';
import type { Measure } from './indices';
import { StatsError } from './errors';
import { imageKey, measureKey } from './incremental';
import type { RowCache } from './incremental';
import { CoverageCache } from './field-plan';
import { measureImage } from './measure-image';
import { compareImageRows } from './table';
import type { StatsRow } from './table';

export interface StatsInput {
  fields: readonly Field[];
  images: readonly ImageInput[];
  measures: readonly Measure[];
  rule: PixelRule;
  imageLabel: (path: string) => string;
  cache?: RowCache;
  /** After each image: done, total. */
  progress?: (done: number, total: number, image: string) => void;
  signal?: AbortSignal;
}

interface ImageFailure {
  image: string;
  /** What is wrong with it, said of it: `${image} ${reason}` is the sentence ("is truncated or
   * damaged: …", "lacks the bands of evi …", "could not be measured: …"). */
  reason: string;
}

export interface StatsResult {
  rows: StatsRow[];
  failures: ImageFailure[];
  /** Images read this run. */
  measured: number;
  /** Images whose rows all came from the cache (not measured). */
  cached: number;
}

/** Images measured at once: while one image's values are worked out on the main thread, the next
 * one's blocks are read and inflated on libuv's pool, which otherwise waits (the processor's
 * second core, on a machine of two). More would hold more strips in memory and gain nothing. */
const IMAGES_AT_ONCE = 2;

export async function computeStats(input: StatsInput): Promise<StatsResult> {
  // Each image's rows, fields (outer) and indices (inner) in their given order, by image.
  const perImage: StatsRow[][] = [];
  const failed: (ImageFailure | undefined)[] = [];
  const coverages = new CoverageCache();
  const measureKeys = input.measures.map(measureKey);
  let measured = 0;
  let cached = 0;
  let next = 0;
  let done = 0;
  const lane = async (): Promise<void> => {
    while (next < input.images.length) {
      input.signal?.throwIfAborted();
      const at = next++;
      const image = input.images[at] as ImageInput;
      const label = input.imageLabel(image.path);
      try {
        if (image.problem !== undefined) throw new StatsError('bad-input', image.problem);
        const { rows, read } = await rowsOfImage(image, input, coverages, measureKeys, label);
        if (read) measured++;
        else cached++;
        perImage[at] = rows;
      } catch (error) {
        if (input.signal?.aborted) throw error;
        failed[at] = { image: label, reason: reasonOf((error as Error).message, image.path) };
      }
      input.progress?.(++done, input.images.length, label);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMAGES_AT_ONCE, input.images.length) }, lane));
  // One date and label per image, its rows already in field and index order: the images sorted
  // by their first row make the table's order without sorting every row.
  const tables = perImage.filter((rows) => rows !== undefined && rows.length > 0);
  tables.sort((a, b) => compareImageRows(a[0] as StatsRow, b[0] as StatsRow));
  const failures = failed.filter((failure): failure is ImageFailure => failure !== undefined);
  return { rows: tables.flat(), failures, measured, cached };
}

/** One image's rows, fields (outer) and indices (inner) in their given order: those the cache
 * keeps under the image's content, the rest measured (and kept). `read`: the image was opened. */
async function rowsOfImage(
  image: ImageInput,
  input: StatsInput,
  coverages: CoverageCache,
  measureKeys: readonly string[],
  label: string,
): Promise<{ rows: StatsRow[]; read: boolean }> {
  const hashed = input.cache ? await input.cache.hashOf(image.path, input.signal) : undefined;
  const cachedUnder = (sha256: string | undefined) => {
    const key = sha256 === undefined ? '' : imageKey(sha256, image, input.rule);
    const groups = measureKeys.map((measure) => input.cache?.group({ image: key, measure }));
    const known = input.fields.map((field) => groups.map((group) => group?.get(field.hash)));
    const missing = input.fields.filter((_, f) => known[f]?.some((row) => row === undefined));
    return { groups, known, missing };
  };
  const { rows: early, lookup } =
    hashed?.file === 'new'
      ? await measureWhileHashing(image, input, coverages, hashed.sha256, cachedUnder)
      : { rows: undefined, lookup: cachedUnder(await hashed?.sha256) };
  const { groups, known: cachedRows, missing } = lookup;
  // Rows measured while hashing replace any the cache had: the same figures, computed again.
  const known = early ? input.fields.map(() => groups.map(() => undefined)) : cachedRows;
  const fresh =
    early ?? (missing.length === 0 ? [] : await measureImage(image, { ...input, fields: missing }, coverages));
  const freshOf = new Map(fresh.map((row) => [`${row.field}\n${row.index}`, row]));
  const rows: StatsRow[] = [];
  input.fields.forEach((field, f) =>
    input.measures.forEach((measure, m) => {
      const cached = known[f]?.[m];
      const row = cached ? { ...cached, image: label } : (freshOf.get(`${field.id}\n${measure.name}`) as StatsRow);
      if (!cached) {
        const { image: _label, ...rest } = row;
        groups[m]?.put(field.hash, rest);
      }
      rows.push(row);
    }),
  );
  return { rows, read: early !== undefined || missing.length > 0 };
}

/** A file the cache has never seen (one more date) is measured whole while its content is hashed
 * on another thread: its rows are seldom in the cache, and a rerun after one more date waited for
 * the hash before reading a pixel. `lookup` is what the cache holds under the hash, looked up
 * once; when it has every row (a file copied from one measured before), the measuring stops at
 * its next strip and `rows` is undefined. A file at a path hashed before, written or only touched
 * since, is hashed first, as before: its rows are as likely kept as not. */
async function measureWhileHashing<Lookup extends { missing: readonly unknown[] }>(
  image: ImageInput,
  input: StatsInput,
  coverages: CoverageCache,
  hash: Promise<string>,
  cachedUnder: (sha256: string) => Lookup,
): Promise<{ lookup: Lookup; rows?: StatsRow[] }> {
  const stop = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, stop.signal]) : stop.signal;
  const measuring = measureImage(image, { ...input, signal }, coverages);
  // Awaited below, or given up once the cache has every row: its failure is then no one's.
  measuring.catch(() => undefined);
  let sha256: string;
  try {
    sha256 = await hash;
  } catch (error) {
    stop.abort();
    throw error;
  }
  const lookup = cachedUnder(sha256);
  if (lookup.missing.length === 0) {
    stop.abort();
    return { lookup };
  }
  return { lookup, rows: await measuring };
}

/** A message that starts with the image's path, without it (the caller names the image as its
 * table does); any other message as what stopped the measuring. */
function reasonOf(message: string, path: string): string {
  return message.startsWith(`${path} `) ? message.slice(path.length + 1) : `could not be measured: ${message}`;
}

/** "1 image read, 12 from the cache, 2 could not be measured": what a run did with its images. */
export function imageCounts({
  measured,
  cached,
  failures,
}: Pick<StatsResult, 'measured' | 'cached' | 'failures'>): string {
  return [
    `${measured} image${measured === 1 ? '' : 's'} read`,
    ...(cached > 0 ? [`${cached} from the cache`] : []),
    ...(failures.length > 0 ? [`${failures.length} could not be measured`] : []),
  ].join(', ');
}
