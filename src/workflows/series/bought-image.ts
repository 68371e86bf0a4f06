// What a date's image holds, read once it is saved: its valid share over the area and each field
// of the area file (raster/field-validity.ts, one decimated view of the image), and the pixel size
// it holds against the one asked. Read beside the downloads, never in a worker's slot, and never
// failing the date: the image is paid for, and an image that cannot be read just says nothing.
import { areaFields } from '../../geometry/area-fields';
import type { Aoi } from '../../geometry/types';
import type { AreaShape } from '../../raster';
import type { AreaCoverage, PixelSize } from '../engine/results';
import { metresPerPixel } from '../stac/pixel-size';

export interface BoughtImageFacts {
  coverage?: AreaCoverage;
  pixelSize: PixelSize;
}

/** The area and its fields, made once per run from the area file's text. */
export function areaShapeOf(aoi: Pick<Aoi, 'polygons'>, text: string): AreaShape {
  return { polygons: aoi.polygons, fields: areaFields(text) };
}

export async function readBoughtImage(
  file: string,
  shape: AreaShape,
  asked: number,
  log?: (line: string) => void,
): Promise<BoughtImageFacts> {
  const facts: BoughtImageFacts = { pixelSize: { asked, delivered: undefined } };
  try {
    // Loaded with the first image: the raster core is a bundle of its own (esbuild.mjs).
    const { RasterFile, measureAreaValidity } = await import('../../raster');
    const raster = await RasterFile.open(file);
    try {
      const { epsg, resolution } = raster.metadata;
      facts.pixelSize.delivered = metresPerPixel(epsg, resolution);
      const measured = await measureAreaValidity(raster, shape);
      facts.coverage = {
        area: measured.area,
        fields: measured.fields.map((f) => ({ field: f.field, validFraction: f.fraction })),
      };
    } finally {
      await raster.close();
    }
  } catch (error) {
    log?.(`What ${file} holds over its area could not be read: ${(error as Error).message}`);
  }
  return facts;
}
