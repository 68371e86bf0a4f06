// The names of the STAC files beside a person's images, which the STAC writer (workflows/stac)
// writes and the statistics, the viewer and the map read: an image's Item, a folder's
// ItemCollection, and the file an asset's href names.
//
// An asset's href is a URI reference (RFC 3986), resolved against the Item's own location: a file
// name written into it as is would be read otherwise (`#` starts a fragment, `%` an escape, a space
// is not allowed). The name is written percent-encoded as one path segment, and read back by URL
// resolution, as every STAC reader does.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A folder's STAC ItemCollection of its images. */
export const ITEM_COLLECTION_NAME = 'stac-items.json';

/** An image's STAC Item, beside it: `<image without .tif>.json`. */
export function sidecarPath(imagePath: string): string {
  return imagePath.replace(/\.tiff?$/i, '') + '.json';
}

/** `./<name>`, the name percent-encoded as a path segment. */
export function relativeHref(fileName: string): string {
  return `./${encodeURIComponent(fileName)}`;
}

/** The file an href names, resolved against a document in `folder`; undefined when it names no
 * local file (another scheme, an encoded `/`, a bad escape). */
export function fileOfHref(folder: string, href: string): string | undefined {
  try {
    const url = new URL(href, pathToFileURL(join(folder, 'stac-item.json')));
    return url.protocol === 'file:' ? fileURLToPath(url) : undefined;
  } catch {
    return undefined;
  }
}
