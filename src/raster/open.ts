// Opening a GeoTIFF for viewing: the file through a positioned-read source, its metadata, and
// the readers of windows and single pixels. Errors say what is wrong and how large the file is.
import { GeoTIFF } from 'geotiff';
import { BlockReader } from './block-reader';
import { checkDirectories } from './directories';
import { RasterError, formatSize } from './errors';
import { FileRangeSource } from './file-source';
import { readMetadata } from './metadata';
import type { RasterMetadata } from './metadata';
import { chooseLevel, readWindow } from './window';
import type { BandWindow, Level, WindowRequest } from './window';

type GeoTiffSource = Parameters<typeof GeoTIFF.fromSource>[0];

export class RasterFile {
  private readers = new Map<number, Promise<BlockReader>>();

  private constructor(
    private readonly source: FileRangeSource,
    private readonly tiff: GeoTIFF,
    readonly metadata: RasterMetadata,
    private readonly littleEndian: boolean,
  ) {}

  static async open(path: string): Promise<RasterFile> {
    const source = await FileRangeSource.open(path);
    try {
      const head = await source.read(0, 4);
      const order = String.fromCharCode(head[0] ?? 0, head[1] ?? 0);
      if (source.size < 8 || (order !== 'II' && order !== 'MM')) {
        throw new RasterError(
          'not-tiff',
          `${path} is not a TIFF file (it does not start with a TIFF header; file size ${formatSize(source.size)}).`,
        );
      }
      // Before geotiff.js reads a directory: it would follow a loop of them without end.
      const directories = await checkDirectories(source, order === 'II');
      let tiff: GeoTIFF;
      let metadata: RasterMetadata;
      try {
        tiff = await GeoTIFF.fromSource(source as unknown as GeoTiffSource);
        metadata = await readMetadata(tiff, path, source.size, directories.length);
      } catch (error) {
        if (error instanceof RasterError) throw error;
        throw new RasterError(
          'corrupt',
          `${path} is damaged or truncated: its TIFF directory cannot be read (${(error as Error).message}); file size ${formatSize(source.size)}.`,
        );
      }
      const raster = new RasterFile(source, tiff, metadata, order === 'II');
      await raster.reader(0); // checks compression and predictor now, not at the first view
      return raster;
    } catch (error) {
      await source.close();
      throw error;
    }
  }

  private reader(image: number): Promise<BlockReader> {
    let reader = this.readers.get(image);
    if (!reader) {
      reader = this.tiff.getImage(image).then((img) => BlockReader.create(img, this.source, this.littleEndian));
      this.readers.set(image, reader);
    }
    return reader;
  }

  private levels(): Level[] {
    const { width, height, overviews } = this.metadata;
    return [{ image: 0, width, height }, ...overviews].map((l) => ({ ...l, reader: () => this.reader(l.image) }));
  }

  /** Bands of a window, decimated to about `targetWidth`, from the best overview. */
  async readWindow(request: WindowRequest): Promise<BandWindow> {
    const { width, height, dataType, nodata, bandCount } = this.metadata;
    for (const b of request.bands) {
      if (!Number.isInteger(b) || b < 0 || b >= bandCount)
        throw new RasterError(
          'unsupported',
          `Band ${b + 1} does not exist: ${this.metadata.path} has ${bandCount} bands.`,
        );
    }
    const window = request.window ?? [0, 0, width, height];
    const level = chooseLevel(this.levels(), width, window[2] - window[0], request.targetWidth);
    return this.named(readWindow(level, width, height, dataType, nodata, { ...request, window }));
  }

  /** Whatever a damaged file makes fail while reading is said as the raster core's own error. */
  private async named<T>(reading: Promise<T>): Promise<T> {
    try {
      return await reading;
    } catch (error) {
      if (error instanceof RasterError) throw error;
      throw new RasterError(
        'corrupt',
        `${this.metadata.path} is damaged: its pixels cannot be read (${(error as Error).message}); file size ${formatSize(this.source.size)}.`,
      );
    }
  }

  /** Raw stored numbers of every band at a full-resolution pixel (undefined outside). */
  async pixel(column: number, row: number): Promise<(number | undefined)[] | undefined> {
    const { width, height, bandCount, dataType, nodata } = this.metadata;
    const x = Math.floor(column);
    const y = Math.floor(row);
    if (x < 0 || y < 0 || x >= width || y >= height) return undefined;
    const bands = Array.from({ length: bandCount }, (_, b) => b);
    const level = this.levels()[0] as Level;
    const result = await this.named(
      readWindow(level, width, height, dataType, nodata, { bands, targetWidth: 1, window: [x, y, x + 1, y + 1] }),
    );
    return result.data.map((d) => (Number.isNaN(d[0] as number) ? undefined : (d[0] as number)));
  }

  async close(): Promise<void> {
    await this.source.close();
  }
}
