// One image, every field: the fields are put on the image's grid (reprojected vertex by vertex
// from EPSG:4326 with the raster core's UTM conversion) and rasterised under the pixel rule once
// per grid, their pixels placed in the image's strips once per grid (field-plan.ts), and the image
// is read once, strip by strip (the bands the indices need, the columns the fields in the strip
// span, only the fields' pixels converted), each strip's pixels handed to the fields that cover
// them (field-values.ts). Memory: one strip of bands plus the fields' values.
import { RasterFile, lonLatToPixel } from '../raster/index';
import type { RasterMetadata } from '../raster/index';
import { utmZoneOfEpsg } from '../raster/utm';
import { coverageOf } from './coverage';
import type { Coverage, PixelRule } from './coverage';
import { StatsError } from './errors';
import { CoverageCache } from './field-plan';
import type { FieldsPlan } from './field-plan';
import { measureFields } from './field-values';
import type { Field } from './fields';
import { dayInName, dayOf } from './images';
import type { ImageInput } from './images';
import { resolveMeasure } from './indices';
import type { Measure } from './indices';
import type { Summary } from './summary';
import type { StatsRow } from './table';

export interface MeasureRequest {
  fields: readonly Field[];
  measures: readonly Measure[];
  rule: PixelRule;
  /** What the table's `image` column says for a file. */
  imageLabel: (path: string) => string;
  /** Stops the measuring at the next strip. */
  signal?: AbortSignal;
}

/** Samples (bands × pixels) of one strip held at once. */
const STRIP_SAMPLES = 8 * 1024 * 1024;

export async function measureImage(
  image: ImageInput,
  request: MeasureRequest,
  cache: CoverageCache = new CoverageCache(),
): Promise<StatsRow[]> {
  const raster = await openGeoreferenced(image.path);
  try {
    const meta = raster.metadata;
    const date = image.stacDate ?? dayOf(meta.acquisitionDate) ?? dayInName(image.path);
    if (!date)
      throw new StatsError(
        'bad-input',
        `${image.path} has no date: no STAC Item says it, the file has no ACQUISITION_DATE, and its name holds no YYYY-MM-DD.`,
      );
    const resolved = request.measures.map((m) => resolveMeasure(m, meta.bandNames, image.path));
    const bands = [...new Set(resolved.flatMap((r) => r.fileBands))];
    const plan = planOn(meta, bands.length, request, cache);
    const sums = await measureFields(raster, bands, resolved, plan, request.rule === 'exact', request.signal);
    const label = request.imageLabel(image.path);
    return request.fields.flatMap((field, f) =>
      resolved.map((r, m) => {
        const { summary, valid, nodata } = sums[f * resolved.length + m] as (typeof sums)[number];
        const total = (plan.coverages[f] as Coverage).total;
        return {
          field: field.id,
          date,
          index: r.measure.name,
          ...finite(summary),
          valid_pixels: valid,
          nodata_pixels: nodata,
          valid_fraction: total > 0 ? valid / total : undefined,
          image: label,
        };
      }),
    );
  } finally {
    await raster.close();
  }
}

/** The figures a double holds, as a row the cache kept holds them (its JSON has no Infinity and
 * no −0), so a rerun writes the same table and the same Parquet: a sum that overflows makes an
 * infinite mean, which is no value, and −0 (a negated zero) is 0. */
function finite(summary: Summary | undefined): Partial<Summary> {
  const kept: Partial<Summary> = {};
  if (!summary) return kept;
  for (const key of Object.keys(summary) as (keyof Summary)[]) {
    const v = summary[key];
    if (Number.isFinite(v)) kept[key] = v === 0 ? 0 : v;
  }
  return kept;
}

async function openGeoreferenced(path: string): Promise<RasterFile> {
  let raster: RasterFile;
  try {
    raster = await RasterFile.open(path);
  } catch (error) {
    // geotiff.js cannot read an origin without ModelTiepoint/ModelTransformation.
    if (/affine transformation|tie ?point/i.test((error as Error).message))
      throw new StatsError(
        'no-georeference',
        `${path} has no georeferencing (no tie point or transformation): its pixels cannot be placed under the fields.`,
      );
    throw error;
  }
  const { epsg } = raster.metadata;
  if (epsg !== 4326 && (epsg === undefined || !utmZoneOfEpsg(epsg))) {
    await raster.close();
    throw new StatsError(
      'no-georeference',
      `${path} is in ${epsg === undefined ? 'no known coordinate system' : `EPSG:${epsg}`}; fields are placed only on images in EPSG:4326 or a WGS 84 UTM zone.`,
    );
  }
  return raster;
}

/** The fields' plan on the image's grid (CRS, origin, pixel size, rule) for its size and strips:
 * each field reprojected vertex by vertex and rasterised the first time the grid meets it. */
function planOn(meta: RasterMetadata, bands: number, request: MeasureRequest, cache: CoverageCache): FieldsPlan {
  const grid = JSON.stringify([meta.epsg, meta.origin, meta.resolution, request.rule]);
  const layout = { width: meta.width, height: meta.height, stripRows: rowsPerStrip(meta, bands) };
  return cache.planOf(grid, layout, request.fields, (field) => {
    const onPixels = field.polygons.map((polygon) =>
      polygon.map((ring) => ring.map(([lon, lat]) => lonLatToPixel(meta, lon as number, lat as number))),
    );
    return coverageOf(onPixels, request.rule, field.id);
  });
}

/** Rows of one strip: within the samples budget, and whole rows of blocks where the budget holds
 * one (a block cut by a strip's edge would be read and inflated twice, once for each strip). */
export function rowsPerStrip(meta: Pick<RasterMetadata, 'width' | 'blockHeight'>, bands: number): number {
  const budget = Math.max(1, Math.floor(STRIP_SAMPLES / Math.max(1, meta.width * bands)));
  return budget >= meta.blockHeight ? budget - (budget % meta.blockHeight) : budget;
}
