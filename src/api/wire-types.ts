// Wire types of the imagery service, and nothing of the client's own (types.ts): request bodies
// with the interface document's PascalCase field names, and typed views of the response payloads
// described in the live-service notes.
// Response views list the known fields; every response object keeps unknown fields too
// (`[key: string]: unknown`), and every known field is optional because the live service is
// only partly documented.

import type { OutputFieldsOf } from './request-fields';

/** A GeoJSON geometry object as sent in the `GeoJson` field. */
interface GeoJsonGeometry {
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
/** Availability is asked with the output fields that change what would be made (no UploadUrl). */
export type CompositeAvailabilityRequest = AoiField &
  Omit<ProcessOutputOptions, 'UploadUrl'> & {
    Date: string; // ISO 8601 date-time, UTC
    Model: string;
    SatelliteConstellations: string[];
    EpsgProjection: number;
    Bandnames: string;
  };

/** Optional output-affecting fields of the process requests (live-service notes), from their
 * table (request-fields.ts): a composite's, and those of tile and mini-tile processing. */
export type ProcessOutputOptions = OutputFieldsOf<'composite'>;
export type TileOutputOptions = OutputFieldsOf<'tile'>;

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

/** What a tile and a mini-tile process request both carry besides the unit's GUID. */
type UnitProcessFields = ProcessOutputOptions &
  TileOutputOptions & {
    Date: string;
    Model: string;
    SatelliteConstellations?: string[];
    Bandnames?: string;
    Resolution?: number;
    EpsgProjection?: number;
  };

/** POST /api/satelliteimages/process/tile. */
export type TileProcessRequest = UnitProcessFields & { TileGuid: string };

/** POST /api/satelliteimages/process/minitile. */
export type MiniTileProcessRequest = UnitProcessFields & { MiniTileGuid: string };

/** POST /api/tasking/orders/estimate (spec 4.2). Tile orders may name tiles instead of an AOI. */
export type OrderEstimateRequest = (
  AoiField | { TileGuids?: string[]; MiniTileGuids?: string[]; Wkt?: undefined; GeoJson?: undefined }
) & {
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
  /** Order the whole tiles covering the geometry instead of the geometry (newer public material). */
  GeometryTileOrdering?: boolean;
};

/** POST /api/tasking/orders (spec 4.3). */
export type OrderCreateRequest = OrderEstimateRequest & { TileDeduplication?: boolean };

/** POST /api/tasking/search/tiles: an AOI, or tile GUIDs. */
export type TileSearchRequest =
  | AoiField
  | {
      TileGuids?: string[];
      MiniTileGuids?: string[];
      TileGuidForMiniTiles?: string;
      Wkt?: undefined;
      GeoJson?: undefined;
    };

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

interface ConstellationSupport extends Open {
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

interface OrderCosts extends Open {
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

interface DatesByGeog extends Open {
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
