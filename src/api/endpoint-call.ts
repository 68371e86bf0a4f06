// Client methods made from the endpoint table (endpoints.ts): the entry's method, path, request
// schema, answer reader and retry class decide everything, so no method can send a billed call
// with the ordinary retry class. JSON answers go through the guarded reader (pipeline.ts), images
// stream through download.ts with the download limits and the redactor.
import type { ClientCore } from './client-core';
import { saveDownload } from './download';
import { DownloadDeadline } from './download-deadline';
import type { ImageEndpoint, JsonEndpoint } from './endpoints';
import { execute, readJson } from './pipeline';
import type { ExecuteOptions } from './pipeline';
import type { HttpMethod, QueryValue } from './transport';
import type { CallOptions, DownloadResult, DownloadTarget } from './types';
import type { ProcessOutputOptions } from './wire-types';

/** What goes on the wire beside method and path; `method` only where the specification
 * document overrides the entry's (order details). */
export interface WireParts {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
}

/** Sends one JSON call with the entry's retry class and returns the envelope's payload; a billed
 * call asks `beforeResend` before it is sent again (pipeline.ts). */
export function sendJson(
  core: ClientCore,
  entry: JsonEndpoint<never, unknown>,
  parts: WireParts,
  signal: AbortSignal | undefined,
  beforeResend?: ExecuteOptions<unknown>['beforeResend'],
): Promise<unknown> {
  const method = parts.method ?? entry.method;
  const endpoint = `${method} ${entry.path}`;
  return execute(core.deps, {
    request: { method, path: entry.path, query: parts.query, body: parts.body, signal },
    mode: entry.retry,
    consume: (response) => readJson(response, endpoint, signal),
    beforeResend,
  });
}

/** The body as it will be sent: checked against the entry's schema and the specification
 * document, renamed where the entry says. Nothing is sent when it is refused. */
export function prepareBody<Request>(
  core: ClientCore,
  entry: JsonEndpoint<Request, unknown> | ImageEndpoint<ProcessOutputOptions>,
  request: Request & object,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  const rename = entry.answer === 'json' ? entry.rename : undefined;
  return core.prepareBody(entry.schema, entry.path, request, signal, rename);
}

/** One JSON call from its entry: the query of a GET or DELETE, or the checked body of a POST. */
export async function callJson<Request, Answer>(
  core: ClientCore,
  entry: JsonEndpoint<Request, Answer>,
  request: Request,
  options: CallOptions = {},
): Promise<Answer> {
  const parts: WireParts =
    entry.method === 'POST'
      ? { body: await prepareBody(core, entry, request as Request & object, options.signal) }
      : { query: entry.query?.(request) };
  return entry.read(await sendJson(core, entry, parts, options.signal));
}

/** The method of an entry whose call takes a request (a body or a query). */
export function jsonMethod<Request, Answer>(
  core: ClientCore,
  entry: JsonEndpoint<Request, Answer>,
): (request: Request, options?: CallOptions) => Promise<Answer> {
  return (request, options) => callJson(core, entry, request, options);
}

/** The method of an entry whose call takes nothing but the options. */
export function plainMethod<Answer>(
  core: ClientCore,
  entry: JsonEndpoint<void, Answer>,
): (options?: CallOptions) => Promise<Answer> {
  return (options) => callJson(core, entry, undefined, options);
}

/** The process endpoints answer a GeoTIFF unless another `FileType` is asked for. */
function asksForTiff(request: ProcessOutputOptions): boolean {
  return request.FileType === undefined || /^\.?(geo)?tiff?$/i.test(request.FileType.trim());
}

/** An image call: the body checked, sent with the entry's retry class, the answer streamed to
 * a `.part` file within the download limits. */
async function downloadImage<Request extends ProcessOutputOptions>(
  core: ClientCore,
  entry: ImageEndpoint<Request>,
  request: Request,
  target: DownloadTarget,
  options: CallOptions = {},
): Promise<DownloadResult> {
  const body = await prepareBody(core, entry, request, options.signal);
  const limits = core.downloadLimits;
  const deadline = new DownloadDeadline(limits.deadlineMs, options.signal);
  const signal = deadline.signal;
  try {
    return await execute(core.deps, {
      request: { method: entry.method, path: entry.path, body, signal, streamed: true },
      mode: entry.retry,
      consume: (response, endpoint) =>
        saveDownload(response, target, {
          endpoint,
          signal,
          expectTiff: asksForTiff(request),
          limits,
          redactor: core.deps.redactor,
        }),
    });
  } catch (err) {
    throw deadline.explain(err, `${entry.method} ${entry.path}`);
  } finally {
    deadline.clear();
  }
}

/** The method of an image entry. */
export function imageMethod<Request extends ProcessOutputOptions>(
  core: ClientCore,
  entry: ImageEndpoint<Request>,
): (request: Request, target: DownloadTarget, options?: CallOptions) => Promise<DownloadResult> {
  return (request, target, options) => downloadImage(core, entry, request, target, options);
}
