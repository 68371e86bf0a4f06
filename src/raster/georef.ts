// Where a pixel is on the ground and which pixel a longitude/latitude falls in, for files in
// EPSG:4326 or a WGS 84 UTM zone (what the service delivers).
import { RasterError } from './errors';
import type { RasterMetadata } from './metadata';
import { lonLatToUtm, utmToLonLat, utmZoneOfEpsg } from './utm';

function zoneOrGeographic(meta: RasterMetadata) {
  if (meta.epsg === 4326) return 'geographic' as const;
  const zone = meta.epsg !== undefined ? utmZoneOfEpsg(meta.epsg) : undefined;
  if (!zone)
    throw new RasterError(
      'unsupported',
      `${meta.path} is in ${meta.epsg ? `EPSG:${meta.epsg}` : 'an unknown coordinate system'}; longitude/latitude work only for EPSG:4326 and UTM.`,
    );
  return zone;
}

/** Fractional pixel position (column, row) of a longitude/latitude. */
export function lonLatToPixel(meta: RasterMetadata, lon: number, lat: number): [number, number] {
  const crs = zoneOrGeographic(meta);
  const [x, y] = crs === 'geographic' ? [lon, lat] : lonLatToUtm(lon, lat, crs);
  return [(x - meta.origin[0]) / meta.resolution[0], (meta.origin[1] - y) / meta.resolution[1]];
}

/** Longitude/latitude of a (fractional) pixel position; the centre of pixel (c, r) is (c + 0.5, r + 0.5). */
export function pixelToLonLat(meta: RasterMetadata, column: number, row: number): [number, number] {
  const crs = zoneOrGeographic(meta);
  const x = meta.origin[0] + column * meta.resolution[0];
  const y = meta.origin[1] - row * meta.resolution[1];
  return crs === 'geographic' ? [x, y] : utmToLonLat(x, y, crs);
}
