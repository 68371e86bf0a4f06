// The whole table: every image, every field, every index. An image that cannot be measured
// (damaged, not georeferenced, lacking the index's bands, undated) fails alone with its reason;
// the others complete. With a row cache, an image whose rows are all known is not even opened,
// and one with new fields is measured for those fields only.
import type { PixelRule } from './coverage';
import type { Field } from './fields';
import type { ImageInput } from './images';
import type { Measure } from './indices';
import { rowKeys } from './incremental';
import type { RowCache } from './incremental';
import { measureImage } from './measure-image';
import type { CoverageCache } from './measure-image';
import { sortRows } from './table';
import type { StatsRow } from './table';

export interface StatsInput {
  fields: readonly Field[];
  images: readonly ImageInput[];
  measures: readonly Measure[];
  rule: PixelRule;
  imageLabel: (path: string) => string;
  cache?: RowCache;
  /** After each image: done, total. */
  progress?: (done: number, total: number, image: string) => void;
  signal?: AbortSignal;
}

interface ImageFailure {
  image: string;
  reason: string;
}

export interface StatsResult {
  rows: StatsRow[];
  failures: ImageFailure[];
  /** Images read this run (the others came whole from the cache). */
  measured: number;
}

export async function computeStats(input: StatsInput): Promise<StatsResult> {
  const rows: StatsRow[] = [];
  const failures: ImageFailure[] = [];
  const coverages: CoverageCache = new Map();
  let measured = 0;
  for (const [done, image] of input.images.entries()) {
    input.signal?.throwIfAborted();
    const label = input.imageLabel(image.path);
    try {
      const hash = input.cache ? await input.cache.contentHash(image.path) : '';
      const keys = rowKeys(hash, image, input.fields, input.rule, input.measures);
      const known = keys.map((perField) => perField.map((key) => input.cache?.get(key)));
      const missing = input.fields.filter((_, f) => known[f]?.some((row) => row === undefined));
      const fresh = missing.length === 0 ? [] : await measureImage(image, { ...input, fields: missing }, coverages);
      if (missing.length > 0) measured++;
      const freshOf = new Map(fresh.map((row) => [`${row.field}\n${row.index}`, row]));
      input.fields.forEach((field, f) =>
        input.measures.forEach((measure, m) => {
          const cached = known[f]?.[m];
          const row = cached ? { ...cached, image: label } : (freshOf.get(`${field.id}\n${measure.name}`) as StatsRow);
          if (!cached) {
            const { image: _label, ...rest } = row;
            input.cache?.put(keys[f]?.[m] as string, rest);
          }
          rows.push(row);
        }),
      );
    } catch (error) {
      if (input.signal?.aborted) throw error;
      failures.push({ image: label, reason: (error as Error).message });
    }
    input.progress?.(done + 1, input.images.length, label);
  }
  return { rows: sortRows(rows, input.fields.map((f) => f.id), input.measures.map((m) => m.name)), failures, measured };
}
