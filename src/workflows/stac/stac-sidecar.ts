// Writes `<image>.json`, the STAC Item of a downloaded image, beside it. The file's own
// georeferencing (EPSG after 47000 was resolved, shape, transform, band names) and its bands'
// nodata, data type, scale and offset come from reading the image; what cannot be read falls back
// to the request. The final file's size and SHA-256 are read by streaming it. Written by
// replaceFileSafely: never a half file under the final name, never through a symlink. The same
// read counts the share of pixels that hold data (an image can be paid for and be all nodata):
// recorded in the Item and returned, so the result can say it; given the area it was bought for,
// that one read also gives the share over the area and each of its fields (the purchase's notes),
// so a bought image is read once after it is saved, not once for the Item and once for its fields.
import { basename } from 'node:path';
import { JSON_FILE_LIMITS, readTextBounded } from '../../files/bounded-read';
import { replaceFileSafely } from '../../files/safe-files';
import { sidecarPath } from '../../files/stac-names';
import type { CompositeRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import type { AreaShape, RasterFile } from '../../raster';
import type { AreaCoverage } from '../engine/results';
import type { CompositeProfile } from '../../request/request-profile';
import { fileFacts } from './file-checksum';
import { metresPerPixel } from '../../request/pixel-size';
import { stacItem } from './stac-item';
import type { StacImageInput } from './stac-item';

const RGB = ['B4', 'B3', 'B2'];

/** The fields of the request profile an Item describes (a tile batch has no frozen profile). */
export type ItemProfile = Pick<
  CompositeProfile,
  'date' | 'epsgProjection' | 'bandnames' | 'model' | 'satelliteConstellations' | 'resolution'
>;

/** Counting a large image's pixels is bounded: past this, the share is left unsaid (and logged). */
const VALIDITY_DEADLINE_MS = 15_000;

export interface WrittenSidecar {
  path: string;
  /** The share (0..1) of the image's pixels that hold data; undefined when it could not be read. */
  validFraction: number | undefined;
  /** The ground size of the file's pixels in metres; undefined when the image could not be read. */
  delivered: number | undefined;
  /** The image's valid share over the area and each of its fields (with `SidecarOptions.area`). */
  coverage?: AreaCoverage;
}

interface Measured {
  image: number;
  bands: number[];
  nodata: number | undefined;
  coverage?: AreaCoverage;
}

/** The image's valid shares from one decimated read: with the area, the field measure's view
 * (finer, so a small field has pixels) gives the image's and each band's share too. */
async function measureImage(raster: RasterFile, area: AreaShape | undefined): Promise<Measured> {
  const { measureAreaValidity, measureValidity } = await import('../../raster');
  if (!area) {
    const validity = await measureValidity(raster);
    return { image: validity.fraction, bands: validity.bands, nodata: validity.nodata };
  }
  const measured = await measureAreaValidity(raster, area);
  const fields = measured.fields.map((f) => ({ field: f.field, validFraction: f.fraction }));
  return { ...measured, coverage: { area: measured.area, fields } };
}

function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)),
  );
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The STAC affine transform [a, b, c, d, e, f] (x = a·column + b·row + c, y = d·column + e·row + f)
 * of a north-up image from its upper-left corner and pixel size; GDAL's geotransform orders the
 * same numbers [c, a, b, f, d, e]. */
function stacTransform(origin: readonly [number, number], resolution: readonly [number, number]): number[] {
  return [resolution[0], 0, origin[0], 0, -resolution[1], origin[1]];
}

export interface SidecarOptions {
  /** The id of the folder's STAC Collection, which the Item links to. */
  collection?: string;
  /** The area the image was bought for and its fields: the same read then measures their shares. */
  area?: AreaShape;
}

/** True when the image's Item is there and has what this version writes (the file's checksum,
 * `proj:code`) and the link to `collection`: an Item written by an earlier version, or for another
 * Collection, is written again when its date is bought already. */
