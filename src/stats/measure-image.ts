// One image, every field: the fields are put on the image's grid (reprojected vertex by vertex
// from EPSG:4326 with the raster core's UTM conversion), rasterised under the pixel rule once per
// grid, and the image is read once, strip by strip (the bands the indices need, the columns the
// fields in the strip span), each strip's pixels handed to the fields that cover them. Memory:
// one strip of bands plus the fields' values.
import { RasterFile, WindowBuffers, lonLatToPixel } from '../raster/index';
import type { BandValues, RasterMetadata, RowSpans } from '../raster/index';
import { utmZoneOfEpsg } from '../raster/utm';
import { Accumulator } from './accumulator';
import { coverageOf } from './coverage';
import type { Coverage, PixelRule } from './coverage';
import { StatsError } from './errors';
import type { Field } from './fields';
import { dayInName, dayOf } from './images';
import type { ImageInput } from './images';
import { resolveMeasure } from './indices';
import type { Measure, ResolvedMeasure } from './indices';
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

/** Each field's coverage per grid (CRS, origin, pixel size, rule) by the field's hash: a series
 * shares one grid, and an image measured for some fields only finds each of them. */
export type CoverageCache = Map<string, Map<string, Coverage>>;

/** Samples (bands × pixels) of one strip held at once. */
const STRIP_SAMPLES = 8 * 1024 * 1024;

