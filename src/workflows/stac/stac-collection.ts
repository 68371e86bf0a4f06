// Writes the STAC ItemCollection of a folder of images: the Items written beside each image
// (`<image>.json`), gathered into one FeatureCollection. An image whose Item is missing or
// unreadable is left out and named in the log: the images themselves are what was paid for.
import { basename, join } from 'node:path';
import { JSON_FILE_LIMITS, readTextBounded } from '../../files/bounded-read';
import { replaceFileSafely } from '../../files/safe-files';
import { ITEM_COLLECTION_NAME, sidecarPath } from '../../files/stac-names';
import type { BatchUnitReport, ImageOutcome } from '../engine/results';
import type { WrittenSidecar } from './stac-sidecar';
import { stacItemCollection } from './stac-item';
import type { StacItem } from './stac-item';

export async function writeItemCollection(
  directory: string,
  images: readonly string[],
  log?: (line: string) => void,
): Promise<string | undefined> {
  const items: StacItem[] = [];
  for (const image of [...new Set(images)].sort()) {
    try {
      items.push(JSON.parse(await readTextBounded(sidecarPath(image), JSON_FILE_LIMITS.item)) as StacItem);
    } catch (error) {
      log?.(
        `The STAC ItemCollection leaves out ${basename(image)}: its Item could not be read (${(error as Error).message}).`,
      );
    }
  }
  if (items.length === 0) return undefined;
  const path = join(directory, ITEM_COLLECTION_NAME);
  await replaceFileSafely(path, `${JSON.stringify(stacItemCollection(items), null, 2)}\n`);
  return path;
}

type LogPorts = { log?: (line: string) => void };

/** What each image's one read after saving found (valid shares, pixel size), by image path. */
export type ImageReads = Map<string, WrittenSidecar>;

/** What a write gives, or undefined when it failed: the images are what was paid for, so metadata
 * that cannot be written is logged (`what` could not be written, and why), never fatal. */
export async function loggedUnlessWritten<T>(
  ports: LogPorts,
  what: string,
  write: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    ports.log?.(`${what} could not be written: ${(error as Error).message}`);
    return undefined;
  }
}

/** The image is paid for and saved: its Item that cannot be written is logged, never fatal. What
 * the read for its Item found goes into `reads` (by image path). */
export async function writeItemQuietly(
  ports: LogPorts,
  image: string,
  write: () => Promise<WrittenSidecar>,
  reads?: ImageReads,
): Promise<WrittenSidecar | undefined> {
  const written = await loggedUnlessWritten(ports, `The STAC Item beside ${image}`, write);
  if (written) reads?.set(image, written);
  return written;
}

/** The folder's ItemCollection after a batch, logged (not thrown) when it cannot be written. */
export function writeFolderItems(
  ports: LogPorts,
  directory: string,
  images: readonly string[],
): Promise<string | undefined> {
  return loggedUnlessWritten(ports, 'The STAC ItemCollection', () => writeItemCollection(directory, images, ports.log));
}

/** What the one read of a bought image found, as every purchase reports it (`asked`: the pixel
 * size the request asked, in metres; none for a tile batch sent without one). */
export function imageOutcome(read: WrittenSidecar, asked: number | undefined): ImageOutcome {
  return {
    ...(read.validFraction !== undefined ? { validFraction: read.validFraction } : {}),
    ...(read.coverage ? { coverage: read.coverage } : {}),
    ...(asked !== undefined ? { pixelSize: { asked, delivered: read.delivered } } : {}),
  };
}

/** Tells each unit report what its image holds, when it was bought and read in this run. */
export function withValidity(
  units: BatchUnitReport[],
  reads: ReadonlyMap<string, WrittenSidecar>,
  asked: number | undefined,
): void {
  for (const unit of units) {
    const read = unit.file === undefined ? undefined : reads.get(unit.file);
    if (read) Object.assign(unit, imageOutcome(read, asked));
  }
}
