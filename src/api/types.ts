// The client's own types: its interface (one method per endpoint), its options, and what a
// download is given and gives back. The wire types (request bodies, answer payloads) are in
// wire-types.ts and re-exported here, so `api/types` stays the one import for the layers above.
import type { KeyRedactor } from './redact';
import type {
  ApiKeyInfo,
  CompositeAvailability,
  CompositeAvailabilityRequest,
  CompositeEstimate,
  CompositeRequest,
  DateDiscoveryRequest,
  MiniTileProcessRequest,
  ModelImageDates,
  OrderCreateRequest,
  OrderEstimate,
  OrderEstimateRequest,
  OrderListQuery,
  SpecificationDocument,
  TaskingModel,
  TaskOrder,
  TileCover,
  TileOptimizeRequest,
  TileProcessRequest,
  TileRecord,
  TileSearchRequest,
} from './wire-types';

export type * from './wire-types';

// ---------------------------------------------------------------------------------------------
// Downloads
// ---------------------------------------------------------------------------------------------

export interface DownloadTarget {
  /** Folder the image is written to. */
  directory: string;
  /** Name used when the server sends no usable `Content-Disposition` file name. */
  fallbackName: string;
  /** The name to save under whatever the server calls the file (a workflow's name that says what
   * was asked); a taken name still gives `name-1`, never a replaced file. */
  fileName?: string;
  /** Called as bytes arrive; `total` is the `Content-Length` when known. */
  onProgress?: (received: number, total: number | undefined) => void;
}

export interface DownloadResult {
  /** Final path of the written file, or undefined when the server uploaded to `UploadUrl` (201). */
  path: string | undefined;
  bytes: number;
  contentType: string | undefined;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** An estimate asked right before a billed call: the service's own answer, never one a cache
   * kept (the client always asks; a caching wrapper honours it). */
  fresh?: boolean;
}

export interface CreateOrderOptions extends CallOptions {
  /** Awaited right before the create's POST is sent, after every read that precedes it: where a
   * caller records that a billed call is leaving. A throw sends nothing. */
  beforeSend?: () => Promise<void>;
}

/** One method per endpoint of spec 4.1, plus the specification document and key info, and the
 * sizing of the client's gate to the key (no request). */
export interface ImageryClient {
  getSpecification(options?: CallOptions): Promise<SpecificationDocument>;
  /** The account's limits and balances, read now. Sizes nothing: see sizeGateToKey. */
  getApiKeyInfo(options?: CallOptions): Promise<ApiKeyInfo>;
  /** Sizes the client's concurrency gate to the key's MaxConcurrentConnections (kept within 1 to
   * 16); undefined or below 1 leaves it as it is. */
  sizeGateToKey(maxConcurrentConnections: number | undefined): void;
  listModels(options?: CallOptions): Promise<TaskingModel[]>;
  searchTiles(request: TileSearchRequest, options?: CallOptions): Promise<TileRecord[]>;
  optimizeTiles(request: TileOptimizeRequest, options?: CallOptions): Promise<TileCover>;
  listOrders(query?: OrderListQuery, options?: CallOptions): Promise<TaskOrder[]>;
  getOrderDetails(orderGuids: string[], options?: CallOptions): Promise<TaskOrder[]>;
  estimateOrder(request: OrderEstimateRequest, options?: CallOptions): Promise<OrderEstimate>;
  createOrder(request: OrderCreateRequest, options?: CreateOrderOptions): Promise<TaskOrder>;
  cancelOrder(orderGuid: string, options?: CallOptions): Promise<void>;
  searchAvailableDates(request: DateDiscoveryRequest, options?: CallOptions): Promise<ModelImageDates[]>;
  checkCompositeAvailability(
    request: CompositeAvailabilityRequest,
    options?: CallOptions,
  ): Promise<CompositeAvailability>;
  estimateComposite(request: CompositeRequest, options?: CallOptions): Promise<CompositeEstimate>;
  downloadComposite(request: CompositeRequest, target: DownloadTarget, options?: CallOptions): Promise<DownloadResult>;
  downloadTile(request: TileProcessRequest, target: DownloadTarget, options?: CallOptions): Promise<DownloadResult>;
  downloadMiniTile(
    request: MiniTileProcessRequest,
    target: DownloadTarget,
    options?: CallOptions,
  ): Promise<DownloadResult>;
}

/** When an image download is given up on, beyond the per-request idle timeout. */
export interface DownloadLimits {
  /** Bytes per second under which a download is ended; 0 turns the floor off. Default 16 KiB/s. */
  minimumRate: number;
  /** How long the rate may stay under the floor before the download ends. Default 30 s. */
  rateWindowMs: number;
  /** The whole download call (request, server processing, retries, body) ends after this. Default 4 h. */
  deadlineMs: number;
}

/** What the client needs from its host; the VS Code layer fills it from settings and secrets. */
export interface ClientOptions {
  /** Service origin, e.g. https://api.clearsky.vision. https is required except for loopback. */
  baseUrl: string;
  /** Read at each request so a changed or cleared key takes effect at once. */
  getApiKey: () => Promise<string | undefined> | string | undefined;
  /** Per-request timeout (headers and idle body). Default 60 s. */
  timeoutMs?: number;
  /** Overall deadline of a JSON call, answer body included, however slowly it trickles. Default 120 s. */
  deadlineMs?: number;
  /** Size of the shared concurrency gate until the key's MaxConcurrentConnections is known. Default 2. */
  maxConcurrentRequests?: number;
  retry?: {
    maxAttempts?: number; // default 5
    baseDelayMs?: number; // default 500
    maxDelayMs?: number; // default 30 000
    maxTotalMs?: number; // default 120 000
  };
  /** Image downloads: the rate floor and the overall deadline (defaults in download-meter.ts). */
  download?: Partial<DownloadLimits>;
  /** One line per request: method, path, status, duration, retries. Never headers or bodies. */
  log?: (level: 'trace' | 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  userAgent?: string;
  /** Shared with the host (its log, its notifications) so the stored key and a key being tried are
   * redacted everywhere; the client adds every key it sends. Default: one of its own. */
  redactor?: KeyRedactor;
  /** Waits between reads of the order list after a create whose answer was lost (the list may
   * lag the creation). Default 1, 2, 3 and 4 s: five reads over ten seconds. */
  orderLookupDelaysMs?: number[];
}
