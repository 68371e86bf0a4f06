// Reading JSON answers of the service. Every JSON endpoint answers with the envelope
// `{ Succeeded, Data, Error }`, but the public material also shows bare payloads and camelCase
// keys (`succeeded`, `data`, `tiles`). Keys are normalised to PascalCase first, so the rest of
// the client reads one shape; values and unknown keys are kept as they came.
import { isRecord } from '../common/is-record';

export interface EnvelopeError {
  Message?: string;
  Code?: number;
  [key: string]: unknown;
}

export type Unwrapped = { ok: true; data: unknown } | { ok: false; error: EnvelopeError | undefined; data: unknown };

function pascal(key: string): string {
  return key.length > 0 ? key[0].toUpperCase() + key.slice(1) : key;
}

/** Deep copy with the first letter of every object key upper-cased. When both spellings of a
 * key arrive (`data` and `Data`), the PascalCase one wins, as the interface document names it. */
export function normaliseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(source)) {
    const target = pascal(key);
    // json-answer.ts refuses such answers; never let one reach an assignment that sets a prototype.
    if (target === '__proto__') continue;
    if (target !== key && Object.prototype.hasOwnProperty.call(source, target)) continue;
    out[target] = normaliseKeys(inner);
  }
  return out;
}

/** True when the (normalised) value has the envelope's shape rather than being a bare payload. */
function isEnvelope(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && typeof value.Succeeded === 'boolean' && ('Data' in value || 'Error' in value);
}

/** Takes parsed JSON (any casing) and returns the payload, or the envelope's error. */
export function unwrap(json: unknown): Unwrapped {
  const value = normaliseKeys(json);
  if (!isEnvelope(value)) return { ok: true, data: value };
  const error = isRecord(value.Error) ? (value.Error as EnvelopeError) : undefined;
  if (value.Succeeded) return { ok: true, data: value.Data ?? null };
  return { ok: false, error, data: value.Data };
}

/** Reads an envelope's error code even when it came as a numeric string. */
export function errorCode(error: EnvelopeError | undefined): number | undefined {
  const raw = error?.Code;
  const code = typeof raw === 'string' ? Number(raw) : raw;
  return typeof code === 'number' && Number.isFinite(code) ? code : undefined;
}

/** Per-field messages of a validation answer: `Data` as `{ Field: ["message", ...] }`. */
export function fieldErrorsOf(data: unknown): Record<string, string[]> | undefined {
  if (!isRecord(data)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(data)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Picks a list out of a payload: the payload itself when it is an array, else the first of the
 * named keys that holds one. Anything else reads as an empty list rather than a crash. */
export function listFrom<T>(data: unknown, ...keys: string[]): T[] {
  if (Array.isArray(data)) return data as T[];
  if (!isRecord(data)) return [];
  for (const key of keys) {
    const inner = data[key];
    if (Array.isArray(inner)) return inner as T[];
  }
  return [];
}

/** A payload read as an open record; a non-object payload becomes `{}`. */
export function recordFrom<T>(data: unknown): T {
  return (isRecord(data) ? data : {}) as T;
}
