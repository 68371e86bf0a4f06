// Reads a window of some bands decimated to a target width (nearest sample), from the coarsest
// overview that still has at least the target's detail. The blocks are read and inflated all at
// once on libuv's pool (a bounded number in memory), each copied out as soon as it is decoded,
// the predictor undone only on the rows that are sampled.
import type { BlockReader } from './block-reader';
import { copyBlock } from './block-copy';
import type { RowSpans } from './block-copy';
import { RasterError } from './errors';
import { BLOCK_BYTES_IN_FLIGHT, MAX_BLOCKS_IN_FLIGHT, MAX_BLOCKS_PER_VIEW, MAX_VIEW_SAMPLES } from './limits';
import { sampleView } from './samples';
import type { DataType } from './samples';

export interface WindowRequest {
  /** Band indexes (0-based) to read, in output order. */
  bands: number[];
  /** Output width in pixels; the height follows the window's aspect. */
  targetWidth: number;
  /** [x0, y0, x1, y1] in full-resolution pixels; default the whole image. */
  window?: [number, number, number, number];
  /** Buffers to read into, for a caller that reads window after window (the strips of an image):
   * the window's data are then views of them, valid until the next read into them. */
  into?: WindowBuffers;
  /** Only these pixels are wanted (the statistics' fields): spans of output columns per output
   * row. A copy at full resolution fills only them and leaves the rest of each output as it was;
   * any other copy fills every pixel, as without them. */
  spans?: RowSpans;
}

export type BandValues = Float32Array | Float64Array;

/** Band buffers kept from one read to the next, grown when a window needs more. Fresh memory is
 * dear: each page is zeroed and mapped on its first write, and filling a new 5120 × 819 float32
 * band took 9 ns a value here against 1.5 ns for one filled before. A reader of many windows
 * takes it once. */
export class WindowBuffers {
  private readonly arrays: BandValues[] = [];

  /** Band k's buffer as `length` values of the type asked for. */
  take(k: number, Values: Float32ArrayConstructor | Float64ArrayConstructor, length: number): BandValues {
    let array = this.arrays[k];
    if (!(array instanceof Values) || array.length < length) {
      array = new Values(length);
      this.arrays[k] = array;
    }
    return array.subarray(0, length);
  }
}

/** The data types a float32 holds every number of. */
const SINGLE_PRECISION: ReadonlySet<DataType> = new Set(['uint8', 'int8', 'uint16', 'int16', 'float32']);

/** The stored number a file's nodata means, as GDAL takes it: cast to the band's type first, so
 * a float32 band's `-3.40282e+38` (or `1e20`), which no float32 equals, still matches its
 * samples; an integer band's nodata that is no integer of its type matches nothing. */
function storedNodata(nodata: number | undefined, dataType: DataType): number {
  if (nodata === undefined) return Number.NaN;
  return dataType === 'float32' ? Math.fround(nodata) : nodata;
}

export interface BandWindow {
  width: number;
  height: number;
  /** Raw stored numbers per band, NaN where the file says nodata: doubles for the types whose
   * numbers a float32 would round (float64, int32 and uint32 beyond 2^24), else float32. */
  data: BandValues[];
  /** The image read: 0 full resolution, else an overview's index. */
  level: number;
}

export interface Level {
  image: number;
  width: number;
  height: number;
  reader: () => Promise<BlockReader>;
}

/** The coarsest level with at least `targetWidth` pixels across the window (else the finest). */
export function chooseLevel(levels: Level[], fullWidth: number, windowWidth: number, targetWidth: number): Level {
  let best = levels[0] as Level;
  for (const level of levels) {
    const across = (windowWidth * level.width) / fullWidth;
    if (across >= targetWidth && level.width < best.width) best = level;
  }
  return best;
}

/** Decoded blocks held at once (requested, not yet copied out): bounds memory, keeps the pool busy. */
const PREFERRED_BYTES_IN_FLIGHT = 8 * 1024 * 1024;
const MIN_BLOCKS_IN_FLIGHT = 4;

/** How many blocks of this size are read at once: about 8 MiB of them, at least 4 while that stays within the byte budget, never more than the count budget. */
export function blocksInFlight(blockBytes: number): number {
  const preferred = Math.max(MIN_BLOCKS_IN_FLIGHT, Math.floor(PREFERRED_BYTES_IN_FLIGHT / blockBytes));
  return Math.max(1, Math.min(preferred, MAX_BLOCKS_IN_FLIGHT, Math.floor(BLOCK_BYTES_IN_FLIGHT / blockBytes)));
}

