// The client factory. `createClient` checks the base URL and builds the pieces (transport, gate,
// retry policy) without loading the network stack; undici and zod load on the first request.
import { ClientCore } from './client-core';
import { listFrom, recordFrom } from './envelope';
import { fetchAccountInfo } from './account-info';
import { defaultDownloadLimits } from './download-meter';
import { ConcurrencyGate } from './gate';
import * as imagery from './imagery';
import * as orders from './orders';
import type { LogFn } from './pipeline';
import { KeyRedactor } from './redact';
import { defaultRetryEnvironment, defaultRetryPolicy } from './retry';
import type { RetryEnvironment } from './retry';
import type { SpecificationFacts } from './specification';
import { Transport } from './transport';
import type {
  ApiKeyInfo,
  CallOptions,
  ClientOptions,
  CompositeAvailabilityRequest,
  CompositeRequest,
  DateDiscoveryRequest,
  DownloadTarget,
  ImageryClient,
  MiniTileProcessRequest,
  OrderCreateRequest,
  OrderEstimateRequest,
  OrderListQuery,
  TaskingModel,
  TileProcessRequest,
  TileCover,
  TileOptimizeRequest,
  TileRecord,
  TileSearchRequest,
} from './types';

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
  const core = new ClientCore({ transport, gate, policy, env, log, redactor }, { ...defaultDownloadLimits, ...stripUndefined(options.download ?? {}) }, options.orderLookupDelaysMs);

  return {
    gate,
    specificationFacts: (o = {}) => core.facts(o.signal),
    close: () => transport.close(),
    getSpecification: async (o = {}) => (await core.loadSpecification(o.signal)).document,
    async getApiKeyInfo(o: CallOptions = {}): Promise<ApiKeyInfo> {
      const info = await fetchAccountInfo(core, o.signal);
      const limit = info.MaxConcurrentConnections;
      // The key's own limit is the truth; the setting was only a guess until now. The gate keeps
      // it within 1 to 16, whatever the answer says.
      const size = typeof limit === 'number' && Number.isFinite(limit) && limit >= 1 ? ConcurrencyGate.clamp(limit) : undefined;
      if (size !== undefined && size !== gate.size) {
        log('info', `concurrency gate set to ${size} (MaxConcurrentConnections of the key: ${limit})`);
        gate.setSize(size);
      }
      return info;
    },
    async listModels(o: CallOptions = {}): Promise<TaskingModel[]> {
      return listFrom<TaskingModel>(await core.getJson('/api/tasking/models', undefined, o.signal), 'TaskingModels', 'Models');
    },
    async searchTiles(request: TileSearchRequest, o: CallOptions = {}): Promise<TileRecord[]> {
      const path = '/api/tasking/search/tiles';
      const body = await core.prepareBody('tileSearch', path, request, o.signal);
      return listFrom<TileRecord>(await core.postJson(path, body, o.signal), 'Tiles');
    },
    async optimizeTiles(request: TileOptimizeRequest, o: CallOptions = {}): Promise<TileCover> {
      const path = '/api/tasking/tile/optimize';
      const body = await core.prepareBody(undefined, path, request, o.signal);
      const cover = recordFrom<TileCover>(await core.postJson(path, body, o.signal));
      const guids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : []);
      return { ...cover, Tiles: guids(cover.Tiles), MiniTiles: guids(cover.MiniTiles) };
    },
    listOrders: (query?: OrderListQuery, o?: CallOptions) => orders.listOrders(core, query, o),
    getOrderDetails: (guids: string[], o?: CallOptions) => orders.getOrderDetails(core, guids, o),
    estimateOrder: (request: OrderEstimateRequest, o?: CallOptions) => orders.estimateOrder(core, request, o),
    createOrder: (request: OrderCreateRequest, o?: CallOptions) => orders.createOrder(core, request, o),
    cancelOrder: (guid: string, o?: CallOptions) => orders.cancelOrder(core, guid, o),
    searchAvailableDates: (request: DateDiscoveryRequest, o?: CallOptions) => imagery.searchAvailableDates(core, request, o),
    checkCompositeAvailability: (request: CompositeAvailabilityRequest, o?: CallOptions) => imagery.checkCompositeAvailability(core, request, o),
    estimateComposite: (request: CompositeRequest, o?: CallOptions) => imagery.estimateComposite(core, request, o),
    downloadComposite: (request: CompositeRequest, target: DownloadTarget, o?: CallOptions) => imagery.downloadComposite(core, request, target, o),
    downloadTile: (request: TileProcessRequest, target: DownloadTarget, o?: CallOptions) => imagery.downloadTile(core, request, target, o),
    downloadMiniTile: (request: MiniTileProcessRequest, target: DownloadTarget, o?: CallOptions) => imagery.downloadMiniTile(core, request, target, o),
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
