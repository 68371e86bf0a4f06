// The one error type of the client. Every failure a caller sees (local validation, HTTP status,
// service error code, network, timeout, cancellation) is an ApiError with a sentence a person
// can act on. No field ever holds the API key.

export type ApiErrorKind =
  | 'local-validation' // refused before sending (bad payload, both Wkt and GeoJson, bad URL)
  | 'validation' // 400 from the service
  | 'auth' // 401 / 403
  | 'not-found' // 404
  | 'rate-limited' // 429 or Error.Code 1003, after the retries ran out
  | 'server' // 5xx, after the retries ran out
  | 'network' // connection failed, reset, truncated body
  | 'timeout'
  | 'aborted' // cancelled by the caller
  | 'protocol' // an answer that is not what the endpoint sends (e.g. JSON where an image was due)
  | 'file'; // a local file or folder could not be written (permissions, disk full, a link in the way)

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** What a person should read: what failed, why, and what to do next. */
  message: string;
  status?: number;
  /** `Error.Code` of the service envelope, e.g. 994 (not enough credits). */
  code?: number;
  /** `Error.Message` as the service sent it. */
  serverMessage?: string;
  /** Per-field validation messages (`Data` of a 992/993 answer, or local schema issues). */
  fieldErrors?: Record<string, string[]>;
  /** Method and path of the request, e.g. `POST /api/tasking/orders`. */
  endpoint?: string;
  attempts?: number;
  /** A billed call (processing, order creation) whose answer was lost after it may have run:
   * the account may have been charged, and it was not sent again. */
  mayHaveBeenCharged?: boolean;
  cause?: unknown;
}

/** Marks ApiErrors across bundles: the client is a bundle of its own (dist/api-client.js), so an
 * error it throws is not `instanceof` the extension bundle's copy of this class. */
const API_ERROR_BRAND = Symbol.for('satImagery.ApiError');

export class ApiError extends Error {
  readonly [API_ERROR_BRAND] = true;
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: number | undefined;
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Record<string, string[]> | undefined;
  readonly endpoint: string | undefined;
  readonly attempts: number | undefined;
  readonly mayHaveBeenCharged: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.fieldErrors = init.fieldErrors;
    this.endpoint = init.endpoint;
    this.attempts = init.attempts;
    this.mayHaveBeenCharged = init.mayHaveBeenCharged === true;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[API_ERROR_BRAND] === true)
  );
}
