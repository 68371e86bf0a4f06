// One image's values in every field, strip by strip along the fields' plan: each strip read once
// (the bands the measures need, only the fields' pixels converted), then, field by field, the
// bands' physical values gathered along the field's runs, each measure computed from them, and the
// finite values kept in the field's slots of one buffer per measure, in the order the pixels come
// (the mean sums them in it); the weights beside them under the exact rule. Then each field's
// statistics. The buffers stay with the plan for the next image on it: fresh memory is dear (each
// page zeroed and mapped on its first write), and a series measures image after image on one plan.
import type { BandValues, RasterFile, RasterMetadata } from '../raster/index';
import { WindowBuffers } from '../raster/index';
import type { FieldsPlan, StripMember } from './field-plan';
import type { ResolvedMeasure } from './indices';
import { summarise } from './summary';
import type { Summary } from './summary';

/** What one field has under one measure on one image. */
export interface FieldSums {
  summary: Summary | undefined;
  /** Pixels (under the exact rule: their weights) with a value, and without one. */
  valid: number;
  nodata: number;
}

/** Buffers one image's measuring fills, by name, grown when a plan needs more. */
class MeasureBuffers {
  readonly window = new WindowBuffers();
  private readonly arrays = new Map<string, Float64Array>();

  take(name: string, length: number): Float64Array {
    let array = this.arrays.get(name);
    if (!array || array.length < length) this.arrays.set(name, (array = new Float64Array(Math.max(1, length))));
    return array;
  }
}

/** Each plan's buffers while no image uses them: as many sets as images were measured at once. */
const spares = new WeakMap<FieldsPlan, MeasureBuffers[]>();

/** Stored numbers that mean "no data" whatever the file says: INT16's −32768, UINT8's 0. */
function typeNodata(meta: RasterMetadata): number {
  return meta.dataType === 'int16' ? -32768 : meta.dataType === 'uint8' ? 0 : Number.NaN;
}

/** Field f's sums under measure m at [f × measures + m]. */
export async function measureFields(
  raster: RasterFile,
  bands: number[],
  resolved: ResolvedMeasure[],
  plan: FieldsPlan,
  weighted: boolean,
  signal: AbortSignal | undefined,
): Promise<FieldSums[]> {
  let kept = spares.get(plan);
  if (!kept) spares.set(plan, (kept = []));
  const buffers = kept.pop() ?? new MeasureBuffers();
  try {
    const fields = new FieldValues(raster.metadata, bands, resolved, plan, weighted, buffers);
    for (const strip of plan.strips) {
      signal?.throwIfAborted();
      const across = strip.cx1 - strip.cx0;
      const window = await raster.readWindow({
        bands,
        targetWidth: across,
        window: [strip.cx0, strip.sy0, strip.cx1, strip.sy1],
        into: buffers.window,
        spans: strip.spans,
      });
      // The plan's runs are offsets in a window of the strip's full width and height.
      if (window.width !== across || window.height !== strip.sy1 - strip.sy0)
        throw new Error(`a strip was read as ${window.width} × ${window.height} pixels, not at full resolution`);
      for (const member of strip.members) fields.add(window.data, member);
    }
    return fields.sums();
  } finally {
    kept.push(buffers);
  }
}

class FieldValues {
  private readonly measures: number;
  /** Per field and measure: values kept, and the valid and nodata pixels (or weights). */
  private readonly counts: Int32Array;
  private readonly valid: Float64Array;
  private readonly nodata: Float64Array;
  private readonly values: Float64Array[];
  private readonly weights: Float64Array[] | undefined;
  /** One member's physical values per band (NaN where a band has no data), and its pixels' weights. */
  private readonly columns: Float64Array[];
  private readonly pixelWeights: Float64Array | undefined;
  private readonly inputs: Float64Array[];
  private readonly slots: Int32Array[];
  private readonly scales: number[];
  private readonly offsets: number[];
  private readonly masked: number;

