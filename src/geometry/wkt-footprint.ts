// WKT that the service sends back (tile footprints in `DataGeogWkt`, an order's `Wkt`) read with
// the project's own WKT reader, so one parser reads every WKT. Footprints are for drawing and
// opening, not for sending: an unreadable one yields no polygon rather than failing a whole list.
import { LineIndex } from './positions';
import type { PolygonCoordinates } from './types';
import { readWktText } from './wkt-reader';

export function polygonsOfWkt(wkt: string): PolygonCoordinates[] {
  const content = readWktText(wkt, new LineIndex(wkt));
  return content.drafts.some((draft) => draft.severity === 'error') ? [] : content.polygons;
}

export type AreaGeometry =
  { type: 'Polygon'; coordinates: PolygonCoordinates } | { type: 'MultiPolygon'; coordinates: PolygonCoordinates[] };

/** The GeoJSON geometry of an area WKT; undefined when it cannot be read or holds no area. */
export function geoJsonOfWkt(wkt: string): AreaGeometry | undefined {
  const polygons = polygonsOfWkt(wkt);
  if (polygons.length === 0) return undefined;
  const multi = polygons.length > 1 || /^\s*(SRID=\d+;\s*)?MULTIPOLYGON/i.test(wkt);
  return multi ? { type: 'MultiPolygon', coordinates: polygons } : { type: 'Polygon', coordinates: polygons[0] };
}
