// A local file or folder the CLI could not use (the area file missing, the key file a folder, the
// disk full, permission denied) is said in one line: what, which path, why, and what to do, with
// its own exit code; never a stack trace, which reads as a bug.
import { isRefusedFile } from '../files/bounded-read';
import { isApiError } from '../api/errors';

const reasons: Record<string, [why: string, todo: string]> = {
  ENOENT: ['it does not exist', 'check the path'],
  EISDIR: ['it is a folder, not a file', 'name the file itself'],
  ENOTDIR: ['a part of its path is a file, not a folder', 'check the path'],
  EACCES: ['permission denied', 'check its permissions and those of its folder'],
  EPERM: ['permission denied', 'check its permissions and those of its folder'],
  ENOSPC: ['the disk is full', 'free some space, or choose another --output-directory'],
  EDQUOT: ['the disk quota is used up', 'free some space, or choose another --output-directory'],
  EROFS: ['the file system is read-only', 'choose another --output-directory'],
  EFBIG: ['the file is too large for this file system', 'choose another --output-directory'],
  ELOOP: ['it is a symbolic link, or a loop of them', 'name the file itself'],
  ENAMETOOLONG: ['its path is too long', 'choose a shorter path'],
  EMFILE: ['too many files are open', 'close other programs, or lower --concurrency'],
  EIO: ['the disk reported an input/output error', 'check the disk'],
};

/** The error's errno code when it is a failure of the local file system, else undefined. */
export function localFileCode(error: unknown): string | undefined {
  if (isApiError(error)) {
    if (error.kind !== 'file') return undefined;
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return typeof cause === 'string' ? cause : 'EIO';
  }
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  return typeof code === 'string' && typeof syscall === 'string' && code in reasons ? code : undefined;
}

/** "Could not read the area file a.geojson: it does not exist (ENOENT). Check the path." */
function localFileMessage(what: string, path: string, code: string | undefined): string {
  const [why, todo] = (code !== undefined ? reasons[code] : undefined) ?? [
    'file system error',
    'check the path and the disk',
  ];
  return `Could not ${what} ${path}: ${why}${code ? ` (${code})` : ''}. ${todo[0]!.toUpperCase()}${todo.slice(1)}.`;
}

/** Why `what` (the area file, the key file) could not be read, in one line: the bounded reader's
 * refusal ("The key file k is not a regular file; it is not read."), or what the system said of
 * it ("Could not read the area file a: it is a folder, not a file (EISDIR). Name the file itself."). */
export function unreadableFileMessage(what: string, path: string, error: unknown): string {
  if (isRefusedFile(error) && error.errno !== 'EISDIR')
    return `${what[0]!.toUpperCase()}${what.slice(1)} ${error.message}`;
  const code = isRefusedFile(error) ? error.errno : (error as NodeJS.ErrnoException).code;
  return localFileMessage(`read ${what}`, path, code);
}

/** The one line for any local file error thrown while running a verb. */
export function describeLocalFileError(error: unknown): string {
  const code = localFileCode(error);
  if (isApiError(error)) {
    const todo = code !== undefined ? reasons[code]?.[1] : undefined;
    return todo ? `${error.message.replace(/\.?$/, '.')} ${todo[0]!.toUpperCase()}${todo.slice(1)}.` : error.message;
  }
  const { syscall, path } = error as { syscall?: string; path?: string };
  const verbs: Record<string, string> = {
    open: 'open',
    read: 'read',
    write: 'write to',
    mkdir: 'create the folder',
    rename: 'rename',
    unlink: 'remove',
    stat: 'read',
    lstat: 'read',
    scandir: 'list the folder',
    copyfile: 'copy',
    link: 'link',
  };
  return localFileMessage(verbs[syscall ?? ''] ?? 'use', path ?? '(a file)', code);
}
