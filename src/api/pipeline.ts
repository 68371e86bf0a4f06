// The path every request takes: the shared gate, the transport, reading the answer, and the retry
// loop around them. It logs one line per request (method, path, status, duration, retries) and
// never headers, key or bodies; whatever it throws has the key redacted (a server may echo it).
import { billedAnswerRow } from './billed-answers';
import type { BilledAnswerRow, BilledObservation } from './billed-answers';
import { ApiError } from './errors';
import { errorFromAnswer } from './describe';
import { headerOf } from './download-answer';
import type { KeyRedactor } from './redact';
import { unwrap } from './envelope';
import { parseGuardedJson, readGuardedText } from './json-answer';
import type { ConcurrencyGate } from './gate';
import { backoffDelay, isConnectFailure, isRetryable, parseRetryAfter } from './retry';
import type { RequestMode, RetryEnvironment, RetryPolicy } from './retry';
import { failureBeforeResponse } from './transport';
import type { HttpRequest, HttpResponse, Transport } from './transport';

export type LogFn = (level: 'trace' | 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface PipelineDeps {
  transport: Transport;
  gate: ConcurrencyGate;
  policy: RetryPolicy;
  env: RetryEnvironment;
  log: LogFn;
  /** Knows the keys sent; every error leaving execute() passes through it. */
  redactor: KeyRedactor;
}

export interface ExecuteOptions<T> {
  request: HttpRequest;
  /** `billed`: processing and order creation, retried only when the server certainly did not
   * run it; a failure the table of billed answers (billed-answers.ts) calls possibly charged comes
   * back marked `mayHaveBeenCharged`. */
  mode?: RequestMode;
  /** Reads a 2xx answer; runs while the request still holds its gate slot. */
  consume: (response: HttpResponse, endpoint: string) => Promise<T>;
  /** Asked before a billed call is sent again after an answer that says it was not run (429,
   * 503, 1003): a value ends the call with it instead (an order the service created anyway);
   * undefined sends it again; a throw ends the call with that error. */
  beforeResend?: (failure: ApiError) => Promise<T | undefined>;
}

const MAX_ERROR_BODY = 1 << 20;

/** Error answers are small JSON envelopes; anything larger is cut, not buffered whole. */
async function readLimitedText(response: HttpResponse): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const buffer = Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    size += buffer.length;
    if (size >= MAX_ERROR_BODY) {
      response.body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface RefusedAnswer {
  failure: ApiError;
  /** The body was the service's envelope (Succeeded false) under a JSON content type: the
   * service itself speaking, not a proxy's page. */
  jsonEnvelope: boolean;
}

/** The ApiError for an answer of status >= 400 (or an envelope with Succeeded false). */
async function errorFromResponse(response: HttpResponse, endpoint: string): Promise<RefusedAnswer> {
  let text = '';
  try {
    text = await readLimitedText(response);
  } catch {
    // The status alone still says what happened.
  }
  let json: unknown;
  try {
    json = text ? parseGuardedJson(text, endpoint, response.status, { scan: true }) : undefined;
  } catch {
    json = undefined; // not JSON, or JSON too hostile to read: the status says enough
  }
  const read = json === undefined ? undefined : unwrap(json);
  if (read && !read.ok)
    return {
      failure: errorFromAnswer({ status: response.status, endpoint, error: read.error, data: read.data }),
      jsonEnvelope: /json/i.test(headerOf(response, 'content-type') ?? ''),
    };
  return { failure: errorFromAnswer({ status: response.status, endpoint }), jsonEnvelope: false };
}

/** The whole body as text, scanned as it arrives (json-answer.ts); a connection that breaks
 * while it is read is a network failure. */
async function readText(response: HttpResponse, endpoint: string, signal?: AbortSignal): Promise<string> {
  try {
    return await readGuardedText(response.body, endpoint, response.status);
  } catch (err) {
    throw failureBeforeResponse(err, endpoint, signal);
  }
}

/** Parses a JSON answer as it came, without the envelope handling (the specification document). */
export async function readRawJson(response: HttpResponse, endpoint: string, signal?: AbortSignal): Promise<unknown> {
  const text = await readText(response, endpoint, signal);
  return parseGuardedJson(text, endpoint, response.status, { scan: false });
}

/** Reads a JSON answer and returns its payload; an envelope with Succeeded false throws. */
export async function readJson(response: HttpResponse, endpoint: string, signal?: AbortSignal): Promise<unknown> {
  const text = await readText(response, endpoint, signal);
  if (text.trim() === '') return null;
  const read = unwrap(parseGuardedJson(text, endpoint, response.status, { scan: false }));
  if (!read.ok) throw errorFromAnswer({ status: response.status, endpoint, error: read.error, data: read.data });
  return read.data;
}

function withAttempts(err: ApiError, attempts: number): ApiError {
  return new ApiError({ ...err, message: err.message, attempts, cause: err.cause });
}

/** What became of a billed call's answer, completing "<endpoint> was sent, but …". What the
 * service said (its message, its code) stays in the words. */
function whatBecameOfTheAnswer(err: ApiError, afterResponse: boolean): string {
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  const clause = (text: string) => text.replace(/[.\s]+$/, '');
  if (err.kind === 'aborted') return 'its answer was lost (the run was cancelled before the answer arrived)';
  if (afterResponse) return `its answer could not be used (${clause(err.message)})`;
  if (err.status !== undefined) {
    const said =
      err.serverMessage !== undefined
        ? `"${err.serverMessage}"`
        : err.kind === 'protocol'
          ? clause(err.message)
          : undefined;
    const quoted = said ? `: ${said}${err.code !== undefined ? `, error ${err.code}` : ''}` : '';
    return `its answer, HTTP ${err.status}${quoted}, does not prove it did not run`;
  }
  if (err.kind === 'timeout') return 'its answer was lost (no answer within the request timeout)';
  return `its answer was lost (the connection broke${typeof code === 'string' ? `: ${code}` : ''})`;
}

/** The failure of a billed call that may have run: said in words, and never sent again. */
function maybeCharged(err: ApiError, attempts: number, afterResponse: boolean): ApiError {
  const message = `${err.endpoint ?? 'The request'} was sent, but ${whatBecameOfTheAnswer(err, afterResponse)}. The service may have run it, so the account may have been charged; it was not sent again, so it is not charged twice. Check the account's credits (and the Orders list for an order) before trying again.`;
  return new ApiError({ ...err, message, attempts, mayHaveBeenCharged: true, cause: err });
}

/** What was seen of a billed attempt, as the table of billed answers reads it. `status` is the
 * answer's, or the refused redirect's the transport threw. */
function billedObservation(failure: ApiError, status: number | undefined, jsonEnvelope: boolean): BilledObservation {
  return {
    // No key, or a payload refused: the transport throws these before writing anything.
    sent: !(failure.kind === 'local-validation' || (failure.kind === 'auth' && status === undefined)),
    neverConnected: isConnectFailure(failure),
    status,
    jsonEnvelope,
    code: failure.code,
    // A file error comes only from saving an answer that was the image.
    answerAsAsked: failure.kind === 'file',
  };
}

/** Network failures carry a code (ECONNRESET, UND_ERR_*) or are aborts; anything else is a bug
 * and travels on unchanged rather than posing as a network problem. */
function asApiError(err: unknown, endpoint: string, signal: AbortSignal | undefined): ApiError {
  if (err instanceof ApiError) return err;
  const { code, name } = (err ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' || name === 'AbortError' || signal?.aborted)
    return failureBeforeResponse(err, endpoint, signal);
  throw err;
}

export async function execute<T>(deps: PipelineDeps, options: ExecuteOptions<T>): Promise<T> {
  try {
    return await attempts(deps, options);
  } catch (err) {
    throw deps.redactor.redactError(err);
  }
}

async function attempts<T>(deps: PipelineDeps, options: ExecuteOptions<T>): Promise<T> {
  const { request } = options;
  const mode = options.mode ?? 'normal';
  const endpoint = `${request.method} ${request.path}`;
  const started = deps.env.now();
  for (let attempt = 1; ; attempt++) {
    let failure: ApiError;
    let retryAfterMs: number | undefined;
    let afterResponse = false;
    let status: number | undefined;
    let jsonEnvelope = false;
    let slot;
    try {
      slot = await deps.gate.acquire(request.signal);
    } catch (err) {
      throw failureBeforeResponse(err, endpoint, request.signal);
    }
    const sentAt = deps.env.now();
    // From here the request may reach the service: a billed call cancelled now may have run (a
    // cancel while waiting for the gate or between attempts throws above and below, never sent).
    try {
      const response = await deps.transport.send(request);
      status = response.status;
      if (response.status >= 400) {
        retryAfterMs = parseRetryAfter(response.headers['retry-after'], deps.env.now());
        ({ failure, jsonEnvelope } = await errorFromResponse(response, endpoint));
      } else {
        afterResponse = true;
        const value = await options.consume(response, endpoint);
        deps.log('info', `${endpoint} ${response.status} ${deps.env.now() - sentAt} ms, ${attempt - 1} retries`);
        return value;
      }
    } catch (err) {
      failure = asApiError(err, endpoint, request.signal);
    } finally {
      slot.release();
    }
    // A billed failure is judged by the one table; only an answer proven "not run" frees the call.
    const billed: BilledAnswerRow | undefined =
      mode === 'billed'
        ? billedAnswerRow(billedObservation(failure, status ?? failure.status, jsonEnvelope))
        : undefined;
    // A body cut off after a successful status is retried only where repeating is harmless.
    const cutOff = afterResponse && (failure.kind === 'network' || failure.kind === 'timeout');
    const retryable =
      isRetryable(failure, mode) && (!cutOff || request.method === 'GET') && (!billed || billed.class === 'not-run');
    const outcome = failure.status ?? failure.kind;
    const delay = retryAfterMs ?? backoffDelay(attempt - 1, deps.policy, deps.env.random);
    const overBudget = deps.env.now() + delay - started > deps.policy.maxTotalMs;
    if (!retryable || attempt >= deps.policy.maxAttempts || overBudget || failure.kind === 'aborted') {
      deps.log(
        failure.kind === 'aborted' ? 'info' : 'warn',
        `${endpoint} ${outcome} ${deps.env.now() - sentAt} ms, ${attempt - 1} retries`,
      );
      if (billed?.class === 'possibly-charged') {
        deps.log('warn', `${endpoint} is billed and may have run (${billed.answer}): not sent again`);
        throw maybeCharged(failure, attempt, afterResponse);
      }
      throw withAttempts(failure, attempt);
    }
    if (failure.kind === 'rate-limited') deps.gate.pause(delay);
    deps.log(
      'debug',
      `${endpoint} ${outcome} ${deps.env.now() - sentAt} ms; retry ${attempt} in ${delay} ms${retryAfterMs !== undefined ? ' (Retry-After)' : ''}`,
    );
    try {
      await deps.env.sleep(delay, request.signal);
    } catch (err) {
      throw failureBeforeResponse(err, endpoint, request.signal);
    }
    // A connection never made carried nothing; an answer that says "not run" may be wrong.
    if (mode === 'billed' && options.beforeResend && !isConnectFailure(failure)) {
      const instead = await options.beforeResend(failure);
      if (instead !== undefined) return instead;
    }
  }
}
