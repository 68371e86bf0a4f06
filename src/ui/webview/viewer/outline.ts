// A field outlined on the image: the geometry a caller hands to Open Image (GeoJSON Polygon or
// MultiPolygon in EPSG:4326, e.g. a point clicked on the field statistics chart), checked within
// bounds, and its rings placed on the image's pixel grid through the raster core's georeferencing
// (the exact UTM conversion of src/raster/utm.ts for a UTM image; none of a flat-earth shortcut).
import type { RasterMetadata } from '../../../raster';

type Raster = typeof import('../../../raster');

interface OutlineGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: number[][][] | number[][][][];
}

/** What a viewer is asked to outline: the geometry and what to call it. */
export interface OutlineRequest {
  geometry: OutlineGeometry;
  label: string;
}

/** Full-resolution pixel positions (column, row) of each ring, and its label. */
export interface PixelOutline {
  rings: [number, number][][];
  label: string;
}

const MAX_POSITIONS = 200_000;

function isPosition(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length >= 2 &&
    typeof value[0] === 'number' &&
    typeof value[1] === 'number' &&
    Number.isFinite(value[0]) &&
    Number.isFinite(value[1]) &&
    Math.abs(value[0]) <= 180 &&
    Math.abs(value[1]) <= 90
  );
}

/** The polygons of a GeoJSON Polygon or MultiPolygon, or an error that says what is wrong. */
export function outlinePolygons(value: unknown): number[][][][] {
  const geometry = value as { type?: unknown; coordinates?: unknown } | null;
  if (
    typeof geometry !== 'object' ||
    geometry === null ||
    (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')
  )
    throw new Error('The outline must be a GeoJSON Polygon or MultiPolygon in longitude/latitude (EPSG:4326).');
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown;
  let positions = 0;
  const ok =
    Array.isArray(polygons) &&
    polygons.every(
      (polygon) =>
        Array.isArray(polygon) &&
        polygon.every((ring) => {
          if (!Array.isArray(ring) || ring.length < 4) return false;
          positions += ring.length;
          return positions <= MAX_POSITIONS && ring.every(isPosition);
        }),
    );
  if (!ok)
    throw new Error(
      `The outline's rings must be lists of at least four [longitude, latitude] positions (at most ${MAX_POSITIONS} in all).`,
    );
  return polygons as number[][][][];
}

export function toPixelOutline(
  request: OutlineRequest,
  meta: RasterMetadata,
  core: Pick<Raster, 'lonLatToPixel'>,
): PixelOutline {
  const rings = outlinePolygons(request.geometry).flatMap((polygon) =>
    polygon.map((ring) => ring.map((p) => core.lonLatToPixel(meta, p[0] as number, p[1] as number))),
  );
  return { rings, label: request.label };
}
