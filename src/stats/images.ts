// The images to measure, from what the person names: GeoTIFF files, folders of them (a series
// folder's STAC ItemCollection, stac-items.json, when it has one), or a STAC ItemCollection or
// Item file. Each image's date: the STAC Item's datetime, else (later, from the file) its
// ACQUISITION_DATE, else a date in its name. JSON is read within a size bound, and only from a
// regular file (a FIFO or a device in its place would never end). A sidecar Item that is there but
// cannot be read fails its image alone, with the reason (as a damaged image does): its date is
// not guessed from elsewhere. An image named twice is measured once, dated as its first STAC
// mention says.
import { lstat, readdir, stat } from 'node:fs/promises';
import { JSON_FILE_LIMITS, isRefusedFile, readTextBounded } from '../files/bounded-read';
import { dirname, extname, join, resolve } from 'node:path';
import { ITEM_COLLECTION_NAME, fileOfHref, sidecarPath } from '../files/stac-names';
import { StatsError } from './errors';
import { isRecord } from '../common/is-record';

export interface ImageInput {
  path: string;
  /** YYYY-MM-DD from the STAC Item, when one says it. */
  stacDate?: string;
  /** Why the image cannot be measured before it is opened (its sidecar Item unreadable). */
  problem?: string;
}

const MAX_JSON_BYTES = 64 * 1024 * 1024;
const TIFF = /\.tiff?$/i;

export async function listImages(names: readonly string[]): Promise<ImageInput[]> {
  if (names.length === 0)
    throw new StatsError(
      'no-images',
      'No images given: name GeoTIFF files, folders of them, or a STAC ItemCollection.',
    );
  const found: ImageInput[] = [];
  for (const name of names) {
    let info;
    try {
      info = await stat(name);
    } catch (error) {
      throw new StatsError('bad-input', `Cannot read ${name}: ${errorCode(error)}.`);
    }
    // One by one, not push(...images): an ItemCollection of 200,000 assets is as many arguments,
    // more than the call stack holds.
    const images = info.isDirectory()
      ? await folderImages(name)
      : extname(name).toLowerCase() === '.json'
        ? await stacImages(name)
        : [await withSidecarDate(name)];
    for (const image of images) found.push(image);
  }
  const unique = new Map<string, ImageInput>();
  for (const image of found) {
    const key = resolve(image.path);
    const first = unique.get(key);
    // The first mention keeps its place; a STAC date dates an image its first mention left undated.
    if (!first || (first.stacDate === undefined && image.stacDate !== undefined)) unique.set(key, image);
  }
  if (unique.size === 0) throw new StatsError('no-images', `No GeoTIFF found in ${names.join(', ')}.`);
  return [...unique.values()];
}

async function folderImages(folder: string): Promise<ImageInput[]> {
  const entries = await readdir(folder);
  if (entries.includes(ITEM_COLLECTION_NAME)) return stacImages(join(folder, ITEM_COLLECTION_NAME));
  return Promise.all(
    entries
      .filter((e) => TIFF.test(e))
      .sort()
      .map((e) => withSidecarDate(join(folder, e))),
  );
}

/** A STAC file's JSON: a regular file within `maxBytes`, else a StatsError saying why. */
async function readJson(path: string, maxBytes: number): Promise<unknown> {
  let text: string;
  try {
    text = await readTextBounded(path, maxBytes);
  } catch (error) {
    const reason = isRefusedFile(error) ? error.message : `${path} cannot be read (${errorCode(error)}).`;
    throw new StatsError('bad-input', reason);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new StatsError('bad-input', `${path} is not JSON: ${(error as Error).message}.`);
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/** An ItemCollection's (or one Item's) GeoTIFF assets with their dates. */
async function stacImages(path: string): Promise<ImageInput[]> {
  const root = await readJson(path, MAX_JSON_BYTES);
  const items = isRecord(root) && Array.isArray(root.features) ? root.features : [root];
  const images: ImageInput[] = [];
  for (const item of items) {
    if (!isRecord(item) || !isRecord(item.assets)) continue;
    const date = isRecord(item.properties) ? dayOf(item.properties.datetime) : undefined;
    for (const asset of Object.values(item.assets)) {
      if (!isRecord(asset) || typeof asset.href !== 'string') continue;
      const type = typeof asset.type === 'string' ? asset.type : '';
      if (!TIFF.test(asset.href) && !type.includes('geotiff')) continue;
      // A URI reference, resolved against the file and percent-decoded, as the series writes it.
      const file = fileOfHref(dirname(resolve(path)), asset.href);
      if (file === undefined)
        throw new StatsError(
          'bad-input',
          `${path}: the asset ${asset.href} is not a local file; only local images are measured.`,
        );
      images.push({ path: file, ...(date ? { stacDate: date } : {}) });
    }
  }
  if (images.length === 0) throw new StatsError('no-images', `${path} lists no GeoTIFF asset.`);
  return images;
}

async function withSidecarDate(path: string): Promise<ImageInput> {
  const sidecar = sidecarPath(path);
  let item: unknown;
  try {
    item = await readJson(sidecar, JSON_FILE_LIMITS.item);
  } catch (error) {
    const missing = await lstat(sidecar).then(
      () => false,
      (why: NodeJS.ErrnoException) => why.code === 'ENOENT',
    );
    return missing
      ? { path }
      : { path, problem: `${path} has a STAC Item that cannot be read: ${(error as Error).message}` };
  }
  const date = isRecord(item) && isRecord(item.properties) ? dayOf(item.properties.datetime) : undefined;
  return date ? { path, stacDate: date } : { path };
}

/** YYYY-MM-DD of an ISO date or date-time, else undefined. */
export function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})[-:]?(\d{2})[-:]?(\d{2})/.exec(value.trim());
  return match ? checkedDay(match[1] as string, match[2] as string, match[3] as string) : undefined;
}

/** A date written in a file name: 2024-05-01, 2024_05_01 or 20240501. */
export function dayInName(path: string): string | undefined {
  const name = path.split(/[\\/]/).pop() ?? path;
  // In a lookahead, so a run of digits that is no date (`tile_0042_2024-05-01`) does not use up
  // the date after it: every start is tried.
  for (const match of name.matchAll(/(?<!\d)(?=(\d{4})[-_]?(\d{2})[-_]?(\d{2})(?!\d))/g)) {
    const day = checkedDay(match[1] as string, match[2] as string, match[3] as string);
    if (day) return day;
  }
  return undefined;
}

function checkedDay(y: string, m: string, d: string): string | undefined {
  const text = `${y}-${m}-${d}`;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
}
