// Is an answer to an image request really an image? A 2xx status is not enough: a proxy or a
// misconfigured server can send the JSON error envelope as `application/octet-stream`, an empty
// 200, a 206 part of an image, an HTML page, or a gzip-encoded body the client did not ask for.
// Each of these is refused here with what the server said, before a file is even created.
import type { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { errorFromAnswer } from './describe';
import { unwrap } from './envelope';
import { ApiError } from './errors';
import { JsonScanner } from './json-answer';
import type { HttpResponse } from './transport';

/** What is read of a refused answer to quote it: error envelopes and error pages are small. */
const QUOTE_READ_LIMIT = 64 * 1024;
const QUOTE_LENGTH = 300;

/** Little- and big-endian TIFF (`II*\0`, `MM\0*`) and BigTIFF (`II+\0`, `MM\0+`). */
const TIFF_MAGIC = ['49492a00', '4d4d002a', '49492b00', '4d4d002b'];
const HEAD_BYTES = 4;

export function headerOf(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// Each problem below completes the sentence "<endpoint> answered …".

/** Why a status other than 200 (and the upload answers 201/204), or a 200 that says it holds a
 * range, cannot be saved as the image. */
function statusProblem(status: number, contentRange: string | undefined): string | undefined {
  if (status === 200 && contentRange !== undefined)
    return `HTTP 200 with Content-Range "${contentRange.slice(0, 60)}", only part of the image, although the whole image was asked for`;
  if (status === 200) return undefined;
  if (status === 206) return 'HTTP 206, only part of the image, although the whole image was asked for';
  return `HTTP ${status} instead of 200 with the image`;
}

/** Why a Content-Type says the body is not an image (JSON or text, typically an error). */
function contentTypeProblem(contentType: string | undefined): string | undefined {
  return contentType && /json|^text\//i.test(contentType)
    ? `with ${contentType.split(';')[0]?.trim()} instead of the image`
    : undefined;
}

/** Why the first bytes of the (decoded) body are not what was asked for. */
function headProblem(head: Buffer, ended: boolean, expectTiff: boolean): string | undefined {
  if (head.length === 0 && ended) return 'with an empty body instead of the image';
  const first = head.toString('latin1').trimStart()[0];
  if (first === '{' || first === '[') return 'with JSON under a binary content type instead of the image';
  if (!expectTiff) return undefined;
  return TIFF_MAGIC.includes(head.subarray(0, HEAD_BYTES).toString('hex'))
    ? undefined
    : 'with a body that is not a TIFF, the file type asked for';
}

/** The decoder for a Content-Encoding, undefined for none; throws for one the client cannot read,
 * so that a compressed body is never saved as if it were the image. */
function decoderFor(encoding: string | undefined, endpoint: string): Transform | undefined {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return undefined;
  if (name === 'gzip' || name === 'x-gzip') return createGunzip();
  if (name === 'deflate') return createInflate();
  if (name === 'br') return createBrotliDecompress();
  throw new ApiError({
    kind: 'protocol',
    message: `${endpoint} answered with Content-Encoding "${name.slice(0, 40)}", which the client cannot decode; nothing was saved.`,
    endpoint,
  });
}

/** Reads at least `size` bytes (fewer only when the body ends) from the start of a body. */
async function readHead(chunks: AsyncIterator<Uint8Array>, size: number): Promise<{ head: Buffer; ended: boolean }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < size) {
    const next = await chunks.next();
    if (next.done) return { head: Buffer.concat(parts), ended: true };
    parts.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    length += next.value.byteLength;
  }
  return { head: parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts), ended: false };
}

/** A short, readable quote of a body: text with markup and runs of blanks removed, or the first
 * bytes in hex when it is binary. */
function quoteBody(bytes: Buffer): string | undefined {
  if (bytes.length === 0) return undefined;
  const sample = bytes.subarray(0, QUOTE_READ_LIMIT);
  let control = 0;
  for (const byte of sample) if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  if (control > sample.length / 20)
    return `binary data starting ${sample
      .subarray(0, 8)
      .toString('hex')
      .replace(/(..)(?!$)/g, '$1 ')}`;
  const text = sample
    .toString('utf8')
    .replace(/<(script|style)[^]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}…` : text || undefined;
}

/** Reads what is left of a refused answer, up to the quote limit, after the bytes already read. */
async function readForQuote(head: Buffer, rest: AsyncIterator<Uint8Array>): Promise<Buffer> {
  const parts = [head];
  let size = head.length;
  while (size < QUOTE_READ_LIMIT) {
    const next = await rest.next();
    if (next.done) break;
    parts.push(Buffer.from(next.value));
    size += next.value.length;
  }
  return Buffer.concat(parts);
}

/** The service's error found in an answer that should have been the image: what it said (its
 * message, its code), beside the status that said otherwise. Every image call is billed, and the
 * pipeline's table (billed-answers.ts) holds such a call as possibly charged, so the advice of a
 * plain refusal ("pick another date") is left out: the 2xx proves nothing about the work. */
function serviceErrorInAnswer(said: ApiError, endpoint: string, reason: string): ApiError {
  const quoted = said.serverMessage ? `: "${said.serverMessage}"` : '';
  const code = said.code !== undefined ? ` ${said.code}` : '';
  // A status problem names the status itself ("HTTP 206, only part of the image").
  const answer = reason.startsWith('HTTP ') ? reason : `HTTP ${said.status ?? '2xx'} ${reason}`;
  return new ApiError({
    ...said,
    message: `${endpoint} answered ${answer}, holding the service's error${code}${quoted}; nothing was saved.`,
  });
}

