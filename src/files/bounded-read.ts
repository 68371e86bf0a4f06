// The one way a file is read. Whatever the product reads could have been put where it looks by a
// person or a repository (an imagery file and its lock, a purchase ledger, a saved plan, the
// command line's key file, STAC JSON, a GeoTIFF for the statistics or the viewer, a cache, an area
// file): a FIFO named `*.tif`, a link to /dev/zero or to /proc/self/status, a 200 MB "key file"
// must end at once with a sentence, never hang the run or fill the memory. So a file is looked at
// before it is opened (a device is never opened: opening one can do something), opened without
// waiting on a FIFO (O_NONBLOCK, should it have been swapped since), checked again on the opened
// handle against the bound its kind of file allows, and read no further than the size it had then.
// A file its caller checked (lstat: regular, no link, inside its folder) is opened here and nowhere
// else, and must be the very file looked at (device and inode, `sameAs`): a link or a file swapped
// in between, at its name or at a folder on its way, is refused, not followed.
// Lint keeps this file the only reader (eslint.config.mjs: no raw read function elsewhere in src).
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { ApiError } from '../api/errors';

/** Marks refusals across bundles (the raster core and the statistics are bundles of their own in
 * the extension, each with a copy of this class), as ApiError's brand does. */
const REFUSED_BRAND = Symbol.for('satImagery.RefusedFileError');

/** A file not read, and why: not a regular file, larger than its kind's bound, or longer than it
 * said. A local file's problem (kind 'file': the command line's exit 10, its message alone);
 * `errno` is EISDIR for a folder, so a host can say it as the system would, else EINVAL. */
export class RefusedFileError extends ApiError {
  readonly [REFUSED_BRAND] = true;

  constructor(
    readonly path: string,
    clause: string,
    readonly errno: 'EISDIR' | 'EINVAL' = 'EINVAL',
  ) {
    const message = `${path} ${clause}.`;
    super({ kind: 'file', message, cause: Object.assign(new Error(message), { code: errno }) });
  }
}

export function isRefusedFile(value: unknown): value is RefusedFileError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REFUSED_BRAND] === true;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Sidecars and collections: a STAC Item is a few KiB, a collection of 1,000 dates a few MiB. */
export const JSON_FILE_LIMITS = { item: 1024 * 1024, collection: 16 * 1024 * 1024 } as const;

/** An area of interest: as large as the commands take (a valid 20 MB AOI is read in well under a second). */
export const AREA_FILE_LIMIT = 256 * 1024 * 1024;

/** A GeoTIFF (read in ranges, hashed in pieces): far above any image the service makes; what keeps
 * a sparse terabyte from being hashed for an hour. */
export const IMAGE_FILE_LIMIT = 64 * 1024 * 1024 * 1024;

export interface BoundedOpenOptions {
  /** A link at the path itself is refused (ELOOP), not followed: a file the folder holds as its
   * own (a ledger, a manifest, a lock's holder, an image a lock names). */
  noFollow?: boolean;
  /** The file the caller looked at (its lstat: regular, inside its folder): the one opened must be
   * it (its device and inode), not a file or a link's target swapped in since, as a folder on the
   * way replaced by a link would give. With `noFollow` the reader's own look is held to the same. */
  sameAs?: Pick<Stats, 'dev' | 'ino'>;
}

/** The test seam of the moment between a file's look and its opening: a test swaps a link or
 * another file in there, as a racing process could. Never set by the product. */
let betweenLookAndOpen: ((path: string) => Promise<void>) | undefined;

/** Sets (or, with undefined, clears) what runs between a file's look and its opening: tests only. */
export function setBetweenLookAndOpenForTests(hook: ((path: string) => Promise<void>) | undefined): void {
  betweenLookAndOpen = hook;
}

function refuseUnlessReadable(path: string, info: Stats, maxBytes: number): void {
  if (info.isDirectory()) throw new RefusedFileError(path, 'is not a regular file; it is not read', 'EISDIR');
  if (!info.isFile()) throw new RefusedFileError(path, 'is not a regular file; it is not read');
  if (info.size > maxBytes)
    throw new RefusedFileError(path, `is ${formatBytes(info.size)}, more than the ${formatBytes(maxBytes)} read`);
}

