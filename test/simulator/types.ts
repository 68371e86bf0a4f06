// The simulator's programmatic interface, as the client and workflow tests use it. index.ts
// re-exports everything here; the shapes are a contract with the other engineers' tests.
import type { HostileJson } from './hostile';
import type { SeasonScript } from './season';
import type { SimulatorState } from './state';

export interface AccountLimits {
  MaxConcurrentConnections: number;
  MaxCompositeAreaKm2: number;
  MaxTotalBands: number;
  CreditAmount: number;
  CreditLimit: number;
  EuroCreditAmount: number;
  EuroCreditLimit: number;
}

export interface SimulatorOptions {
  /** Default 0 (ephemeral); the host is always 127.0.0.1. */
  port?: number;
  /** Default 1. Dates, GUIDs, pixel data and random faults derive from it. */
  seed?: number;
  /** Default valid: ['demo-key']. */
  keys?: { valid?: string[]; revoked?: string[]; forbidden?: string[] };
  account?: Partial<AccountLimits>;
  specVariant?: SpecVariant;
  faults?: FaultOptions;
  /** Preload orders around Aarhus (one recurring, one completed, one in Review...) for the demo. */
  demoData?: boolean;
  /** Milliseconds; order status progression and "today" use it (tests can advance time). */
  clock?: () => number;
  /** Time an order spends in each status before the next one. Default 120 000 ms. */
  orderStatusStepMs?: number;
  /** Imagery on every day everywhere, for benchmarks that measure throughput, not coverage. */
  imageryEveryDay?: boolean;
  /** The east edge of every date's imagery (a swath's edge), in degrees of longitude: an area
   * reaching east of it is covered only in part, one lying east of it not at all. Unset: none. */
  imageryEastEdge?: number;
  /** Image prices (estimates and charges) times this; default 1. `state.priceFactor` changes it later. */
  priceFactor?: number;
  /** Prices times `factor` from the image charge after `afterCharges` on: a rise during a run. */
  priceRise?: { afterCharges: number; factor: number };
  /** A scripted season (season.ts, DEFAULT_SEASON): its dates are the only ones with imagery,
   * its fields' NDVI follows its curve and events, and its order covers it. */
  season?: SeasonScript;
}

export interface SpecVariant {
  /** Name of the window end of date discovery: 'To' (interface document) or 'Until' (live). */
  dateWindowEnd?: 'To' | 'Until';
  /** How order details are asked for: GET with query parameters, or POST { Guids }. */
  orderDetailsMethod?: 'GET' | 'POST';
  /** Keys of JSON answers in PascalCase (default) or camelCase, as one documentation page shows. */
  responseCase?: 'Pascal' | 'camel';
  /** A specification document that attacks its reader: Wkt carries the backtracking pattern
   * `^([^!]+)+!$`, and CompositeRequest is an allOf that names itself 64 times. */
  hostile?: boolean;
  /** Which account endpoint the service has (and its document lists): the older
   * `/api/apikey/info`, the newer `/api/account/info`, or both (default). The other one is a 404. */
  accountInfo?: 'apikey' | 'account' | 'both';
  /** Whether `/api/account/info` adds the balances (`CreditAmount`, `EuroCreditAmount`) to its
   * documented limits (default true); false answers only what the newer pages document. */
  accountInfoBalances?: boolean;
  /** The resolutions (metres) the document's `Resolution` enum lists; default every one the
   * simulator accepts. The simulator still accepts all of them on the wire. */
  resolutions?: number[];
  /** Shape of the order estimate: the flat `CurrentMonthCost`/`NextMonthCost` + `Costs` (default),
   * or the newer `CurrentMonthCosts`/`RecurringCostsEstimate` with `TotalCost`/`TotalCostEuro`. */
  orderEstimateShape?: 'flat' | 'nested';
  /** The billing thresholds the document states (`x-billing`): the current pages' (default) or
   * the older pages' 1 km² minimum per polygon. */
  billingRules?: 'current' | 'older';
  /** EpsgProjection as a plain enum of these codes, as a document that lists them would have it
   * (default none: 4326, 47000 and the UTM ranges, which carry no enum). */
  epsgEnum?: number[];
}

export interface FaultOptions {
  /** Delay before answering every request. */
  latencyMs?: number;
  /** In-flight requests per key past which a request is refused per concurrencyAnswer. */
  maxConcurrentPerKey?: number;
  /** '429' (default) or '1003' (HTTP 400 with Error.Code 1003). */
  concurrencyAnswer?: '429' | '1003';
  /** Token bucket per key; an empty bucket answers 429. */
  rateLimit?: { perSecond: number; burst?: number; retryAfter?: boolean };
  /** Fractions of requests answered 500/502/503, drawn from the seeded generator. */
  errorFractions?: { 500?: number; 502?: number; 503?: number };
  /** Every image response is exactly this many bytes, generated while sent (up to GiBs). */
  imageBytes?: number;
  /** Image bodies without Content-Length nor chunked encoding; the socket closes at the end. */
  closeDelimited?: boolean;
  /** 'Connection: close' with Content-Length on image responses. */
  connectionClose?: boolean;
  /** Image responses: destroy the socket after about half the body. */
  resetMidBody?: boolean;
  /** Image responses: Content-Length larger than what is sent, then close. */
  truncateBody?: boolean;
  /** Each image answer waits (at most 20 s) until this many image answers have been in flight at
   * once: a client's concurrency then shows in `mostImagesAtOnce` for certain, not by timing. */
  holdImagesUntilAtOnce?: number;
  /** Image responses sent at this pace. */
  trickleBytesPerSecond?: number;
  /** JSON answers (envelopes, the specification document) sent at this pace: a call that never
   * falls silent, so only an overall deadline ends it. */
  jsonTrickleBytesPerSecond?: number;
  /** With trickleBytesPerSecond: this many bytes go at full speed before the trickle starts. */
  trickleAfterBytes?: number;
  /** Image responses that are whole GeoTIFFs of the request's grid with every pixel nodata: an
   * answer the service charged for with nothing in it. */
  emptyImages?: boolean;
  /** Image responses: every pixel inside one of these boxes (longitude/latitude) is nodata, on the
   * box's `dates` (every date when it names none), as a cloud sitting over one field makes it: a
   * date the service sells for the whole area that leaves a field without data. */
  nodataBoxes?: NodataBox[];
  /** Image responses that are not the image (see image-misanswers.ts). */
  imageAnswer?: ImageAnswerFault;
  /** A created order shows in the order list and details only this long after creation (the
   * service's list lags its writes), by the simulator's clock. */
  orderListDelayMs?: number;
  /** Order WKT as the service reformats it when listing: numbers rounded to 6 decimals and
   * written with all six, ", " between points. */
  reformatOrderWkt?: boolean;
  /** Order details leave out a GUID the account does not hold (or does not list yet) and answer
   * 200 with the orders found, an empty `TaskOrders` when none is, as a service that filters its
   * orders by the GUIDs asked does; without it such a GUID is a 404. Cancelling it stays a 404. */
  unknownOrderAsEmptyList?: boolean;
}

