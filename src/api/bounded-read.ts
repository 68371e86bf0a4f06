// Reading a small file the folder holds (a STAC Item, a collection) that anyone could have put
// there: a link to /dev/zero, a FIFO or a 2 GB file must not be read whole. Only a regular file
// is read (opened without waiting on a FIFO), and never more than `maxBytes`.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

export class FileTooLargeError extends Error {}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Sidecars and collections: a STAC Item is a few KiB, a collection of 1,000 dates a few MiB. */
export const JSON_FILE_LIMITS = { item: 1024 * 1024, collection: 16 * 1024 * 1024 } as const;

export async function readTextBounded(path: string, maxBytes: number): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FileTooLargeError(`${path} is not a regular file; it is not read.`);
    if (stat.size > maxBytes)
      throw new FileTooLargeError(`${path} is ${formatBytes(stat.size)}, more than the ${formatBytes(maxBytes)} read.`);
    // One byte more than its size: a file that grew since is refused, not read on without end.
    const buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > stat.size) throw new FileTooLargeError(`${path} grew while it was read; it is not read.`);
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    await handle.close();
  }
}

/** The file's JSON, or undefined when it is missing, too large, not a regular file or not JSON. */
export async function readJsonBounded(path: string, maxBytes: number): Promise<unknown> {
  try {
    return JSON.parse(await readTextBounded(path, maxBytes)) as unknown;
  } catch {
    return undefined;
  }
}
