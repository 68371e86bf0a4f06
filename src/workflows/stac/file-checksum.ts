// The file extension's `file:size` and `file:checksum` of an image, read from the final file (after
// its atomic rename): streamed through SHA-256, never held in memory, size and hash from one open
// file. The checksum is a multihash in hex: 0x12 (SHA2-256), 0x20 (32 bytes), then the digest.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** The multihash prefix of a SHA2-256 digest of 32 bytes. */
const SHA256_MULTIHASH_PREFIX = '1220';

export interface FileFacts {
  size: number;
  /** `1220` + the SHA-256 digest in lowercase hex. */
  checksum: string;
}

export async function fileFacts(path: string): Promise<FileFacts> {
  // No link followed: the Item describes the file in the folder, not whatever a link points at.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of handle.createReadStream({ autoClose: false, highWaterMark: 1024 * 1024 })) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { size, checksum: `${SHA256_MULTIHASH_PREFIX}${hash.digest('hex')}` };
  } finally {
    await handle.close();
  }
}
