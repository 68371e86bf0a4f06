// The HTTP server: reads each request, applies scheduled faults, auth, rate and concurrency
// limits, latency and random 5xx in that order, then the route, and answers with the
// envelope or an image. Every step is recorded in the request log.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { KeyRing, redactedKey } from './auth';
import type { KeyStatus } from './auth';
import { failure, inCase, SimError, success } from './envelope';
import { FaultController } from './faults';
import { generatedTiff } from './geotiff';
import { buildGeoTiff } from './geotiff-image';
import { sendHostileJson } from './hostile';
import { resetSocket, sendImage } from './image-response';
import type { ImageBody } from './image-response';
import { parseBody, startEntry } from './request-log';
import { readBody, sendEnvelope, sendTrickled, wait } from './http-io';
import { accountRoutes } from './routes/account';
import { billMonths } from './order-billing';
import { imageryRoutes } from './routes/imagery';
import { orderRoutes } from './routes/orders';
import type { ImageRequest, Reply, Route } from './routes/route';
import { tileRoutes } from './routes/tiles';
import { putImage } from './upload';
import type { SimulatorState } from './state';
import type { FaultOptions, RequestLogEntry, ScheduledFault, SpecVariant } from './types';

/** A demo left running for days must not grow without bound; tests never get near this. */
const MAX_LOG_ENTRIES = 10_000;

export interface ServerParts {
  state: SimulatorState;
  faults: FaultController;
  keys: KeyRing;
  spec: Required<SpecVariant>;
  log: RequestLogEntry[];
}

/** Every JSON answer leaves here, at the run's JSON trickle pace when one is set. A trickle the
 * client hangs up on is logged as 'aborted-by-client'. */
async function sendJson(
  parts: ServerParts,
  res: ServerResponse,
  entry: RequestLogEntry,
  status: number,
  payload: unknown,
  headers?: Record<string, string>,
): Promise<void> {
  const pace = parts.faults.options.jsonTrickleBytesPerSecond;
  if (pace === undefined || pace <= 0) return sendEnvelope(res, status, payload, headers);
  if (!(await sendTrickled(res, status, payload, pace, headers))) entry.outcome = 'aborted-by-client';
}

function sendError(
  parts: ServerParts,
  res: ServerResponse,
  entry: RequestLogEntry,
  error: SimError,
  outcome?: string,
): Promise<void> {
  entry.status = error.status;
  entry.outcome = outcome ?? `error:${error.code ?? error.status}`;
  return sendJson(
    parts,
    res,
    entry,
    error.status,
    inCase(failure(error.message, error.code ?? error.status, error.data ?? null), parts.spec.responseCase),
    error.headers,
  );
}

/** Retries and batches ask for the same image again: keep the last few rendered ones. */
const recentImages = new Map<string, Buffer>();
const RECENT_IMAGES = 16;

function renderedImage(image: ImageRequest, state: SimulatorState, faults: FaultOptions): Buffer {
  const { seed, season, demo } = state;
  const empty = faults.emptyImages === true;
  // The boxes of nodata on this date (the nodataBoxes fault).
  const nodataBoxes = (faults.nodataBoxes ?? []).filter((b) => !b.dates || b.dates.includes(image.date.slice(0, 10)));
  const key = JSON.stringify([
    image.bbox,
    image.epsg,
    image.resolution,
    image.bands,
    image.dataType,
    image.date,
    seed,
    empty,
    nodataBoxes,
    season ?? null,
    demo,
  ]);
  let tiff = recentImages.get(key);
  if (!tiff) {
    tiff = buildGeoTiff({ ...image, seed, empty, nodataBoxes, demo, ...(season ? { season } : {}) });
    recentImages.set(key, tiff);
    if (recentImages.size > RECENT_IMAGES) recentImages.delete(recentImages.keys().next().value as string);
  }
  return tiff;
}

function imageBody(parts: ServerParts, image: ImageRequest): ImageBody {
  const seed = parts.state.seed;
  const bytes = parts.faults.options.imageBytes;
  if (bytes !== undefined) return { length: bytes, chunks: generatedTiff(bytes, seed) };
  const tiff = renderedImage(image, parts.state, parts.faults.options);
  const chunks = function* () {
    for (let at = 0; at < tiff.length; at += 64 * 1024) yield tiff.subarray(at, at + 64 * 1024);
  };
  return { length: tiff.length, chunks: chunks() };
}

