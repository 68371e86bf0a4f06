// Saves an image answer: checks that it is the image (download-answer.ts), streams it to
// `<name>.part` in the chosen folder (download-write.ts) while the meter watches its rate, and
// renames it once it is whole and on the disk. Anything else is an error with nothing left behind.
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { checkedBody, headerOf } from './download-answer';
import { DownloadMeter } from './download-meter';
import { writeBody } from './download-write';
import { ApiError } from './errors';
import { failureBeforeResponse } from './transport';
import type { HttpResponse } from './transport';
import type { DownloadLimits, DownloadResult, DownloadTarget } from './types';

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

export interface SaveOptions {
  endpoint: string;
  signal?: AbortSignal;
  /** True when the request asked for a TIFF (the default file type): the body must start as one. */
  expectTiff: boolean;
  limits: Pick<DownloadLimits, 'minimumRate' | 'rateWindowMs'>;
}

/** What a failure while reading or writing the body tells the person. */
function downloadFailure(err: unknown, endpoint: string, signal: AbortSignal | undefined, received: number): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new ApiError({ kind: 'protocol', message: `${endpoint}: the compressed image could not be decoded (${code}); nothing was saved.`, endpoint, cause: err });
  }
  const failure = failureBeforeResponse(err, endpoint, signal);
  const message = failure.kind === 'network' ? `${endpoint}: the image download broke off after ${received} bytes (${typeof code === 'string' ? code : 'connection error'}); nothing was saved, try again.` : failure.message;
  return new ApiError({ ...failure, message, cause: err });
}

/** Writes a 2xx image answer to disk, or throws why it is not the image. Either way no file is
 * left under the final name unless it is whole and on the disk. */
export async function saveDownload(response: HttpResponse, target: DownloadTarget, options: SaveOptions): Promise<DownloadResult> {
  const { endpoint } = options;
  const contentType = headerOf(response, 'content-type');
  if (response.status === 201 || response.status === 204) {
    // Uploaded to UploadUrl by the server: nothing to save.
    await response.body.dump().catch(() => undefined);
    return { path: undefined, bytes: 0, contentType };
  }
  const lengthHeader = headerOf(response, 'content-length');
  const total = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  const meter = new DownloadMeter(options.limits, endpoint, () => response.body.destroy(), (received) => target.onProgress?.(received, total));
  try {
    const body = await checkedBody(response, options, meter.add);
    const name =
      sanitiseFileName(fileNameFromDisposition(headerOf(response, 'content-disposition')) ?? '') ??
      sanitiseFileName(target.fallbackName) ??
      'image.tif';
    await mkdir(target.directory, { recursive: true });
    const { finalPath, partPath, handle } = await claimPath(target.directory, name);
    let closed = false;
    try {
      const bytes = await writeBody(handle, body.head, body.rest, {
        onChunk: body.decoded ? undefined : meter.add,
        onEnd: () => {
          meter.close(); // the final flush is the disk's time, not the network's
          if (total !== undefined && meter.bytes !== total) {
            throw new ApiError({ kind: 'network', message: `${endpoint}: the image was cut off after ${meter.bytes} of ${total} bytes; nothing was saved, try again.`, endpoint });
          }
        },
      });
      await handle.close();
      closed = true;
      await rename(partPath, finalPath);
      return { path: finalPath, bytes, contentType };
    } catch (err) {
      if (!closed) await handle.close().catch(() => undefined);
      await unlink(partPath).catch(() => undefined);
      throw err;
    }
  } catch (err) {
    response.body.destroy();
    throw meter.failure ?? downloadFailure(err, endpoint, options.signal, meter.bytes);
  } finally {
    meter.close();
  }
}
