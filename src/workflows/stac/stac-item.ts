// STAC 1.0 metadata beside every downloaded image: an Item per image (the area as geometry, the
// date, the projection extension, the bands, the model and constellations, the full request
// without the key, the source data's attribution) and an ItemCollection for a folder of them.
// Pure functions: the caller writes the JSON.
import { relativeHref } from './stac-href';

const STAC_VERSION = '1.0.0';
const PROJECTION_EXTENSION = 'https://stac-extensions.github.io/projection/v1.1.0/schema.json';
const EO_EXTENSION = 'https://stac-extensions.github.io/eo/v1.1.0/schema.json';
export const RASTER_EXTENSION = 'https://stac-extensions.github.io/raster/v1.1.0/schema.json';
/** live-service-notes.md: outputs shared outside the account carry the source data's notice. */
export const ATTRIBUTION = 'Contains modified Copernicus Sentinel data; Landsat data courtesy of the U.S. Geological Survey.';

type Position = number[];
type StacGeometry = { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

export interface StacImageInput {
  /** The image's file name (the asset's href, relative to the Item). */
  imageFileName: string;
  geometry: StacGeometry;
  bbox: [number, number, number, number];
  /** YYYY-MM-DD or an ISO date-time. */
  date: string;
  /** The EPSG the file is in (47000 already resolved when the file was read). */
  epsg: number;
  /** [rows, columns] and the affine transform, when the image was read. */
  shape?: [number, number];
  transform?: number[];
  bands: string[];
  model: string;
  constellations: readonly string[];
  resolution: number;
  /** The file's own pixel size in metres, when read from it (the service may send coarser pixels). */
  gsd?: number;
  /** The request as sent; any field named like a key is dropped. */
  request: Record<string, unknown>;
  created?: string;
  /** What share of the image holds data, when it was read: the raster extension's per-band
   * `statistics.valid_percent`, and the whole image's as `sat-imagery:valid_percent`. */
  validity?: { fraction: number; bands: number[]; nodata?: number; dataType?: string };
}

export interface StacItem {
  type: 'Feature';
  stac_version: string;
  stac_extensions: string[];
  id: string;
  geometry: StacGeometry;
  bbox: number[];
  properties: Record<string, unknown>;
  links: { rel: string; href: string; type?: string }[];
  assets: Record<string, { href: string; type: string; title: string; roles: string[]; [field: string]: unknown }>;
}

const KEY_FIELD = /api[-_]?key|^key$|secret|token|authorization/i;

/** A copy of the request without anything that could carry the key. */
export function requestWithoutKey(request: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).filter(([name]) => !KEY_FIELD.test(name)));
}

function isoDateTime(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : new Date(Date.parse(date)).toISOString();
}

const percent = (fraction: number): number => Math.round(fraction * 10000) / 100;

/** The raster extension's band objects: the nodata value, the data type and the valid share. */
function rasterBands(validity: NonNullable<StacImageInput['validity']>): Record<string, unknown>[] {
  return validity.bands.map((share) => ({
    ...(validity.nodata !== undefined ? { nodata: validity.nodata } : {}),
    ...(validity.dataType ? { data_type: validity.dataType } : {}),
    statistics: { valid_percent: percent(share) },
  }));
}

export function stacItem(input: StacImageInput): StacItem {
  const id = input.imageFileName.replace(/\.tiff?$/i, '');
  const projection: Record<string, unknown> = { 'proj:epsg': input.epsg };
  if (input.shape) projection['proj:shape'] = input.shape;
  if (input.transform) projection['proj:transform'] = input.transform;
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [PROJECTION_EXTENSION, EO_EXTENSION, ...(input.validity ? [RASTER_EXTENSION] : [])],
    id,
    geometry: input.geometry,
    bbox: input.bbox,
    properties: {
      datetime: isoDateTime(input.date),
      ...(input.created ? { created: input.created } : {}),
      constellation: input.constellations.join(','),
      'sat-imagery:constellations': [...input.constellations],
      'sat-imagery:model': input.model,
      'sat-imagery:resolution': input.resolution,
      'sat-imagery:request': requestWithoutKey(input.request),
      gsd: input.gsd ?? input.resolution,
      ...(input.validity ? { 'sat-imagery:valid_percent': percent(input.validity.fraction) } : {}),
      ...projection,
      attribution: ATTRIBUTION,
    },
    links: [],
    assets: {
      image: {
        href: relativeHref(input.imageFileName),
        type: 'image/tiff; application=geotiff',
        title: `${input.model} composite of ${input.date.slice(0, 10)}`,
        roles: ['data'],
        'eo:bands': input.bands.map((name) => ({ name })),
        ...(input.validity ? { 'raster:bands': rasterBands(input.validity) } : {}),
        ...projection,
      },
    },
  };
}

export function stacItemCollection(items: StacItem[]): { type: 'FeatureCollection'; features: StacItem[]; links: never[] } {
  return { type: 'FeatureCollection', features: items, links: [] };
}
