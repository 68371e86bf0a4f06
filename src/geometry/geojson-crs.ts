// The `crs` member of GeoJSON 2008 (dropped by RFC 7946, still written by older tools such as
// QGIS 2 and ogr2ogr). Coordinates are read as longitude/latitude on WGS 84, so a member naming
// another system (a projected EPSG:3857 or UTM file) is refused at the name instead of being read
// as degrees. Reprojecting is left to the tools that know the datum (ogr2ogr, QGIS).
import type { JsonPath } from './json-locate';

/** Names that mean longitude/latitude on WGS 84, lower-cased. EPSG:4326 in GeoJSON is lon/lat. */
const LON_LAT = new Set([
  'urn:ogc:def:crs:ogc:1.3:crs84',
  'urn:ogc:def:crs:ogc::crs84',
  'urn:ogc:def:crs:ogc:2:84',
  'http://www.opengis.net/def/crs/ogc/1.3/crs84',
  'https://www.opengis.net/def/crs/ogc/1.3/crs84',
  'ogc:crs84',
  'crs84',
  'epsg:4326',
  'urn:ogc:def:crs:epsg::4326',
  'http://www.opengis.net/def/crs/epsg/0/4326',
  'https://www.opengis.net/def/crs/epsg/0/4326',
]);

export interface CrsFault {
  message: string;
  path: JsonPath;
}

/** A fault when `owner` has a `crs` member that names anything but lon/lat on WGS 84. */
export function crsFault(owner: Record<string, unknown>, path: JsonPath): CrsFault | undefined {
  if (!('crs' in owner) || owner.crs === null) return undefined; // null: "no CRS", read as the default
  const crs = owner.crs;
  const advice =
    'coordinates must be longitude and latitude on WGS 84 (CRS84 or EPSG:4326). Reproject the file (for example `ogr2ogr -t_srs EPSG:4326 out.geojson in.geojson`), or remove the "crs" member if the coordinates already are longitude/latitude.';
  const crsPath = [...path, 'crs'];
  if (typeof crs !== 'object' || Array.isArray(crs))
    return { message: `The "crs" member must be an object naming the coordinate system; ${advice}`, path: crsPath };
  const { type, properties } = crs as Record<string, unknown>;
  const props =
    typeof properties === 'object' && properties !== null && !Array.isArray(properties)
      ? (properties as Record<string, unknown>)
      : undefined;
  if (type === 'name' && typeof props?.name === 'string') {
    const name = props.name.trim();
    if (LON_LAT.has(name.toLowerCase()) || /^urn:ogc:def:crs:epsg:[\d.]*:4326$/i.test(name)) return undefined;
    return {
      message: `The "crs" member names ${JSON.stringify(name.slice(0, 80))}, which this extension does not read: ${advice}`,
      path: [...crsPath, 'properties', 'name'],
    };
  }
  if (type === 'link')
    return {
      message: `The "crs" member links to a coordinate system definition, which this extension does not follow: ${advice}`,
      path: crsPath,
    };
  return {
    message: `The "crs" member does not name a coordinate system ("type": "name" with "properties": { "name": ... }); ${advice}`,
    path: crsPath,
  };
}
