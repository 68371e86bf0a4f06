// `imagery.lock.json`, beside the imagery file: the committed summary of what its datasets' folders
// bought, made from their purchase ledgers (the ledgers decide; the lock is what a reviewer reads
// and what `verify` checks). Per image: its dataset, area file and feature hash, date, the key of
// its exact request body (request-key.ts), the request's settings without the area (so a changed
// profile is named), its file, size, SHA-256, the credits estimated and when it was saved. Per
// order: its GUID and payload hash, the price its create was held to and the month it left in, and
// the month an apply first found it cancelled; an order without a GUID is one whose create was sent
// and whose answer never came (lost, or the run killed in flight): it may exist, so apply never
// creates it again (written before the create leaves, as a ledger records `sending`). Written whole and atomically (safe-files.ts), entries sorted,
// so a crash leaves the old lock or the new one and a rerun writes the same bytes.
import * as z from 'zod/mini';
import { ApiError } from '../../api/errors';
import { readTextBounded } from '../../files/bounded-read';
import { JsonScanner } from '../../api/json-answer';
import { replaceFileSafely } from '../../files/safe-files';
import { byCodeUnits } from '../../common/code-unit-order';
import { basename, dirname } from 'node:path';
import { FolderLock } from '../../ledger/folder-lock';

const LOCK_NAME_SUFFIX = '.lock.json';
/** How an apply's hold (holdForApply) is named: what `sat-imagery unlock` looks for in a folder. */
export const APPLY_HOLD_SUFFIX = `${LOCK_NAME_SUFFIX}.apply`;
const MAX_LOCK = 64 * 1024 * 1024;

const hex64 = () => z.string().check(z.regex(/^[0-9a-f]{64}$/));

const lockedImageSchema = z.object({
  dataset: z.string(),
  area: z.string(),
  featureHash: hex64(),
  date: z.string(),
  /** The ledger's key: SHA-256 of the request body's canonical JSON. */
  bodyHash: hex64(),
  /** The request's fields but the area (and never an UploadUrl). */
  request: z.record(z.string(), z.unknown()),
  /** Relative to the imagery file, forward slashes. */
  file: z.string(),
  bytes: z.number(),
  sha256: hex64(),
  credits: z.optional(z.number()),
  at: z.string(),
});

const lockedOrderSchema = z.object({
  order: z.string(),
  area: z.string(),
  /** Absent while the create's answer is unknown: it may have been made (and charged). */
  guid: z.optional(z.string()),
  payloadHash: hex64(),
  /** The payload but the area, so a changed order is named. */
  payload: z.record(z.string(), z.unknown()),
  at: z.string(),
  /** The price its create was held to (the estimate asked right before it left) and the calendar
   * month (UTC) it left in: what it costs that month, against the file's monthly cap. */
  price: z.optional(
    z.object({
      month: z.string(),
      currency: z.string(),
      thisMonth: z.optional(z.number()),
      perMonth: z.optional(z.number()),
    }),
  ),
  /** The month (YYYY-MM, UTC) an apply first found it cancelled: a recurring order's renewal
   * stopped before the months after it (declared-order-month.ts). */
  cancelSeen: z.optional(z.string()),
});

const lockSchema = z.object({
  version: z.literal(1),
  images: z.array(lockedImageSchema),
  orders: z.array(lockedOrderSchema),
});

export type LockedImage = z.infer<typeof lockedImageSchema>;
export type LockedOrder = z.infer<typeof lockedOrderSchema>;
export type ImageryLock = z.infer<typeof lockSchema>;

/** `imagery.json` → `imagery.lock.json`; `fields.imagery.json` → `fields.imagery.lock.json`. */
export function lockPathOf(imageryFile: string): string {
  return imageryFile.replace(/\.json$/i, '') + LOCK_NAME_SUFFIX;
}

function emptyLock(): ImageryLock {
  return { version: 1, images: [], orders: [] };
}

