// Tile footprints arrive as WKT (`DataGeogWkt`); the map wants polygons of [lon, lat]. Footprints
// are small (a handful of vertices), so the plain wellknown parser is fast enough here; an
// unreadable footprint yields no polygon rather than failing the whole tile list.
import { parse } from 'wellknown';
import type { GeoJSONGeometry } from 'wellknown';
import type { PolygonCoordinates } from './types';

export function polygonsOfWkt(wkt: string): PolygonCoordinates[] {
  try {
    const geometry = parse(wkt);
    return geometry ? polygonsOf(geometry) : [];
  } catch {
    return [];
  }
}

function polygonsOf(geometry: GeoJSONGeometry): PolygonCoordinates[] {
  switch (geometry.type) {
    case 'Polygon':
      return [geometry.coordinates as PolygonCoordinates];
    case 'MultiPolygon':
      return geometry.coordinates as PolygonCoordinates[];
    case 'GeometryCollection':
      return geometry.geometries.flatMap(polygonsOf);
    default:
      return [];
  }
}
