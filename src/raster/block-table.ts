// The offsets and byte counts of a level's blocks. geotiff.js (3.0.5) reads a large such table
// lazily (a "deferred array") and then decodes it as little-endian whatever the file says, so a
// big-endian GeoTIFF (GDAL's ENDIANNESS=BIG) with more blocks than fit its directory read came back
// with byte-swapped offsets. For those files the table is read here, in the file's byte order.
import type { FileRangeSource } from './file-source';

/** The parts of geotiff.js's directory and its deferred arrays this needs (plain JS properties). */
interface Directory {
  loadValue(tag: BlockTableTag): Promise<unknown>;
  deferredArrays?: ReadonlyMap<string | number, { arrayOffset: number; fieldType: number; length: number }>;
}

type BlockTableTag = 'StripOffsets' | 'StripByteCounts' | 'TileOffsets' | 'TileByteCounts';

const TAG_NUMBERS: Record<BlockTableTag, number> = {
  StripOffsets: 273,
  StripByteCounts: 279,
  TileOffsets: 324,
  TileByteCounts: 325,
};
/** TIFF field types a block table may use, and their sizes: SHORT, LONG, LONG8 (BigTIFF). */
const FIELD_SIZES: Record<number, number> = { 3: 2, 4: 4, 16: 8 };

export async function loadBlockTable(
  dir: Directory,
  tag: BlockTableTag,
  source: FileRangeSource,
  littleEndian: boolean,
): Promise<ArrayLike<number> | undefined> {
  const deferred = littleEndian ? undefined : dir.deferredArrays?.get(TAG_NUMBERS[tag]);
  const size = deferred ? FIELD_SIZES[deferred.fieldType] : undefined;
  if (!deferred || size === undefined) return (await dir.loadValue(tag)) as ArrayLike<number> | undefined;
  const bytes = await source.read(deferred.arrayOffset, deferred.length * size);
  if (bytes.length < deferred.length * size) return undefined; // the table is cut off: the caller says the file is damaged
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float64Array(deferred.length);
  for (let i = 0; i < deferred.length; i++) {
    values[i] =
      size === 2
        ? view.getUint16(i * 2, false)
        : size === 4
          ? view.getUint32(i * 4, false)
          : Number(view.getBigUint64(i * 8, false));
  }
  return values;
}
