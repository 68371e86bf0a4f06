// What a rerun need not compute again: each row kept under a key made of the image's content
// (sha256 of the file), the field's geometry and id, the rule and the index, and what dated the
// image. The cache file sits beside the table (`<table>.stats-cache.json`), is rewritten with
// exactly the rows of the run, and a row taken from it is the very row computed before, so a rerun
// writes the same bytes as a full recompute.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { replaceFileSafely } from '../api/safe-files';
import type { PixelRule } from './coverage';
import type { Field } from './fields';
import { dayInName } from './images';
import type { ImageInput } from './images';
import type { Measure } from './indices';
import type { StatsRow } from './table';

export type CachedRow = Omit<StatsRow, 'image'>;

const VERSION = 1;
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

export class RowCache {
  private readonly kept = new Map<string, CachedRow>();

  private constructor(private readonly previous: Map<string, CachedRow>) {}

  /** An unreadable or foreign cache file is no cache: everything is computed. */
  static async load(path: string | undefined): Promise<RowCache> {
    if (!path) return new RowCache(new Map());
    try {
      const text = await readFile(path, 'utf8');
      if (text.length > MAX_CACHE_BYTES) return new RowCache(new Map());
      const parsed = JSON.parse(text) as { version?: number; rows?: Record<string, CachedRow> };
      if (parsed.version !== VERSION || typeof parsed.rows !== 'object' || parsed.rows === null) return new RowCache(new Map());
      return new RowCache(new Map(Object.entries(parsed.rows)));
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

  async save(path: string): Promise<void> {
    const rows = Object.fromEntries([...this.kept.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
    await replaceFileSafely(path, `${JSON.stringify({ version: VERSION, rows })}\n`);
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