/** A lock that cannot be used is a local file's problem (the command line's exit 10, its message
 * alone, no stack trace); its code says it is the content, not the disk. */
function unusableLock(message: string): ApiError {
  return new ApiError({ kind: 'file', message, cause: Object.assign(new Error(message), { code: 'EINVAL' }) });
}

/** The lock, or an empty one when there is none yet. A lock that does not parse is an error. */
export async function readLock(path: string): Promise<ImageryLock> {
  let text: string;
  try {
    text = await readTextBounded(path, MAX_LOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyLock();
    throw error;
  }
  // A value nested deeper than any lock's (a repository's lock is anyone's text) parses, then
  // overflows the stack of every recursive walk after it: writing the lock again, a diff. The
  // service's answers are held to the same bounds.
  const beyondBounds = new JsonScanner().feed(Buffer.from(text));
  if (beyondBounds) throw unusableLock(`${path} is not a lock of this version (${beyondBounds}).`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw unusableLock(
      `${path} is not valid JSON. It is a summary of the folders' purchase ledgers: restore it from version control, or delete it and run apply to write it again from the ledgers.`,
    );
  }
  const parsed = lockSchema.safeParse(value);
  if (!parsed.success)
    throw unusableLock(
      `${path} is not a lock of this version (${parsed.error.issues[0]?.message ?? 'unknown fields'}).`,
    );
  return parsed.data;
}

function imageOrder(a: LockedImage, b: LockedImage): number {
  return (
    byCodeUnits(a.dataset, b.dataset) ||
    byCodeUnits(a.area, b.area) ||
    byCodeUnits(a.date, b.date) ||
    byCodeUnits(a.bodyHash, b.bodyHash)
  );
}

/** The lock's text: sorted entries, two-space JSON, a final newline. */
function lockText(lock: ImageryLock): string {
  const images = [...lock.images].sort(imageOrder);
  // Each order's fields in one order, however the entry was made (a GUID is added after the create).
  const orders = [...lock.orders]
    .sort((a, b) => byCodeUnits(a.order, b.order) || byCodeUnits(a.guid ?? '', b.guid ?? ''))
    .map(({ order, area, guid, payloadHash, payload, at, price, cancelSeen }) => ({
      order,
      area,
      ...(guid !== undefined ? { guid } : {}),
      payloadHash,
      payload,
      at,
      ...(price !== undefined ? { price } : {}),
      ...(cancelSeen !== undefined ? { cancelSeen } : {}),
    }));
  return `${JSON.stringify({ version: 1, images, orders }, null, 2)}\n`;
}

export async function writeLock(path: string, lock: ImageryLock): Promise<void> {
  await replaceFileSafely(path, lockText(lock));
}

/** The lock as an apply changes it: what it holds now, each change written whole at once. */
export class LockFile {
  constructor(
    readonly path: string,
    public lock: ImageryLock,
  ) {}

  async write(lock: ImageryLock): Promise<void> {
    this.lock = lock;
    await writeLock(this.path, lock);
  }

  /** The lock with the orders of `names` replaced by `entry` (or taken out), in one write. */
  async keepOrder(entry: LockedOrder | undefined, ...names: string[]): Promise<void> {
    const others = this.lock.orders.filter((l) => !names.includes(l.order));
    await this.write({ ...this.lock, orders: entry ? [...others, entry] : others });
  }
}

/** One apply of an imagery file at a time (two would each create its orders, and each rewrite the
 * lock from its own copy): held from before the lock is read until the last write. */
export async function holdForApply<T>(lockPath: string, command: string, run: () => Promise<T>): Promise<T> {
  const held = await FolderLock.acquire(dirname(lockPath), command, {
    what: {
      name: `${basename(lockPath)}.apply`,
      held: `The lock ${lockPath}`,
      advice: 'Wait for the other apply to finish, then plan again.',
    },
  });
  try {
    return await run();
  } finally {
    await held.release();
  }
}
