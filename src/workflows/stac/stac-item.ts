// STAC 1.0 metadata beside every downloaded image: an Item per image (the area as geometry, the
// date, the projection extension, the bands, the model and constellations, the full request
// without the key, the source data's attribution, the file's size and checksum) and an
// ItemCollection for a folder of them. Pure functions: the caller writes the JSON.
import { eoBand, rasterBands, validPercent } from './stac-bands';
import type { RasterBandFacts } from './stac-bands';
import type { FileFacts } from './file-checksum';
import { relativeHref } from '../../files/stac-names';

export const STAC_VERSION = '1.0.0';
/** v1.2.0 is the one version of the projection extension that declares both `proj:code` and
 * `proj:epsg` (v2.0.0 removed `proj:epsg`, which GDAL 3.6's STACIT driver still reads). */
export const PROJECTION_EXTENSION = 'https://stac-extensions.github.io/projection/v1.2.0/schema.json';
export const EO_EXTENSION = 'https://stac-extensions.github.io/eo/v1.1.0/schema.json';
export const RASTER_EXTENSION = 'https://stac-extensions.github.io/raster/v1.1.0/schema.json';
export const FILE_EXTENSION = 'https://stac-extensions.github.io/file/v2.1.0/schema.json';
/** The name of a time series folder's STAC Collection, which its Items link to. */
export const COLLECTION_FILE_NAME = 'collection.json';
/** docs/engineering-notes.md, "Attribution and licence": outputs shared outside the account carry the source data's notice. */
export const ATTRIBUTION =
  'Contains modified Copernicus Sentinel data; Landsat data courtesy of the U.S. Geological Survey.';

type Position = number[];
type StacGeometry =
  { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] };

const AUTOMATIC_UTM = 47000;

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
  /** The bands as the raster core read them from the file: the raster extension's `raster:bands`
   * (with each band's `statistics.valid_percent` when the valid pixels were counted). */
  raster?: RasterBandFacts;
  /** The whole image's share of valid pixels (0..1), when counted: `sat-imagery:valid_percent`. */
  validFraction?: number;
  /** The final file's `file:size` and `file:checksum`. */
  file?: FileFacts;
  /** The id of the folder's STAC Collection (`collection.json` beside the Item), when it has one. */
  collection?: string;
}

export interface StacItem {
  type: 'Feature';
  stac_version: string;
  stac_extensions: string[];
  id: string;
  /** The id of the Collection the Item belongs to (with a `collection` link). */
  collection?: string;
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

/** Links of an Item in its folder's Collection, relative to the Item (STAC's best practice for a
 * catalogue that can be moved or copied whole). */
function collectionLinks(collection: string | undefined): StacItem['links'] {
  if (collection === undefined) return [];
  const href = relativeHref(COLLECTION_FILE_NAME);
  return ['collection', 'parent', 'root'].map((rel) => ({ rel, href, type: 'application/json' }));
}

export function stacItem(input: StacImageInput): StacItem {
  const id = input.imageFileName.replace(/\.tiff?$/i, '');
  // `proj:code` is the field's current name; `proj:epsg` is kept for older readers (GDAL 3.6).
  // 47000 ("automatic UTM") is a request's word, not an EPSG code: when the file could not be read
  // to resolve it, the CRS is unknown (null, as the projection extension allows).
  const known = input.epsg !== AUTOMATIC_UTM;
  const crs = { 'proj:code': known ? `EPSG:${input.epsg}` : null, 'proj:epsg': known ? input.epsg : null };
  const grid: Record<string, unknown> = {};
  if (input.shape) grid['proj:shape'] = input.shape;
  if (input.transform) grid['proj:transform'] = input.transform;
  return {
    type: 'Feature',
    stac_version: STAC_VERSION,
    stac_extensions: [
      PROJECTION_EXTENSION,
      EO_EXTENSION,
      ...(input.raster ? [RASTER_EXTENSION] : []),
      ...(input.file ? [FILE_EXTENSION] : []),
    ],
    id,
    ...(input.collection !== undefined ? { collection: input.collection } : {}),
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
      ...(input.validFraction !== undefined ? { 'sat-imagery:valid_percent': validPercent(input.validFraction) } : {}),
      ...crs,
      ...grid,
      attribution: ATTRIBUTION,
    },
    links: collectionLinks(input.collection),
    assets: {
      image: {
        href: relativeHref(input.imageFileName),
        type: 'image/tiff; application=geotiff',
        title: `${input.model} composite of ${input.date.slice(0, 10)}`,
        roles: ['data'],
        'eo:bands': input.bands.map(eoBand),
        ...(input.raster ? { 'raster:bands': rasterBands(input.raster) } : {}),
        ...(input.file ? { 'file:size': input.file.size, 'file:checksum': input.file.checksum } : {}),
        ...crs,
        ...grid,
      },
    },
  };
}

export function stacItemCollection(items: StacItem[]): {
  type: 'FeatureCollection';
  features: StacItem[];
  links: never[];
} {
  return { type: 'FeatureCollection', features: items, links: [] };
}
