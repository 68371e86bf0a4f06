// The file extension's `file:size` and `file:checksum` of an image, read from the final file (after
// its atomic rename): streamed through SHA-256, never held in memory, size and hash from one open
// file. The checksum is a multihash in hex: 0x12 (SHA2-256), 0x20 (32 bytes), then the digest.
import { createHash } from 'node:crypto';
import { IMAGE_FILE_LIMIT, withBoundedFile } from '../../files/bounded-read';

/** The multihash prefix of a SHA2-256 digest of 32 bytes. */
const SHA256_MULTIHASH_PREFIX = '1220';

export interface FileFacts {
  size: number;
  /** `1220` + the SHA-256 digest in lowercase hex. */
  checksum: string;
}

export function fileFacts(path: string): Promise<FileFacts> {
  // No link followed: the Item describes the file in the folder, not whatever a link points at.
  return withBoundedFile(
    path,
    IMAGE_FILE_LIMIT,
    async (file) => {
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of file.chunks()) {
        hash.update(chunk);
        size += chunk.length;
      }
      return { size, checksum: `${SHA256_MULTIHASH_PREFIX}${hash.digest('hex')}` };
    },
    { noFollow: true },
  );
}
