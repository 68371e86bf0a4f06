// Image answers that are not the image, as a misbehaving server or a proxy in front of it sends
// them under a 2xx status: the error envelope as `application/octet-stream`, an empty 200, a 206
// part of the image, an HTML error page instead of the TIFF, and the image gzip-encoded without
// being asked. The client must refuse the first four and decode (or refuse) the fifth.
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { failure } from './envelope';
import type { ImageBody } from './image-response';
import type { ImageAnswerFault } from './types';

/** What the envelope fault says: a server-side error text the client must pass on. */
export const MISANSWER_ENVELOPE_MESSAGE = 'No imagery was found for this date (sent as an image).';
/** The proxy page of the not-tiff fault. */
export const MISANSWER_PAGE_TEXT = '502 Bad Gateway: the upstream imagery server did not answer in time.';

function firstBytes(body: ImageBody, count: number): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const chunk of body.chunks) {
    parts.push(chunk.subarray(0, count - size));
    size += Math.min(chunk.length, count - size);
    if (size >= count) break;
  }
  return Buffer.concat(parts);
}

/** Depth of the deep-json fault's refusal: deeper than any recursive walk's stack. */
const DEEP_JSON_DEPTH = 20_000;

/** 1 GiB of zeros as 1,024 gzip members of 1 MiB each (gunzip reads them as one body). */
let bombMember: Buffer | undefined;
async function sendGzipBomb(res: ServerResponse, head: Buffer): Promise<void> {
  bombMember ??= gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  const member = bombMember;
  async function* parts(): AsyncGenerator<Buffer> {
    yield gzipSync(head);
    for (let i = 0; i < 1024; i++) yield member;
  }
  await pipeline(Readable.from(parts()), res);
}

/** Answers with the fault; returns the outcome for the request log. */
export async function sendMisanswer(
  res: ServerResponse,
  fault: ImageAnswerFault,
  body: ImageBody,
  fileName: string,
): Promise<string> {
  const binary = {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${fileName}"`,
  };
  let status = 200;
  let headers: Record<string, string> = binary;
  let payload: Buffer;
  switch (fault) {
    case 'envelope-as-octet-stream':
      payload = Buffer.from(JSON.stringify(failure(MISANSWER_ENVELOPE_MESSAGE, 1002)));
      break;
    case 'empty-200':
      payload = Buffer.alloc(0);
      break;
    case 'partial-206': {
      payload = firstBytes(body, 1024);
      status = 206;
      headers = { ...binary, 'Content-Range': `bytes 0-${payload.length - 1}/${body.length}` };
      break;
    }
    case 'not-tiff':
      payload = Buffer.from(
        `<html><head><title>502 Bad Gateway</title></head><body><h1>${MISANSWER_PAGE_TEXT}</h1></body></html>\n`,
      );
      break;
    case 'deep-json':
      headers = { 'Content-Type': 'application/json' };
      payload = Buffer.from(`{"Error":${'['.repeat(DEEP_JSON_DEPTH)}${']'.repeat(DEEP_JSON_DEPTH)}}`);
      break;
    case 'range-200': {
      payload = firstBytes(body, 100);
      headers = { ...binary, 'Content-Range': `bytes 0-${payload.length - 1}/${body.length}` };
      break;
    }
    case 'gzip-bomb':
      res.writeHead(200, { ...binary, 'Content-Encoding': 'gzip' });
      try {
        await sendGzipBomb(res, firstBytes(body, 1024));
      } catch {
        return 'aborted-by-client';
      }
      return 'fault:gzip-bomb';
    case 'gzip':
      // Chunked: the compressed length is not known before the end.
      res.writeHead(200, { ...binary, 'Content-Encoding': 'gzip' });
      try {
        await pipeline(Readable.from(body.chunks), createGzip({ level: 1 }), res);
      } catch {
        return 'aborted-by-client';
      }
      return 'fault:gzip';
  }
  res.writeHead(status, { ...headers, 'Content-Length': String(payload.length) });
  await new Promise<void>((resolve) => res.end(payload, resolve));
  return `fault:${fault}`;
}
