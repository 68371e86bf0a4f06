// Turns what the service answered into an ApiError whose message a person can act on (spec
// section 7 and the code table of the live-service notes), and an ApiError into a short text
// plus action hints for the UI layer. No text built here ever includes the API key: only the
// endpoint, the status, the service's own code and message, and fixed sentences.
import { ApiError, isApiError } from './errors';
import type { ApiErrorKind } from './errors';
import { errorCode, fieldErrorsOf } from './envelope';
import type { EnvelopeError } from './envelope';

/** Something the UI can offer beside the message (a button, a command). */
export type ErrorAction =
  | 'check-api-key'
  | 'fix-request'
  | 'check-availability'
  | 'estimate-order'
  | 'split-area'
  | 'fewer-bands'
  | 'show-account'
  | 'retry-later'
  | 'check-base-url'
  | 'show-log';

export interface ErrorDescription {
  message: string;
  actions: ErrorAction[];
}

interface CodeAdvice {
  advice: string;
  actions: ErrorAction[];
}

const codeAdvice: Record<number, CodeAdvice> = {
  992: {
    advice: 'The service refused some fields of the request; fix them and send it again.',
    actions: ['fix-request'],
  },
  993: {
    advice: 'The service refused some fields of the request; fix them and send it again.',
    actions: ['fix-request'],
  },
  994: {
    advice: 'The account does not have enough credits: check the balance, or make the request smaller.',
    actions: ['show-account'],
  },
  1002: {
    advice: 'There is no imagery for this request: run the availability check and pick a date it lists.',
    actions: ['check-availability'],
  },
  1003: {
    advice: 'Too many requests are running at once for this key: wait a moment and try again with fewer at a time.',
    actions: ['retry-later'],
  },
  1004: {
    advice: "The area is too large for one request: split it into parts below the key's maximum composite area.",
    actions: ['split-area', 'show-account'],
  },
  1005: {
    advice: "Too many bands were asked for: choose fewer bands (the key's maximum total bands).",
    actions: ['fewer-bands', 'show-account'],
  },
  1006: {
    advice: 'No order covers this area and date: estimate and create an order for this area first.',
    actions: ['estimate-order'],
  },
};

const statusAdvice: Record<number, { kind: ApiErrorKind; advice: string }> = {
  400: { kind: 'validation', advice: 'The service refused the request as invalid; fix it before sending it again.' },
  401: { kind: 'auth', advice: 'The API key was not accepted: check the key, its scope and its account.' },
  403: { kind: 'auth', advice: 'The API key has no permission for this: check the key, its scope and its account.' },
  404: {
    kind: 'not-found',
    advice: 'The service does not know this path or identifier: check the base URL and the identifiers.',
  },
  429: {
    kind: 'rate-limited',
    advice: 'The service is limiting the request rate: wait a while, then try again with fewer requests at a time.',
  },
};

function kindForStatus(status: number, code: number | undefined): ApiErrorKind {
  if (code === 1003) return 'rate-limited';
  if (statusAdvice[status]) return statusAdvice[status].kind;
  if (status >= 500) return 'server';
  // An envelope with Succeeded false under a 2xx status is still the service refusing the request.
  return status >= 400 || code !== undefined ? 'validation' : 'protocol';
}

/** The ApiError for an HTTP error answer; `envelope` is the normalised error object, if any. */
export function errorFromAnswer(init: {
  status: number;
  endpoint: string;
  error?: EnvelopeError;
  data?: unknown;
  attempts?: number;
}): ApiError {
  const code = errorCode(init.error);
  const serverMessage = typeof init.error?.Message === 'string' ? init.error.Message : undefined;
  const kind = kindForStatus(init.status, code);
  const advice =
    (code !== undefined ? codeAdvice[code]?.advice : undefined) ??
    statusAdvice[init.status]?.advice ??
    (init.status >= 500 ? 'The service failed (a server error); try again later.' : 'The service refused the request.');
  const fieldErrors = fieldErrorsOf(init.data);
  const parts = [`${init.endpoint} failed with HTTP ${init.status}${code !== undefined ? ` (error ${code})` : ''}.`];
  if (serverMessage) parts.push(`The service says: ${serverMessage}`);
  if (fieldErrors)
    parts.push(
      Object.entries(fieldErrors)
        .map(([f, m]) => `${f}: ${m.join(' ')}`)
        .join('; ') + '.',
    );
  parts.push(advice);
  return new ApiError({
    kind,
    message: parts.join(' '),
    status: init.status,
    code,
    serverMessage,
    fieldErrors,
    endpoint: init.endpoint,
    attempts: init.attempts,
  });
}

const kindActions: Record<ApiErrorKind, ErrorAction[]> = {
  'local-validation': ['fix-request'],
  validation: ['fix-request'],
  auth: ['check-api-key'],
  'not-found': ['check-base-url'],
  'rate-limited': ['retry-later'],
  server: ['retry-later', 'show-log'],
  network: ['check-base-url', 'retry-later'],
  timeout: ['retry-later'],
  aborted: [],
  protocol: ['show-log'],
  file: ['show-log'],
};

/** A short message and the actions to offer, for any error a client call can throw. */
export function describeError(err: unknown): ErrorDescription {
  if (isApiError(err)) {
    const byCode = err.code !== undefined ? codeAdvice[err.code]?.actions : undefined;
    return { message: err.message, actions: byCode ?? kindActions[err.kind] };
  }
  const text = err instanceof Error ? err.message : String(err);
  return { message: `Unexpected failure: ${text}`, actions: ['show-log'] };
}
