// The images a statistics table's GeoParquet (geoparquet.ts) lists, read back with hyparquet (the
// reader hyparquet-writer is built on, plain JavaScript): only the file's footer and its `image`
// column are read, through the bounded reader, so a table's Parquet can be checked against its
// lock as its CSV is without holding the file in memory. A file that is not Parquet, or has no
// `image` column, is no statistics table and is refused by name. What a table records it was made
// from (made-from.ts: an imagery file's apply writes it) is read from the same footer.
import type { AsyncBuffer } from 'hyparquet';
import { parquetMetadataAsync, parquetRead } from 'hyparquet';
import { withBoundedFile } from '../files/bounded-read';
import type { BoundedFile } from '../files/bounded-read';
import { StatsError } from './errors';
import { MADE_FROM_KEY } from './made-from';

/** The opened file as hyparquet reads it: a slice is a positioned read, nothing past its size. */
function asyncBufferOf(file: BoundedFile): AsyncBuffer {
  return {
    byteLength: file.size,
    async slice(start: number, end = file.size): Promise<ArrayBuffer> {
      const bytes = new Uint8Array(Math.max(0, end - start));
      const read = await file.readAt(bytes, 0, bytes.length, start);
      return bytes.buffer.slice(0, read);
    },
  };
}

/** The distinct values of the `image` column of the GeoParquet at `path` (a link there refused),
 * and what the table records it was made from (its MADE_FROM_KEY metadata), when it does. */
export async function geoParquetTable(
  path: string,
  maxBytes: number,
): Promise<{ images: Set<string>; madeFrom?: string }> {
  return withBoundedFile(
    path,
    maxBytes,
    async (opened) => {
      const file = asyncBufferOf(opened);
      const images = new Set<string>();
      let madeFrom: string | undefined;
      try {
        const metadata = await parquetMetadataAsync(file);
        madeFrom = metadata.key_value_metadata?.find((entry) => entry.key === MADE_FROM_KEY)?.value;
        if (!metadata.schema.some((element) => element.name === 'image'))
          throw new StatsError('bad-input', `${path} is not a statistics table: it has no image column.`);
        await parquetRead({
          file,
          metadata,
          columns: ['image'],
          onChunk: (chunk) => {
            for (const value of chunk.columnData) images.add(String(value));
          },
        });
      } catch (error) {
        if (error instanceof StatsError) throw error;
        throw new StatsError('bad-input', `${path} does not read as Parquet (${(error as Error).message}).`);
      }
      return madeFrom === undefined ? { images } : { images, madeFrom };
    },
    { noFollow: true },
  );
}
