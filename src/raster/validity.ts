// How much of an image holds data: the share of pixels where some band is not nodata, and each
// band's share, counted on a decimated view (an overview when the file has one) so that a large
// tile costs a bounded read. A file without a declared nodata uses the service's (live-service
// notes, "What the pixels mean": INT16 -32768, UINT8 0).
import type { RasterFile } from './open';
import type { DataType } from './samples';

export interface ImageValidity {
  /** Pixels (0..1) where at least one band holds a value. */
  fraction: number;
  /** Per band (0..1), in the file's band order. */
  bands: number[];
  /** The size of the view counted, in pixels. */
  sampled: [number, number];
  /** The stored number counted as nodata: the file's, else the service's for the data type. */
  nodata: number | undefined;
}

/** Columns counted across: enough for a share to within a fraction of a percent. */
const VALIDITY_SAMPLE_WIDTH = 256;

const SERVICE_NODATA: Partial<Record<DataType, number>> = { int16: -32768, uint8: 0 };

export async function measureValidity(raster: RasterFile, targetWidth = VALIDITY_SAMPLE_WIDTH): Promise<ImageValidity> {
  const view = await readValidMask(raster, targetWidth);
  const pixels = view.width * view.height;
  const fraction = pixels > 0 ? view.mask.reduce((sum, v) => sum + v, 0) / pixels : 0;
  return { fraction, bands: view.bands, sampled: [view.width, view.height], nodata: view.nodata };
}

/** A decimated view of the whole image as one flag per pixel (1: some band holds a value). */
export interface ValidMask {
  width: number;
  height: number;
  /** Row-major, `width` × `height`. */
  mask: Uint8Array;
  /** Per band (0..1), in the file's band order. */
  bands: number[];
  nodata: number | undefined;
}

/** Reads the image once, `targetWidth` pixels across (an overview when the file has one), and
 * marks the pixels where at least one band is not nodata. */
export async function readValidMask(raster: RasterFile, targetWidth: number): Promise<ValidMask> {
  const { bandCount, nodata, dataType } = raster.metadata;
  // The reader marks the file's nodata as NaN; without one, the service's value is nodata.
  const fallback = nodata === undefined ? SERVICE_NODATA[dataType] : undefined;
  const bands = Array.from({ length: bandCount }, (_, b) => b);
  const view = await raster.readWindow({ bands, targetWidth });
  const pixels = view.width * view.height;
  const mask = new Uint8Array(pixels);
  const perBand = view.data.map((channel) => {
    let valid = 0;
    for (let i = 0; i < pixels; i++) {
      const value = channel[i] as number;
      if (Number.isNaN(value) || value === fallback) continue;
      valid++;
      mask[i] = 1;
    }
    return pixels > 0 ? valid / pixels : 0;
  });
  return { width: view.width, height: view.height, mask, bands: perBand, nodata: nodata ?? fallback };
}