export async function measureImage(
  image: ImageInput,
  request: MeasureRequest,
  cache: CoverageCache = new Map(),
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
    const coverages = coveragesOn(meta, request, cache);
    const accumulators = coverages.map((c) =>
      resolved.map(() => new Accumulator(c.weights.length, request.rule === 'exact')),
    );
    await readStrips(raster, resolved, coverages, accumulators, request.signal);
    const label = request.imageLabel(image.path);
    return request.fields.flatMap((field, f) =>
      resolved.map((r, m) => {
        const acc = accumulators[f]?.[m] as Accumulator;
        const total = (coverages[f] as Coverage).total;
        return {
          field: field.id,
          date,
          index: r.measure.name,
          ...finite(acc.summary()),
          valid_pixels: acc.valid,
          nodata_pixels: acc.nodata,
          valid_fraction: total > 0 ? acc.valid / total : undefined,
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
  return Object.fromEntries(
    Object.entries(summary ?? {})
      .filter(([, v]) => Number.isFinite(v))
      .map(([k, v]) => [k, v === 0 ? 0 : v]),
  );
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

function coveragesOn(meta: RasterMetadata, request: MeasureRequest, cache: CoverageCache): Coverage[] {
  const key = JSON.stringify([meta.epsg, meta.origin, meta.resolution, request.rule]);
  let byField = cache.get(key);
  if (!byField) cache.set(key, (byField = new Map()));
  const onGrid = byField;
  return request.fields.map((field) => {
    let coverage = onGrid.get(field.hash);
    if (!coverage) {
      const onPixels = field.polygons.map((polygon) =>
        polygon.map((ring) => ring.map(([lon, lat]) => lonLatToPixel(meta, lon as number, lat as number))),
      );
      coverage = coverageOf(onPixels, request.rule, field.id);
      onGrid.set(field.hash, coverage);
    }
    return coverage;
  });
}

/** Stored numbers that mean "no data" whatever the file says: INT16's −32768, UINT8's 0. */
function typeNodata(meta: RasterMetadata): number {
  return meta.dataType === 'int16' ? -32768 : meta.dataType === 'uint8' ? 0 : Number.NaN;
}

/** Rows of one strip: within the samples budget, and whole rows of blocks where the budget holds
 * one (a block cut by a strip's edge would be read and inflated twice, once for each strip). */
export function rowsPerStrip(meta: Pick<RasterMetadata, 'width' | 'blockHeight'>, bands: number): number {
  const budget = Math.max(1, Math.floor(STRIP_SAMPLES / Math.max(1, meta.width * bands)));
  return budget >= meta.blockHeight ? budget - (budget % meta.blockHeight) : budget;
}

/** A field's pixels as runs of its box's rows: [row, start, end) triplets of columns in the box
 * whose weights are not 0. Worked out once per coverage (a series shares its grid). */
const runsOfCoverage = new WeakMap<Coverage, Int32Array>();

function runsOf(c: Coverage): Int32Array {
  let runs = runsOfCoverage.get(c);
  if (runs) return runs;
  const found: number[] = [];
  for (let y = 0; y < c.height; y++) {
    let x = 0;
    while (x < c.width) {
      while (x < c.width && c.weights[y * c.width + x] === 0) x++;
      const start = x;
      while (x < c.width && c.weights[y * c.width + x] !== 0) x++;
      if (x > start) found.push(y, start, x);
    }
  }
  runs = Int32Array.from(found);
  runsOfCoverage.set(c, runs);
  return runs;
}

/** The runs of the fields in a strip, as the window's rows and columns [sy0, sy1) × [cx0, cx1)
 * hold them: only those pixels are read out of the image's blocks. */
function stripSpans(inStrip: readonly { c: Coverage }[], sy0: number, sy1: number, cx0: number, cx1: number): RowSpans {
  const offsets = new Int32Array(sy1 - sy0 + 1);
  const each = (visit: (row: number, start: number, end: number) => void): void => {
    for (const { c } of inStrip) {
      const runs = runsOf(c);
      for (let k = 0; k < runs.length; k += 3) {
        const y = c.y0 + (runs[k] as number);
        const start = Math.max(cx0, c.x0 + (runs[k + 1] as number));
        const end = Math.min(cx1, c.x0 + (runs[k + 2] as number));
        if (y >= sy0 && y < sy1 && end > start) visit(y - sy0, start - cx0, end - cx0);
      }
    }
  };
  each((row) => offsets[row + 1]++);
  for (let r = 0; r < sy1 - sy0; r++) offsets[r + 1] += offsets[r] as number;
  const bounds = new Int32Array(2 * (offsets[sy1 - sy0] as number));
  const next = offsets.slice(0, sy1 - sy0);
  each((row, start, end) => {
    const at = (next[row] as number)++;
    bounds[2 * at] = start;
    bounds[2 * at + 1] = end;
  });
  return { offsets, bounds };
}

async function readStrips(
  raster: RasterFile,
  resolved: ResolvedMeasure[],
  coverages: Coverage[],
  accumulators: Accumulator[][],
  signal: AbortSignal | undefined,
): Promise<void> {
  const meta = raster.metadata;
  const bands = [...new Set(resolved.flatMap((r) => r.fileBands))];
  const pixel = pixelMeasurer(meta, bands, resolved);
  const stripRows = rowsPerStrip(meta, bands.length);
  // Every strip is read into the same buffers.
  const into = new WindowBuffers();
  for (let sy0 = 0; sy0 < meta.height; sy0 += stripRows) {
    signal?.throwIfAborted();
    const sy1 = Math.min(meta.height, sy0 + stripRows);
    const inStrip = coverages
      .map((c, f) => ({ c, f }))
      .filter(({ c }) => c.y0 < sy1 && c.y0 + c.height > sy0 && c.x0 < meta.width && c.x0 + c.width > 0);
    if (inStrip.length === 0) continue;
    let cx0 = meta.width;
    let cx1 = 0;
    for (const { c } of inStrip) {
      cx0 = Math.min(cx0, Math.max(0, c.x0));
      cx1 = Math.max(cx1, Math.min(meta.width, c.x0 + c.width));
    }
    const spans = stripSpans(inStrip, sy0, sy1, cx0, cx1);
    const window = await raster.readWindow({
      bands,
      targetWidth: cx1 - cx0,
      window: [cx0, sy0, cx1, sy1],
      into,
      spans,
    });
    for (const { c, f } of inStrip) {
      const accs = accumulators[f] as Accumulator[];
      const runs = runsOf(c);
      for (let k = 0; k < runs.length; k += 3) {
        const y = c.y0 + (runs[k] as number);
        if (y < sy0 || y >= sy1) continue;
        const x1 = Math.min(cx1, c.x0 + (runs[k + 2] as number));
        for (let x = Math.max(cx0, c.x0 + (runs[k + 1] as number)); x < x1; x++) {
          const weight = c.weights[(y - c.y0) * c.width + (x - c.x0)] as number;
          pixel(window.data, (y - sy0) * window.width + (x - cx0), accs, weight);
        }
      }
    }
  }
}

/** What one pixel adds to its field's accumulators, one per measure: its bands' physical values
 * (scale and offset) and each measure's value, or nodata when a band it needs has none. */
function pixelMeasurer(
  meta: RasterMetadata,
  bands: readonly number[],
  resolved: readonly ResolvedMeasure[],
): (data: BandValues[], at: number, accs: Accumulator[], weight: number) => void {
  const slots = resolved.map((r) => r.fileBands.map((b) => bands.indexOf(b)));
  const rules = bands.map((b) => meta.values[b] as { scale: number; offset: number });
  const masked = typeNodata(meta);
  const inputs = resolved.map((r) => new Float64Array(r.fileBands.length));
  const physical = new Float64Array(bands.length);
  const validBand = new Uint8Array(bands.length);
  return (data, at, accs, weight) => {
    for (let b = 0; b < bands.length; b++) {
      const raw = (data[b] as BandValues)[at] as number;
      const ok = raw === raw && raw !== masked;
      validBand[b] = ok ? 1 : 0;
      if (ok) physical[b] = raw * (rules[b] as { scale: number }).scale + (rules[b] as { offset: number }).offset;
    }
    for (let m = 0; m < resolved.length; m++) {
      const slot = slots[m] as number[];
      const input = inputs[m] as Float64Array;
      let ok = true;
      for (let j = 0; j < slot.length; j++) {
        const b = slot[j] as number;
        if (validBand[b] === 0) ok = false;
        input[j] = physical[b] as number;
      }
      const value = ok ? (resolved[m] as ResolvedMeasure).evaluate(input) : Number.NaN;
      const acc = accs[m] as Accumulator;
      if (Number.isFinite(value)) acc.add(value, weight);
      else acc.nodata += weight;
    }
  };
}
