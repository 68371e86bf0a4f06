// What a rerun need not compute again: each row kept under the image it came from (a key made of
// the image's content, sha256 of the file, what dated it and the pixel rule), the index, and the
// field (its hash: id and geometry). The cache file is kept in the user's own cache folder, one
// per table (row-cache-home.ts), is rewritten with exactly the rows of the run, and a row taken
// from it is the very row computed before, so a rerun writes the same bytes as a full recompute.
// A row taken is printed as computed, so the file is read only when it is the user's own regular
// file (not a link, nobody else may write it) and stamped with this version of the product.
// Nested as image → index → field, so a run makes one key per image and one per index, not one
// hash per row (a rerun of 1,000 fields × 13 dates looked up 13,000). Each row is kept as an
// array of its cells in the table's column order (null for a statistic with no value), checked
// as it is read. A file's sha256 is remembered with its identity (size, inode, modification and
// change times: any write changes the change time), so a rerun hashes only new or changed images.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { IMAGE_FILE_LIMIT, withBoundedFile } from '../files/bounded-read';
import { ownedAlone } from '../files/private-folder';
import { replaceFileSafely } from '../files/safe-files';
import { hashOnThread } from './hash-thread';
import type { PixelRule } from './coverage';
import { dayInName } from './images';
import type { ImageInput } from './images';
import type { Measure } from './indices';
import { COLUMNS } from './table';
import type { StatsRow } from './table';
import { byCodeUnits } from '../common/code-unit-order';
import { isRecord } from '../common/is-record';

export type CachedRow = Omit<StatsRow, 'image'>;

const VERSION = 3;
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

interface KnownHash {
  identity: string;
  sha256: string;
}

type Cell = string | number | null;

/** A row's cells: every column but `image` (a rerun labels the image itself). */
const CELLS = COLUMNS.filter((c) => c !== 'image');
/** field, date, index: text; the rest numbers or null. */
const TEXT_CELLS = 3;

function packRow(row: CachedRow): Cell[] {
  return CELLS.map((c) => (row as Record<string, string | number | undefined>)[c] ?? null);
}

/** The row of a cached array, or undefined when it is not one (a damaged or foreign file). */
function unpackRow(cells: unknown): CachedRow | undefined {
  if (!Array.isArray(cells) || cells.length !== CELLS.length) return undefined;
  const row: Record<string, string | number | undefined> = {};
  for (let i = 0; i < CELLS.length; i++) {
    const value: unknown = cells[i];
    const column = CELLS[i] as string;
    if (i < TEXT_CELLS ? typeof value !== 'string' : value !== null && typeof value !== 'number') return undefined;
    if (value !== null) row[column] = value as string | number;
  }
  if (typeof row.valid_pixels !== 'number' || typeof row.nodata_pixels !== 'number') return undefined;
  return row as unknown as CachedRow;
}

/** image key → index key → field hash → row. */
type Nested<T> = Map<string, Map<string, Map<string, T>>>;

function groupOf<T>(nested: Nested<T>, image: string, measure: string): Map<string, T> {
  let byMeasure = nested.get(image);
  if (!byMeasure) nested.set(image, (byMeasure = new Map()));
  let byField = byMeasure.get(measure);
  if (!byField) byMeasure.set(measure, (byField = new Map()));
  return byField;
}

/** The rows of a parsed cache file; a damaged row (or group) is no row. */
function readRows(images: unknown): Nested<CachedRow> {
  const rows: Nested<CachedRow> = new Map();
  if (!isRecord(images)) return rows;
  for (const [image, byMeasure] of Object.entries(images)) {
    if (!isRecord(byMeasure)) continue;
    for (const [measure, byField] of Object.entries(byMeasure)) {
      if (!isRecord(byField)) continue;
      const group = groupOf(rows, image, measure);
      for (const [field, cells] of Object.entries(byField)) {
        const row = unpackRow(cells);
        if (row) group.set(field, row);
      }
    }
  }
  return rows;
}

/** Keys in code-unit order, the same file for the same rows; fields in the order they were kept (the run's field order). */
function sortedEntries<T>(map: Map<string, T>): [string, T][] {
  return [...map.entries()].sort((a, b) => byCodeUnits(a[0], b[0]));
}

export class RowCache {
  private readonly kept: Nested<CachedRow> = new Map();
  private readonly hashesKept = new Map<string, KnownHash>();

  private constructor(
    private readonly previous: Nested<CachedRow>,
    private readonly hashes: Map<string, KnownHash> = new Map(),
  ) {}

