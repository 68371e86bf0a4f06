// `verify`: every image the lock records, its size and SHA-256 read back from the disk. Files are
// hashed two at a time in 1 MiB reads, about as fast as the disk gives them (sha256sum's pace is
// the bench's reference). Only regular files are read; a link or a folder in a file's place differs.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { runPool } from '../engine/worker-pool';
import type { ImageryLock } from './declared-lock';

export interface VerifiedFile {
  file: string;
  /** undefined when it matches. */
  problem?: string;
}

const CHUNK = 1024 * 1024;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function verifyOne(directory: string, image: ImageryLock['images'][number]): Promise<VerifiedFile> {
  const path = resolve(directory, image.file);
  // A lock is a file anyone may have edited: nothing outside the imagery file's folder is read.
  const inside = relative(directory, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    return { file: image.file, problem: "outside the imagery file's folder: not read" };
  const info = await lstat(path).catch(() => undefined);
  if (!info) return { file: image.file, problem: 'missing' };
  if (!info.isFile())
    return {
      file: image.file,
      problem: info.isSymbolicLink() ? 'a symbolic link, not the image' : 'not a regular file',
    };
  if (info.size !== image.bytes) return { file: image.file, problem: `${info.size} bytes, locked as ${image.bytes}` };
  const sha256 = await sha256Of(path);
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
