// The fields of an area file: a FeatureCollection gives one field per feature (its polygons and
// multipolygons, holes kept), anything else one field. A field's id comes from the property the
// person names, else `id`, else `name`, else the feature's index. The file is checked by the same
// reader as the editor's diagnostics (same problems, same positions); overlapping fields are
// fine here (they are measured apart), so only that check's complaint is let through, and each
// field's own parts, which may not overlap, are checked apart.
import { createHash } from 'node:crypto';
import { detectFormat, polygonBbox, readAoi } from '../geometry/index';
import { readGeoJsonValue } from '../geometry/geojson-reader';
import { findPolygonOverlap } from '../geometry/polygon-overlap';
import type { AoiFormat, GeometryProblem, PolygonCoordinates } from '../geometry/types';
import { WorkflowError } from '../workflows/engine/errors';
import { StatsError } from './errors';

export interface Field {
  id: string;
  /** Polygons in longitude/latitude (EPSG:4326), first ring outer. */
  polygons: PolygonCoordinates[];
  /** sha256 of the id and the coordinates: what the incremental cache keys a row by. */
  hash: string;
}

export function readFields(text: string, name: string, format: AoiFormat | 'auto', idProperty?: string): Field[] {
  const actual = format === 'auto' ? detectFormat(text) : format;
  const result = readAoi(text, actual);
  // One WKT is one field, whose polygons must not overlap; fields of a FeatureCollection may.
  const errors = result.problems.filter(
    (p: GeometryProblem) => p.severity === 'error' && (actual === 'wkt' || p.code !== 'polygons-overlap'),
  );
  if (errors.length > 0) {
    const first = errors[0] as GeometryProblem;
    const message = `${name} is not a valid area of interest (line ${first.range.start.line + 1}, column ${first.range.start.column + 1}): ${first.message.replace(/\.$/, '')}.`;
    throw new WorkflowError('invalid-geometry', message, errors);
  }
  const fields =
    result.ok && actual === 'wkt'
      ? [{ id: '0', polygons: result.aoi.polygons }]
      : geoJsonFields(text, name, idProperty);
  // The file's check names one overlap only, maybe of two fields: each field's own parts are checked.
  if (actual !== 'wkt' && result.problems.some((p) => p.code === 'polygons-overlap')) checkParts(fields, name);
  const seen = new Set<string>();
  for (const field of fields) {
    if (seen.has(field.id))
      throw new StatsError(
        'bad-input',
        `${name}: two fields have the id '${field.id}'${idProperty ? ` (property ${idProperty})` : ''}; each field needs its own.`,
      );
    seen.add(field.id);
  }
  return fields.map((f) => ({ ...f, hash: fieldHash(f.id, f.polygons) }));
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

function geoJsonFields(text: string, name: string, idProperty: string | undefined): Omit<Field, 'hash'>[] {
  const root = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
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
  for (const value of [properties.id, feature.id, properties.name]) {
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return String(index);
}

function fieldHash(id: string, polygons: PolygonCoordinates[]): string {
  return createHash('sha256')
    .update(JSON.stringify([id, polygons]))
    .digest('hex');
}
