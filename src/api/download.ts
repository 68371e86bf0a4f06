// Streams an image answer to `<name>.part` in the chosen folder and renames it when complete.
// The body is read with `for await`, and chunks are written with `await handle.writev` once about
// 1 MiB has gathered: reading waits for the disk (backpressure), and the few large writes keep
// pace with curl (npm run bench). test/unit/api-large-download.test.ts proves the path on a 1 GiB
// close-delimited body into a slow writer (known-hazards.md). A JSON answer where an image was
// due is reported as the error it carries, never saved as an image.
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadResult, DownloadTarget } from './types';
import { ApiError } from './errors';
import { readJson } from './pipeline';
import { failureBeforeResponse } from './transport';
import type { HttpResponse } from './transport';

const MAX_NAME_LENGTH = 180;

/** A file name safe to join to the target folder: no separators, no `..`, no control characters. */
export function sanitiseFileName(name: string): string | undefined {
  const lastPart = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let clean = lastPart.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  clean = clean.replace(/^\.+/, '').replace(/\.{2,}/g, '.');
  if (clean.length > MAX_NAME_LENGTH) clean = clean.slice(clean.length - MAX_NAME_LENGTH);
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

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/**
 * Claims `name.tif`, else `name-1.tif`, `name-2.tif`…: the first whose final file does not exist
 * and whose `.part` this call creates exclusively (`wx`), so neither an earlier download nor a
 * parallel one with the same server file name is ever overwritten.
 */
async function claimPath(directory: string, name: string): Promise<{ finalPath: string; partPath: string; handle: FileHandle }> {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 0; ; n++) {
    const finalPath = join(directory, n === 0 ? name : `${stem}-${n}${extension}`);
    if (await exists(finalPath)) continue;
    const partPath = `${finalPath}.part`;
    try {
      return { finalPath, partPath, handle: await open(partPath, 'wx') };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
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
export async function saveDownload(response: HttpResponse, target: DownloadTarget, endpoint: string, signal?: AbortSignal): Promise<DownloadResult> {
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
  const name =
    sanitiseFileName(fileNameFromDisposition(header(response, 'content-disposition')) ?? '') ??
    sanitiseFileName(target.fallbackName) ??
    'image.tif';
  const lengthHeader = header(response, 'content-length');
  const total = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  await mkdir(target.directory, { recursive: true });
  const { finalPath, partPath, handle } = await claimPath(target.directory, name);
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
    await rename(partPath, finalPath);
    return { path: finalPath, bytes: received, contentType };
  } catch (err) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(partPath).catch(() => undefined);
    response.body.destroy();
    if (err instanceof ApiError) throw err;
    const failure = failureBeforeResponse(err, endpoint, signal);
    throw new ApiError({ ...failure, message: failure.kind === 'network' ? `${endpoint}: the image download broke off after ${received} bytes (${(err as { code?: string }).code ?? 'connection error'}); nothing was saved, try again.` : failure.message, cause: err });
  }
}
