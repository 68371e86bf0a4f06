// What a GeoTIFF holds, read from its directories and GeoKeys: size, bands and their names, data
// type, nodata, EPSG, resolution, bounds, overviews, and how each band's numbers become values.
import type { GeoTIFF, GeoTIFFImage } from 'geotiff';
import { RasterError, formatSize } from './errors';
import { MAX_METADATA_WORK } from './limits';
import { dataTypeOf } from './samples';
import type { DataType } from './samples';
import { bandValueRule } from './values';
import type { ValueRule } from './values';

export interface Overview {
  /** Index of the image in the file (0 is full resolution). */
  image: number;
  width: number;
  height: number;
}

export interface RasterMetadata {
  path: string;
  fileSize: number;
  width: number;
  height: number;
  bandCount: number;
  /** GDAL's band descriptions (the service names its bands: B4, [B8_B4]...), else "Band n". */
  bandNames: string[];
  dataType: DataType;
  nodata: number | undefined;
  epsg: number | undefined;
  /** Pixel size in the CRS's units, both positive. */
  resolution: [number, number];
  /** [minX, minY, maxX, maxY] in the CRS. */
  bounds: [number, number, number, number];
  /** Upper-left corner and pixel size: x = originX + column × resolution[0]. */
  origin: [number, number];
  overviews: Overview[];
  compression: number;
  tiled: boolean;
  /** Rows in one block of the full-resolution image (TileLength, or RowsPerStrip). */
  blockHeight: number;
  /** How each band's stored numbers become reflectance, index values or stay numbers. */
  values: ValueRule[];
  acquisitionDate: string | undefined;
}

function epsgFromGeoKeys(image: GeoTIFFImage): number | undefined {
  const keys = image.getGeoKeys() as Record<string, unknown> | null;
  const projected = keys?.ProjectedCSTypeGeoKey;
  const geographic = keys?.GeographicTypeGeoKey;
  // 32767 means "user-defined": no EPSG code to report.
  if (typeof projected === 'number' && projected !== 32767) return projected;
  if (typeof geographic === 'number' && geographic !== 32767) return geographic;
  return undefined;
}

/** `count`: the images checkDirectories found (geotiff.js's own count follows directory loops). */
export async function readMetadata(
  tiff: GeoTIFF,
  path: string,
  fileSize: number,
  count: number,
): Promise<RasterMetadata> {
  const image = await tiff.getImage(0);
  const dir = image.getFileDirectory();
  const text = dir.hasTag('GDAL_METADATA') ? await dir.loadValue('GDAL_METADATA') : '';
  // geotiff.js parses the whole text again for every band.
  if (typeof text === 'string' && text.length * (image.getSamplesPerPixel() + 1) > MAX_METADATA_WORK) {
    throw new RasterError(
      'unsupported',
      `${path} has ${formatSize(text.length)} of GDAL metadata for ${image.getSamplesPerPixel()} bands, more than is read (${formatSize(MAX_METADATA_WORK)} in all).`,
    );
  }
  const width = image.getWidth();
  const height = image.getHeight();
  const bandCount = image.getSamplesPerPixel();
  const bandNames: string[] = [];
  const scales: { scale?: number; offset?: number }[] = [];
  for (let b = 0; b < bandCount; b++) {
    const items = (await image.getGDALMetadata(b)) ?? {};
    const description =
      typeof items.DESCRIPTION === 'string' && items.DESCRIPTION.trim() !== '' ? items.DESCRIPTION.trim() : undefined;
    bandNames.push(description ?? `Band ${b + 1}`);
    const scale = Number(items.SCALE);
    const offset = Number(items.OFFSET);
    scales.push({ ...(Number.isFinite(scale) ? { scale } : {}), ...(Number.isFinite(offset) ? { offset } : {}) });
  }
  const dataset = (await image.getGDALMetadata(null)) ?? {};
  const dataType = dataTypeOf(image.getSampleFormat(0), image.getBitsPerSample(0));
  const nodata = image.getGDALNoData() ?? undefined;
  const [resX, resY] = image.getResolution() as [number, number];
  // A file whose GeoKeys say its tie point is a pixel's centre (RasterPixelIsPoint, as Landsat's
  // are written) is placed as GDAL places it: the corner half a pixel up and left of that centre.
  const half = (image.getGeoKeys() as Record<string, unknown> | null)?.GTRasterTypeGeoKey === 2 ? 0.5 : 0;
  const [tieX, tieY] = image.getOrigin() as [number, number];
  const [originX, originY] = [tieX - half * resX, tieY - half * resY];
  const bbox = image.getBoundingBox().map((v, i) => v - half * (i % 2 === 0 ? resX : resY));
  const overviews: Overview[] = [];
  for (let i = 1; i < count; i++) {
    const level = await tiff.getImage(i);
    const subfile = Number(level.getFileDirectory().getValue('NewSubfileType') ?? 0);
    // Bit 0: a reduced-resolution copy; bit 2: a transparency mask, which is not an overview.
    const sameSamples =
      level.getSamplesPerPixel() === bandCount &&
      level.getBitsPerSample(0) === image.getBitsPerSample(0) &&
      level.getSampleFormat(0) === image.getSampleFormat(0);
    if ((subfile & 1) === 1 && (subfile & 4) === 0 && sameSamples)
      overviews.push({ image: i, width: level.getWidth(), height: level.getHeight() });
  }
  return {
    path,
    fileSize,
    width,
    height,
    bandCount,
    bandNames,
    dataType,
    nodata: nodata === null || Number.isNaN(nodata) ? undefined : nodata,
    epsg: epsgFromGeoKeys(image),
    resolution: [Math.abs(resX), Math.abs(resY)],
    bounds: [bbox[0] as number, bbox[1] as number, bbox[2] as number, bbox[3] as number],
    origin: [originX, originY],
    overviews: overviews.sort((a, b) => b.width - a.width),
    compression: Number(dir.getValue('Compression') ?? 1),
    tiled: dir.hasTag('TileOffsets'),
    blockHeight: image.getTileHeight(),
    values: bandNames.map((name, b) => bandValueRule(name, dataType, scales[b] ?? {})),
    acquisitionDate: typeof dataset.ACQUISITION_DATE === 'string' ? dataset.ACQUISITION_DATE : undefined,
  };
}
