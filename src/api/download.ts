// Streams an image answer to `<name>.part` in the chosen folder and renames it when complete.
// The body is read with `for await`, and chunks are written with `await handle.writev` once about
// 1 MiB has gathered: reading waits for the disk (backpressure), and the few large writes keep
// pace with curl (npm run bench). test/unit/api-large-download.test.ts proves the path on a 1 GiB
// close-delimited body into a slow writer (known-hazards.md). A JSON answer where an image was
// due is reported as the error it carries, never saved as an image.
import { lstat, mkdir, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadResult, DownloadTarget } from './types';
import { ApiError } from './errors';
import { readJson } from './pipeline';
import type { KeyRedactor } from './redact';
import { fileError, isLocalFileFailure, isNameTaken, moveExclusive, openExclusive } from './safe-files';
import { failureBeforeResponse } from './transport';
import type { HttpResponse } from './transport';

/** Bytes, not UTF-16 units: file systems limit a name to 255 bytes, and the claim adds `-N` and
 * `.part` to it. */
const MAX_NAME_BYTES = 200;

/** The end of `name` (where the extension is) in at most `limit` UTF-8 bytes, whole characters only. */
function tailWithinBytes(name: string, limit: number): string {
  const characters = [...name];
  let bytes = 0;
  let start = characters.length;
  while (start > 0) {
    const size = Buffer.byteLength(characters[start - 1]!, 'utf8');
    if (bytes + size > limit) break;
    bytes += size;
    start--;
  }
  return characters.slice(start).join('');
}

/** A file name safe to join to the target folder: no separators, no `..`, no control characters. */
export function sanitiseFileName(name: string): string | undefined {
  const lastPart = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let clean = lastPart.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  clean = clean.replace(/^\.+/, '').replace(/\.{2,}/g, '.');
  clean = tailWithinBytes(clean, MAX_NAME_BYTES).replace(/^\.+/, '');
  return clean === '' || clean === '.' ? undefined : clean;
}

/** The file name from a Content-Disposition header (`filename*=UTF-8''…` preferred). */
export function fileNameFromDisposition(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(value);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(value);
  if (!plain) return undefined;
  return (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim();
}

/** Anything at `path`, a dangling symbolic link included, is in the way. */
async function exists(path: string): Promise<boolean> {
  return lstat(path).then(() => true, () => false);
}

function candidateName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  return n === 0 ? name : `${stem}-${n}${extension}`;
}

/**
 * Claims `name.tif`, else `name-1.tif`, `name-2.tif`…: the first whose final name is free and
 * whose `.part` this call creates exclusively (O_EXCL|O_NOFOLLOW, safe-files.ts), so neither an
 * earlier download, a parallel one with the same server file name, nor a planted link is ever
 * written through. A folder that cannot be written is a 'file' ApiError, not a network failure.
 */
async function claimPath(directory: string, name: string): Promise<{ finalPath: string; partPath: string; handle: FileHandle; n: number }> {
  for (let n = 0; ; n++) {
    const finalPath = join(directory, candidateName(name, n));
    if (await exists(finalPath)) continue;
    const partPath = `${finalPath}.part`;
    try {
      return { finalPath, partPath, handle: await openExclusive(partPath), n };
    } catch (err) {
      if (!isNameTaken(err)) throw err;
    }
  }
}

/** Gives the complete `.part` its final name without replacing anything that took that name
 * meanwhile; then the next free name. Returns the name it got. */
async function publishPart(directory: string, name: string, partPath: string, finalPath: string, n: number): Promise<string> {
  for (let next = n, target = finalPath; ; ) {
    try {
      await moveExclusive(partPath, target);
      return target;
    } catch (err) {
      if (!isNameTaken(err)) throw err;
    }
    do target = join(directory, candidateName(name, ++next));
    while ((await exists(target)) || (await exists(`${target}.part`)));
  }
}

/** The name for the saved file: the server's (Content-Disposition) or the caller's fallback, with
 * the key redacted (a server may echo it) and made safe for the folder. */
function chooseFileName(response: HttpResponse, target: DownloadTarget, redactor: KeyRedactor | undefined): string {
  const redact = (text: string) => (redactor ? redactor.redact(text) : text);
  return (
    sanitiseFileName(redact(fileNameFromDisposition(header(response, 'content-disposition')) ?? '')) ??
    sanitiseFileName(redact(target.fallbackName)) ??
    'image.tif'
  );
}

/**
 * Gathers chunks and writes them in batches of about `limit` bytes, one batch in flight while the
 * next one gathers, so reading the network and writing the disk overlap. Every `syncEvery` bytes
 * it also starts flushing what is written to the disk, so that the final sync, which makes the
 * file durable before it takes its final name, has little left to do. A failed write or sync
 * surfaces at the next add() or at finish().
 */
