// What a rerun need not compute again: each row kept under a key made of the image's content
// (sha256 of the file), the field's geometry and id, the rule and the index, and what dated the
// image. The cache file sits beside the table (`<table>.stats-cache.json`), is rewritten with
// exactly the rows of the run, and a row taken from it is the very row computed before, so a rerun
// writes the same bytes as a full recompute. A file's sha256 is remembered with its identity
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
import type { StatsRow } from './table';

export type CachedRow = Omit<StatsRow, 'image'>;

const VERSION = 1;
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

interface KnownHash {
  identity: string;
  sha256: string;
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
      const parsed = JSON.parse(text) as { version?: number; rows?: Record<string, CachedRow>; hashes?: Record<string, KnownHash> };
      if (parsed.version !== VERSION || typeof parsed.rows !== 'object' || parsed.rows === null) return new RowCache(new Map());
      const hashes = typeof parsed.hashes === 'object' && parsed.hashes !== null ? Object.entries(parsed.hashes).filter(([, h]) => typeof h?.identity === 'string' && typeof h.sha256 === 'string') : [];
      return new RowCache(new Map(Object.entries(parsed.rows)), new Map(hashes));
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
    const sorted = <T>(map: Map<string, T>) => Object.fromEntries([...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
    await replaceFileSafely(path, `${JSON.stringify({ version: VERSION, rows: sorted(this.kept), hashes: sorted(this.hashesKept) })}\n`);
  }
}

export function cachePathFor(table: string): string {
  return `${table}.stats-cache.json`;
}

async function contentHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function rowKey(imageHash: string, image: ImageInput, field: Field, rule: PixelRule, measure: Measure): string {
  const what = [imageHash, image.stacDate ?? '', dayInName(image.path) ?? '', field.hash, rule, measure.name, measure.forms.map((f) => f.bands.join(' '))];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}
