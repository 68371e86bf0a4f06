// Writes the STAC ItemCollection of a folder of images: the Items written beside each image
// (`<image>.json`), gathered into one FeatureCollection. An image whose Item is missing or
// unreadable is left out and named in the log: the images themselves are what was paid for.
import { basename, join } from 'node:path';
import { JSON_FILE_LIMITS, readTextBounded } from '../../api/bounded-read';
import { replaceFileSafely } from '../../api/safe-files';
import type { BatchUnitReport } from '../engine/results';
import { sidecarPath } from './stac-sidecar';
import type { WrittenSidecar } from './stac-sidecar';
import { stacItemCollection } from './stac-item';
import type { StacItem } from './stac-item';

export const ITEM_COLLECTION_NAME = 'stac-items.json';

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

/** The image is paid for and saved: metadata that cannot be written is logged, never fatal. The
 * share of valid pixels read while writing it goes into `shares` (by image path). */
export async function writeItemQuietly(
  ports: { log?: (line: string) => void },
  image: string,
  write: () => Promise<WrittenSidecar>,
  shares?: Map<string, number>,
): Promise<WrittenSidecar | undefined> {
  try {
    const written = await write();
    if (written.validFraction !== undefined) shares?.set(image, written.validFraction);
    return written;
  } catch (error) {
    ports.log?.(`The STAC Item beside ${image} could not be written: ${(error as Error).message}`);
    return undefined;
  }
}

/** The folder's ItemCollection after a batch, logged (not thrown) when it cannot be written. */
export async function writeFolderItems(
  ports: { log?: (line: string) => void },
  directory: string,
  images: readonly string[],
): Promise<string | undefined> {
  try {
    return await writeItemCollection(directory, images, ports.log);
  } catch (error) {
    ports.log?.(`The STAC ItemCollection could not be written: ${(error as Error).message}`);
    return undefined;
  }
}

/** Tells each unit report the share of valid pixels of its image, when it was read in this run. */
export function withValidity(units: BatchUnitReport[], shares: ReadonlyMap<string, number>): void {
  for (const unit of units) {
    const share = unit.file === undefined ? undefined : shares.get(unit.file);
    if (share !== undefined) unit.validFraction = share;
  }
}