class PipelinedWriter {
  private pending: Buffer[] = [];
  private size = 0;
  private writing: Promise<void> = Promise.resolve();
  private syncing: Promise<void> = Promise.resolve();
  private unsynced = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly limit = 1 << 20,
    private readonly syncEvery = 16 << 20,
  ) {}

  async add(chunk: Buffer): Promise<void> {
    this.pending.push(chunk);
    this.size += chunk.length;
    if (this.size >= this.limit) await this.startWrite();
  }

  /** Writes what is left and syncs the file to the disk. */
  async finish(): Promise<void> {
    await this.startWrite();
    await this.writing;
    await this.syncing;
    await this.handle.datasync();
  }

  private async startWrite(): Promise<void> {
    await this.writing; // at most one batch in flight: memory stays bounded
    if (this.size === 0) return;
    const buffers = this.pending;
    const size = this.size;
    this.pending = [];
    this.size = 0;
    this.writing = this.writeAll(buffers, size);
    this.writing.catch(() => undefined); // surfaced by the next await, never unhandled
    this.unsynced += size;
    if (this.unsynced >= this.syncEvery) {
      this.unsynced = 0;
      const written = this.writing;
      this.syncing = Promise.all([this.syncing, written]).then(() => this.handle.datasync());
      this.syncing.catch(() => undefined);
    }
  }

  private async writeAll(buffers: Buffer[], size: number): Promise<void> {
    const { bytesWritten } = await this.handle.writev(buffers);
    // A short write (rare on a regular file): write what is left, in order.
    if (bytesWritten < size) {
      let rest = Buffer.concat(buffers).subarray(bytesWritten);
      while (rest.length > 0) rest = rest.subarray((await this.handle.write(rest)).bytesWritten);
    }
  }
}

function header(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function looksLikeJson(contentType: string | undefined): boolean {
  return !!contentType && /json|^text\//i.test(contentType);
}

/** Writes a 2xx image answer to disk. */
export async function saveDownload(response: HttpResponse, target: DownloadTarget, endpoint: string, signal?: AbortSignal, redactor?: KeyRedactor): Promise<DownloadResult> {
  const contentType = header(response, 'content-type');
  if (response.status === 201 || response.status === 204) {
    // Uploaded to UploadUrl by the server: nothing to save.
    await response.body.dump().catch(() => undefined);
    return { path: undefined, bytes: 0, contentType };
  }
  if (looksLikeJson(contentType)) {
    await readJson(response, endpoint, signal); // throws the envelope's error if it carries one
    throw new ApiError({ kind: 'protocol', message: `${endpoint} answered with JSON where an image was expected; nothing was saved.`, status: response.status, endpoint });
  }
  const name = chooseFileName(response, target, redactor);
  const lengthHeader = header(response, 'content-length');
  const total = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  await mkdir(target.directory, { recursive: true }).catch((err: unknown) => {
    throw fileError(err, 'create', target.directory);
  });
  const { finalPath: claimedPath, partPath, handle, n } = await claimPath(target.directory, name);
  const writer = new PipelinedWriter(handle);
  let received = 0;
  let closed = false;
  try {
    let first = true;
    for await (const chunk of response.body) {
      const bytes = chunk as Buffer;
      if (first && !contentType && bytes[0] === 0x7b /* { */) {
        throw new ApiError({ kind: 'protocol', message: `${endpoint} answered with text where an image was expected; nothing was saved.`, status: response.status, endpoint });
      }
      first = false;
      await writer.add(bytes);
      received += bytes.length;
      target.onProgress?.(received, total);
    }
    await writer.finish();
    if (total !== undefined && received !== total) {
      throw new ApiError({ kind: 'network', message: `${endpoint}: the image was cut off after ${received} of ${total} bytes; nothing was saved, try again.`, endpoint });
    }
    await handle.close();
    closed = true;
    const finalPath = await publishPart(target.directory, name, partPath, claimedPath, n);
    return { path: finalPath, bytes: received, contentType };
  } catch (err) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(partPath).catch(() => undefined);
    response.body.destroy();
    if (err instanceof ApiError) throw err;
    if (isLocalFileFailure(err)) throw fileError(err, 'write', claimedPath);
    const failure = failureBeforeResponse(err, endpoint, signal);
    throw new ApiError({ ...failure, message: failure.kind === 'network' ? `${endpoint}: the image download broke off after ${received} bytes (${(err as { code?: string }).code ?? 'connection error'}); nothing was saved, try again.` : failure.message, cause: err });
  }
}