  constructor(
    meta: RasterMetadata,
    bands: number[],
    private readonly resolved: ResolvedMeasure[],
    private readonly plan: FieldsPlan,
    weighted: boolean,
    buffers: MeasureBuffers,
  ) {
    const cells = plan.coverages.length * resolved.length;
    const total = plan.starts[plan.coverages.length] as number;
    this.measures = resolved.length;
    this.counts = new Int32Array(cells);
    this.valid = new Float64Array(cells);
    this.nodata = new Float64Array(cells);
    this.values = resolved.map((_, m) => buffers.take(`values ${m}`, total));
    this.weights = weighted ? resolved.map((_, m) => buffers.take(`weights ${m}`, total)) : undefined;
    this.columns = bands.map((_, k) => buffers.take(`band ${k}`, plan.widestMember));
    this.pixelWeights = weighted ? buffers.take('pixel weights', plan.widestMember) : undefined;
    this.inputs = resolved.map((r) => new Float64Array(r.fileBands.length));
    this.slots = resolved.map((r) => Int32Array.from(r.fileBands, (b) => bands.indexOf(b)));
    this.scales = bands.map((b) => (meta.values[b] as { scale: number }).scale);
    this.offsets = bands.map((b) => (meta.values[b] as { offset: number }).offset);
    this.masked = typeNodata(meta);
  }

  /** A member's pixels of the strip's window, under every measure. */
  add(data: BandValues[], member: StripMember): void {
    const { runs, pixels, field } = member;
    for (let k = 0; k < this.columns.length; k++)
      gather(
        data[k] as BandValues,
        runs,
        this.columns[k] as Float64Array,
        this.scales[k] as number,
        this.offsets[k] as number,
        this.masked,
      );
    const { pixelWeights } = this;
    if (pixelWeights)
      gatherWeights((this.plan.coverages[field] as { weights: Float64Array }).weights, runs, pixelWeights);
    for (let m = 0; m < this.measures; m++) this.keep(field, m, pixels, pixelWeights);
  }

  /** Measure m of a member's pixels: the finite values kept in the field's slots, the rest nodata. */
  private keep(field: number, m: number, pixels: number, pixelWeights: Float64Array | undefined): void {
    const cell = field * this.measures + m;
    const evaluate = (this.resolved[m] as ResolvedMeasure).evaluate;
    const slot = this.slots[m] as Int32Array;
    const input = this.inputs[m] as Float64Array;
    const columns = this.columns;
    const out = this.values[m] as Float64Array;
    const outWeights = this.weights?.[m];
    const start = this.plan.starts[field] as number;
    let count = this.counts[cell] as number;
    let valid = this.valid[cell] as number;
    let nodata = this.nodata[cell] as number;
    for (let p = 0; p < pixels; p++) {
      for (let j = 0; j < slot.length; j++) input[j] = (columns[slot[j] as number] as Float64Array)[p] as number;
      // A band without data is NaN, and so is every value computed from it.
      const value = evaluate(input);
      const weight = pixelWeights ? (pixelWeights[p] as number) : 1;
      if (Number.isFinite(value)) {
        out[start + count] = value;
        if (outWeights) outWeights[start + count] = weight;
        count++;
        valid += weight;
      } else nodata += weight;
    }
    this.counts[cell] = count;
    this.valid[cell] = valid;
    this.nodata[cell] = nodata;
  }

  sums(): FieldSums[] {
    const sums: FieldSums[] = [];
    for (let field = 0; field < this.plan.coverages.length; field++) {
      const start = this.plan.starts[field] as number;
      for (let m = 0; m < this.measures; m++) {
        const cell = field * this.measures + m;
        const end = start + (this.counts[cell] as number);
        sums.push({
          summary: summarise(
            (this.values[m] as Float64Array).subarray(start, end),
            this.weights?.[m]?.subarray(start, end),
          ),
          valid: this.valid[cell] as number,
          nodata: this.nodata[cell] as number,
        });
      }
    }
    return sums;
  }
}

/** A band's physical values (scale and offset) along a member's runs; NaN where it has no data. */
function gather(
  band: BandValues,
  runs: Int32Array,
  into: Float64Array,
  scale: number,
  offset: number,
  masked: number,
): void {
  let i = 0;
  for (let k = 0; k < runs.length; k += 3) {
    const from = runs[k] as number;
    const to = from + (runs[k + 1] as number);
    for (let at = from; at < to; at++) {
      const raw = band[at] as number;
      into[i++] = raw === raw && raw !== masked ? raw * scale + offset : Number.NaN;
    }
  }
}

/** The coverage's weights along a member's runs. */
function gatherWeights(weights: Float64Array, runs: Int32Array, into: Float64Array): void {
  let i = 0;
  for (let k = 0; k < runs.length; k += 3) {
    const from = runs[k + 2] as number;
    const to = from + (runs[k + 1] as number);
    for (let at = from; at < to; at++) into[i++] = weights[at] as number;
  }
}
