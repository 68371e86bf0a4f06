// Copies the sampled pixels of one decoded block into the output bands: the horizontal
// predictor undone on the sampled rows and the bands read only (half the block for an index of
// two of four bands) and the byte order fixed on the sampled rows, each output row a plain
// typed-array loop per band. Synchronous and free of awaits, so V8 optimises its loops on the
// first block and every later block runs the optimised code.
import { swapBytes, undoHorizontalPredictor } from './samples';
import type { SampleArray } from './samples';

/** Spans of columns per row: row r's are the pairs [start, end) at bounds[2k], bounds[2k + 1] for
 * k in [offsets[r], offsets[r + 1]), in any order, overlapping or not. */
export interface RowSpans {
  offsets: Int32Array;
  bounds: Int32Array;
}

export interface BlockCopy {
  /** The whole decoded block as samples (blockWidth × blockHeight × perPixel). */
  block: SampleArray;
  /** Samples in one row of the block: blockWidth × perPixel. */
  rowSamples: number;
  perPixel: number;
  bytesPerSample: number;
  predictor: number;
  littleEndian: boolean;
  /** Row of the block each output row samples, for output rows [rowStart, rowEnd). */
  rowInBlock: Int32Array;
  rowStart: number;
  rowEnd: number;
  /** Sample offset within a block row of each output column, for columns [columnStart, columnEnd). */
  columnOffset: Int32Array;
  columnStart: number;
  columnEnd: number;
  /** Output bands filled from this block and the sample of a pixel each one takes. */
  outputs: (Float32Array | Float64Array)[];
  bandOffsets: number[];
  outputWidth: number;
  /** NaN when the file has none: no stored number equals it. */
  nodata: number;
  /** The only output pixels wanted, when the copy is at full resolution (window.ts). */
  spans?: RowSpans | undefined;
}

export function copyBlock(copy: BlockCopy): void {
  if (isFullRowCopy(copy)) {
    if (copy.spans) copySpans(copy, copy.spans);
    else copyFullRows(copy);
    return;
  }
  const {
    block,
    rowSamples,
    perPixel,
    predictor,
    rowInBlock,
    columnOffset,
    columnStart,
    columnEnd,
    outputs,
    bandOffsets,
    outputWidth,
    nodata,
  } = copy;
  const bytes = copy.littleEndian ? undefined : new Uint8Array(block.buffer, block.byteOffset, block.byteLength);
  // A band asked for twice is undone once.
  const channels = [...new Set(bandOffsets)];
  let previous = -1;
  for (let o = copy.rowStart; o < copy.rowEnd; o++) {
    const inBlock = rowInBlock[o] as number;
    const base = inBlock * rowSamples;
    if (inBlock !== previous) {
      if (bytes) swapBytes(bytes, base * copy.bytesPerSample, rowSamples * copy.bytesPerSample, copy.bytesPerSample);
      if (predictor === 2)
        for (const channel of channels) undoHorizontalPredictor(block, base + channel, base + rowSamples, perPixel);
      previous = inBlock;
    }
    const outRow = o * outputWidth;
    for (let b = 0; b < outputs.length; b++) {
      const out = outputs[b] as Float32Array | Float64Array;
      const at = base + (bandOffsets[b] as number);
      for (let c = columnStart; c < columnEnd; c++) {
        const v = block[at + (columnOffset[c] as number)] as number;
        out[outRow + c] = v === nodata ? Number.NaN : v;
      }
    }
  }
}

/** Every column of the block from the first copied to the last, at full resolution, each band from
 * a channel of its own, little-endian: the commonest copy (a strip of the statistics, a view at
 * full size). */
function isFullRowCopy({
  littleEndian,
  columnOffset,
  columnStart,
  columnEnd,
  perPixel,
  bandOffsets,
}: BlockCopy): boolean {
  if (!littleEndian || columnEnd <= columnStart) return false;
  const span = (columnOffset[columnEnd - 1] as number) - (columnOffset[columnStart] as number);
  return span === (columnEnd - 1 - columnStart) * perPixel && new Set(bandOffsets).size === bandOffsets.length;
}

/** copyBlock's work for a full-row copy in one pass per band and row: each sample's predictor
 * undone (in place, so the typed array wraps the sum as TIFF's modular arithmetic does) and copied
 * out as it is reached, with no table of column offsets; the predictor is undone from the row's
 * start (a sum needs every sample before it) up to the last column copied, no further: the block
 * is copied out once and dropped. */
