// Writing files in a folder the person owns, without ever touching a file that is not ours: every
// file is created exclusively (O_CREAT|O_EXCL, and O_NOFOLLOW), so a file or a symbolic link
// already at the name (say `manifest.json.tmp -> ~/.bashrc`) makes the write fail instead of
// writing through it; a replacement goes to a fresh temporary name and is renamed over a regular
// file only. Failures are ApiErrors of kind 'file' that say which file could not be written.
//
//   writeFileExclusive(path, data)  a new file; fails when anything is at `path`
//   replaceFileSafely(path, data)   a new file or a new version of our regular file, atomically
//   openExclusive(path)             a new file to stream into (a download's `.part`)
//   openForAppend(path)             a file of ours to append to, made when missing (a journal)
//   moveExclusive(from, to)         renames without replacing anything at `to`
//   checkReplaceable(path)          fails as replaceFileSafely would on what is at `path`
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ApiError, isApiError } from '../api/errors';

const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

const reasons: Record<string, string> = {
  EEXIST: 'something is already there and is kept',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'it is a symbolic link',
  ENOENT: 'the folder does not exist',
};

/** The ApiError for a failed file operation: "Could not write X: the disk is full (ENOSPC)." */
export function fileError(err: unknown, verb: 'write' | 'create' | 'read' | 'move' | 'use', path: string): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown } | undefined)?.code;
  const reason =
    typeof code === 'string'
      ? `${reasons[code] ?? 'file system error'} (${code})`
      : err instanceof Error
        ? err.message
        : String(err);
  return new ApiError({ kind: 'file', message: `Could not ${verb} ${path}: ${reason}.`, cause: err });
}

/** Error codes that only the local disk gives, never a connection: a download failing with one of
 * these failed to write, not to receive. */
const LOCAL_CODES = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EIO',
  'EFBIG',
  'EACCES',
  'EPERM',
  'EBADF',
  'EISDIR',
  'ENOTDIR',
  'ENAMETOOLONG',
  'ELOOP',
  'EEXIST',
]);

export function isLocalFileFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && LOCAL_CODES.has(code);
}

/** True when a failure of this module means the name is taken (EEXIST): try another name. */
export function isNameTaken(err: unknown): boolean {
  return isFileError(err) && ((err as ApiError).cause as { code?: unknown } | undefined)?.code === 'EEXIST';
}

/** True for the 'file' ApiErrors of this module. */
export function isFileError(err: unknown): boolean {
  // By brand, not instanceof: the command line's workflows and its network bundle each hold a copy
  // of the class, and a full disk after a paid answer must be known as one in both.
  return isApiError(err) && err.kind === 'file';
}

/** The one opener of the files this module creates: a seam through which a test plays a full
 * disk (a handle whose writes fail with ENOSPC) without a disk of that size. */
export const fileOpener = {
  open: (path: string, flags: number, mode: number): Promise<FileHandle> => open(path, flags, mode),
};

/** Creates `path`, which must not exist (not even as a dangling link), and opens it for writing. */
export async function openExclusive(path: string, mode = 0o644): Promise<FileHandle> {
  try {
    return await fileOpener.open(path, EXCLUSIVE, mode);
  } catch (err) {
    throw fileError(err, 'create', path);
  }
}

/** Opens `path` to append to it, creating it exclusively when there is none; never through a link
 * (O_NOFOLLOW), and never waiting on a FIFO put at its name (O_NONBLOCK: no reader, ENXIO). The
 * caller checks the handle is a regular file of its own. */
export async function openForAppend(path: string, mode = 0o644): Promise<FileHandle> {
  const append = constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  try {
    return await open(path, append | constants.O_CREAT | constants.O_EXCL, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw fileError(err, 'create', path);
  }
  try {
    return await open(path, append);
  } catch (err) {
    throw fileError(err, 'write', path);
  }
}

/** What a file is written from: its whole text or bytes, or its pieces in order (a table of
 * millions of rows is never one string). */
export type FileContent = string | Uint8Array | Iterable<string | Uint8Array>;

/** Writes a new file with `data`, flushed to the disk; fails (kind 'file') when `path` exists.
 * `mode` 0o600 for a file only its owner may read. */
export async function writeFileExclusive(path: string, data: FileContent, mode?: number): Promise<void> {
  const handle = await openExclusive(path, mode);
  try {
    await writeFile(handle, data);
    await handle.datasync();
    await handle.close();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw fileError(err, 'write', path);
  }
}

/** Refuses anything at `path` that is not a regular file (a symbolic link, a folder, a device),
 * and a path whose folder is not there: what replaceFileSafely checks, for a caller that wants to
 * know before it starts (before minutes of work whose result it would then fail to write). */
export async function checkReplaceable(path: string): Promise<void> {
  const info = await lstat(path).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw fileError(err, 'write', path);
    const folder = await stat(dirname(path)).catch((missing: unknown) => {
      throw fileError(missing, 'write', path);
    });
    if (!folder.isDirectory())
      throw fileError(Object.assign(new Error('not a folder'), { code: 'ENOTDIR' }), 'write', path);
    return undefined;
  });
  if (info && !info.isFile()) {
    // A link's or a folder's code says what it is, so the CLI says what to do.
    const code = info.isSymbolicLink() ? 'ELOOP' : info.isDirectory() ? 'EISDIR' : undefined;
    throw new ApiError({
      kind: 'file',
      message: `Could not write ${path}: ${info.isSymbolicLink() ? 'it is a symbolic link' : 'it is not a regular file'}, and it is left as it is.`,
      ...(code ? { cause: Object.assign(new Error(code), { code }) } : {}),
    });
  }
}

/** Writes `path` atomically: a fresh temporary file beside it (created exclusively), then a rename
 * over it. A crash leaves the old or the new content; a link at `path` is refused, never followed. */
export async function replaceFileSafely(path: string, data: FileContent, mode?: number): Promise<void> {
  await checkReplaceable(path);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // A failure is said of the file asked for, not of its temporary name.
  await writeFileExclusive(temporary, data, mode).catch((err: unknown) => {
    throw fileError(err instanceof ApiError && err.cause !== undefined ? err.cause : err, 'write', path);
  });
  try {
    await checkReplaceable(path);
    await rename(temporary, path); // rename replaces a name, it never writes through a link
  } catch (err) {
    await unlink(temporary).catch(() => undefined);
    throw fileError(err, 'write', path);
  }
}

/** Gives `from` the name `to` unless something is already there (then kind 'file', EEXIST). A
 * hard link is exclusive by nature; where links are not supported, a checked rename stands in. */
export async function moveExclusive(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV')
      throw fileError(err, 'move', to);
    if (
      await lstat(to).then(
        () => true,
        () => false,
      )
    )
      throw fileError(Object.assign(new Error('exists'), { code: 'EEXIST' }), 'move', to);
    try {
      await rename(from, to);
    } catch (renameErr) {
      throw fileError(renameErr, 'move', to);
    }
    return;
  }
  await unlink(from).catch(() => undefined);
}
