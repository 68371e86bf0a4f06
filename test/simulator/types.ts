// The simulator's programmatic interface, as the client and workflow tests use it. index.ts
// re-exports everything here; the shapes are a contract with the other engineers' tests.
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
}

export interface SpecVariant {
  /** Name of the window end of date discovery: 'To' (interface document) or 'Until' (live). */
  dateWindowEnd?: 'To' | 'Until';
  /** How order details are asked for: GET with query parameters, or POST { Guids }. */
  orderDetailsMethod?: 'GET' | 'POST';
  /** Keys of JSON answers in PascalCase (default) or camelCase, as one documentation page shows. */
  responseCase?: 'Pascal' | 'camel';
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
  /** Image responses sent at this pace. */
  trickleBytesPerSecond?: number;
  /** A created order shows in the order list and details only this long after creation (the
   * service's list lags its writes), by the simulator's clock. */
  orderListDelayMs?: number;
  /** Order WKT as the service reformats it when listing: numbers rounded to 6 decimals and
   * written with all six, ", " between points. */
  reformatOrderWkt?: boolean;
}

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
  retryAfterSeconds?: number;
  /** Destroy the socket instead of answering; 'after-processing' applies the request first. */
  reset?: 'before-processing' | 'after-processing';
  /** Hang this long before answering (to provoke client timeouts). */
  delayMs?: number;
  /** With `status`: apply the request first (an order created, credits spent), then answer the
   * status, as a gateway does when the backend's answer is lost (502/504). */
  answerAfterProcessing?: boolean;
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
}

export interface Simulator {
  readonly url: string;
  readonly port: number;
  readonly requests: readonly RequestLogEntry[];
  clearLog(): void;
  /** Replace the fault options at run time. */
  configure(faults: FaultOptions): void;
  schedule(...faults: ScheduledFault[]): void;
  readonly state: SimulatorState;
  advanceClock(ms: number): void;
  /** Close and listen again on the same port; state is kept. */
  restart(): Promise<void>;
  /** Closes all sockets too. */
  close(): Promise<void>;
}
