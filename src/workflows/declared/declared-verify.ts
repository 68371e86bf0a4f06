// `verify`: every image the lock records, its size and SHA-256 read back from the disk. Files are
// hashed two at a time in 1 MiB reads, about as fast as the disk gives them (sha256sum's pace is
// the bench's reference). Only regular files are read; a link or a folder in a file's place differs,
// and so does a path that leaves the folder or passes through a link (files/inside-folder.ts).
import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_FILE_LIMIT, isRefusedFile, withBoundedFile } from '../../files/bounded-read';
import { linkOnTheWay, pathInside } from '../../files/inside-folder';
import { runPool } from '../engine/worker-pool';
import type { ImageryLock } from './declared-lock';

export interface VerifiedFile {
  file: string;
  /** undefined when it matches. */
  problem?: string;
}

const CHUNK = 1024 * 1024;

function sha256Of(path: string, looked: Stats): Promise<string> {
  // A link or a FIFO put in the file's place after it was looked at is not followed, nor waited on,
  // and a folder on its way swapped for a link reaches another file, which is not the one looked at.
  return withBoundedFile(
    path,
    IMAGE_FILE_LIMIT,
    async (file) => {
      const hash = createHash('sha256');
      for await (const chunk of file.chunks(CHUNK)) hash.update(chunk);
      return hash.digest('hex');
    },
    { noFollow: true, sameAs: looked },
  );
}

/** One locked image read back: its problem, or none when it matches (plan trusts such an image
 * when its folder's ledger lacks it: declared-plan.ts). */
export async function verifyOne(directory: string, image: ImageryLock['images'][number]): Promise<VerifiedFile> {
  // A lock is a file anyone may have edited: nothing outside the imagery file's folder is read,
  // neither by `..` nor through a folder that is a link (`lnk -> /etc`, `lnk/passwd`); such an
  // entry differs, and nothing of the file it reaches (not even its size) is said.
  const inside = pathInside(directory, image.file);
  if (inside === undefined) return { file: image.file, problem: "outside the imagery file's folder: not read" };
  const link = await linkOnTheWay(directory, inside);
  if (link)
    return {
      file: image.file,
      problem: `reached through ${link.link}, a symbolic link (to ${link.target}): not read`,
    };
  const path = join(directory, inside);
  const info = await lstat(path).catch(() => undefined);
  if (!info) return { file: image.file, problem: 'missing' };
  if (!info.isFile())
    return {
      file: image.file,
      problem: info.isSymbolicLink() ? 'a symbolic link, not the image' : 'not a regular file',
    };
  if (info.size !== image.bytes) return { file: image.file, problem: `${info.size} bytes, locked as ${image.bytes}` };
  const sha256 = await sha256Of(path, info).catch((error: unknown) => {
    // Swapped since it was looked at (a link, another file): a problem of the entry, as a link is.
    if (isRefusedFile(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw error;
  });
  if (sha256 === undefined)
    return {
      file: image.file,
      problem: 'changed between its check and its reading (a link or another file put there): not read',
    };
  return sha256 === image.sha256
    ? { file: image.file }
    : { file: image.file, problem: `SHA-256 ${sha256.slice(0, 12)}…, locked as ${image.sha256.slice(0, 12)}…` };
}

export async function verifyLock(directory: string, lock: ImageryLock, signal?: AbortSignal): Promise<VerifiedFile[]> {
  const outcomes = await runPool(
    lock.images,
    2,
    (image) => verifyOne(directory, image),
    signal ?? new AbortController().signal,
  );
  return outcomes.map((o, i) => {
    if (!o.ok)
      return {
        file: lock.images[i]!.file,
        problem: `could not be read (${(o.error as NodeJS.ErrnoException)?.code ?? String(o.error)})`,
      };
    return o.value!;
  });
}