function copyFullRows(copy: BlockCopy): void {
  const { block, rowSamples, perPixel, predictor, rowInBlock, columnOffset, columnStart, columnEnd } = copy;
  const { outputs, bandOffsets, outputWidth, nodata } = copy;
  const undo = predictor === 2;
  const firstOffset = columnOffset[columnStart] as number;
  const lastOffset = columnOffset[columnEnd - 1] as number;
  let previous = -1;
  for (let o = copy.rowStart; o < copy.rowEnd; o++) {
    const inBlock = rowInBlock[o] as number;
    // A row sampled again (a taller output than the block) was undone the first time.
    const undoRow = undo && inBlock !== previous;
    previous = inBlock;
    const base = inBlock * rowSamples;
    for (let b = 0; b < outputs.length; b++) {
      const out = outputs[b] as Float32Array | Float64Array;
      const rowStart = base + (bandOffsets[b] as number);
      const first = rowStart + firstOffset;
      const last = rowStart + lastOffset;
      if (undoRow)
        for (let i = rowStart + perPixel; i < first; i += perPixel)
          block[i] = (block[i] as number) + (block[i - perPixel] as number);
      let at = o * outputWidth + columnStart;
      for (let i = first; i <= last; i += perPixel) {
        if (undoRow && i > rowStart) block[i] = (block[i] as number) + (block[i - perPixel] as number);
        const v = block[i] as number;
        out[at++] = v === nodata ? Number.NaN : v;
      }
    }
  }
}

/** copyFullRows for the spans wanted alone: in each row, the predictor undone up to the last
 * column a span wants in this block (none wanted: the row is left alone) and only the spans'
 * columns copied out. A field's pixels are a tenth of an image's; the rest is never converted. */
function copySpans(copy: BlockCopy, { offsets, bounds }: RowSpans): void {
  const { block, rowSamples, perPixel, predictor, rowInBlock, columnOffset, columnStart, columnEnd } = copy;
  const { outputs, bandOffsets, outputWidth, nodata } = copy;
  const firstOffset = columnOffset[columnStart] as number;
  for (let o = copy.rowStart; o < copy.rowEnd; o++) {
    const s0 = offsets[o] as number;
    const s1 = offsets[o + 1] as number;
    let last = -1;
    for (let k = s0; k < s1; k++) {
      const start = bounds[2 * k] as number;
      const end = Math.min(columnEnd, bounds[2 * k + 1] as number);
      if (end > columnStart && start < end && end - 1 > last) last = end - 1;
    }
    if (last < 0) continue;
    const base = (rowInBlock[o] as number) * rowSamples;
    const outRow = o * outputWidth;
    const lastSample = firstOffset + (last - columnStart) * perPixel;
    if (predictor === 2) undoChannels(block, base, bandOffsets, perPixel, lastSample);
    for (let b = 0; b < outputs.length; b++) {
      const out = outputs[b] as Float32Array | Float64Array;
      const rowStart = base + (bandOffsets[b] as number);
      for (let k = s0; k < s1; k++) {
        const start = Math.max(columnStart, bounds[2 * k] as number);
        const end = Math.min(columnEnd, bounds[2 * k + 1] as number);
        let i = rowStart + firstOffset + (start - columnStart) * perPixel;
        for (let c = start; c < end; c++, i += perPixel) {
          const v = block[i] as number;
          out[outRow + c] = v === nodata ? Number.NaN : v;
        }
      }
    }
  }
}

/** Predictor 2 undone on the channels `offsets` of the row at `base`, from its second pixel to
 * the sample `lastSample` of each channel: two channels in one loop, so the two running sums
 * advance side by side (one channel at a time, each sum waited on the store of the sample before
 * it: 7 ns a sample here, against under 2 ns for two at once). The same sums in the same order. */
function undoChannels(
  block: SampleArray,
  base: number,
  offsets: readonly number[],
  perPixel: number,
  lastSample: number,
): void {
  let b = 0;
  for (; b + 1 < offsets.length; b += 2) {
    const first = base + (offsets[b] as number);
    const second = base + (offsets[b + 1] as number);
    for (let k = perPixel; k <= lastSample; k += perPixel) {
      block[first + k] = (block[first + k] as number) + (block[first + k - perPixel] as number);
      block[second + k] = (block[second + k] as number) + (block[second + k - perPixel] as number);
    }
  }
  if (b < offsets.length) {
    const only = base + (offsets[b] as number);
    for (let k = perPixel; k <= lastSample; k += perPixel)
      block[only + k] = (block[only + k] as number) + (block[only + k - perPixel] as number);
  }
}
