// Local validation before any request is sent: the AOI rule of spec 2.1 (exactly one of Wkt and
// GeoJson), then the zod schema of the request. A refusal is an ApiError of kind
// 'local-validation' with per-field messages, so the person sees every problem at once.
import { ApiError } from '../errors';
import { aoiRule, buildRequestSchemas } from './requests';
import type { RequestKind, RequestSchemas } from './requests';

let schemas: Promise<RequestSchemas> | undefined;

function loadSchemas(): Promise<RequestSchemas> {
  schemas ??= import('zod/mini').then((z) => buildRequestSchemas(z));
  return schemas;
}

function addIssue(fields: Record<string, string[]>, field: string, message: string): void {
  (fields[field] ??= []).push(message);
}

function checkAoi(kind: RequestKind, body: Record<string, unknown>, fields: Record<string, string[]>): void {
  const rule = aoiRule[kind];
  if (rule === 'none') return;
  const hasWkt = body.Wkt !== undefined && body.Wkt !== null;
  const hasGeoJson = body.GeoJson !== undefined && body.GeoJson !== null;
  const namesTiles = ['TileGuids', 'MiniTileGuids', 'TileGuidForMiniTiles'].some((k) => body[k] !== undefined);
  if (hasWkt && hasGeoJson) {
    addIssue(fields, 'Wkt', 'Send exactly one of Wkt and GeoJson, not both: remove one of them.');
    return;
  }
  if (!hasWkt && !hasGeoJson) {
    if (rule === 'or-tiles' && namesTiles) return;
    addIssue(fields, 'Wkt', 'An area of interest is required: send exactly one of Wkt and GeoJson.');
    return;
  }
  if (hasWkt && (typeof body.Wkt !== 'string' || body.Wkt.trim() === '')) addIssue(fields, 'Wkt', 'Wkt must be non-empty WKT text.');
  if (hasGeoJson) {
    const geo = body.GeoJson as { type?: unknown } | null;
    if (typeof geo !== 'object' || geo === null || typeof geo.type !== 'string') {
      addIssue(fields, 'GeoJson', 'GeoJson must be a GeoJSON geometry object with a "type".');
    }
  }
}

export function localValidationError(endpoint: string, fields: Record<string, string[]>): ApiError {
  const summary = Object.values(fields)
    .map((messages) => messages.join(' '))
    .join(' ');
  return new ApiError({ kind: 'local-validation', message: `The request was not sent: ${summary}`, fieldErrors: fields, endpoint });
}

/** Throws a local-validation ApiError when the request breaks the document's rules. */
export async function validateRequest(kind: RequestKind, body: unknown, endpoint: string): Promise<void> {
  const fields: Record<string, string[]> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw localValidationError(endpoint, { request: ['The request must be an object of named fields.'] });
  }
  checkAoi(kind, body as Record<string, unknown>, fields);
  const schema = (await loadSchemas())[kind];
  const result = schema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'request';
      const message = issue.message === 'Invalid input' ? `${field} is missing or has the wrong type.` : issue.message;
      addIssue(fields, field, message);
    }
  }
  if (Object.keys(fields).length > 0) throw localValidationError(endpoint, fields);
}
