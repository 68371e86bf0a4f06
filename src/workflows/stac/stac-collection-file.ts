// Writes a time series folder's `collection.json` and keeps it up to date as dates are added: the
// Items it linked before (still there, their images too) and this run's, written atomically by
// replaceFileSafely (never a half file, never through a symlink). One Collection holds one set of
// settings: a run with other settings (bands, resolution, EPSG, model, output fields; not the date
// or the area) makes it the Collection of its own, and the other Items stay beside it, unlisted.
// A `collection.json` the project did not write (no SERIES_MARK) is the person's: it is kept, and
// the folder gets no Collection.
import { lstat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { JSON_FILE_LIMITS, readTextBounded } from '../../files/bounded-read';
import { replaceFileSafely } from '../../files/safe-files';
import { fileOfHref, sidecarPath } from '../../files/stac-names';
import { loggedUnlessWritten } from './stac-collection';
import { COLLECTION_FILE_NAME } from './stac-item';
import type { StacItem } from './stac-item';
import { SERIES_MARK, collectionIdOf, stacSeriesCollection } from './stac-series-collection';
import type { CollectionMember } from './stac-series-collection';

type Existing =
  { kind: 'none' } | { kind: 'ours'; id: string; itemFiles: string[] } | { kind: 'not-ours'; why: string };

async function readExisting(directory: string): Promise<Existing> {
  const path = join(directory, COLLECTION_FILE_NAME);
  const info = await lstat(path).catch(() => undefined);
  if (!info) return { kind: 'none' };
  // A link (even to nothing) is never written through, nor read as ours.
  if (!info.isFile())
    return { kind: 'not-ours', why: info.isSymbolicLink() ? 'it is a symbolic link' : 'it is not a regular file' };
  let text: string;
  try {
    // The file looked at, opened without following a link: not one swapped in since (bounded-read.ts).
    text = await readTextBounded(path, JSON_FILE_LIMITS.collection, { noFollow: true, sameAs: info });
  } catch (error) {
    return { kind: 'not-ours', why: (error as Error).message };
  }
  let parsed: { type?: unknown; id?: unknown; links?: unknown; [SERIES_MARK]?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    return { kind: 'not-ours', why: 'it is not JSON' };
  }
  if (
    parsed?.type !== 'Collection' ||
    parsed[SERIES_MARK] !== true ||
    typeof parsed.id !== 'string' ||
    parsed.id === ''
  )
    return { kind: 'not-ours', why: 'this extension did not write it' };
  const links = Array.isArray(parsed.links) ? (parsed.links as { rel?: unknown; href?: unknown }[]) : [];
  const itemFiles = links.flatMap((link) => {
    const file = link?.rel === 'item' && typeof link.href === 'string' ? fileOfHref(directory, link.href) : undefined;
    // Only Items beside the collection: a link elsewhere is not followed.
    return file && resolve(dirname(file)) === resolve(directory) ? [file] : [];
  });
  return { kind: 'ours', id: parsed.id, itemFiles };
}

/** The id the folder's Items link to: its Collection's, else one made from the folder's name;
 * undefined when `collection.json` is a file of the person's (no Collection is written then). */
export async function seriesCollectionId(directory: string): Promise<string | undefined> {
  const existing = await readExisting(directory);
  if (existing.kind === 'not-ours') return undefined;
  return existing.kind === 'ours' ? existing.id : collectionIdOf(basename(resolve(directory)));
}

/** What makes images of one series: the request without its date and area. */
function settingsKey(item: StacItem): string {
  const request = (item.properties['sat-imagery:request'] ?? {}) as Record<string, unknown>;
  const kept = Object.keys(request)
    .filter((name) => !/^(date|wkt|geojson)$/i.test(name))
    .sort()
    .map((name) => [name, request[name]]);
  return JSON.stringify(kept);
}

interface Found extends CollectionMember {
  image: string;
  /** Written (or kept) by this run. */
  ours: boolean;
}

/** The Item in `file`, when it parses as one and the image it describes is in the folder. */
async function member(directory: string, file: string): Promise<{ item: StacItem; image: string } | undefined> {
  let item: StacItem;
  try {
    item = JSON.parse(await readTextBounded(file, JSON_FILE_LIMITS.item)) as StacItem;
  } catch {
    return undefined;
  }
  if (
    item?.type !== 'Feature' ||
    typeof item.id !== 'string' ||
    !Array.isArray(item.bbox) ||
    typeof item.properties?.datetime !== 'string'
  )
    return undefined;
  const href = item.assets?.image?.href;
  const image = typeof href === 'string' ? fileOfHref(directory, href) : undefined;
  const info =
    image && resolve(dirname(image)) === resolve(directory) ? await lstat(image).catch(() => undefined) : undefined;
  return info?.isFile() && image ? { item, image } : undefined;
}

export interface WrittenCollection {
  path: string;
  /** The images it lists (for the folder's ItemCollection). */
  images: string[];
}

/** Writes the folder's Collection of the Items it had and the Items of `images` (this run's);
 * returns its path and images, or undefined when there is no Item to list or the name is the
 * person's. */
export async function writeSeriesCollection(
  directory: string,
  images: readonly string[],
  log?: (line: string) => void,
): Promise<WrittenCollection | undefined> {
  const existing = await readExisting(directory);
  if (existing.kind === 'not-ours') {
    log?.(
      `No STAC Collection was written: ${COLLECTION_FILE_NAME} in ${directory} is kept as it is (${existing.why}).`,
    );
    return undefined;
  }
  const mine = new Set(images.map((image) => resolve(sidecarPath(image))));
  const files = new Set([...(existing.kind === 'ours' ? existing.itemFiles.map((f) => resolve(f)) : []), ...mine]);
  const found: Found[] = [];
  for (const file of [...files].sort()) {
    const read = await member(directory, file);
    if (read) found.push({ fileName: basename(file), item: read.item, image: read.image, ours: mine.has(file) });
    else if (mine.has(file))
      log?.(
        `The STAC Collection leaves out ${basename(file)}: it could not be read as an Item of an image in the folder.`,
      );
  }
  // The settings of this run decide; a run that wrote nothing keeps the Collection's own.
  const current = found.find((f) => f.ours) ?? found[0];
  if (!current) return undefined;
  const key = settingsKey(current.item);
  const members = found.filter((f) => settingsKey(f.item) === key);
  const other = found.length - members.length;
  if (other > 0)
    log?.(
      `The STAC Collection lists the ${members.length} date(s) of this run's settings; ${other} Item(s) of other settings stay in the folder, unlisted.`,
    );
  const id = existing.kind === 'ours' ? existing.id : collectionIdOf(basename(resolve(directory)));
  const path = join(directory, COLLECTION_FILE_NAME);
  await replaceFileSafely(path, `${JSON.stringify(stacSeriesCollection(id, members), null, 2)}\n`);
  return { path, images: members.map((m) => m.image) };
}

/** The Collection after a series run, logged (not thrown) when it cannot be written. */
export function writeSeriesCollectionQuietly(
  ports: { log?: (line: string) => void },
  directory: string,
  images: readonly string[],
): Promise<WrittenCollection | undefined> {
  return loggedUnlessWritten(ports, 'The STAC Collection', () => writeSeriesCollection(directory, images, ports.log));
}
