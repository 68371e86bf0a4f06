// The one place that talks HTTP. It pins every request to the configured origin, refuses plain
// http except on loopback, adds the key and JSON headers, applies the per-request timeout and the
// caller's AbortSignal and an overall deadline (deadline.ts). undici is loaded on the first request, not at import, so loading the
// extension does not pay for the network stack (docs/engineering-notes.md, "Load cost").
import type { Dispatcher } from 'undici';
import { Deadline } from './deadline';
import { ApiError } from './errors';
import { isHttpsOrLoopback } from './loopback';
import { NodeHttpClient } from './node-http';
import type { ResponseBody } from './node-http';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | string[];

export interface HttpRequest {
  method: HttpMethod;
  /** Path below the base URL, starting with `/`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Serialised as JSON when present. */
  body?: unknown;
  signal?: AbortSignal;
  /** A large body streamed to disk: sent with Node's http client (see node-http.ts). */
  streamed?: boolean;
  /** Overall time for the whole exchange, redirects and answer body included. Unset: the
   * transport's `deadlineMs` for JSON calls, none for streamed ones (a download sets its own). */
  deadlineMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
}

export interface TransportOptions {
  baseUrl: string;
  getApiKey: () => Promise<string | undefined> | string | undefined;
  /** Idle timeout: headers, and any pause inside a body. */
  timeoutMs: number;
  /** Overall deadline of a JSON call, however the bytes trickle in. */
  deadlineMs?: number;
  userAgent?: string;
  /** Told every key sent, so that what the server echoes of it can be redacted. */
  onKeySent?: (key: string) => void;
}

const MAX_SAME_ORIGIN_REDIRECTS = 3;

/** Parses and checks the base URL; throws a local-validation ApiError a person can act on. */
export function checkBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ApiError({
      kind: 'local-validation',
      message: `The service base URL "${baseUrl}" is not a valid URL. Set an https:// address in the settings.`,
    });
  }
  if (url.username || url.password) {
    throw new ApiError({
      kind: 'local-validation',
      message: 'The service base URL must not contain a user name or password.',
    });
  }
  if (isHttpsOrLoopback(url)) return url;
  throw new ApiError({
    kind: 'local-validation',
    message: `The service base URL must use https (plain http is allowed only for localhost); "${url.origin}" was refused so the key is not sent unencrypted.`,
  });
}

function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Maps a failure before any response (connect, reset, timeout, abort) to an ApiError. `origin`,
 * when the caller knows it, is named in a network failure: "check the base URL" helps only a
 * person who can see which address was tried (a CLI run whose SAT_IMAGERY_BASE_URL is unset). */
export function failureBeforeResponse(
  err: unknown,
  endpoint: string,
  signal: AbortSignal | undefined,
  origin?: string,
): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string } | undefined)?.code ?? '';
  const name = (err as { name?: string } | undefined)?.name ?? '';
  if (signal?.aborted || name === 'AbortError' || code === 'UND_ERR_ABORTED') {
    return new ApiError({ kind: 'aborted', message: `${endpoint} was cancelled.`, endpoint, cause: err });
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new ApiError({
      kind: 'timeout',
      message: `${endpoint} timed out waiting for the service; try again later or raise the request timeout.`,
      endpoint,
      cause: err,
    });
  }
  const detail = code || name || 'connection error';
  return new ApiError({
    kind: 'network',
    message: `${endpoint} could not reach the service${origin ? ` at ${origin}` : ''} (${detail}); check the network and the base URL, then try again.`,
    endpoint,
    cause: err,
  });
}

export class Transport {
  readonly base: URL;
  private dispatcher: Dispatcher | undefined;
  private undici: typeof import('undici') | undefined;
  private nodeHttp: NodeHttpClient | undefined;

  constructor(private readonly options: TransportOptions) {
    this.base = checkBaseUrl(options.baseUrl);
  }

  /** Full URL for a path; the prefix path of the base URL (if any) is kept. */
  urlFor(path: string, query?: Record<string, QueryValue>): URL {
    const prefix = this.base.pathname.replace(/\/+$/, '');
    return new URL(`${this.base.origin}${prefix}${path}${encodeQuery(query)}`);
  }

