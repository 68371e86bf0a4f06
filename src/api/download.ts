// Saves an image answer: checks that it is the image (download-answer.ts), streams it to
// `<name>.part` in the chosen folder (download-write.ts) while the meter watches its rate, and
// renames it once it is whole and on the disk. Anything else is an error with nothing left behind.
import { lstat, mkdir, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { checkedBody, headerOf } from './download-answer';
import { DownloadMeter } from './download-meter';
import { partPathOf } from './part-name';
import { writeBody } from './download-write';
import { ApiError } from './errors';
import type { KeyRedactor } from './redact';
import { fileError, isLocalFileFailure, isNameTaken, moveExclusive, openExclusive } from '../files/safe-files';
import { failureBeforeResponse } from './transport';
import type { HttpResponse } from './transport';
import type { DownloadLimits, DownloadResult, DownloadTarget } from './types';

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
  // A name ending as a staging file would be taken for one left by a dead run and removed.
  clean = clean.replace(/\.part$/i, '_part');
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
  return lstat(path).then(
    () => true,
    () => false,
  );
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
async function claimPath(
  directory: string,
  name: string,
): Promise<{ finalPath: string; partPath: string; handle: FileHandle; n: number }> {
  for (let n = 0; ; n++) {
    const finalPath = join(directory, candidateName(name, n));
    if (await exists(finalPath)) continue;
    const partPath = partPathOf(finalPath);
    try {
      return { finalPath, partPath, handle: await openExclusive(partPath), n };
    } catch (err) {
      if (!isNameTaken(err)) throw err;
    }
  }
}

/** Gives the complete `.part` its final name without replacing anything that took that name
 * meanwhile; then the next free name. Returns the name it got. */
async function publishPart(
  directory: string,
  name: string,
  partPath: string,
  finalPath: string,
  n: number,
): Promise<string> {
  for (let next = n, target = finalPath; ;) {
    try {
      await moveExclusive(partPath, target);
      return target;
    } catch (err) {
      if (!isNameTaken(err)) throw err;
    }
    do target = join(directory, candidateName(name, ++next));
    while ((await exists(target)) || (await exists(partPathOf(target))));
  }
}

/** The name for the saved file: the server's (Content-Disposition) or the caller's fallback, with
 * the key redacted (a server may echo it) and made safe for the folder. */
function chooseFileName(response: HttpResponse, target: DownloadTarget, redactor: KeyRedactor | undefined): string {
  const redact = (text: string) => (redactor ? redactor.redact(text) : text);
  return (
    sanitiseFileName(redact(target.fileName ?? '')) ??
    sanitiseFileName(redact(fileNameFromDisposition(headerOf(response, 'content-disposition')) ?? '')) ??
    sanitiseFileName(redact(target.fallbackName)) ??
    'image.tif'
  );
}

export interface SaveOptions {
  endpoint: string;
  signal?: AbortSignal;
  /** True when the request asked for a TIFF (the default file type): the body must start as one. */
  expectTiff: boolean;
  limits: Pick<DownloadLimits, 'minimumRate' | 'rateWindowMs'>;
  /** Removes the key from a server-chosen file name (a server may echo it). */
  redactor?: KeyRedactor;
}

/** What a failure while reading or writing the body tells the person. */
function downloadFailure(err: unknown, endpoint: string, signal: AbortSignal | undefined, received: number): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new ApiError({
      kind: 'protocol',
      message: `${endpoint}: the compressed image could not be decoded (${code}); nothing was saved.`,
      endpoint,
      cause: err,
    });
  }
  const failure = failureBeforeResponse(err, endpoint, signal);
  const message =
    failure.kind === 'network'
      ? `${endpoint}: the image download broke off after ${received} bytes (${typeof code === 'string' ? code : 'connection error'}); nothing was saved, try again.`
      : failure.message;
  return new ApiError({ ...failure, message, cause: err });
}

/** Writes a 2xx image answer to disk, or throws why it is not the image. Either way no file is
 * left under the final name unless it is whole and on the disk. */
export async function saveDownload(
  response: HttpResponse,
  target: DownloadTarget,
  options: SaveOptions,
): Promise<DownloadResult> {
  const { endpoint } = options;
  const contentType = headerOf(response, 'content-type');
  if (response.status === 201 || response.status === 204) {
    // Uploaded to UploadUrl by the server: nothing to save.
    await response.body.dump().catch(() => undefined);
    return { path: undefined, bytes: 0, contentType };
  }
  const lengthHeader = headerOf(response, 'content-length');
  const total = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  const meter = new DownloadMeter(
    options.limits,
    endpoint,
    () => response.body.destroy(),
    (received) => target.onProgress?.(received, total),
  );
  try {
    const body = await checkedBody(response, options, meter.add);
    const name = chooseFileName(response, target, options.redactor);
    await mkdir(target.directory, { recursive: true }).catch((err: unknown) => {
      throw fileError(err, 'create', target.directory);
    });
    const { finalPath: claimedPath, partPath, handle, n } = await claimPath(target.directory, name);
    let closed = false;
    try {
      const bytes = await writeBody(handle, body.head, body.rest, {
        onChunk: body.decoded ? undefined : meter.add,
        onEnd: () => {
          meter.close(); // the final flush is the disk's time, not the network's
          if (total !== undefined && meter.bytes !== total) {
            throw new ApiError({
              kind: 'network',
              message: `${endpoint}: the image was cut off after ${meter.bytes} of ${total} bytes; nothing was saved, try again.`,
              endpoint,
            });
          }
        },
      });
      await handle.close();
      closed = true;
      const finalPath = await publishPart(target.directory, name, partPath, claimedPath, n);
      return { path: finalPath, bytes, contentType };
    } catch (err) {
      if (!closed) await handle.close().catch(() => undefined);
      await unlink(partPath).catch(() => undefined);
      if (isLocalFileFailure(err)) throw fileError(err, 'write', claimedPath);
      throw err;
    }
  } catch (err) {
    response.body.destroy();
    throw meter.failure ?? downloadFailure(err, endpoint, options.signal, meter.bytes);
  } finally {
    meter.close();
  }
}
