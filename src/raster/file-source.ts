// A geotiff.js source over a file: every read is a positioned read of the asked range, so a
// multi-GiB image is never loaded whole. The file is opened through the bounded reader (a FIFO
// named `*.tif` is refused, never waited on) and read only up to the size it had then. Reads past
// the end return what exists (geotiff asks for a speculative 1 KiB header); blocks past the end
// are caught by the block reader.
import { BoundedFile, IMAGE_FILE_LIMIT, isRefusedFile } from '../files/bounded-read';
import { RasterError } from './errors';

export interface Slice {
  offset: number;
  length: number;
}

export class FileRangeSource {
  private constructor(
    private readonly file: BoundedFile,
    readonly path: string,
  ) {}

  static async open(path: string): Promise<FileRangeSource> {
    try {
      return new FileRangeSource(await BoundedFile.open(path, IMAGE_FILE_LIMIT), path);
    } catch (error) {
      // A refusal names the file and says why ("… is not a regular file; it is not read.").
      throw new RasterError(
        'io',
        isRefusedFile(error) ? error.message : `Cannot open ${path}: ${(error as Error).message}`,
      );
    }
  }

  get size(): number {
    return this.file.size;
  }

  get fileSize(): number {
    return this.size;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
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
