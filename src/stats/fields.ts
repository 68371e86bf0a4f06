// The fields of an area file: a FeatureCollection gives one field per feature (its polygons and
// multipolygons, holes kept), anything else one field. A field's id comes from the property the
// person names, else `id`, else `name`, else the feature's index. The file is checked by the same
// reader as the editor's diagnostics (same problems, same positions); overlapping fields are
// fine here (they are measured apart), so only that check's complaint is let through, and each
// field's own parts, which may not overlap, are checked apart.
//
// Memory: a FeatureCollection is read a feature at a time (feature-texts.ts), each feature by that
// same reader, so the value of the whole file is never held; only when a feature has a problem is
// the whole file read (parsed once), for the problems the editor shows at the places it shows them.
// Each field keeps its polygons packed (geometry/packed.ts): as nested arrays, 100,000 fields of 32
// vertices were 3.2 million arrays of about 80 bytes each, where their numbers take 16.
import { createHash } from 'node:crypto';
import { isRecord } from '../common/is-record';
import { DEFAULT_BILLING_RULES, detectFormat, polygonBbox, readAoi } from '../geometry/index';
import { crsFault } from '../geometry/geojson-crs';
import { fieldIdOf } from '../geometry/area-fields';
import { readGeoJsonValue } from '../geometry/geojson-reader';
import { packPolygons, unpackPolygons } from '../geometry/packed';
import { findPolygonOverlap } from '../geometry/polygon-overlap';
import { validatePolygons } from '../geometry/validate';
import type { AoiFormat, GeometryProblem, PolygonCoordinates } from '../geometry/types';
import { StatsError } from './errors';
import { splitFeatureCollection } from './feature-texts';

export interface Field {
  id: string;
  /** Polygons in longitude/latitude (EPSG:4326), first ring outer. A field read from a file makes
   * them anew from its packed numbers on each read (a field is measured, or written, one at a time). */
  polygons: PolygonCoordinates[];
  /** sha256 of the id and the coordinates: what the incremental cache keys a row by. */
  hash: string;
}

export function readFields(text: string, name: string, format: AoiFormat | 'auto', idProperty?: string): Field[] {
  const actual = format === 'auto' ? detectFormat(text) : format;
  const fields =
    (actual === 'geojson' ? fieldsByFeature(text, name, idProperty) : undefined) ??
    wholeFileFields(text, name, actual, idProperty);
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.id))
      throw new StatsError(
        'bad-input',
        `${name}: two fields have the id '${field.id}'${idProperty ? ` (property ${idProperty})` : ''}; each field needs its own.`,
      );
    seen.add(field.id);
  }
  return fields;
}

/** A FeatureCollection's fields, its features read one at a time, each checked as the whole file
 * is: undefined when the text does not split into features or any feature has a problem (or no
 * id), which the reading of the whole file then says as it always has. A field clean alone is clean
 * in the collection: the reader's one check across polygons, their overlap, is let through here. */
function fieldsByFeature(text: string, name: string, idProperty: string | undefined): Field[] | undefined {
  const split = splitFeatureCollection(text.replace(/^\uFEFF/, ''));
  if (!split || split.features.length === 0) return undefined;
  const collection = parseJson(split.collection)?.value;
  if (!isRecord(collection) || collection.type !== 'FeatureCollection' || crsFault(collection, [])) return undefined;
  const fields: Field[] = [];
  for (const [k, feature] of split.features.entries()) {
    const value = parseJson(feature)?.value;
    if (!isRecord(value) || value.type !== 'Feature') return undefined;
    // The reader's own checks, structure then polygons; a problem's place is found only when the
    // whole file is read, and the billing rules' warnings are no business of the statistics.
    const { polygons, drafts } = readGeoJsonValue(value);
    if (drafts.length > 0 || polygons.length === 0) return undefined;
    validatePolygons(polygons, drafts);
    if (drafts.some((d) => d.severity === 'error')) return undefined;
    let id: string;
    try {
      id = idOf(value, k, idProperty, name);
    } catch {
      return undefined;
    }
    fields.push(packedField(id, polygons));
  }
  return fields;
}

/** The fields of a whole file, parsed once: WKT, a lone feature or geometry, and any GeoJSON text
 * with a problem somewhere (said here at its place in the file). */