/** For each index 0..n-1 of `positions` (ascending), the first index of each block it falls in. */
function firstIndexOfBlock(positions: Int32Array, blockSize: number, blocks: number): Int32Array {
  const first = new Int32Array(blocks + 1).fill(positions.length);
  for (let i = positions.length - 1; i >= 0; i--) first[Math.floor((positions[i] as number) / blockSize)] = i;
  for (let b = blocks - 1; b >= 0; b--) first[b] = Math.min(first[b] as number, first[b + 1] as number);
  return first;
}

/** The view's width and height: the target width (at most the window's), the window's aspect, and at most MAX_VIEW_SAMPLES samples in all bands. */
export function outputSize(targetWidth: number, spanX: number, spanY: number, bands: number): [number, number] {
  let width = Math.max(1, Math.min(Math.round(targetWidth), Math.ceil(spanX)));
  let height = Math.max(1, Math.round((width * spanY) / spanX));
  const budget = Math.floor(MAX_VIEW_SAMPLES / Math.max(1, bands));
  if (width * height > budget) {
    // A window far taller or wider than it is across: drawn coarser, the aspect kept while it can be.
    const shrink = Math.sqrt(budget / (width * height));
    width = Math.max(1, Math.floor(width * shrink));
    height = Math.max(1, Math.min(Math.floor(budget / width), Math.round((width * spanY) / spanX)));
  }
  return [width, height];
}

/** Blocks along one axis that hold at least one sampled position. */
function blocksHit(firstIndex: Int32Array, blocks: number): number {
  let hit = 0;
  for (let b = 0; b < blocks; b++) if (firstIndex[b] !== firstIndex[b + 1]) hit++;
  return hit;
}

export async function readWindow(
  level: Level,
  fullWidth: number,
  fullHeight: number,
  dataType: DataType,
  nodata: number | undefined,
  request: WindowRequest,
): Promise<BandWindow> {
  const { width, height, columns, rows } = sampledPositions(level, fullWidth, fullHeight, request);
  // Not filled: every output pixel of every band lies in exactly one of the blocks read below.
  const Values = SINGLE_PRECISION.has(dataType) ? Float32Array : Float64Array;
  const into = request.into;
  const data: BandValues[] = request.bands.map((_, k) =>
    into ? into.take(k, Values, width * height) : new Values(width * height),
  );
  const reader = await level.reader();
  const { blockWidth, blockHeight, across, down, planar, samplesPerPixel } = reader.layout;
  const perPixel = planar === 2 ? 1 : samplesPerPixel;
  // Output columns and rows as positions inside their blocks, and where each block's share starts.
  const grid: SampleGrid = {
    width,
    perPixel,
    columnOffset: columns.map((x) => (x % blockWidth) * perPixel),
    rowInBlock: rows.map((y) => y % blockHeight),
    columnsFrom: firstIndexOfBlock(columns, blockWidth, across),
    rowsFrom: firstIndexOfBlock(rows, blockHeight, down),
  };
  const jobs = blockJobs(reader.layout, request.bands, data, columns, rows, grid);
  // Spans are kept to where each output pixel is a pixel of its own (no row or column sampled twice).
  const fullSize =
    (columns[width - 1] as number) - (columns[0] as number) === width - 1 &&
    (rows[height - 1] as number) - (rows[0] as number) === height - 1;
  const spans = fullSize ? request.spans : undefined;
  await copyBlocks(reader, jobs, grid, dataType, storedNodata(nodata, dataType), spans);
  return { width, height, data, level: level.image };
}

/** The view's size, and the level's column and row each output pixel samples (its centre's). */
function sampledPositions(
  level: Level,
  fullWidth: number,
  fullHeight: number,
  request: WindowRequest,
): { width: number; height: number; columns: Int32Array; rows: Int32Array } {
  const [wx0, wy0, wx1, wy1] = request.window ?? [0, 0, fullWidth, fullHeight];
  const fx = level.width / fullWidth;
  const fy = level.height / fullHeight;
  const x0 = wx0 * fx;
  const y0 = wy0 * fy;
  const spanX = (wx1 - wx0) * fx;
  const spanY = (wy1 - wy0) * fy;
  const [width, height] = outputSize(request.targetWidth, spanX, spanY, request.bands.length);
  const columns = Int32Array.from({ length: width }, (_, i) =>
    Math.min(level.width - 1, Math.floor(x0 + ((i + 0.5) * spanX) / width)),
  );
  const rows = Int32Array.from({ length: height }, (_, i) =>
    Math.min(level.height - 1, Math.floor(y0 + ((i + 0.5) * spanY) / height)),
  );
  return { width, height, columns, rows };
}

