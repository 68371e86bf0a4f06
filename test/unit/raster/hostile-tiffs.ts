// Small TIFFs written by the simulator's directory writer, and the ways a hostile or broken file
// can change them: a directory's entry (type, count, value), the next-directory pointer.
import { deflateSync } from 'node:zlib';
import { DOUBLE, LONG, SHORT, writeHeader } from '../../simulator/geotiff';
import type { IfdEntry } from '../../simulator/geotiff';

export interface TinyTiff {
  width: number;
  height: number;
  bands?: number;
  bits?: number;
  /** Tiled with blocks of this size, else one strip per `rowsPerStrip` rows. */
  tile?: number;
  rowsPerStrip?: number;
  deflate?: boolean;
  /** Entries replaced or added, by tag. */
  entries?: IfdEntry[];
  /** Every block's bytes share one stored copy (the table still lists each block). */
  shareBlocks?: boolean;
  /** The stored bytes of every block, whatever the layout says they decode to. */
  storedBlock?: Buffer;
}

/** A one-directory little-endian TIFF of a gradient, its blocks after the directory. */
export function tinyTiff(spec: TinyTiff): Buffer {
  const bands = spec.bands ?? 1;
  const bits = spec.bits ?? 8;
  const bw = spec.tile ?? spec.width;
  const bh = spec.tile ?? Math.min(spec.height, spec.rowsPerStrip ?? spec.height);
  const count = Math.ceil(spec.width / bw) * Math.ceil(spec.height / bh);
  const blockBytes = bw * bh * bands * (bits / 8);
  const makeBlock = (i: number) => {
    if (spec.storedBlock) return spec.storedBlock;
    const raw = Buffer.alloc(blockBytes);
    for (let b = 0; b < raw.length; b++) raw[b] = (b * 7 + i * 13) & 0xff;
    return spec.deflate ? deflateSync(raw) : raw;
  };
  const blocks = spec.shareBlocks ? [makeBlock(0)] : Array.from({ length: count }, (_, i) => makeBlock(i));
  const offsets: IfdEntry & { values: number[] } = {
    tag: spec.tile ? 324 : 273,
    type: LONG,
    values: new Array<number>(count).fill(0),
  };
  const base: IfdEntry[] = [
    { tag: 256, type: LONG, values: [spec.width] },
    { tag: 257, type: LONG, values: [spec.height] },
    { tag: 258, type: SHORT, values: new Array<number>(bands).fill(bits) },
    { tag: 259, type: SHORT, values: [spec.deflate ? 8 : 1] },
    { tag: 262, type: SHORT, values: [1] },
    { tag: 277, type: SHORT, values: [bands] },
    { tag: 284, type: SHORT, values: [1] },
    offsets,
    {
      tag: spec.tile ? 325 : 279,
      type: LONG,
      values: Array.from({ length: count }, (_, i) => (blocks[spec.shareBlocks ? 0 : i] as Buffer).length),
    },
    // Georeferenced: 10 m pixels in UTM 32N.
    { tag: 33550, type: DOUBLE, values: [10, 10, 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, 500000, 6200000, 0] },
    { tag: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32632] },
    ...(spec.tile
      ? [
          { tag: 322, type: SHORT, values: [spec.tile] },
          { tag: 323, type: SHORT, values: [spec.tile] },
        ]
      : [{ tag: 278, type: LONG, values: [bh] }]),
  ];
  const replaced = new Set((spec.entries ?? []).map((e) => e.tag));
  const entries = [...base.filter((e) => !replaced.has(e.tag)), ...(spec.entries ?? [])];
  const header = writeHeader(entries, (dataOffset) => {
    let at = dataOffset;
    offsets.values = Array.from({ length: count }, (_, i) => {
      if (spec.shareBlocks) return dataOffset;
      const start = at;
      at += (blocks[i] as Buffer).length;
      return start;
    });
  });
  return Buffer.concat([header, ...blocks]);
}

/** Where the entry of `tag` is in the first directory (written at byte 8, tags in order). */
export function entryAt(file: Buffer, tag: number): number {
  const entries = file.readUInt16LE(8);
  for (let e = 0; e < entries; e++) if (file.readUInt16LE(10 + e * 12) === tag) return 10 + e * 12;
  throw new Error(`no tag ${tag}`);
}

/** Byte offset of the first directory's next-directory pointer. */
export function nextPointerAt(file: Buffer): number {
  return 10 + file.readUInt16LE(8) * 12;
}

/** The first directory copied to the end, the two pointing at each other. */
export function withDirectoryPair(file: Buffer): Buffer {
  const size = 2 + file.readUInt16LE(8) * 12 + 4;
  const copy = Buffer.from(file.subarray(8, 8 + size));
  const out = Buffer.concat([file, copy]);
  out.writeUInt32LE(file.length, nextPointerAt(file));
  out.writeUInt32LE(8, file.length + size - 4);
  return out;
}
