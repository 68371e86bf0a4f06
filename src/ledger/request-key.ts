// The key of a billed unit: the SHA-256 of its exact request body as canonical JSON (object keys
// sorted, no spaces, undefined fields left out), so the same request always has the same key and
// any change to it (a band, the EPSG, the area, the date) gives another. The body itself is never
// stored: a pre-signed UploadUrl's secret stays out of the ledger.
import { createHash } from 'node:crypto';
import { byCodeUnits } from '../common/code-unit-order';

/** JSON with every object's keys sorted; `undefined` fields are left out, as JSON.stringify does. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== 'function')
    .sort(([a], [b]) => byCodeUnits(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The unit's key: 64 hex digits. */
export function requestKey(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The part of the key a file name carries, so names differ when requests differ. */
export function shortKey(key: string): string {
  return key.slice(0, 8);
}