  private async load(): Promise<{ undici: typeof import('undici'); dispatcher: Dispatcher }> {
    if (!this.undici || !this.dispatcher) {
      this.undici = await import('undici');
      this.dispatcher = new this.undici.Agent({
        keepAliveTimeout: 10_000,
        connect: { timeout: this.options.timeoutMs },
      });
    }
    return { undici: this.undici, dispatcher: this.dispatcher };
  }

  /** Sends one request and returns the response with its body unread. Redirects are followed only
   * within the base origin (GET only); one that leaves it is refused before the key goes anywhere. */
  async send(request: HttpRequest): Promise<HttpResponse> {
    const endpoint = `${request.method} ${request.path}`;
    const key = await this.options.getApiKey();
    if (!key) {
      throw new ApiError({
        kind: 'auth',
        message: 'No API key is set: set the key for the imagery service first.',
        endpoint,
      });
    }
    this.options.onKeySent?.(key);
    const headers: Record<string, string> = {
      'x-api-key': key,
      'content-type': 'application/json',
      accept: 'application/json, application/octet-stream, */*',
    };
    if (this.options.userAgent) headers['user-agent'] = this.options.userAgent;
    const deadlineMs = request.deadlineMs ?? (request.streamed ? undefined : this.options.deadlineMs);
    if (deadlineMs === undefined) return this.follow(request, endpoint, headers, request.signal);
    const deadline = new Deadline(deadlineMs, request.signal, endpoint);
    try {
      const response = await this.follow(request, endpoint, headers, deadline.signal);
      return { ...response, body: deadline.watch(response.body) };
    } catch (err) {
      deadline.clear();
      throw deadline.translate(err);
    }
  }

  private async follow(
    request: HttpRequest,
    endpoint: string,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<HttpResponse> {
    let url = this.urlFor(request.path, request.query);
    for (let hop = 0; ; hop++) {
      let response: HttpResponse;
      try {
        response = await this.once(url, { ...request, signal }, headers);
      } catch (err) {
        throw failureBeforeResponse(err, endpoint, request.signal, url.origin);
      }
      const status = response.status;
      if (status < 300 || status >= 400 || status === 304) return response;
      await response.body.dump().catch(() => undefined);
      const location = response.headers.location;
      const target = typeof location === 'string' ? new URL(location, url) : undefined;
      if (!target || target.origin !== this.base.origin) {
        throw new ApiError({
          kind: 'protocol',
          message: `${endpoint} was redirected to ${target ? target.origin : 'an unknown address'}, outside the configured service; the request was refused and the key was not sent there.`,
          status,
          endpoint,
        });
      }
      if (request.method !== 'GET' || hop >= MAX_SAME_ORIGIN_REDIRECTS) {
        throw new ApiError({
          kind: 'protocol',
          message: `${endpoint} was redirected (HTTP ${status}) where the client does not follow redirects.`,
          status,
          endpoint,
        });
      }
      url = target;
    }
  }

  private async once(url: URL, request: HttpRequest, headers: Record<string, string>): Promise<HttpResponse> {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    if (request.streamed) {
      this.nodeHttp ??= new NodeHttpClient();
      return this.nodeHttp.request(url, {
        method: request.method,
        headers,
        body,
        signal: request.signal,
        timeoutMs: this.options.timeoutMs,
      });
    }
    const { undici, dispatcher } = await this.load();
    const response = await undici.request(url, {
      dispatcher,
      method: request.method,
      headers,
      body,
      signal: request.signal,
      headersTimeout: this.options.timeoutMs,
      bodyTimeout: this.options.timeoutMs,
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }

  async close(): Promise<void> {
    this.nodeHttp?.close();
    this.nodeHttp = undefined;
    const dispatcher = this.dispatcher;
    this.dispatcher = undefined;
    this.undici = undefined;
    if (dispatcher) await dispatcher.close();
  }
}
