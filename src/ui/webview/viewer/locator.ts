// What the viewer's locator map shows: the image's outline and the requested area, in lon/lat.
// The outline follows the image's border in steps (a UTM image's edges are not straight lines of
// longitude and latitude); the area is the STAC sidecar's geometry as written.
import type { RasterMetadata } from '../../../raster';
import type { ShowViewerMessage } from './protocol';

type Raster = typeof import('../../../raster');
type Locator = NonNullable<ShowViewerMessage['locator']>;
type LonLat = [number, number];

/** Points per side of the image's outline. */
const STEPS = 8;

function ringsOf(geometry: unknown): LonLat[][] {
  if (typeof geometry !== 'object' || geometry === null) return [];
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const polygons =
    type === 'Polygon' ? [coordinates] : type === 'MultiPolygon' && Array.isArray(coordinates) ? coordinates : [];
  const rings: LonLat[][] = [];
  for (const polygon of polygons) {
    if (!Array.isArray(polygon)) continue;
    for (const ring of polygon) {
      if (!Array.isArray(ring)) continue;
      const points = ring
        .filter((p): p is LonLat => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]))
        .map((p): LonLat => [p[0], p[1]]);
      if (points.length >= 3) rings.push(points);
    }
  }
  return rings;
}

/** The locator of an image and its sidecar (a Feature), or undefined when the image cannot be placed. */
export function locatorOf(meta: RasterMetadata, core: Raster, sidecar: unknown): Locator | undefined {
  try {
    const { width, height } = meta;
    const border: [number, number][] = [];
    for (let i = 0; i < STEPS; i++) border.push([(width * i) / STEPS, 0]);
    for (let i = 0; i < STEPS; i++) border.push([width, (height * i) / STEPS]);
    for (let i = 0; i < STEPS; i++) border.push([width - (width * i) / STEPS, height]);
    for (let i = 0; i < STEPS; i++) border.push([0, height - (height * i) / STEPS]);
    border.push([0, 0]);
    const footprint = border.map(([column, row]) => core.pixelToLonLat(meta, column, row));
    if (!footprint.every(([lon, lat]) => Number.isFinite(lon) && Number.isFinite(lat))) return undefined;
    const geometry =
      typeof sidecar === 'object' && sidecar !== null ? (sidecar as { geometry?: unknown }).geometry : undefined;
    return { footprint, aoi: ringsOf(geometry) };
  } catch {
    // A coordinate system the core cannot place longitudes in: no locator, the rest stands.
    return undefined;
  }
}