export class BoundedFile {
  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
    /** The opened file's own status (its size, owner and mode), not the name's. */
    readonly stat: Stats,
  ) {}

  /** A regular file of at most `maxBytes`, open for reading; else a RefusedFileError (or the
   * system's error: ENOENT, EACCES, ELOOP for a link with `noFollow`). */
  static async open(path: string, maxBytes: number, options: BoundedOpenOptions = {}): Promise<BoundedFile> {
    const seen = await (options.noFollow ? lstat(path) : stat(path));
    // A link (noFollow) is left to O_NOFOLLOW, which refuses it as the system says it (ELOOP).
    if (!seen.isSymbolicLink()) refuseUnlessReadable(path, seen, maxBytes);
    await betweenLookAndOpen?.(path);
    const flags =
      constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0);
    const handle = await open(path, flags);
    try {
      const info = await handle.stat();
      refuseUnlessReadable(path, info, maxBytes);
      const looked = options.sameAs ?? (options.noFollow ? seen : undefined);
      if (looked && (looked.dev !== info.dev || looked.ino !== info.ino))
        throw new RefusedFileError(
          path,
          'changed between its check and its opening (another file or a link put there); it is not read',
        );
      return new BoundedFile(handle, path, info);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Its size when it was opened: nothing past it is read. */
  get size(): number {
    return this.stat.size;
  }

  /** Reads up to `length` bytes at `position` into `buffer` at `offset`, never past the size the
   * file had when it was opened; answers the count read (less at its end, or when it shrank). */
  async readAt(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number> {
    const wanted = Math.max(0, Math.min(length, this.size - position));
    let done = 0;
    while (done < wanted) {
      const { bytesRead } = await this.handle.read(buffer, offset + done, wanted - done, position + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return done;
  }

  /** The whole file as UTF-8. A file with more than it said is refused, not read on without end: a
   * file of /proc says it is empty, a file being appended to keeps growing. */
  async text(): Promise<string> {
    // One byte more than its size, to see that there is more.
    const buffer = Buffer.alloc(this.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await this.handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > this.size)
        throw new RefusedFileError(
          this.path,
          this.size === 0
            ? 'says it is empty but is not (a file of /proc or /sys, or one being written); it is not read'
            : 'grew while it was read; it is not read',
        );
    }
    return buffer.toString('utf8', 0, length);
  }

  /** The file from start to end in pieces of at most `chunkBytes`, up to the size it had when it
   * was opened: a hash streamed, never the whole file held. */
  async *chunks(chunkBytes = 1024 * 1024): AsyncGenerator<Uint8Array> {
    for (let position = 0; position < this.size;) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, this.size - position));
      const read = await this.readAt(chunk, 0, chunk.length, position);
      if (read === 0) return; // it shrank since it was opened
      position += read;
      yield chunk.subarray(0, read);
    }
  }

  /** The descriptor, for a thread of this process that reads the file checked here (the
   * statistics' hash thread) while this stays open. */
  get fd(): number {
    return this.handle.fd;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

/** Opens `path` as BoundedFile.open does, hands it to `use`, and closes it whatever happens. */
export async function withBoundedFile<T>(
  path: string,
  maxBytes: number,
  use: (file: BoundedFile) => Promise<T>,
  options: BoundedOpenOptions = {},
): Promise<T> {
  const file = await BoundedFile.open(path, maxBytes, options);
  try {
    return await use(file);
  } finally {
    await file.close();
  }
}

/** The text of a regular file of at most `maxBytes`; a RefusedFileError otherwise. */
export function readTextBounded(path: string, maxBytes: number, options: BoundedOpenOptions = {}): Promise<string> {
  return withBoundedFile(path, maxBytes, (file) => file.text(), options);
}

/** A small file of the kernel's (/proc, /sys), which says it is empty whatever it holds: read up to
 * `maxBytes`, more is refused. Only for what the product asks the system itself (when a process
 * started), never for a file a person or a repository could have put there. */
export async function readKernelFile(path: string, maxBytes: number): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw new RefusedFileError(path, 'is not a regular file; it is not read');
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) return buffer.toString('utf8', 0, length);
      length += bytesRead;
      if (length > maxBytes) throw new RefusedFileError(path, `holds more than ${formatBytes(maxBytes)}`);
    }
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