interface NodataBox {
  west: number;
  south: number;
  east: number;
  north: number;
  dates?: string[];
}

/** 'envelope-as-octet-stream': the JSON error envelope (code 1002) as application/octet-stream;
 * 'empty-200': 200 with no body; 'partial-206': 206 with the first KiB and a Content-Range;
 * 'not-tiff': an HTML proxy error page as application/octet-stream; 'gzip': the image with
 * Content-Encoding gzip (its decoded bytes are the image). All with status 2xx. */
export type ImageAnswerFault =
  | 'envelope-as-octet-stream'
  | 'empty-200'
  | 'partial-206'
  | 'not-tiff'
  | 'gzip'
  | 'deep-json'
  | 'gzip-bomb'
  | 'range-200';

/** One-shot faults for exact tests, consumed in order of scheduling. */
export interface ScheduledFault {
  /** Match (path without query); undefined matches any. */
  method?: string;
  path?: string;
  /** Default 1. */
  times?: number;
  /** Answer this status (with the envelope's Error.Code when code is given). */
  status?: number;
  code?: number;
  /** With `status`: the envelope's Error.Message (default `Scheduled fault <status>.`), e.g. a
   * text with control characters, as a hostile or broken service might send. */
  message?: string;
  retryAfterSeconds?: number;
  /** Destroy the socket instead of answering; 'after-processing' applies the request first. */
  reset?: 'before-processing' | 'after-processing';
  /** Hang this long before answering (to provoke client timeouts). */
  delayMs?: number;
  /** Answer 200 with this hostile JSON instead of the route's answer (see hostile.ts). */
  hostileJson?: HostileJson;
  /** Repeat the request's x-api-key back, as a careless server might: in the error message (HTTP
   * `status`, default 400, `code` default 992), in a field error (400/992, `Data.Model`), in the
   * Content-Disposition file name of an image answer that otherwise succeeds, or in the Location
   * header of a redirect (302 to `https://<key>.echo.invalid/`). */
  echoKey?: 'message' | 'field-error' | 'file-name' | 'location';
  /** With `status`: apply the request first (an order created, credits spent), then answer the
   * status, as a gateway does when the backend's answer is lost (502/504). */
  answerAfterProcessing?: boolean;
  /** Answer the route's JSON with these fields of its data replaced (a price of -50 credits, an
   * order estimate priced in two currencies): answers a careless service could give. */
  patchData?: Record<string, unknown>;
  /** Apply the request, then hold the answer this long: slow processing that outlasts the
   * client's timeout. The effect stays when the client gives up. */
  slowProcessingMs?: number;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Lower-case names; x-api-key shown as '<redacted:valid>' / '<redacted:revoked>' / ... */
  headers: Record<string, string>;
  /** Parsed JSON, the raw string when not JSON, or undefined without a body. */
  body: unknown;
  arrivedAt: number;
  finishedAt?: number;
  status?: number;
  /** 'ok', 'fault:reset', 'limit:concurrency', 'limit:rate', 'fault:500', 'error:1002', ... */
  outcome: string;
  /** Set when this request spent the account's money (whether or not its answer arrived):
   * image credits taken, and the euros an order adds to this and next month's costs. */
  charged?: { credits: number; euroCredits: number };
  /** Set when this request gave money back to the EUR balance: an order cancelled in full while
   * in Review returns what creating it took this month. Never a negative `charged`, so counting
   * the entries with `charged` still counts the charges. */
  refunded?: { euroCredits: number };
}

export interface Simulator {
  readonly url: string;
  readonly port: number;
  readonly requests: readonly RequestLogEntry[];
  /** The most image answers in flight at once since the last clearLog or configure. */
  readonly mostImagesAtOnce: number;
  /** Also starts `mostImagesAtOnce` again. */
  clearLog(): void;
  /** Replace the fault options at run time. */
  configure(faults: FaultOptions): void;
  schedule(...faults: ScheduledFault[]): void;
  /** Drops the scheduled faults that no request has consumed yet. */
  clearScheduled(): void;
  readonly state: SimulatorState;
  advanceClock(ms: number): void;
  /** Close and listen again on the same port; state is kept. */
  restart(): Promise<void>;
  /** Closes all sockets too. */
  close(): Promise<void>;
}
