// The service's JSON envelope, and the error a route throws to answer with one.

export interface Envelope {
  Succeeded: boolean;
  Data: unknown;
  Error: { Message: string; Code: number } | null;
}

/** Thrown by routes and checks; the server turns it into an envelope with Succeeded false. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
    readonly data?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'SimError';
  }
}

export function success(data: unknown): Envelope {
  return { Succeeded: true, Data: data, Error: null };
}

/** Error.Code is always present in an error envelope; HTTP-level errors reuse the status. */
export function failure(message: string, code: number, data: unknown = null): Envelope {
  return { Succeeded: false, Data: data, Error: { Message: message, Code: code } };
}

/** Validation (992) with per-field messages in Data, as the live service sends them. */
export function validationError(fields: Record<string, string[]>): SimError {
  const names = Object.keys(fields).join(', ');
  return new SimError(400, `One or more validation errors occurred: ${names}.`, 992, fields);
}

/** Error codes the simulator uses (HTTP 400 unless noted). */
export const Codes = {
  validation: 992,
  geometry: 993,
  credits: 994,
  noImagery: 1002,
  concurrency: 1003,
  areaTooLarge: 1004,
  tooManyBands: 1005,
  notCovered: 1006,
} as const;

/**
 * The envelope as sent: PascalCase as the vendor's client reads it, or camelCase as one page of
 * the public documentation shows the same responses (every key's first letter lowered).
 */
export function inCase(payload: unknown, responseCase: 'Pascal' | 'camel'): unknown {
  if (responseCase === 'Pascal') return payload;
  if (Array.isArray(payload)) return payload.map((item) => inCase(item, responseCase));
  if (payload === null || typeof payload !== 'object') return payload;
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key.charAt(0).toLowerCase() + key.slice(1),
      inCase(value, responseCase),
    ]),
  );
}
