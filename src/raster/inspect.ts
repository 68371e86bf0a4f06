// The inspector's answer for one place: the pixel, where it is, and each band's stored number
// and its meaning (reflectance, index value, or a plain number), nodata as such.
import { lonLatToPixel, pixelToLonLat } from './georef';
import type { RasterFile } from './open';
import { valueOf } from './values';
import type { ValueRule } from './values';

export interface BandReading {
  name: string;
  /** The stored number; undefined for nodata. */
  raw: number | undefined;
  value: number | undefined;
  kind: ValueRule['kind'];
}

export interface PixelReading {
  column: number;
  row: number;
  lon: number | undefined;
  lat: number | undefined;
  bands: BandReading[];
}

export type Place = { column: number; row: number } | { lon: number; lat: number };

/** undefined when the place is outside the image. */
export async function readPixel(raster: RasterFile, place: Place): Promise<PixelReading | undefined> {
  const meta = raster.metadata;
  const [column, row] =
    'lon' in place
      ? (lonLatToPixel(meta, place.lon, place.lat).map(Math.floor) as [number, number])
      : [Math.floor(place.column), Math.floor(place.row)];
  const raws = await raster.pixel(column, row);
  if (!raws) return undefined;
  let lon: number | undefined;
  let lat: number | undefined;
  try {
    [lon, lat] = pixelToLonLat(meta, column + 0.5, row + 0.5);
  } catch {
    // A file in another coordinate system still has pixel values to show.
  }
  return {
    column,
    row,
    lon,
    lat,
    bands: raws.map((raw, b) => {
      const rule = meta.values[b] as ValueRule;
      return {
        name: meta.bandNames[b] as string,
        raw,
        value: raw === undefined ? undefined : valueOf(raw, rule, meta.nodata),
        kind: rule.kind,
      };
    }),
  };
}
