// The file's directories walked and checked before geotiff.js reads them: geotiff.js follows
// "next directory" pointers without end (a directory pointing to itself never finishes) and
// allocates whatever count a tag declares. Here every directory is read within the file, the chain
// is bounded and its loops found, every tag's values must lie inside the file, and each image's
// declared shape (block size, bands, sample sizes, block table) is checked before any allocation.
import { RasterError, formatSize } from './errors';
import type { FileRangeSource } from './file-source';
import { MAX_BANDS, MAX_BLOCK_BYTES, MAX_DIRECTORIES } from './limits';

/** Bytes of one value of each TIFF field type (TIFF 6.0 and BigTIFF). */
const FIELD_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
  16: 8,
  17: 8,
  18: 8,
};
const TAG_NAMES: Record<number, string> = {
  256: 'ImageWidth',
  257: 'ImageLength',
  258: 'BitsPerSample',
  273: 'StripOffsets',
  277: 'SamplesPerPixel',
  278: 'RowsPerStrip',
  279: 'StripByteCounts',
  284: 'PlanarConfiguration',
  322: 'TileWidth',
  323: 'TileLength',
  324: 'TileOffsets',
  325: 'TileByteCounts',
  339: 'SampleFormat',
};

interface Field {
  type: number;
  count: number;
  /** Where the values are: in the entry itself or elsewhere in the file. */
  at: number;
}

/** The shape one directory declares, checked. */
export interface DirectoryShape {
  width: number;
  height: number;
  blockWidth: number;
  blockHeight: number;
  bands: number;
  bitsPerSample: number;
  blocks: number;
}

class Reader {
  constructor(
    private readonly bytes: DataView,
    private readonly base: number,
    private readonly little: boolean,
  ) {}
  u16(at: number): number {
    return this.bytes.getUint16(at - this.base, this.little);
  }
  u32(at: number): number {
    return this.bytes.getUint32(at - this.base, this.little);
  }
  u64(at: number): number {
    return Number(this.bytes.getBigUint64(at - this.base, this.little));
  }
}

async function readerAt(source: FileRangeSource, offset: number, length: number, little: boolean): Promise<Reader> {
  const bytes = await source.read(offset, length);
  return new Reader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset, little);
}

function damaged(source: FileRangeSource, what: string): RasterError {
  return new RasterError(
    'corrupt',
    `${source.path} is damaged or truncated: ${what} (file size ${formatSize(source.size)}).`,
  );
}

/** Checks every directory of the file; the number of images geotiff.js may then read. */
export async function checkDirectories(source: FileRangeSource, littleEndian: boolean): Promise<DirectoryShape[]> {
  const head = await source.read(0, 16);
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const version = view.getUint16(2, littleEndian);
  if (version !== 42 && version !== 43)
    throw new RasterError(
      'not-tiff',
      `${source.path} is not a TIFF file (version ${version} in its header; file size ${formatSize(source.size)}).`,
    );
  const big = version === 43;
  if (big && head.length < 16) throw damaged(source, 'its BigTIFF header is cut off');
  let next = big ? Number(view.getBigUint64(8, littleEndian)) : view.getUint32(4, littleEndian);
  const seen = new Set<number>();
  const shapes: DirectoryShape[] = [];
  while (next !== 0) {
    if (seen.has(next))
      throw damaged(
        source,
        `directory ${shapes.length + 1} at byte ${next} is one already read (the directories point to each other in a loop)`,
      );
    if (shapes.length >= MAX_DIRECTORIES) throw damaged(source, `it declares more than ${MAX_DIRECTORIES} directories`);
    seen.add(next);
    const { fields, nextOffset } = await readDirectory(source, next, littleEndian, big, shapes.length + 1);
    shapes.push(await shapeOf(source, fields, littleEndian, shapes.length + 1));
    next = nextOffset;
  }
  if (shapes.length === 0) throw damaged(source, 'it has no image directory');
  return shapes;
}

async function readDirectory(
  source: FileRangeSource,
  offset: number,
  little: boolean,
  big: boolean,
  index: number,
): Promise<{ fields: Map<number, Field>; nextOffset: number }> {
  const countSize = big ? 8 : 2;
  const entrySize = big ? 20 : 12;
  const pointerSize = big ? 8 : 4;
  if (offset + countSize > source.size)
    throw damaged(source, `directory ${index} at byte ${offset} lies beyond the end of the file`);
  const counter = await readerAt(source, offset, countSize, little);
  const entries = big ? counter.u64(offset) : counter.u16(offset);
  const length = countSize + entries * entrySize + pointerSize;
  if (entries === 0 || offset + length > source.size)
    throw damaged(
      source,
      `directory ${index} at byte ${offset} declares ${entries} entries, which do not fit in the file`,
    );
  const r = await readerAt(source, offset, length, little);
  const fields = new Map<number, Field>();
  for (let e = 0; e < entries; e++) {
    const at = offset + countSize + e * entrySize;
    const tag = r.u16(at);
    const type = r.u16(at + 2);
    const count = big ? r.u64(at + 4) : r.u32(at + 4);
    const size = FIELD_SIZES[type];
    const name = TAG_NAMES[tag] ?? `tag ${tag}`;
    if (size === undefined) throw damaged(source, `${name} in directory ${index} has an unknown field type ${type}`);
    const inline = count * size <= pointerSize;
    const valuesAt = inline ? at + (big ? 12 : 8) : big ? r.u64(at + 12) : r.u32(at + 8);
    if (!inline && valuesAt + count * size > source.size) {
      throw damaged(
        source,
        `${name} in directory ${index} declares ${count} values (${formatSize(count * size)}) that do not fit in the file`,
      );
    }
    fields.set(tag, { type, count, at: valuesAt });
  }
  const nextAt = offset + countSize + entries * entrySize;
  return { fields, nextOffset: big ? r.u64(nextAt) : r.u32(nextAt) };
}