/** The error for an answer that is not the image: the service's own error when the body is its
 * envelope (whatever the content type said), else a protocol error quoting what was sent. */
async function refusal(init: {
  endpoint: string;
  status: number;
  reason: string;
  head?: Buffer;
  rest?: AsyncIterator<Uint8Array>;
}): Promise<ApiError> {
  const { endpoint, status, reason } = init;
  let body = init.head ?? Buffer.alloc(0);
  try {
    if (init.rest) body = await readForQuote(body, init.rest);
  } catch {
    // What was read so far is quoted; the reason alone still says what went wrong.
  }
  // Scanned before it is parsed: a refusal nested 20,000 deep would overflow the envelope's walk.
  const unreadable = /^\s*[[{]/.test(body.subarray(0, 64).toString('latin1'))
    ? new JsonScanner().feed(body)
    : undefined;
  let json: unknown;
  try {
    json = unreadable ? undefined : JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  const read = json === undefined ? undefined : unwrap(json);
  if (read && !read.ok)
    return serviceErrorInAnswer(
      errorFromAnswer({ status, endpoint, error: read.error, data: read.data }),
      endpoint,
      reason,
    );
  const quote = unreadable ? undefined : quoteBody(body);
  return new ApiError({
    kind: 'protocol',
    message: `${endpoint} answered ${reason}; nothing was saved.${unreadable ? ` Its JSON is not read: ${unreadable}.` : ''}${quote ? ` The service sent: "${quote}"` : ''}`,
    status,
    serverMessage: quote,
    endpoint,
  });
}

interface CheckedBody {
  head: Buffer;
  rest: AsyncIterator<Uint8Array>;
  /** True when the network bytes are counted before decoding, not as the body is written. */
  decoded: boolean;
}

/** How far an encoded image may expand: past 64 MiB decoded, at most 200 times the bytes that
 * came over the network (a TIFF, compressed or not, gzips far less; a gzip bomb expands 1,000 times). */
const decodedLimits = { floor: 64 * 1024 * 1024, ratio: 200 };

/** The body decoded as it is read; the bytes from the network are counted on the way in, and a
 * body that expands beyond decodedLimits is refused as it expands. */
function decodedBody(
  body: AsyncIterable<Uint8Array>,
  decoder: Transform,
  onWireBytes: (count: number) => void,
  endpoint: string,
): AsyncIterable<Uint8Array> {
  let wire = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      wire += chunk.length;
      onWireBytes(chunk.length);
      yield chunk;
    }
  }
  // A failure on either side destroys the decoder with it, and its reader throws that error.
  pipeline(counted(), decoder).catch(() => undefined);
  async function* bounded(): AsyncGenerator<Uint8Array> {
    let decoded = 0;
    for await (const chunk of decoder as AsyncIterable<Uint8Array>) {
      decoded += chunk.length;
      if (decoded > decodedLimits.floor && decoded > decodedLimits.ratio * wire) {
        decoder.destroy();
        throw new ApiError({
          kind: 'protocol',
          message: `${endpoint} answered with a compressed body that expands more than ${decodedLimits.ratio} times (${Math.round(decoded / 1048576)} MiB from ${Math.round(wire / 1024)} KiB so far); it is not an image, nothing was saved.`,
          endpoint,
        });
      }
      yield chunk;
    }
  }
  return bounded();
}

/** Checks status, content type, encoding and the first bytes before anything touches the disk. */
export async function checkedBody(
  response: HttpResponse,
  options: { endpoint: string; expectTiff: boolean },
  onWireBytes: (count: number) => void,
): Promise<CheckedBody> {
  const { endpoint } = options;
  const status = response.status;
  const decoder = decoderFor(headerOf(response, 'content-encoding'), endpoint);
  const rest = (decoder ? decodedBody(response.body, decoder, onWireBytes, endpoint) : response.body)[
    Symbol.asyncIterator
  ]();
  const answerProblem =
    statusProblem(status, headerOf(response, 'content-range')) ??
    contentTypeProblem(headerOf(response, 'content-type'));
  if (answerProblem) throw await refusal({ endpoint, status, reason: answerProblem, rest });
  const { head, ended } = await readHead(rest, HEAD_BYTES);
  const problem = headProblem(head, ended, options.expectTiff);
  if (problem) throw await refusal({ endpoint, status, reason: problem, head, rest });
  return { head, rest, decoded: decoder !== undefined };
}
