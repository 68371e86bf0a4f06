// What a rerun need not compute again: each row kept under a key made of the image's content
// (sha256 of the file), the field's geometry and id, the rule and the index, and what dated the
// image. The cache file sits beside the table (`<table>.stats-cache.json`), is rewritten with
// exactly the rows of the run, and a row taken from it is the very row computed before, so a rerun
// writes the same bytes as a full recompute. Each row is kept as an array of its cells in the
// table's column order (null for a statistic with no value), checked as it is read: a rerun of
// 12,000 rows reads and writes half the JSON it would as objects. A file's sha256 is remembered with its identity
// (size, inode, modification and change times: any write changes the change time), so a rerun
// hashes only new or changed images.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { replaceFileSafely } from '../api/safe-files';
import type { PixelRule } from './coverage';
import type { Field } from './fields';
import { dayInName } from './images';
import type { ImageInput } from './images';
import type { Measure } from './indices';
import { COLUMNS } from './table';
import type { StatsRow } from './table';

export type CachedRow = Omit<StatsRow, 'image'>;

const VERSION = 2;
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

export class RowCache {
  private readonly kept = new Map<string, CachedRow>();
  private readonly hashesKept = new Map<string, KnownHash>();

  private constructor(
    private readonly previous: Map<string, CachedRow>,
    private readonly hashes: Map<string, KnownHash> = new Map(),
  ) {}

  /** An unreadable or foreign cache file is no cache: everything is computed. */
  static async load(path: string | undefined): Promise<RowCache> {
    if (!path) return new RowCache(new Map());
    try {
      const text = await readFile(path, 'utf8');
      if (text.length > MAX_CACHE_BYTES) return new RowCache(new Map());
      const parsed = JSON.parse(text) as { version?: number; rows?: Record<string, unknown>; hashes?: Record<string, KnownHash> };
      if (parsed.version !== VERSION || typeof parsed.rows !== 'object' || parsed.rows === null) return new RowCache(new Map());
      const hashes = typeof parsed.hashes === 'object' && parsed.hashes !== null ? Object.entries(parsed.hashes).filter(([, h]) => typeof h?.identity === 'string' && typeof h.sha256 === 'string') : [];
      const rows = new Map<string, CachedRow>();
      for (const [key, cells] of Object.entries(parsed.rows)) {
        const row = unpackRow(cells);
        if (row) rows.set(key, row);
      }
      return new RowCache(rows, new Map(hashes));
    } catch {
      return new RowCache(new Map());
    }
  }

  get(key: string): CachedRow | undefined {
    const row = this.previous.get(key);
    if (row) this.kept.set(key, row);
    return row;
  }

  put(key: string, row: CachedRow): void {
    this.kept.set(key, row);
  }

  get reused(): number {
    return [...this.kept.keys()].filter((k) => this.previous.has(k)).length;
  }

  /** The file's sha256: remembered while the file is the same file, unchanged. */
  async contentHash(path: string): Promise<string> {
    const absolute = resolve(path);
    const info = await stat(absolute, { bigint: true });
    const identity = [info.size, info.ino, info.mtimeNs, info.ctimeNs].join(':');
    const known = this.hashes.get(absolute);
    const sha256 = known?.identity === identity ? known.sha256 : await contentHash(absolute);
    this.hashesKept.set(absolute, { identity, sha256 });
    return sha256;
  }

  async save(path: string): Promise<void> {
    const sorted = <T, U>(map: Map<string, T>, as: (value: T) => U) => Object.fromEntries([...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => [k, as(v)]));
    await replaceFileSafely(path, `${JSON.stringify({ version: VERSION, rows: sorted(this.kept, packRow), hashes: sorted(this.hashesKept, (h) => h) })}\n`);
  }
}

export function cachePathFor(table: string): string {
  return `${table}.stats-cache.json`;
}

export async function contentHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function rowKey(imageHash: string, image: ImageInput, field: Field, rule: PixelRule, measure: Measure): string {
  const what = [imageHash, image.stacDate ?? '', dayInName(image.path) ?? '', field.hash, rule, measure.name, measure.forms.map((f) => f.bands.join(' '))];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** rowKey of every field (outer) and measure (inner) of one image: the same keys, the JSON of
 * the image's and each measure's part written once instead of once per row (a rerun of 1,000
 * fields × 12 dates makes 12,000 keys). */
export function rowKeys(imageHash: string, image: ImageInput, fields: readonly Field[], rule: PixelRule, measures: readonly Measure[]): string[][] {
  const head = JSON.stringify([imageHash, image.stacDate ?? '', dayInName(image.path) ?? '']).slice(0, -1);
  const tails = measures.map((measure) => JSON.stringify([rule, measure.name, measure.forms.map((f) => f.bands.join(' '))]).slice(1));
  return fields.map((field) => {
    const middle = `${head},${JSON.stringify(field.hash)},`;
    return tails.map((tail) => createHash('sha256').update(middle + tail).digest('hex'));
  });
}
