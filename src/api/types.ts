// Wire types of the imagery service: request bodies with the interface document's PascalCase
// field names, and typed views of the response payloads described in the live-service notes.
// Response views list the known fields; every response object keeps unknown fields too
// (`[key: string]: unknown`), and every known field is optional because the live service is
// only partly documented.
import type { KeyRedactor } from './redact';

/** A GeoJSON geometry object as sent in the `GeoJson` field. */
export interface GeoJsonGeometry {
  type: string;
  coordinates?: unknown;
  geometries?: GeoJsonGeometry[];
}

/** Exactly one of `Wkt` and `GeoJson` (spec 2.1); the client refuses both or neither locally. */
export type AoiField = { Wkt: string; GeoJson?: undefined } | { GeoJson: GeoJsonGeometry; Wkt?: undefined };

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /api/satelliteimages/search/available (spec 4.4). `To` is renamed on the wire to
 * whatever the specification document calls the window end (`Until` on the live service). */
export type DateDiscoveryRequest = AoiField & {
  From: string; // ISO 8601 date-time, UTC
  To: string; // ISO 8601 date-time, UTC
  SatelliteConstellations: string[];
  Model: string;
};

/** POST /api/satelliteimages/process/composite/available (spec 4.5). */
export type CompositeAvailabilityRequest = AoiField & {
  Date: string; // ISO 8601 date-time, UTC
  Model: string;
  SatelliteConstellations: string[];
  EpsgProjection: number;
  Bandnames: string;
};

/** Optional output-affecting fields of the process requests (live-service notes). */
export interface ProcessOutputOptions {
  FileType?: string;
  DataType?: string;
  PixelSelectionMode?: string;
  UtmDataSelectionMode?: string;
  AllowPartialImage?: boolean;
  /** When set the server uploads the image there and answers 201 with no body. */
  UploadUrl?: string;
}

/** POST /api/satelliteimages/process/composite and .../composite/estimate (spec 4.6). */
export type CompositeRequest = AoiField &
  ProcessOutputOptions & {
    Date: string; // ISO 8601 date-time, UTC
    Resolution: number;
    EpsgProjection: number;
    Model: string;
    SatelliteConstellations: string[];
    Bandnames: string;
  };

/** POST /api/satelliteimages/process/tile. */
export type TileProcessRequest = ProcessOutputOptions & {
  TileGuid: string;
  Date: string;
  Model: string;
  SatelliteConstellations?: string[];
  Bandnames?: string;
  Resolution?: number;
  EpsgProjection?: number;
};

/** POST /api/satelliteimages/process/minitile. */
export type MiniTileProcessRequest = ProcessOutputOptions & {
  MiniTileGuid: string;
  Date: string;
  Model: string;
  SatelliteConstellations?: string[];
  Bandnames?: string;
  Resolution?: number;
  EpsgProjection?: number;
};

/** POST /api/tasking/orders/estimate (spec 4.2). Tile orders may name tiles instead of an AOI. */
export type OrderEstimateRequest = (AoiField | { TileGuids?: string[]; MiniTileGuids?: string[]; Wkt?: undefined; GeoJson?: undefined }) & {
  SatelliteConstellations: string[];
  Model: string;
  StorageMonths: number;
  ApiRequests: number;
  ImageFrequency: number;
  ReferenceDate: string; // YYYY-MM-DD
  From: string; // YYYY-MM-DD
  To: string | null; // YYYY-MM-DD, or null for a recurring order
  TileGuids?: string[];
  MiniTileGuids?: string[];
};

/** POST /api/tasking/orders (spec 4.3). */
export type OrderCreateRequest = OrderEstimateRequest & { TileDeduplication?: boolean };

/** POST /api/tasking/search/tiles: an AOI, or tile GUIDs. */
export type TileSearchRequest =
  | AoiField
  | { TileGuids?: string[]; MiniTileGuids?: string[]; TileGuidForMiniTiles?: string; Wkt?: undefined; GeoJson?: undefined };

/** POST /api/tasking/tile/optimize (newer public material): the area as WKT. */
export interface TileOptimizeRequest {
  Wkt: string;
}

