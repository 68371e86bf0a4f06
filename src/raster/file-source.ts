// A geotiff.js source over a file: every read is a positioned read of the asked range, so a
// multi-GiB image is never loaded whole. The file is opened through the bounded reader (a FIFO
// named `*.tif` is refused, never waited on) and read only up to the size it had then. Reads past
// the end return what exists (geotiff asks for a speculative 1 KiB header); blocks past the end
// are caught by the block reader. The file's first 64 KiB are read at once when it is opened, and
// every read inside them is answered from them: opening a GDAL-written GeoTIFF read its header,
// directories and tile tables in 14 small reads, one after another, each a trip through libuv's
// pool (a wait for another thread on a busy machine), before the first pixel.
import { BoundedFile, IMAGE_FILE_LIMIT, isRefusedFile } from '../files/bounded-read';
import { RasterError } from './errors';

export interface Slice {
  offset: number;
  length: number;
}

/** Bytes at the file's start read with the opening: a GDAL GeoTIFF's directories and tables. */
const HEAD_BYTES = 64 * 1024;

export class FileRangeSource {
  private head: Uint8Array = new Uint8Array(0);

  private constructor(
    private readonly file: BoundedFile,
    readonly path: string,
  ) {}

  static async open(path: string): Promise<FileRangeSource> {
    let file: BoundedFile;
    try {
      file = await BoundedFile.open(path, IMAGE_FILE_LIMIT);
    } catch (error) {
      // A refusal names the file and says why ("… is not a regular file; it is not read.").
      throw new RasterError(
        'io',
        isRefusedFile(error) ? error.message : `Cannot open ${path}: ${(error as Error).message}`,
      );
    }
    const source = new FileRangeSource(file, path);
    try {
      source.head = await source.read(0, HEAD_BYTES);
    } catch (error) {
      await file.close();
      throw error;
    }
    return source;
  }

  get size(): number {
    return this.file.size;
  }

  get fileSize(): number {
    return this.size;
  }

  /** A copy of the bytes asked (a block's bytes are decoded in place). */
  async read(offset: number, length: number): Promise<Uint8Array> {
    if (offset >= 0 && offset + Math.max(0, length) <= this.head.length)
      return this.head.slice(offset, offset + length);
    const buffer = new Uint8Array(Math.max(0, Math.min(length, this.size - offset)));
    const done = await this.file.readAt(buffer, 0, buffer.length, offset);
    return done === buffer.length ? buffer : buffer.subarray(0, done);
  }

  /** The geotiff.js source interface. */
  async fetch(slices: Slice[]): Promise<ArrayBuffer[]> {
    return Promise.all(
      slices.map(async ({ offset, length }) => {
        const bytes = await this.read(offset, length);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      }),
    );
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}
