// Copies the sampled pixels of one decoded block into the output bands: the horizontal
// predictor undone on the sampled rows and the bands read only (half the block for an index of
// two of four bands) and the byte order fixed on the sampled rows, each output row a plain
// typed-array loop per band. Synchronous and free of awaits, so V8 optimises its loops on the
// first block and every later block runs the optimised code.
import { swapBytes, undoHorizontalPredictor } from './samples';
import type { SampleArray } from './samples';

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
}

export function copyBlock(copy: BlockCopy): void {
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