export async function isItemCurrent(imagePath: string, collection: string | undefined): Promise<boolean> {
  try {
    const item = JSON.parse(await readTextBounded(sidecarPath(imagePath), JSON_FILE_LIMITS.item)) as {
      collection?: unknown;
      assets?: { image?: Record<string, unknown> };
    };
    const asset = item.assets?.image;
    return (
      typeof asset?.['file:checksum'] === 'string' &&
      typeof asset['proj:code'] === 'string' &&
      item.collection === collection
    );
  } catch {
    return false;
  }
}

/** `area` is the AOI, the part of it, or a tile's footprint: where the image lies. */
export async function writeStacSidecar(
  imagePath: string,
  aoi: Pick<Aoi, 'bbox' | 'geoJson'>,
  profile: ItemProfile,
  request: CompositeRequest | Record<string, unknown>,
  log?: (line: string) => void,
  options: SidecarOptions = {},
): Promise<WrittenSidecar> {
  const b = aoi.bbox;
  const input: StacImageInput = {
    imageFileName: basename(imagePath),
    geometry: aoi.geoJson,
    bbox: [b.west, b.south, b.east, b.north],
    date: profile.date,
    epsg: profile.epsgProjection,
    bands: profile.bandnames === 'rgb' ? RGB : profile.bandnames.split(',').map((s) => s.trim()),
    model: profile.model,
    constellations: profile.satelliteConstellations,
    resolution: profile.resolution,
    request: request as unknown as Record<string, unknown>,
    created: new Date().toISOString(),
    ...(options.collection !== undefined ? { collection: options.collection } : {}),
  };
  let coverage: AreaCoverage | undefined;
  try {
    // Loaded with the first image: the raster core is a bundle of its own (esbuild.mjs).
    const { RasterFile } = await import('../../raster');
    const raster = await RasterFile.open(imagePath);
    const m = raster.metadata;
    if (m.epsg !== undefined) input.epsg = m.epsg;
    input.shape = [m.height, m.width];
    input.transform = stacTransform(m.origin, m.resolution);
    // The file's own pixel size, which may be coarser than the one asked.
    input.gsd = metresPerPixel(m.epsg, m.resolution);
    if (!m.bandNames.every((n) => /^Band \d+$/.test(n))) input.bands = m.bandNames;
    input.raster = {
      dataType: m.dataType,
      ...(m.nodata !== undefined ? { nodata: m.nodata } : {}),
      values: m.values.map(({ scale, offset }) => ({ scale, offset })),
    };
    const counting = measureImage(raster, options.area);
    try {
      const measured = await withDeadline(counting, VALIDITY_DEADLINE_MS, 'Counting its valid pixels');
      input.raster = {
        ...input.raster,
        validShares: measured.bands,
        ...(measured.nodata !== undefined ? { nodata: measured.nodata } : {}),
      };
      input.validFraction = measured.image;
      if (measured.coverage) coverage = measured.coverage;
    } catch (error) {
      log?.(`The share of valid pixels of ${basename(imagePath)} is not known: ${(error as Error).message}.`);
    } finally {
      // Closed once the read has ended, even when it outlasted the deadline.
      void counting.catch(() => undefined).finally(() => raster.close());
    }
  } catch (error) {
    log?.(
      `The STAC Item of ${basename(imagePath)} uses the request's projection: the image could not be read (${(error as Error).message}).`,
    );
  }
  try {
    input.file = await fileFacts(imagePath);
  } catch (error) {
    log?.(
      `The STAC Item of ${basename(imagePath)} has no checksum: the file could not be read (${(error as Error).message}).`,
    );
  }
  const path = sidecarPath(imagePath);
  await replaceFileSafely(path, `${JSON.stringify(stacItem(input), null, 2)}\n`);
  return {
    path,
    validFraction: input.validFraction,
    delivered: input.gsd,
    ...(coverage !== undefined ? { coverage } : {}),
  };
}