function wholeFileFields(text: string, name: string, actual: AoiFormat, idProperty: string | undefined): Field[] {
  const parsed = actual === 'geojson' ? parseJson(text) : undefined;
  const result = readAoi(text, actual, DEFAULT_BILLING_RULES, parsed);
  // One WKT is one field, whose polygons must not overlap; fields of a FeatureCollection may.
  const errors = result.problems.filter(
    (p: GeometryProblem) => p.severity === 'error' && (actual === 'wkt' || p.code !== 'polygons-overlap'),
  );
  if (errors.length > 0) {
    const first = errors[0] as GeometryProblem;
    const message = `${name} is not a valid area of interest (line ${first.range.start.line + 1}, column ${first.range.start.column + 1}): ${first.message.replace(/\.$/, '')}.`;
    throw new StatsError('invalid-geometry', message, errors);
  }
  // Valid WKT, or GeoJSON that parsed (the check refuses any other text).
  const fields =
    result.ok && actual === 'wkt'
      ? [{ id: '0', polygons: result.aoi.polygons }]
      : geoJsonFields(parsed?.value, name, idProperty);
  // The file's check names one overlap only, maybe of two fields: each field's own parts are checked.
  if (actual !== 'wkt' && result.problems.some((p) => p.code === 'polygons-overlap')) checkParts(fields, name);
  return fields.map((f) => packedField(f.id, f.polygons));
}

/** The text's JSON value, or undefined when it is not JSON (the check then says where). */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text.replace(/^\uFEFF/, '')) as unknown };
  } catch {
    return undefined;
  }
}

/** A field holding its polygons packed; its hash is of the polygons as the file wrote them (a
 * height included), as the row cache has always keyed it. */
function packedField(id: string, polygons: PolygonCoordinates[]): Field {
  const packed = packPolygons(polygons);
  const field = { id, hash: fieldHash(id, polygons) } as Field;
  return Object.defineProperty(field, 'polygons', { enumerable: true, get: () => unpackPolygons(packed) });
}

/** A field's parts may touch but not overlap (the exact rule would count the overlap twice). */
function checkParts(fields: readonly Omit<Field, 'hash'>[], name: string): void {
  for (const field of fields) {
    if (field.polygons.length < 2) continue;
    const { overlap } = findPolygonOverlap(field.polygons, field.polygons.map(polygonBbox));
    if (overlap)
      throw new StatsError(
        'bad-input',
        `${name}: the polygons of field '${field.id}' overlap (its polygon ${overlap.polygon + 1} overlaps its polygon ${overlap.other + 1}); a field's parts may touch but not overlap: merge them or remove the overlap.`,
      );
  }
}

function geoJsonFields(value: unknown, name: string, idProperty: string | undefined): Omit<Field, 'hash'>[] {
  const root = value as Record<string, unknown>;
  const content = readGeoJsonValue(root);
  if (root.type !== 'FeatureCollection' || !Array.isArray(root.features)) {
    return [{ id: idOf(root.type === 'Feature' ? root : {}, 0, idProperty, name), polygons: content.polygons }];
  }
  const features = root.features as Record<string, unknown>[];
  const byFeature = new Map<number, PolygonCoordinates[]>();
  content.polygonPaths.forEach((path, p) => {
    const k = path[0] === 'features' && typeof path[1] === 'number' ? path[1] : 0;
    const polygons = byFeature.get(k);
    if (polygons) polygons.push(content.polygons[p] as PolygonCoordinates);
    else byFeature.set(k, [content.polygons[p] as PolygonCoordinates]);
  });
  return [...byFeature.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, polygons]) => ({ id: idOf(features[k] ?? {}, k, idProperty, name), polygons }));
}

function idOf(feature: Record<string, unknown>, index: number, idProperty: string | undefined, name: string): string {
  const properties = (
    typeof feature.properties === 'object' && feature.properties !== null ? feature.properties : {}
  ) as Record<string, unknown>;
  if (idProperty !== undefined) {
    const value = properties[idProperty];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new StatsError(
        'bad-input',
        `${name}: feature ${index + 1} has no property '${idProperty}' (a string or number) to name its field.`,
      );
    return String(value);
  }
  return fieldIdOf(feature, index);
}

function fieldHash(id: string, polygons: PolygonCoordinates[]): string {
  return createHash('sha256')
    .update(JSON.stringify([id, polygons]))
    .digest('hex');
}