export function createSimulatorServer(parts: ServerParts): { server: Server; sockets: Set<Socket> } {
  const routes: Route[] = [
    ...accountRoutes(),
    ...tileRoutes(),
    ...orderRoutes(parts.spec.orderDetailsMethod),
    ...imageryRoutes(),
  ];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    handle(parts, routes, req, res).catch((error: unknown) => {
      // A bug in the simulator must show in the test that met it, not hang it.
      if (!res.headersSent)
        sendEnvelope(res, 500, inCase(failure(`Simulator error: ${String(error)}`, 500), parts.spec.responseCase));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return { server, sockets };
}

async function handle(parts: ServerParts, routes: Route[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = (req.method ?? 'GET').toUpperCase();
  const headerKey = req.headers['x-api-key'];
  const key = Array.isArray(headerKey) ? headerKey[0] : headerKey;
  const keyStatus = parts.keys.status(key);
  const entry = startEntry(req, url, redactedKey(keyStatus));
  parts.log.push(entry);
  if (parts.log.length > MAX_LOG_ENTRIES) parts.log.shift();
  res.on('close', () => {
    entry.finishedAt = performance.now();
    if (entry.outcome === 'pending') entry.outcome = 'aborted-by-client';
  });
  const raw = await readBody(req);
  if (raw === undefined) return sendError(parts, res, entry, new SimError(413, 'The request body is too large.', 413));
  const parsed = parseBody(raw);
  entry.body = parsed;

  const scheduled = parts.faults.takeScheduled(method, url.pathname);
  if (scheduled?.delayMs !== undefined && !(await wait(scheduled.delayMs, res))) return;
  if (scheduled?.reset === 'before-processing') {
    entry.outcome = 'fault:reset';
    return resetSocket(req.socket);
  }
  if (scheduled?.echoKey !== undefined && scheduled.echoKey !== 'file-name')
    return echoKey(parts, res, entry, scheduled, key ?? '');
  if (scheduled?.status !== undefined && !scheduled.answerAfterProcessing) {
    return sendError(
      parts,
      res,
      entry,
      new SimError(
        scheduled.status,
        scheduled.message ?? `Scheduled fault ${scheduled.status}.`,
        scheduled.code,
        null,
        retryAfter(scheduled),
      ),
      `fault:${scheduled.status}`,
    );
  }
  if (!(await admit(parts, res, entry, key, keyStatus))) return;
  if (scheduled?.hostileJson !== undefined) {
    entry.status = 200;
    entry.outcome = await sendHostileJson(res, scheduled.hostileJson);
    return;
  }

  let reply: Reply;
  // The months the clock reached since the last request are billed first: no request's charge.
  billMonths(parts.state);
  const balance = balanceOf(parts);
  try {
    reply = dispatch(parts, routes, method, url, parsed);
  } catch (error) {
    if (!(error instanceof SimError)) throw error;
    if (scheduled?.reset === 'after-processing') {
      entry.outcome = 'fault:reset';
      return resetSocket(req.socket);
    }
    return sendError(parts, res, entry, error);
  } finally {
    recordCharge(parts, entry, balance);
  }
  if (scheduled?.echoKey === 'file-name' && reply.kind === 'image')
    reply = { ...reply, image: { ...reply.image, fileName: `${key ?? ''}-${reply.image.fileName}` } };
  if (scheduled?.reset === 'after-processing') {
    // The effect (an order created, credits spent) stays; only the answer is lost.
    entry.outcome = 'fault:reset';
    return resetSocket(req.socket);
  }
  if (scheduled?.status !== undefined) {
    // answerAfterProcessing: the work is done and charged, the client hears only the status (a
    // 429 or 503 then says "not run" though it ran, as an overloaded gateway may).
    const error = new SimError(
      scheduled.status,
      `Scheduled fault ${scheduled.status} after processing.`,
      scheduled.code,
      null,
      retryAfter(scheduled),
    );
    return sendError(parts, res, entry, error, `fault:${scheduled.status}-after-processing`);
  }
  if (scheduled?.patchData !== undefined && reply.kind === 'json')
    reply = { ...reply, data: { ...(reply.data as Record<string, unknown>), ...scheduled.patchData } };
  if (scheduled?.slowProcessingMs !== undefined && !(await wait(scheduled.slowProcessingMs, res))) {
    entry.outcome = 'aborted-by-client:after-processing';
    return;
  }
  await sendReply(parts, res, entry, reply);
}

function retryAfter(fault: ScheduledFault): Record<string, string> {
  return fault.retryAfterSeconds !== undefined ? { 'Retry-After': String(fault.retryAfterSeconds) } : {};
}

/** A scheduled answer that repeats the key sent (ScheduledFault.echoKey). */
function echoKey(
  parts: ServerParts,
  res: ServerResponse,
  entry: RequestLogEntry,
  fault: ScheduledFault,
  key: string,
): void {
  if (fault.echoKey === 'location') {
    entry.status = 302;
    entry.outcome = 'fault:echo-key';
    res.writeHead(302, { Location: `https://${key}.echo.invalid/`, 'Content-Length': '0' });
    return void res.end();
  }
  const error =
    fault.echoKey === 'field-error'
      ? new SimError(400, 'One or more validation errors occurred: Model.', 992, {
          Model: [`The model is not enabled for the key ${key}.`],
        })
      : new SimError(fault.status ?? 400, `The key ${key} may not do this.`, fault.code ?? 992);
  sendError(parts, res, entry, error, 'fault:echo-key');
}

/** Image credits left, the EUR balance, and what the account's orders commit it to (this month
 * and next). */
function balanceOf(parts: ServerParts): { credits: number; euros: number; committed: number } {
  const account = parts.state.account;
  return {
    credits: account.CreditAmount,
    euros: account.EuroCreditAmount,
    committed: account.CurrentMonthCosts + account.NextMonthCosts,
  };
}

/** The request log counts charges: a request that took money (image credits, or an order's
 * costs) is marked, answered or not; one that gave EUR back (a cancel in Review) is marked
 * `refunded`, apart from the charges. */
function recordCharge(parts: ServerParts, entry: RequestLogEntry, before: ReturnType<typeof balanceOf>): void {
  const after = balanceOf(parts);
  const credits = Math.round((before.credits - after.credits) * 100) / 100;
  const euroCredits = Math.round((after.committed - before.committed) * 100) / 100;
  if (credits > 0 || euroCredits > 0) entry.charged = { credits, euroCredits };
  const refunded = Math.round((after.euros - before.euros) * 100) / 100;
  if (refunded > 0) entry.refunded = { euroCredits: refunded };
}

/** Auth, rate and concurrency limits, latency and random 5xx. False when already answered. */
async function admit(
  parts: ServerParts,
  res: ServerResponse,
  entry: RequestLogEntry,
  key: string | undefined,
  keyStatus: KeyStatus,
): Promise<boolean> {
  const { faults } = parts;
  const refusal = parts.keys.refusal(keyStatus);
  if (refusal) {
    void sendError(parts, res, entry, refusal);
    return false;
  }
  const id = key as string;
  const token = faults.takeToken(id, performance.now());
  if (!token.ok) {
    const headers: Record<string, string> = faults.options.rateLimit?.retryAfter
      ? { 'Retry-After': String(token.retryAfterSeconds) }
      : {};
    void sendError(
      parts,
      res,
      entry,
      new SimError(429, 'Too many requests: the rate limit of this key is exceeded.', 429, null, headers),
      'limit:rate',
    );
    return false;
  }
  if (!faults.acquire(id)) {
    const message = 'Too many concurrent requests for this key.';
    const error =
      faults.options.concurrencyAnswer === '1003' ? new SimError(400, message, 1003) : new SimError(429, message, 429);
    void sendError(parts, res, entry, error, 'limit:concurrency');
    return false;
  }
  // The slot is held until the answer is fully sent (or the connection dies), images included.
  res.once('close', () => faults.release(id));
  if (!(await wait(faults.options.latencyMs ?? 0, res))) return false;
  const serverError = faults.drawServerError();
  if (serverError !== undefined) {
    const message =
      serverError === 500 ? 'Internal server error.' : serverError === 502 ? 'Bad gateway.' : 'Service unavailable.';
    void sendError(parts, res, entry, new SimError(serverError, message, serverError), `fault:${serverError}`);
    return false;
  }
  return true;
}

function dispatch(parts: ServerParts, routes: Route[], method: string, url: URL, parsed: unknown): Reply {
  const sameRoute = routes.filter((r) => r.path === url.pathname);
  const route = sameRoute.find((r) => r.method === method);
  if (!route) {
    const allowed = sameRoute.map((r) => r.method);
    throw allowed.length > 0
      ? new SimError(405, `${method} is not allowed on ${url.pathname}; use ${allowed.join(' or ')}.`, 405, null, {
          Allow: allowed.join(', '),
        })
      : new SimError(404, `No endpoint ${url.pathname}.`, 404);
  }
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  if (route.needsBody && !isObject)
    throw new SimError(400, 'The request needs a JSON object body.', 992, { Body: ['A JSON object is required.'] });
  return route.handle({
    state: parts.state,
    body: isObject ? (parsed as Record<string, unknown>) : {},
    query: url.searchParams,
    spec: parts.spec,
    faults: parts.faults.options,
  });
}

async function sendReply(parts: ServerParts, res: ServerResponse, entry: RequestLogEntry, reply: Reply): Promise<void> {
  entry.status = reply.kind === 'image' ? 200 : reply.kind === 'upload' ? 201 : reply.status;
  entry.outcome = 'ok';
  if (reply.kind === 'json')
    return sendJson(parts, res, entry, reply.status, inCase(success(reply.data), parts.spec.responseCase));
  if (reply.kind === 'json-raw') return sendJson(parts, res, entry, reply.status, reply.body);
  if (reply.kind === 'empty') {
    res.writeHead(reply.status, { 'Content-Length': '0' });
    return void res.end();
  }
  if (reply.kind === 'upload') {
    // The live service sends the file to the UploadUrl itself and answers 201 with no body.
    const status = await putImage(
      reply.url,
      renderedImage(reply.image, parts.state, parts.faults.options),
      reply.image.fileName,
    ).catch(() => 0);
    if (status < 200 || status > 299)
      throw new SimError(502, `The upload to UploadUrl failed (${status || 'unreachable'}).`, 502);
    entry.outcome = 'ok:uploaded';
    res.writeHead(201, { 'Content-Length': '0' });
    return void res.end();
  }
  const release = await parts.faults.imageStarted();
  res.once('close', release);
  entry.outcome = await sendImage(
    res,
    imageBody(parts, reply.image),
    reply.image.fileName,
    parts.faults.options,
    release,
  );
}
