// Reads a window of some bands decimated to a target width (nearest sample), from the coarsest
// overview that still has at least the target's detail. Block by block: one decoded block in
// memory at a time, the predictor undone only on the rows that are sampled.
import type { BlockReader } from './block-reader';
import { sampleView, swapBytes, undoHorizontalPredictor } from './samples';
import type { DataType } from './samples';

export interface WindowRequest {
  /** Band indexes (0-based) to read, in output order. */
  bands: number[];
  /** Output width in pixels; the height follows the window's aspect. */
  targetWidth: number;
  /** [x0, y0, x1, y1] in full-resolution pixels; default the whole image. */
  window?: [number, number, number, number];
}

export interface BandWindow {
  width: number;
  height: number;
  /** Raw stored numbers per band, NaN where the file says nodata. */
  data: Float32Array[];
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

export async function readWindow(level: Level, fullWidth: number, fullHeight: number, dataType: DataType, nodata: number | undefined, request: WindowRequest): Promise<BandWindow> {
  const [wx0, wy0, wx1, wy1] = request.window ?? [0, 0, fullWidth, fullHeight];
  const fx = level.width / fullWidth;
  const fy = level.height / fullHeight;
  const x0 = wx0 * fx;
  const y0 = wy0 * fy;
  const spanX = (wx1 - wx0) * fx;
  const spanY = (wy1 - wy0) * fy;
  const width = Math.max(1, Math.min(Math.round(request.targetWidth), Math.ceil(spanX)));
  const height = Math.max(1, Math.round((width * spanY) / spanX));
  const columns = Int32Array.from({ length: width }, (_, i) => Math.min(level.width - 1, Math.floor(x0 + ((i + 0.5) * spanX) / width)));
  const rows = Int32Array.from({ length: height }, (_, i) => Math.min(level.height - 1, Math.floor(y0 + ((i + 0.5) * spanY) / height)));
  const data = request.bands.map(() => new Float32Array(width * height).fill(Number.NaN));
  const reader = await level.reader();
  const { blockWidth, blockHeight, planar, samplesPerPixel, bytesPerSample, predictor, littleEndian } = reader.layout;
  const perPixel = planar === 2 ? 1 : samplesPerPixel;
  const rowSamples = blockWidth * perPixel;
  const rowBytes = rowSamples * bytesPerSample;
  const firstBx = Math.floor((columns[0] as number) / blockWidth);
  const lastBx = Math.floor((columns[width - 1] as number) / blockWidth);
  const blocks = planar === 2 ? request.bands : [0];
  // Every block of a block row is requested at once, so they decode in parallel, and the next
  // block row is requested before this one is consumed, so decoding goes on while the samples are
  // copied out; at most two block rows (a few MiB) are in memory at a time.
  const requestRow = (by: number): Map<string, Promise<Uint8Array>> => {
    const pending = new Map<string, Promise<Uint8Array>>();
    for (let bx = firstBx; bx <= lastBx; bx++) {
      for (const sample of blocks) {
        const read = reader.read(bx, by, sample);
        read.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
        pending.set(`${bx}:${sample}`, read);
      }
    }
    return pending;
  };
  const blockRowOf = (r: number) => Math.floor((rows[r] as number) / blockHeight);
  let r = 0;
  let upcoming: Map<string, Promise<Uint8Array>> | undefined;
  while (r < height) {
    const by = blockRowOf(r);
    let rEnd = r;
    while (rEnd < height && blockRowOf(rEnd) === by) rEnd++;
    const pending = upcoming ?? requestRow(by);
    upcoming = rEnd < height ? requestRow(blockRowOf(rEnd)) : undefined;
    for (let bx = firstBx; bx <= lastBx; bx++) {
      let cStart = 0;
      while (cStart < width && Math.floor((columns[cStart] as number) / blockWidth) < bx) cStart++;
      let cEnd = cStart;
      while (cEnd < width && Math.floor((columns[cEnd] as number) / blockWidth) === bx) cEnd++;
      if (cStart === cEnd) continue;
      for (let k = 0; k < blocks.length; k++) {
        const bytes = await (pending.get(`${bx}:${blocks[k] as number}`) as Promise<Uint8Array>);
        let previousRow = -1;
        let row = sampleView(dataType, bytes, 0, 0);
        for (let o = r; o < rEnd; o++) {
          const inBlock = (rows[o] as number) - by * blockHeight;
          if (inBlock !== previousRow) {
            const at = inBlock * rowBytes;
            if (!littleEndian) swapBytes(bytes, at, rowBytes, bytesPerSample);
            row = sampleView(dataType, bytes, at, rowSamples);
            if (predictor === 2) undoHorizontalPredictor(row, perPixel);
            previousRow = inBlock;
          }
          for (let c = cStart; c < cEnd; c++) {
            const inX = (columns[c] as number) - bx * blockWidth;
            const outAt = o * width + c;
            if (planar === 2) {
              const v = row[inX] as number;
              (data[k] as Float32Array)[outAt] = v === nodata ? Number.NaN : v;
            } else {
              for (let b = 0; b < request.bands.length; b++) {
                const v = row[inX * perPixel + (request.bands[b] as number)] as number;
                (data[b] as Float32Array)[outAt] = v === nodata ? Number.NaN : v;
              }
            }
          }
        }
      }
    }
    r = rEnd;
  }
  return { width, height, data, level: level.image };
}
