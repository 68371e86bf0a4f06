// Writes the STAC ItemCollection of a folder of images: the Items written beside each image
// (`<image>.json`), gathered into one FeatureCollection. An image whose Item is missing or
// unreadable is left out and named in the log: the images themselves are what was paid for.
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { replaceFileSafely } from '../../api/safe-files';
import { sidecarPath } from './stac-sidecar';
import { stacItemCollection } from './stac-item';
import type { StacItem } from './stac-item';

export const ITEM_COLLECTION_NAME = 'stac-items.json';

export async function writeItemCollection(directory: string, images: readonly string[], log?: (line: string) => void): Promise<string | undefined> {
  const items: StacItem[] = [];
  for (const image of [...new Set(images)].sort()) {
    try {
      items.push(JSON.parse(await readFile(sidecarPath(image), 'utf8')) as StacItem);
    } catch (error) {
      log?.(`The STAC ItemCollection leaves out ${basename(image)}: its Item could not be read (${(error as Error).message}).`);
    }
  }
  if (items.length === 0) return undefined;
  const path = join(directory, ITEM_COLLECTION_NAME);
  await replaceFileSafely(path, `${JSON.stringify(stacItemCollection(items), null, 2)}\n`);
  return path;
}
