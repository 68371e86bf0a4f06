// The fields of an area file, named as `sat-imagery stats` names them: a FeatureCollection's
// features, each its `properties.id`, else its `id`, else `properties.name`, else its index. What a
// bought image says of its area (each field's share of valid pixels) names the same fields the
// statistics table will.
import { readGeoJsonValue } from './geojson-reader';
import type { PolygonCoordinates } from './types';

export interface AreaField {
  id: string;
  polygons: PolygonCoordinates[];
}

/** A feature's field id by the statistics' default rule. */
export function fieldIdOf(feature: Record<string, unknown>, index: number): string {
  const properties = (
    typeof feature.properties === 'object' && feature.properties !== null ? feature.properties : {}
  ) as Record<string, unknown>;
  for (const value of [properties.id, feature.id, properties.name]) {
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return String(index);
}

/** The fields of a GeoJSON FeatureCollection of two features or more; none for any other area
 * (WKT, one geometry or feature: the area is its one field). The text was read as a valid area
 * already; a text that no longer reads gives none. */
export function areaFields(text: string): AreaField[] {
  let root: unknown;
  try {
    root = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return [];
  }
  if (typeof root !== 'object' || root === null) return [];
  const { type, features } = root as { type?: unknown; features?: unknown };
  if (type !== 'FeatureCollection' || !Array.isArray(features) || features.length < 2) return [];
  const content = readGeoJsonValue(root);
  const byFeature = new Map<number, PolygonCoordinates[]>();
  content.polygonPaths.forEach((path, p) => {
    const k = path[0] === 'features' && typeof path[1] === 'number' ? path[1] : 0;
    const polygon = content.polygons[p] as PolygonCoordinates;
    const polygons = byFeature.get(k);
    if (polygons) polygons.push(polygon);
    else byFeature.set(k, [polygon]);
  });
  return [...byFeature.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, polygons]) => ({ id: fieldIdOf((features[k] ?? {}) as Record<string, unknown>, k), polygons }));
}
