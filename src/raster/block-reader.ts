// Reads one block (tile or strip) of one band as decoded sample bytes, without geotiff.js's
// whole-window arrays: positioned read of exactly the block's bytes, DEFLATE through node:zlib
// on libuv's thread pool (faster than the bundled pako, docs/engineering-notes.md, "DEFLATE in JavaScript", and parallel), LZW and PackBits
// through geotiff.js's decoders. The horizontal predictor is left for the caller to undo on the
// rows it samples only (a decimated view needs one row in five, say).
import { getDecoder } from 'geotiff';
import type { GeoTIFFImage } from 'geotiff';
import { RasterError, formatSize } from './errors';
import type { FileRangeSource } from './file-source';
import { inflateBlock } from './inflate';
import { loadBlockTable } from './block-table';

const NONE = 1;
const DEFLATE = [8, 32946];
const OTHER_SUPPORTED = [5, 32773]; // LZW, PackBits

export interface BlockLayout {
  blockWidth: number;
  blockHeight: number;
  across: number;
  down: number;
  planar: number;
  samplesPerPixel: number;
  bytesPerSample: number;
  predictor: number;
  littleEndian: boolean;
}

export class BlockReader {
  private constructor(
    private readonly image: GeoTIFFImage,
    private readonly source: FileRangeSource,
    readonly layout: BlockLayout,
    private readonly offsets: ArrayLike<number>,
    private readonly counts: ArrayLike<number>,
    private readonly compression: number,
  ) {}

  /** Bytes of one whole decoded block. */
  get decodedSize(): number {
    const { blockWidth, blockHeight, planar, samplesPerPixel, bytesPerSample } = this.layout;
    return blockWidth * blockHeight * (planar === 2 ? 1 : samplesPerPixel) * bytesPerSample;
  }

  static async create(image: GeoTIFFImage, source: FileRangeSource, littleEndian: boolean): Promise<BlockReader> {
    const dir = image.getFileDirectory();
    const tiled = dir.hasTag('TileOffsets');
    const offsets = await loadBlockTable(dir, tiled ? 'TileOffsets' : 'StripOffsets', source, littleEndian);
    const counts = await loadBlockTable(dir, tiled ? 'TileByteCounts' : 'StripByteCounts', source, littleEndian);
    if (!offsets || !counts)
      throw new RasterError(
        'corrupt',
        `${source.path} has no ${tiled ? 'tile' : 'strip'} table (file size ${formatSize(source.size)}).`,
      );
    const compression = Number(dir.getValue('Compression') ?? NONE);
    if (compression !== NONE && !DEFLATE.includes(compression) && !OTHER_SUPPORTED.includes(compression)) {
      throw new RasterError(
        'unsupported',
        `${source.path} uses TIFF compression ${compression}; supported: none, DEFLATE, LZW, PackBits.`,
      );
    }
    const predictor = Number((await dir.loadValue('Predictor')) ?? 1);
    if (predictor !== 1 && predictor !== 2)
      throw new RasterError(
        'unsupported',
        `${source.path} uses TIFF predictor ${predictor}; supported: none and horizontal (2).`,
      );
    const blockWidth = image.getTileWidth();
    const blockHeight = image.getTileHeight();
    const layout: BlockLayout = {
      blockWidth,
      blockHeight,
      across: Math.ceil(image.getWidth() / blockWidth),
      down: Math.ceil(image.getHeight() / blockHeight),
      planar: Number(dir.getValue('PlanarConfiguration') ?? 1),
      samplesPerPixel: image.getSamplesPerPixel(),
      bytesPerSample: image.getBitsPerSample(0) / 8,
      predictor,
      littleEndian,
    };
    return new BlockReader(image, source, layout, offsets, counts, compression);
  }

  /** Index into the offset table of block (bx, by) holding `sample`. */
  index(bx: number, by: number, sample: number): number {
    const { across, down, planar } = this.layout;
    return planar === 2 ? sample * across * down + by * across + bx : by * across + bx;
  }

  /** Decoded bytes of a block: blockWidth × rows × (samples in the block) samples. */
  async read(bx: number, by: number, sample: number): Promise<Uint8Array> {
    const index = this.index(bx, by, sample);
    const offset = Number(this.offsets[index]);
    const count = Number(this.counts[index]);
    const { source } = this;
    if (!(offset >= 0) || !(count >= 0) || offset + count > source.size) {
      throw new RasterError(
        'truncated',
        `${source.path} is truncated or damaged: block ${index} at byte ${offset} (+${count}) lies beyond the end of the ${formatSize(source.size)} file.`,
      );
    }
    const raw = await source.read(offset, count);
    try {
      if (this.compression === NONE) return raw;
      if (DEFLATE.includes(this.compression)) return await inflateBlock(raw, this.decodedSize);
      const { blockWidth, blockHeight, planar } = this.layout;
      const bits = Array.from({ length: this.layout.samplesPerPixel }, (_, i) => this.image.getBitsPerSample(i));
      const decoder = await getDecoder(this.compression, {
        tileWidth: blockWidth,
        tileHeight: blockHeight,
        predictor: 1,
        bitsPerSample: bits,
        planarConfiguration: planar,
      });
      return new Uint8Array(await decoder.decode(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)));
    } catch (error) {
      throw new RasterError(
        'corrupt',
        `${source.path} is damaged: block ${index} at byte ${offset} does not decode (${(error as Error).message}); file size ${formatSize(source.size)}.`,
      );
    }
  }
}
