// The TIFF directory writer shared by the simulator's images (geotiff-image.ts), and a generator
// of exactly N bytes of TIFF for large-body tests, never held in memory.
import type { Bbox } from './geometry';

export const ASCII = 2;
export const SHORT = 3;
export const LONG = 4;
export const DOUBLE = 12;
const TYPE_SIZE: Record<number, number> = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 };

export interface IfdEntry {
  tag: number;
  type: number;
  /** Numbers, or for ASCII the text (written with its terminating NUL). */
  values: number[] | string;
}

function entryCount(e: IfdEntry): number {
  return typeof e.values === 'string' ? Buffer.byteLength(e.values, 'latin1') + 1 : e.values.length;
}

/** Lays out header + IFD + out-of-line values; `dataOffset` is where pixel data may start. */
export function writeHeader(entries: IfdEntry[], patchOffsets: (dataOffset: number) => void): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const ifdSize = 2 + sorted.length * 12 + 4;
  let extra = 0;
  for (const e of sorted) {
    const size = entryCount(e) * (TYPE_SIZE[e.type] as number);
    if (size > 4) extra += size + (size % 2);
  }
  const dataOffset = 8 + ifdSize + extra;
  patchOffsets(dataOffset);
  const buf = Buffer.alloc(dataOffset);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(8, 4);
  buf.writeUInt16LE(sorted.length, 8);
  let pos = 10;
  let overflow = 8 + ifdSize;
  for (const e of sorted) {
    const count = entryCount(e);
    buf.writeUInt16LE(e.tag, pos);
    buf.writeUInt16LE(e.type, pos + 2);
    buf.writeUInt32LE(count, pos + 4);
    const size = count * (TYPE_SIZE[e.type] as number);
    let at = pos + 8;
    if (size > 4) {
      buf.writeUInt32LE(overflow, pos + 8);
      at = overflow;
      overflow += size + (size % 2);
    }
    if (typeof e.values === 'string') buf.write(e.values, at, 'latin1');
    else {
      for (const v of e.values) {
        if (e.type === SHORT) buf.writeUInt16LE(v, at);
        else if (e.type === LONG) buf.writeUInt32LE(v, at);
        else buf.writeDoubleLE(v, at);
        at += TYPE_SIZE[e.type] as number;
      }
    }
    pos += 12;
  }
  buf.writeUInt32LE(0, pos); // no next IFD
  return buf;
}

function geoEntries(bbox: Bbox, width: number, height: number): IfdEntry[] {
  return [
    { tag: 33550, type: DOUBLE, values: [(bbox.east - bbox.west) / width, (bbox.north - bbox.south) / height, 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, bbox.west, bbox.north, 0] },
    // GeoKeyDirectory: version 1.1.0, 3 keys: model type geographic, raster is area, EPSG:4326.
    { tag: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326] },
  ];
}

const BIG_WIDTH = 4096;
const ROWS_PER_STRIP = 256;
const MAX_TIFF_DATA = 0xffff_0000; // classic TIFF offsets are 32-bit; beyond that is padding

/** Exactly `total` bytes: a one-band uint8 GeoTIFF header, then generated pixels, in chunks. */
export function* generatedTiff(total: number, seed: number, chunkSize = 64 * 1024): Generator<Buffer> {
  let header: Buffer = Buffer.alloc(0);
  if (total >= 1024) {
    // Narrow images for small bodies so that at least one row fits after the header.
    const width = total >= 1024 + BIG_WIDTH ? BIG_WIDTH : 256;
    let height = Math.max(1, Math.floor(Math.min(total - 1024, MAX_TIFF_DATA) / width));
    const build = (): Buffer => {
      const strips = Math.ceil(height / ROWS_PER_STRIP);
      const entries: IfdEntry[] = [
        { tag: 256, type: LONG, values: [width] },
        { tag: 257, type: LONG, values: [height] },
        { tag: 258, type: SHORT, values: [8] },
        { tag: 259, type: SHORT, values: [1] },
        { tag: 262, type: SHORT, values: [1] },
        { tag: 273, type: LONG, values: new Array<number>(strips).fill(0) },
        { tag: 277, type: SHORT, values: [1] },
        { tag: 278, type: LONG, values: [ROWS_PER_STRIP] },
        {
          tag: 279,
          type: LONG,
          values: Array.from(
            { length: strips },
            (_, i) => Math.min(ROWS_PER_STRIP, height - i * ROWS_PER_STRIP) * width,
          ),
        },
        ...geoEntries({ west: 10, south: 56, east: 10.1, north: 56.1 }, width, height),
      ];
      const offsets = entries[5] as IfdEntry & { values: number[] };
      return writeHeader(entries, (dataOffset) => {
        offsets.values = offsets.values.map((_, i) => dataOffset + i * ROWS_PER_STRIP * width);
      });
    };
    header = build();
    // The strip tables grow the header; shrink the image until header + pixels fit.
    while (header.length + height * width > total && height > 1) {
      height = Math.max(1, Math.floor((total - header.length) / width));
      header = build();
    }
  }
  const pattern = Buffer.alloc(chunkSize);
  for (let i = 0; i < chunkSize; i++) pattern[i] = (i * 31 + seed * 7 + (i >> 12)) & 0xff;
  let remaining = total;
  if (header.length > 0) {
    yield header;
    remaining -= header.length;
  } else if (total > 0) {
    // Too small for a header: still starts like a TIFF.
    const tiny = Buffer.from(pattern.subarray(0, total));
    tiny.write('II*\0', 0, Math.min(4, total), 'latin1');
    yield tiny;
    remaining = 0;
  }
  // The same read-only buffer is yielded again and again: memory stays flat at any size.
  while (remaining > 0) {
    const n = Math.min(remaining, chunkSize);
    yield n === chunkSize ? pattern : pattern.subarray(0, n);
    remaining -= n;
  }
}
