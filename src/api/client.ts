// The client factory. `createClient` checks the base URL and builds the pieces (transport, gate,
// retry policy) without loading the network stack; undici and zod load on the first request.
import { ClientCore } from './client-core';
import { fetchAccountInfo } from './account-info';
import { defaultDownloadLimits } from './download-meter';
import { ConcurrencyGate } from './gate';
import { imageMethod, jsonMethod, plainMethod } from './endpoint-call';
import { endpoints } from './endpoints';
import * as orders from './orders';
import type { LogFn } from './pipeline';
import { KeyRedactor } from './redact';
import { defaultRetryEnvironment, defaultRetryPolicy } from './retry';
import type { RetryEnvironment } from './retry';
import type { SpecificationFacts } from './specification';
import { Transport } from './transport';
import type { CallOptions, ClientOptions, CreateOrderOptions, ImageryClient, OrderCreateRequest } from './types';

export { describeError } from './describe';
export type { ErrorAction, ErrorDescription } from './describe';
export { ConcurrencyGate } from './gate';
export { KeyRedactor } from './redact';

/** The client plus what the layers above need beyond the endpoints. */
export interface ImageryClientExtras {
  /** The shared concurrency gate; workflows that run worker pools size themselves by it. */
  readonly gate: ConcurrencyGate;
  /** What the client read from the specification document (or its defaults). */
  specificationFacts(options?: CallOptions): Promise<SpecificationFacts>;
  /** Closes idle connections. */
  close(): Promise<void>;
}

export type FullImageryClient = ImageryClient & ImageryClientExtras;

const noLog: LogFn = () => undefined;

/** Builds a client. Throws a local-validation ApiError when the base URL is not acceptable (not
 * https and not loopback). `environment` replaces randomness, clock and sleep of the retry loop. */
export function createClient(options: ClientOptions, environment: Partial<RetryEnvironment> = {}): FullImageryClient {
  const redactor = options.redactor ?? new KeyRedactor();
  const transport = new Transport({
    onKeySent: (key) => redactor.remember(key),
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    timeoutMs: options.timeoutMs ?? 60_000,
    deadlineMs: options.deadlineMs ?? 120_000,
    userAgent: options.userAgent,
  });
  const gate = new ConcurrencyGate(options.maxConcurrentRequests ?? 2);
  const policy = { ...defaultRetryPolicy, ...stripUndefined(options.retry ?? {}) };
  const env = { ...defaultRetryEnvironment, ...environment };
  const userLog = options.log ?? noLog;
  // A throwing log callback must never break a request.
  const log: LogFn = (level, message) => {
    try {
      userLog(level, redactor.redact(message));
    } catch {
      // ignored on purpose
    }
  };
  const core = new ClientCore(
    { transport, gate, policy, env, log, redactor },
    { ...defaultDownloadLimits, ...stripUndefined(options.download ?? {}) },
    options.orderLookupDelaysMs,
  );

  return {
    gate,
    specificationFacts: (o = {}) => core.facts(o.signal),
    close: () => transport.close(),
    getSpecification: async (o = {}) => (await core.loadSpecification(o.signal)).document,
    getApiKeyInfo: (o: CallOptions = {}) => fetchAccountInfo(core, o.signal),
    sizeGateToKey(limit: number | undefined): void {
      // The key's own limit is the truth; the setting was only a guess until now. The gate keeps
      // it within 1 to 16, whatever the answer says.
      const size =
        typeof limit === 'number' && Number.isFinite(limit) && limit >= 1 ? ConcurrencyGate.clamp(limit) : undefined;
      if (size !== undefined && size !== gate.size) {
        log('info', `concurrency gate set to ${size} (MaxConcurrentConnections of the key: ${limit})`);
        gate.setSize(size);
      }
    },
    listModels: plainMethod(core, endpoints.listModels),
    searchTiles: jsonMethod(core, endpoints.searchTiles),
    optimizeTiles: jsonMethod(core, endpoints.optimizeTiles),
    listOrders: jsonMethod(core, endpoints.listOrders),
    getOrderDetails: (guids: string[], o?: CallOptions) => orders.getOrderDetails(core, guids, o),
    estimateOrder: jsonMethod(core, endpoints.estimateOrder),
    createOrder: (request: OrderCreateRequest, o?: CreateOrderOptions) => orders.createOrder(core, request, o),
    cancelOrder: (guid: string, o?: CallOptions) => orders.cancelOrder(core, guid, o),
    searchAvailableDates: jsonMethod(core, endpoints.searchAvailableDates),
    checkCompositeAvailability: jsonMethod(core, endpoints.checkCompositeAvailability),
    estimateComposite: jsonMethod(core, endpoints.estimateComposite),
    downloadComposite: imageMethod(core, endpoints.downloadComposite),
    downloadTile: imageMethod(core, endpoints.downloadTile),
    downloadMiniTile: imageMethod(core, endpoints.downloadMiniTile),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