/** Where the sampled columns and rows lie in their blocks. */
interface SampleGrid {
  width: number;
  perPixel: number;
  columnOffset: Int32Array;
  rowInBlock: Int32Array;
  columnsFrom: Int32Array;
  rowsFrom: Int32Array;
}

interface BlockJob {
  bx: number;
  by: number;
  sample: number;
  outputs: BandValues[];
  bandOffsets: number[];
}

/** The blocks the window touches, in file order; with separate band planes one per band asked.
 * A view that would need more than MAX_BLOCKS_PER_VIEW is refused before any is read. */
function blockJobs(
  layout: BlockReader['layout'],
  bands: number[],
  data: BandValues[],
  columns: Int32Array,
  rows: Int32Array,
  grid: SampleGrid,
): BlockJob[] {
  const { blockWidth, blockHeight, across, down, planar } = layout;
  const { columnsFrom, rowsFrom } = grid;
  const planes =
    planar === 2
      ? bands.map((band, k) => ({ sample: band, outputs: [data[k] as BandValues], bandOffsets: [0] }))
      : [{ sample: 0, outputs: data, bandOffsets: bands }];
  const needed = blocksHit(columnsFrom, across) * blocksHit(rowsFrom, down) * planes.length;
  if (needed > MAX_BLOCKS_PER_VIEW) {
    throw new RasterError(
      'unsupported',
      `This view needs ${needed} blocks of ${blockWidth} × ${blockHeight} pixels, more than the ${MAX_BLOCKS_PER_VIEW} a view reads: the file's blocks are too small for its size and it has no overview that fits (gdaladdo adds overviews).`,
    );
  }
  const jobs: BlockJob[] = [];
  for (const plane of planes) {
    for (
      let by = Math.floor((rows[0] as number) / blockHeight);
      by <= Math.floor((rows[rows.length - 1] as number) / blockHeight);
      by++
    ) {
      for (
        let bx = Math.floor((columns[0] as number) / blockWidth);
        bx <= Math.floor((columns[columns.length - 1] as number) / blockWidth);
        bx++
      ) {
        if (columnsFrom[bx] !== columnsFrom[bx + 1] && rowsFrom[by] !== rowsFrom[by + 1])
          jobs.push({ bx, by, ...plane });
      }
    }
  }
  return jobs;
}

/** A few workers each request a block and copy it out as soon as it is decoded, so the reads and
 * inflates of every block run at once on libuv's pool while finished blocks are copied, in
 * whatever order they finish; at most one decoded block per worker is in memory. */
async function copyBlocks(
  reader: BlockReader,
  jobs: BlockJob[],
  grid: SampleGrid,
  dataType: DataType,
  noValue: number,
  spans: RowSpans | undefined,
): Promise<void> {
  const { blockWidth, blockHeight, bytesPerSample, predictor, littleEndian } = reader.layout;
  const { perPixel } = grid;
  const rowSamples = blockWidth * perPixel;
  const blockSamples = rowSamples * blockHeight;
  const workers = blocksInFlight(blockSamples * bytesPerSample);
  let next = 0;
  let failed = false;
  const work = async (): Promise<void> => {
    while (!failed && next < jobs.length) {
      const job = jobs[next++] as BlockJob;
      let bytes: Uint8Array;
      try {
        bytes = await reader.read(job.bx, job.by, job.sample);
      } catch (error) {
        failed = true;
        throw error;
      }
      if (bytes.byteLength < blockSamples * bytesPerSample) {
        // A short last strip (or a damaged block): the missing samples read as zero.
        const whole = new Uint8Array(blockSamples * bytesPerSample);
        whole.set(bytes);
        bytes = whole;
      }
      copyBlock({
        block: sampleView(dataType, bytes, 0, blockSamples),
        rowSamples,
        perPixel,
        bytesPerSample,
        predictor,
        littleEndian,
        rowInBlock: grid.rowInBlock,
        rowStart: grid.rowsFrom[job.by] as number,
        rowEnd: grid.rowsFrom[job.by + 1] as number,
        columnOffset: grid.columnOffset,
        columnStart: grid.columnsFrom[job.bx] as number,
        columnEnd: grid.columnsFrom[job.bx + 1] as number,
        outputs: job.outputs,
        bandOffsets: job.bandOffsets,
        outputWidth: grid.width,
        nodata: noValue,
        spans,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(workers, jobs.length) }, work));
}
