// A geotiff.js source over a file handle: every read is a positioned read of the asked range,
// so a multi-GiB image is never loaded whole. Reads past the end return what exists (geotiff
// asks for a speculative 1 KiB header); blocks past the end are caught by the block reader.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { RasterError } from './errors';

export interface Slice {
  offset: number;
  length: number;
}

export class FileRangeSource {
  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    readonly path: string,
  ) {}

  static async open(path: string): Promise<FileRangeSource> {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      throw new RasterError('io', `Cannot open ${path}: ${(error as Error).message}`);
    }
    const stat = await handle.stat();
    return new FileRangeSource(handle, stat.size, path);
  }

  get fileSize(): number {
    return this.size;
  }

  async read(offset: number, length: number): Promise<Uint8Array> {
    const available = Math.max(0, Math.min(length, this.size - offset));
    const buffer = new Uint8Array(available);
    let done = 0;
    while (done < available) {
      const { bytesRead } = await this.handle.read(buffer, done, available - done, offset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return done === available ? buffer : buffer.subarray(0, done);
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
    await this.handle.close();
  }
}
