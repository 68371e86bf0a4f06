// The estimate cache kept between processes: a `plan` and the `apply` after it (two processes in a
// CI job) ask the service once for each body. It lives in the user's cache folder, not beside the
// imagery file: nothing to keep out of version control there, and a cache that came with a
// repository (whose author chose its prices) is never read. The folder is made owner-only; the
// file is read only when it is a regular file of this user that no one else can read or write,
// and within MAX_FILE_BYTES; it is written atomically (a new file renamed over it, never through
// a link), owner-only. Entries expire after the cache's few minutes and at most MAX_ENTRIES are
// kept. An entry is named by the SHA-256 of the service's address and the body's key: it holds
// no key, no address, no area, only the estimate's figures. A cache that cannot be read or
// written is no cache: the estimate is asked again, nothing fails for it.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { withBoundedFile } from '../../files/bounded-read';
import { ownedAlone, usePrivateFolder } from '../../files/private-folder';
import { replaceFileSafely } from '../../files/safe-files';
import type { CompositeEstimate } from '../../api/types';

/** How long an estimate is used again: "a few minutes", a plan and the apply that follows it. */
const ESTIMATE_TTL_MS = 5 * 60_000;
const MAX_FILE_BYTES = 1024 * 1024;
const MAX_ENTRIES = 2000;
const FILE_NAME = 'estimates.json';

const entrySchema = z.object({
  at: z.number(),
  estimate: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
});
const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), entrySchema) });
type Entry = z.infer<typeof entrySchema>;

/** What the in-process cache asks of a store that outlives the process. */
export interface EstimateStore {
  get(bodyKey: string): CompositeEstimate | undefined;
  put(bodyKey: string, estimate: CompositeEstimate): Promise<void>;
  /** Resolves when every estimate put so far is written (or given up on). */
  flush(): Promise<void>;
}

/** Only the estimate's plain figures are kept (a string, a number, a flag). */
function plainFields(estimate: CompositeEstimate): Entry['estimate'] {
  const kept: Entry['estimate'] = {};
  for (const [name, value] of Object.entries(estimate)) {
    if (
      value === null ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (typeof value === 'string' && value.length <= 200)
    )
      kept[name] = value;
  }
  return kept;
}

async function readEntries(path: string, now: number, ttlMs: number): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  let value: unknown;
  try {
    // Opened first, without following a link, and judged on the opened file (its owner and mode):
    // a link or another person's file put at the name after a look would otherwise be read.
    const text = await withBoundedFile(
      path,
      MAX_FILE_BYTES,
      (file) => (ownedAlone(file.stat) ? file.text() : Promise.resolve(undefined)),
      { noFollow: true },
    );
    if (text === undefined) return entries;
    value = JSON.parse(text) as unknown;
  } catch {
    return entries;
  }
  const parsed = fileSchema.safeParse(value);
  if (!parsed.success) return entries;
  for (const [name, entry] of Object.entries(parsed.data.entries))
    if (fresh(entry, now, ttlMs)) entries.set(name, entry);
  return entries;
}

/** Within the cache's minutes, and not from the future (a clock set back). */
function fresh(entry: Entry, now: number, ttlMs: number): boolean {
  return entry.at <= now + 60_000 && now - entry.at < ttlMs;
}

/**
 * The store in `folder` for the service at `baseUrl`, read once now. Each new estimate is written
 * at once (merged with what another process wrote meanwhile), one write at a time.
 */
export async function openEstimateFile(
  folder: string,
  baseUrl: string,
  now: () => number = Date.now,
  ttlMs = ESTIMATE_TTL_MS,
): Promise<EstimateStore> {
  const path = join(folder, FILE_NAME);
  const usable = await usePrivateFolder(folder);
  const entries = usable ? await readEntries(path, now(), ttlMs) : new Map<string, Entry>();
  const nameOf = (bodyKey: string) => createHash('sha256').update(`${baseUrl}\n${bodyKey}`).digest('hex');
  let writing: Promise<void> = Promise.resolve();
  const write = async (): Promise<void> => {
    const at = now();
    for (const [name, entry] of await readEntries(path, at, ttlMs))
      if (!entries.has(name) || entries.get(name)!.at < entry.at) entries.set(name, entry);
    for (const [name, entry] of entries) if (!fresh(entry, at, ttlMs)) entries.delete(name);
    const newest = [...entries].sort((a, b) => b[1].at - a[1].at).slice(0, MAX_ENTRIES);
    const text = JSON.stringify({ version: 1, entries: Object.fromEntries(newest) });
    if (Buffer.byteLength(text) <= MAX_FILE_BYTES) await replaceFileSafely(path, text, 0o600);
  };
  return {
    get(bodyKey) {
      const entry = entries.get(nameOf(bodyKey));
      return entry && fresh(entry, now(), ttlMs) ? (entry.estimate as CompositeEstimate) : undefined;
    },
    put(bodyKey, estimate) {
      // Kept for this process even where the folder cannot be used.
      entries.set(nameOf(bodyKey), { at: now(), estimate: plainFields(estimate) });
      if (!usable) return Promise.resolve();
      writing = writing.then(write).catch(() => undefined);
      return writing;
    },
    flush: () => writing,
  };
}

/** A store for one long-lived process (the extension host): the plan a person saw and the
 * Apply… after it share their estimates for the cache's minutes. One per service address. */
export function memoryEstimateStore(now: () => number = Date.now, ttlMs = ESTIMATE_TTL_MS): EstimateStore {
  const entries = new Map<string, { at: number; estimate: CompositeEstimate }>();
  return {
    get(bodyKey) {
      const entry = entries.get(bodyKey);
      return entry && now() - entry.at < ttlMs ? entry.estimate : undefined;
    },
    put(bodyKey, estimate) {
      entries.delete(bodyKey);
      entries.set(bodyKey, { at: now(), estimate });
      // The oldest go first beyond the bound.
      for (const oldest of entries.keys()) {
        if (entries.size <= MAX_ENTRIES) break;
        entries.delete(oldest);
      }
      return Promise.resolve();
    },
    flush: () => Promise.resolve(),
  };
}