/** The numbers of a SHORT, LONG or LONG8 field (at most `limit` of them). */
async function numbers(
  source: FileRangeSource,
  field: Field | undefined,
  little: boolean,
  limit: number,
): Promise<number[] | undefined> {
  if (!field) return undefined;
  const size = FIELD_SIZES[field.type] as number;
  const count = Math.min(field.count, limit);
  if (![3, 4, 16].includes(field.type)) return undefined;
  const r = await readerAt(source, field.at, count * size, little);
  const values: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = field.at + i * size;
    values.push(field.type === 3 ? r.u16(at) : field.type === 4 ? r.u32(at) : r.u64(at));
  }
  return values;
}

async function shapeOf(
  source: FileRangeSource,
  fields: Map<number, Field>,
  little: boolean,
  index: number,
): Promise<DirectoryShape> {
  const one = async (tag: number): Promise<number | undefined> => {
    const field = fields.get(tag);
    if (field && field.count !== 1)
      throw damaged(source, `${TAG_NAMES[tag]} in directory ${index} has ${field.count} values, not one`);
    const values = await numbers(source, field, little, 1);
    if (field && values === undefined)
      throw damaged(source, `${TAG_NAMES[tag]} in directory ${index} is not a whole number (field type ${field.type})`);
    return values?.[0];
  };
  const unsupported = (what: string) =>
    new RasterError(
      'unsupported',
      `${source.path}: ${what} in directory ${index} (file size ${formatSize(source.size)}).`,
    );
  const width = await one(256);
  const height = await one(257);
  if (!width || !height)
    throw damaged(source, `directory ${index} declares an image of ${width ?? 'no'} × ${height ?? 'no'} pixels`);
  const bands = (await one(277)) ?? 1;
  if (bands < 1) throw damaged(source, `SamplesPerPixel is 0 in directory ${index}: an image needs at least one band`);
  if (bands > MAX_BANDS) throw unsupported(`${bands} bands (SamplesPerPixel), more than the ${MAX_BANDS} read`);
  const bits = (await numbers(source, fields.get(258), little, bands)) ?? [1];
  if (new Set(bits).size > 1)
    throw unsupported(
      `bands of different sample sizes (BitsPerSample ${[...new Set(bits)].join(', ')}), which are not supported`,
    );
  const formats = await numbers(source, fields.get(339), little, bands);
  if (formats && new Set(formats).size > 1)
    throw unsupported(
      `bands of different sample formats (SampleFormat ${[...new Set(formats)].join(', ')}), which are not supported`,
    );
  const tiled = fields.has(324) || fields.has(322);
  const blockWidth = tiled ? await one(322) : width;
  const blockHeight = tiled ? await one(323) : Math.min(height, (await one(278)) ?? height);
  if (!blockWidth || !blockHeight)
    throw damaged(
      source,
      `directory ${index} declares blocks of ${blockWidth ?? 'no'} × ${blockHeight ?? 'no'} pixels (${tiled ? 'TileWidth × TileLength' : 'RowsPerStrip'})`,
    );
  const bitsPerSample = bits[0] as number;
  const planar = (await one(284)) ?? 1;
  const blockBytes = blockWidth * blockHeight * (planar === 2 ? 1 : bands) * Math.max(1, bitsPerSample / 8);
  if (blockBytes > MAX_BLOCK_BYTES)
    throw unsupported(
      `blocks of ${blockWidth} × ${blockHeight} pixels (${formatSize(blockBytes)} each when decoded), more than the ${formatSize(MAX_BLOCK_BYTES)} read at once`,
    );
  const blocks = Math.ceil(width / blockWidth) * Math.ceil(height / blockHeight) * (planar === 2 ? bands : 1);
  const offsets = fields.get(tiled ? 324 : 273);
  const counts = fields.get(tiled ? 325 : 279);
  if (!offsets || !counts || offsets.count < blocks || counts.count < blocks) {
    throw damaged(
      source,
      `directory ${index} declares ${width} × ${height} pixels in ${blocks} blocks, but its block table lists ${Math.min(offsets?.count ?? 0, counts?.count ?? 0)}`,
    );
  }
  return { width, height, blockWidth, blockHeight, bands, bitsPerSample, blocks };
}