/** GET /api/tasking/orders query. */
export interface OrderListQuery {
  recurringOnly?: boolean;
  getExpired?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Responses (the `Data` of the envelope)
// ---------------------------------------------------------------------------------------------

type Open = { [key: string]: unknown };

export interface ConstellationSupport extends Open {
  SatelliteConstellation?: string;
  Optional?: boolean;
}

export interface TaskingModel extends Open {
  Model?: string;
  SupportedSatelliteConstellations?: ConstellationSupport[];
}

export interface TileRecord extends Open {
  Guid?: string;
  Epsg?: string | number;
  DataGeogWkt?: string;
  MiniTile?: boolean;
}

/** What /api/tasking/tile/optimize answers: a best-effort, cost-focused cover of the area. */
export interface TileCover extends Open {
  Tiles?: string[];
  MiniTiles?: string[];
}

export interface TaskOrder extends Open {
  TaskOrderGuid?: string;
  BillingCycle?: unknown;
  OrderingProcessStatus?: string;
  StorageMonths?: number;
  ApiRequests?: number;
  ImageFrequency?: number;
  TaskOrderAreaKm2?: number;
  Model?: string;
  ReferenceDate?: string;
  From?: string;
  To?: string | null;
  SatelliteConstellations?: string[];
  Tiles?: unknown;
  MiniTiles?: unknown;
  Wkt?: string;
}

export interface OrderCosts extends Open {
  CurrencyCode?: string;
  CurrentMonthOrderCostEstimate?: number;
  CurrentMonthStorageCosts?: number;
  NextMonthOrderCostEstimate?: number;
  NextMonthStorageCosts?: number;
}

export interface OrderEstimate extends Open {
  StorageMonths?: number;
  ApiRequests?: number;
  Model?: string;
  SatelliteConstellations?: string[];
  CancellationDate?: string;
  AreaKm2?: number;
  AreaKm2BeforeMinimum1Km2PerAoi?: number;
  CurrentMonthCost?: number;
  NextMonthCost?: number;
  Costs?: OrderCosts;
  /** The newer shape: `{ CurrencyCode, TotalCost | TotalCostEuro, ... }` blocks. */
  CurrentMonthCosts?: unknown;
  RecurringCostsEstimate?: unknown;
  UsageUnits?: number;
  Tiles?: unknown;
  MiniTiles?: unknown;
  AreasOfInterestWkt?: string | string[];
  ImageDates?: string[];
}

export interface DatesByGeog extends Open {
  Wkt?: string;
  Dates?: string[];
}

export interface ModelImageDates extends Open {
  Model?: string;
  SatelliteConstellations?: string[];
  DatesByGeog?: DatesByGeog[];
}

export interface CompositeAvailability extends Open {
  FullyAvailable?: boolean;
  PartiallyAvailable?: boolean;
  UncertaintyAvailable?: boolean;
  PartiallyUncertaintyAvailable?: boolean;
  PolygonInDataArea?: boolean;
  DataAvailableForUser?: boolean;
  OrdersCoverPolygon?: boolean;
  AllImagesPredicted?: boolean;
  AnyImageWithinStorageMonths?: boolean;
  DataOnZoneDataFrequencyDate?: boolean;
  IntersectedActiveZones?: unknown;
  IntersectedActiveZonesUtmEpsg?: unknown;
}

export interface CompositeEstimate extends Open {
  AreaEstimateKm2?: number;
  CreditEstimate?: number;
  FastTimeEstimateSeconds?: number;
  SlowTimeEstimateSeconds?: number;
  FileSizeEstimateMB?: number;
}

export interface ApiKeyInfo extends Open {
  MaxConcurrentConnections?: number;
  MaxCompositeAreaKm2?: number;
  MaxTotalBands?: number;
  CreditAmount?: number;
  CreditLimit?: number;
  EuroCreditAmount?: number;
  EuroCreditLimit?: number;
  CurrentMonthCosts?: number;
  NextMonthCosts?: number;
}

/** The OpenAPI document at /api/specification.json, kept as parsed JSON. */
export type SpecificationDocument = Open;

// ---------------------------------------------------------------------------------------------
// Downloads
// ---------------------------------------------------------------------------------------------

export interface DownloadTarget {
  /** Folder the image is written to. */
  directory: string;
  /** Name used when the server sends no usable `Content-Disposition` file name. */
  fallbackName: string;
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
}

/** One method per endpoint of spec 4.1, plus the specification document and key info. */
export interface ImageryClient {
  getSpecification(options?: CallOptions): Promise<SpecificationDocument>;
  getApiKeyInfo(options?: CallOptions): Promise<ApiKeyInfo>;
  listModels(options?: CallOptions): Promise<TaskingModel[]>;
  searchTiles(request: TileSearchRequest, options?: CallOptions): Promise<TileRecord[]>;
  optimizeTiles(request: TileOptimizeRequest, options?: CallOptions): Promise<TileCover>;
  listOrders(query?: OrderListQuery, options?: CallOptions): Promise<TaskOrder[]>;
  getOrderDetails(orderGuids: string[], options?: CallOptions): Promise<TaskOrder[]>;
  estimateOrder(request: OrderEstimateRequest, options?: CallOptions): Promise<OrderEstimate>;
  createOrder(request: OrderCreateRequest, options?: CallOptions): Promise<TaskOrder>;
  cancelOrder(orderGuid: string, options?: CallOptions): Promise<void>;
  searchAvailableDates(request: DateDiscoveryRequest, options?: CallOptions): Promise<ModelImageDates[]>;
  checkCompositeAvailability(request: CompositeAvailabilityRequest, options?: CallOptions): Promise<CompositeAvailability>;
  estimateComposite(request: CompositeRequest, options?: CallOptions): Promise<CompositeEstimate>;
  downloadComposite(request: CompositeRequest, target: DownloadTarget, options?: CallOptions): Promise<DownloadResult>;
  downloadTile(request: TileProcessRequest, target: DownloadTarget, options?: CallOptions): Promise<DownloadResult>;
  downloadMiniTile(request: MiniTileProcessRequest, target: DownloadTarget, options?: CallOptions): Promise<DownloadResult>;
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
