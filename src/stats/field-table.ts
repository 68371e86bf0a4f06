// The field table of a set of images, as `sat-imagery stats` computes it, for a caller that reads
// the rows rather than writing them (`alerts`): the images listed, each image's rows taken from
// the row cache kept under `cacheName` in the user's cache folder (row-cache-home.ts) or measured,
// and the cache saved, so a rerun after one more date measures only that date.
import { checkReplaceable } from '../files/safe-files';
import { computeStats } from './compute-stats';
import type { StatsInput, StatsResult } from './compute-stats';
import { listImages } from './images';
import { openRowCache } from './row-cache-home';
import type { RowCacheHome } from './row-cache-home';

export interface FieldTableInput extends Omit<StatsInput, 'images' | 'cache'> {
  /** Files, folders or STAC files, as `stats` takes them. */
  imageNames: readonly string[];
  /** What the row cache is kept under: the same name, the same cache. */
  cacheName: string;
  home: RowCacheHome;
}

export async function fieldTableOf(input: FieldTableInput): Promise<StatsResult & { notes: string[] }> {
  const { imageNames, cacheName, home, ...measuring } = input;
  const images = await listImages(imageNames);
  const { cache, file, save, notes } = await openRowCache(cacheName, home);
  // A cache that could not be written is said before the images are read, not after.
  if (file !== undefined) await checkReplaceable(file);
  const result = await computeStats({ ...measuring, images, cache });
  await save();
  return { ...result, notes };
}