  /** An unreadable or foreign cache file is no cache: everything is computed. `product`: the
   * product's version the file must have been written by (none: a file stamped with none). */
  static async load(path: string | undefined, product?: string): Promise<RowCache> {
    if (!path) return new RowCache(new Map());
    try {
      // Only a regular file within the bound is read: a FIFO or a device would never end, a huge
      // file fill the memory (the bounded reader refuses both, and a file that grows while read).
      // A link is not followed, and a file someone else could have written is not read.
      const text = await withBoundedFile(
        path,
        MAX_CACHE_BYTES,
        (file) => (ownedAlone(file.stat, 0o022) ? file.text() : Promise.resolve(undefined)),
        { noFollow: true },
      );
      if (text === undefined) return new RowCache(new Map());
      const parsed = JSON.parse(text) as {
        version?: number;
        product?: unknown;
        images?: unknown;
        hashes?: Record<string, KnownHash>;
      };
      if (parsed.version !== VERSION || parsed.product !== product) return new RowCache(new Map());
      const hashes = isRecord(parsed.hashes)
        ? Object.entries(parsed.hashes).filter(
            ([, h]) => typeof h?.identity === 'string' && typeof h.sha256 === 'string',
          )
        : [];
      return new RowCache(readRows(parsed.images), new Map(hashes));
    } catch {
      return new RowCache(new Map());
    }
  }

  /** The rows of one image under one index, by field hash: what the last run kept (each one
   * taken is kept again), and where this run's are put. */
  group(key: RowGroupKey): {
    get: (fieldHash: string) => CachedRow | undefined;
    put: (fieldHash: string, row: CachedRow) => void;
  } {
    const before = this.previous.get(key.image)?.get(key.measure);
    const now = groupOf(this.kept, key.image, key.measure);
    return {
      get: (fieldHash) => {
        const row = before?.get(fieldHash);
        if (row) now.set(fieldHash, row);
        return row;
      },
      put: (fieldHash, row) => void now.set(fieldHash, row),
    };
  }

  /** The file's sha256, and what the cache knew of the file: `unchanged` (the hash remembered),
   * `changed` (a file at this path was hashed before; it has been written, or only touched, since)
   * or `new`. A file not remembered is hashed on the hashing thread; `sha256` settles when it ends. */
  async hashOf(
    path: string,
    signal?: AbortSignal,
  ): Promise<{ file: 'unchanged' | 'changed' | 'new'; sha256: Promise<string> }> {
    const absolute = resolve(path);
    const info = await stat(absolute, { bigint: true });
    const identity = [info.size, info.ino, info.mtimeNs, info.ctimeNs].join(':');
    const known = this.hashes.get(absolute);
    if (known?.identity === identity) {
      this.hashesKept.set(absolute, { identity, sha256: known.sha256 });
      return { file: 'unchanged', sha256: Promise.resolve(known.sha256) };
    }
    const sha256 = contentHashOffThread(absolute, signal).then((hash) => {
      this.hashesKept.set(absolute, { identity, sha256: hash });
      return hash;
    });
    return { file: known ? 'changed' : 'new', sha256 };
  }

  /** Writes the run's rows, owner-only, stamped with `product` (the version `load` asks for). */
  async save(path: string, product?: string): Promise<void> {
    await replaceFileSafely(path, this.pieces(product), 0o600);
  }

  /** The file's JSON in pieces, one per image and index (never the whole cache as one string):
   * `{"version":…,"product":…,"images":{image:{index:{field:cells,…},…},…},"hashes":{…}}`. */
  private *pieces(product: string | undefined): Generator<string> {
    const stamp = product === undefined ? '' : `"product":${JSON.stringify(product)},`;
    yield `{"version":${VERSION},${stamp}"images":{`;
    let imageComma = '';
    for (const [imageKey, byMeasure] of sortedEntries(this.kept)) {
      yield `${imageComma}${JSON.stringify(imageKey)}:{`;
      imageComma = ',';
      let measureComma = '';
      for (const [measureKey, byField] of sortedEntries(byMeasure)) {
        const rows = [...byField].map(([hash, row]) => `${JSON.stringify(hash)}:${JSON.stringify(packRow(row))}`);
        yield `${measureComma}${JSON.stringify(measureKey)}:{${rows.join(',')}}`;
        measureComma = ',';
      }
      yield '}';
    }
    yield `},"hashes":${JSON.stringify(Object.fromEntries(sortedEntries(this.hashesKept)))}}\n`;
  }
}

/** The file's sha256, computed on the hashing thread so the main thread can measure the image
 * meanwhile; the hashing stops when the signal aborts. A FIFO or a device in the image's place is
 * refused here, before the thread waits on it. */
export async function contentHashOffThread(path: string, signal?: AbortSignal): Promise<string> {
  signal?.throwIfAborted();
  return withBoundedFile(path, IMAGE_FILE_LIMIT, (file) => hashOnThread(file, signal));
}

/** Where an image's rows under one index are kept: the image (its content, what dated it, the
 * pixel rule) and the index (its name and how it is computed). Each key is made once per image
 * or index; a row is found in its group by the field's hash. */
interface RowGroupKey {
  image: string;
  measure: string;
}

export function imageKey(imageHash: string, image: ImageInput, rule: PixelRule): string {
  return createHash('sha256')
    .update(JSON.stringify([imageHash, image.stacDate ?? '', dayInName(image.path) ?? '', rule]))
    .digest('hex');
}

export function measureKey(measure: Measure): string {
  return createHash('sha256')
    .update(JSON.stringify([measure.name, measure.forms.map((f) => f.bands.join(' '))]))
    .digest('hex');
}
