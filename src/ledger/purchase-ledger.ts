// The purchase ledger of an output folder: what was bought there, keyed by the SHA-256 of each
// billed request's exact body (request-key.ts), in an append-only journal (ledger-journal.ts),
// written by one run at a time (folder-lock.ts). Every billed path goes through it:
//
//   sending            written and flushed before the billed call leaves
//   charged            the answer arrived (the image is streaming in)
//   saved              the file is whole on the disk: its name, size and SHA-256, its inode and
//                      modification time
//   lost               the answer was lost: it may have been charged
//   refused            the service said no: not charged
//   charged-not-saved  paid, but the file could not be written (the reason, the credits)
//   not-sent           cancelled before it left
//
// The invariant: a unit `saved` whose file is present (the one saved: its size, and its inode and
// modification time or else its SHA-256) is never bought again, and a unit that may
// have been paid for (sending, charged, lost, charged-not-saved) is held and named, and sent again
// only when the person asks (resendUncertain). The latest line of a key is its state. A line
// whose file is not a plain name in the folder is not taken (a ledger is a file anyone may edit).
import { createHash } from 'node:crypto';
import { lstat, readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { IMAGE_FILE_LIMIT, withBoundedFile } from '../files/bounded-read';
import { isPlainName } from '../files/inside-folder';
import { FolderLock } from './folder-lock';
import type { LockOptions } from './folder-lock';
import { ignoreRunFilesInGit } from './run-files-gitignore';
import { JournalWriter, LEDGER_NAME, readJournal } from './ledger-journal';
import { MANIFEST_NAME } from './batch-manifest';

type UnitState = 'sending' | 'charged' | 'saved' | 'lost' | 'refused' | 'charged-not-saved' | 'not-sent';

export interface LedgerEntry {
  v: 1;
  /** SHA-256 of the request body's canonical JSON. */
  key: string;
  state: UnitState;
  at: string;
  /** The unit's name in its run: a date, a tile GUID, `part-02`, `composite`. */
  id?: string;
  /** 'composite', 'composite-part', 'series', 'tile', 'minitile'. */
  kind?: string;
  /** The file's name in the folder, once saved. */
  file?: string;
  bytes?: number;
  sha256?: string;
  /** The saved file's inode and modification time (ms); older lines have neither. */
  ino?: number;
  mtimeMs?: number;
  /** The estimate the person saw for this unit. */
  credits?: number;
  reason?: string;
  /** Carried over from an older manifest. */
  migrated?: true;
}

/** A unit as the journal leaves it: its latest state, with what earlier lines said of it. */
export type LedgerUnit = Omit<LedgerEntry, 'v'>;

const STATES = new Set<string>(['sending', 'charged', 'saved', 'lost', 'refused', 'charged-not-saved', 'not-sent']);

/** States in which the unit may have been paid for without a file to show. */
export const HELD_STATES: ReadonlySet<UnitState> = new Set<UnitState>([
  'sending',
  'charged',
  'lost',
  'charged-not-saved',
]);

export type Verdict =
  | { kind: 'have'; unit: LedgerUnit; path: string }
  | { kind: 'held'; unit: LedgerUnit }
  /** Never bought, refused, not sent, or saved and then deleted (`unit` says which). */
  | { kind: 'buy'; unit?: LedgerUnit };

/** The `.part` of an image named by paid-file-name.ts (a request hash, maybe a `-N`). */
const OUR_PART = /-[0-9a-f]{8}(?:-\d+)?\.[A-Za-z0-9]+\.part$/;
/** A batch manifest's temporary file (safe-files.ts names it `.<name>.<12 hex>.tmp`). */
const OUR_TEMPORARY = new RegExp(`^\\.${MANIFEST_NAME.replace(/\./g, '\\.')}\\.[0-9a-f]{12}\\.tmp$`);

/** With the folder locked no run of ours is writing a `.part` or a manifest: any left is the half
 * body of a killed run's image (its unit is held in the ledger) or its manifest's half write, and
 * is removed. Only the product's own names, only regular files (never a link, never a folder), in
 * a folder that is not a link itself. Returns the names removed. */
async function removeStaleRunFiles(directory: string): Promise<string[]> {
  if (!(await lstat(directory).catch(() => undefined))?.isDirectory()) return [];
  const names = await readdir(directory).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter((n) => OUR_PART.test(n) || OUR_TEMPORARY.test(n))) {
    const path = join(directory, name);
    const info = await lstat(path).catch(() => undefined);
    if (
      info?.isFile() &&
      (await unlink(path)
        .then(() => true)
        .catch(() => false))
    )
      removed.push(name);
  }
  return removed;
}

const HEX64 = /^[0-9a-f]{64}$/;
const isText = (value: unknown): boolean => typeof value === 'string';

/** What each field of a line a run of ours writes holds: a line with anything else in one (a
 * sha256 that is a number, credits nested 200,000 deep: a ledger is a file anyone may edit) is not
 * taken, so its unit is what the other lines say. Nothing of it reaches the lock (which would not
 * read back) or a plan's JSON (which the stack could not write). */
const FIELD_KINDS: Record<keyof LedgerEntry, (value: unknown) => boolean> = {
  v: (value) => value === 1,
  key: (value) => typeof value === 'string' && HEX64.test(value),
  state: (value) => typeof value === 'string' && STATES.has(value),
  at: isText,
  id: isText,
  kind: isText,
  file: isText,
  bytes: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  sha256: (value) => typeof value === 'string' && HEX64.test(value),
  // Numbers as lstat gives them (an inode past 2^53 is not a safe integer, and still the file's).
  ino: (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  mtimeMs: (value) => typeof value === 'number' && Number.isFinite(value),
  credits: (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0,
  reason: isText,
  migrated: (value) => value === true,
};
const REQUIRED: readonly (keyof LedgerEntry)[] = ['v', 'key', 'state', 'at'];

/** The line's own fields, when each holds its kind; undefined for any other line. Fields no run
 * of ours writes are left behind. */
function entryOf(value: unknown): LedgerEntry | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const line = value as Record<string, unknown>;
  const entry: Record<string, unknown> = {};
  for (const [name, holds] of Object.entries(FIELD_KINDS)) {
    const field = line[name];
    if (field === undefined) {
      if (REQUIRED.includes(name as keyof LedgerEntry)) return undefined;
      continue;
    }
    if (!holds(field)) return undefined;
    entry[name] = field;
  }
  return entry as unknown as LedgerEntry;
}

/** A journal line the ledger does not take: its file is not a plain name in the folder. */
interface IgnoredLine {
  key: string;
  file: string;
}

/** A ledger records an image by its own name in its folder (`saved` writes nothing else): a line
 * naming `../../../etc/passwd`, a subfolder or anything but a name is not ours. It is left out
 * whole, so its unit is what the earlier lines say, never `have` through a file elsewhere. */
function namesOtherFile(entry: LedgerEntry): entry is LedgerEntry & { file: string } {
  return entry.file !== undefined && !isPlainName(entry.file);
}

/** Folds journal lines into units: later lines win, earlier facts (id, credits) are kept. */
function fold(lines: readonly unknown[], ignored: IgnoredLine[] = []): Map<string, LedgerUnit> {
  const units = new Map<string, LedgerUnit>();
  for (const value of lines) {
    const line = entryOf(value);
    if (line === undefined) continue;
    if (namesOtherFile(line)) {
      ignored.push({ key: line.key, file: line.file });
      continue;
    }
    const { v: _v, ...entry } = line;
    const before = units.get(entry.key);
    const kept = before ? { id: before.id, kind: before.kind, credits: before.credits } : {};
    units.set(entry.key, { ...dropUndefined(kept), ...entry });
  }
  return units;
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The SHA-256 of an image in the folder, streamed: a regular file within the images' bound only. */
export function sha256OfFile(path: string): Promise<string> {
  return withBoundedFile(path, IMAGE_FILE_LIMIT, async (file) => {
    const hash = createHash('sha256');
    for await (const chunk of file.chunks()) hash.update(chunk);
    return hash.digest('hex');
  });
}

/** The file's inode and modification time as they stand now; none for anything but a plain file. */
async function identityOf(path: string): Promise<Pick<LedgerEntry, 'ino' | 'mtimeMs'>> {
  const info = await lstat(path).catch(() => undefined);
  return info?.isFile() ? { ino: info.ino, mtimeMs: info.mtimeMs } : {};
}

/**
 * What the folder holds of a saved unit's file: `present` when it is a plain file of the recorded
 * size and, where the line recorded them, the recorded inode and modification time; `gone` when
 * it is not there with that size; `changed` when it is there with that size but another inode or
 * time and not the recorded SHA-256 (changed in place: not the image bought). A file copied back
 * or touched keeps its SHA-256, so it is present and nothing is bought again for it.
 */
export async function savedFileState(directory: string, unit: LedgerUnit): Promise<'present' | 'gone' | 'changed'> {
  if (unit.file === undefined) return 'present'; // uploaded by the service: nothing here to lose
  const path = join(directory, basename(unit.file));
  const info = await lstat(path).catch(() => undefined);
  if (!info?.isFile() || info.size !== unit.bytes) return 'gone';
  const same =
    (unit.ino === undefined || unit.ino === info.ino) && (unit.mtimeMs === undefined || unit.mtimeMs === info.mtimeMs);
  if (same) return 'present';
  const sha256 = unit.sha256 === undefined ? undefined : await sha256OfFile(path).catch(() => undefined);
  return sha256 !== undefined && sha256 === unit.sha256 ? 'present' : 'changed';
}

/** A unit taken into the ledger from an imagery file's lock: its file a plain name in the folder. */
export type Adopted = Pick<LedgerEntry, 'key' | 'id' | 'kind' | 'file' | 'bytes' | 'sha256' | 'credits' | 'reason'>;

/** Appends a `saved` line for each adopted unit the journal does not know (the folder is locked). */
async function adoptUnits(directory: string, adopt: readonly Adopted[]): Promise<void> {
  const path = join(directory, LEDGER_NAME);
  const journal = await readJournal(path);
  const known = fold(journal.lines);
  const writer = await JournalWriter.open(path, journal.endsWithNewline);
  try {
    for (const unit of adopt.filter((a) => !known.has(a.key) && a.file !== undefined && isPlainName(a.file))) {
      const identity = await identityOf(join(directory, unit.file!));
      await writer.append(
        { v: 1, key: unit.key, state: 'saved', ...dropUndefined(unit), ...identity, at: new Date().toISOString() },
        true,
      );
    }
  } finally {
    await writer.close();
  }
}

export interface LedgerOpenOptions {
  /** What this run is, for a second run that finds the folder locked. */
  command: string;
  /** Removes the key from reasons written (a server may echo it). */
  redact?: (text: string) => string;
  lock?: LockOptions;
}

export class PurchaseLedger {
  private readonly charging = new Set<string>();

  private constructor(
    readonly directory: string,
    private readonly units: Map<string, LedgerUnit>,
    private readonly writer: JournalWriter,
    private readonly lock: FolderLock,
    private readonly redact: (text: string) => string,
  ) {}

  get path(): string {
    return this.writer.path;
  }

  /** Reads the folder's ledger without locking it or writing (plan, verify, the Downloads view). */
  static async read(directory: string): Promise<Map<string, LedgerUnit>> {
    return (await PurchaseLedger.review(directory)).units;
  }

  /** read, and the lines it left out (plan says them). */
  static async review(directory: string): Promise<{ units: Map<string, LedgerUnit>; ignored: IgnoredLine[] }> {
    const ignored: IgnoredLine[] = [];
    const units = fold((await readJournal(join(directory, LEDGER_NAME))).lines, ignored);
    return { units, ignored };
  }

  /** Takes the folder's lock (or throws FolderBusyError naming its holder), then reads the journal
   * and opens it for appending. Close it when the run ends. */
  static async open(directory: string, options: LedgerOpenOptions): Promise<PurchaseLedger> {
    // Before the lock is made: a `git add` while the run holds the folder must not take the lock.
    await ignoreRunFilesInGit(directory);
    const lock = await FolderLock.acquire(directory, options.command, options.lock);
    try {
      const path = join(directory, LEDGER_NAME);
      const journal = await readJournal(path);
      const writer = await JournalWriter.open(path, journal.endsWithNewline);
      await removeStaleRunFiles(directory);
      return new PurchaseLedger(directory, fold(journal.lines), writer, lock, options.redact ?? ((text) => text));
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** At the start of a run that may buy nothing (an apply), under the folder's lock: the files a
   * killed run left removed (their names returned), and the units `adopt` names recorded as saved
   * (images the imagery file's lock records and the disk holds intact, which the ledger lacks:
   * lost with it, or bought before it), each unless a line of the ledger has its key by now. A
   * folder not made yet has neither. */
  static async tidy(directory: string, options: LedgerOpenOptions, adopt: readonly Adopted[] = []): Promise<string[]> {
    if (!(await lstat(directory).catch(() => undefined))?.isDirectory()) return [];
    await ignoreRunFilesInGit(directory);
    const lock = await FolderLock.acquire(directory, options.command, options.lock);
    try {
      const removed = await removeStaleRunFiles(directory);
      if (adopt.length > 0) await adoptUnits(directory, adopt);
      return removed;
    } finally {
      await lock.release();
    }
  }

  async close(): Promise<void> {
    await this.writer.close();
    await this.lock.release();
  }

  unit(key: string): LedgerUnit | undefined {
    return this.units.get(key);
  }

  /** Every unit the ledger holds, each in its latest state. */
  allUnits(): IterableIterator<LedgerUnit> {
    return this.units.values();
  }

  /** What to do with a unit: have it (saved, its file present: `savedFileState`), hold it (it
   * may have been paid for), or buy it (a saved unit's file gone or changed in place included). */
  async verdict(key: string): Promise<Verdict> {
    const unit = this.units.get(key);
    if (!unit) return { kind: 'buy' };
    if (HELD_STATES.has(unit.state)) return { kind: 'held', unit };
    if (unit.state !== 'saved') return { kind: 'buy', unit };
    if (unit.file === undefined) return { kind: 'have', unit, path: '' }; // uploaded by the service
    const path = join(this.directory, basename(unit.file));
    return (await savedFileState(this.directory, unit)) === 'present'
      ? { kind: 'have', unit, path }
      : { kind: 'buy', unit };
  }

  /** Before the billed call: on the disk when this resolves. */
  sending(key: string, facts: { id: string; kind: string; credits?: number }): Promise<void> {
    this.charging.delete(key);
    return this.write({ key, state: 'sending', ...facts }, true);
  }

  /** The answer arrived; recorded once per send, not flushed (the next state is). */
  charged(key: string): Promise<void> {
    if (this.charging.has(key)) return Promise.resolve();
    this.charging.add(key);
    return this.write({ key, state: 'charged' }, false);
  }

  /** The file is whole on the disk (`path` undefined: the service uploaded it). */
  async saved(key: string, path: string | undefined, bytes: number): Promise<void> {
    if (path === undefined) return this.write({ key, state: 'saved', bytes }, true);
    if (resolve(dirname(path)) !== resolve(this.directory)) throw new Error(`${path} is not in ${this.directory}`);
    const sha256 = await sha256OfFile(path);
    return this.write({ key, state: 'saved', file: basename(path), bytes, sha256, ...(await identityOf(path)) }, true);
  }

  /** After the billed call. The unit is on the disk as `sending` already (held on a rerun), so a
   * journal that cannot take this line (the disk that refused the image is full) loses nothing:
   * the state is kept for this run and the person is told what happened to the image itself. */
  async settle(
    key: string,
    state: 'lost' | 'refused' | 'charged-not-saved' | 'not-sent',
    reason?: string,
  ): Promise<void> {
    const fields = { key, state, ...(reason !== undefined ? { reason: this.redact(reason) } : {}) };
    try {
      await this.write(fields, true);
    } catch {
      this.units.set(key, { ...this.units.get(key), ...fields, at: new Date().toISOString() } as LedgerUnit);
    }
  }

  /** Carries a unit over from an older manifest (a saved one with its file's identity now). */
  async carryOver(entry: Omit<LedgerEntry, 'v' | 'at' | 'migrated'>): Promise<void> {
    const identity =
      entry.state === 'saved' && entry.file ? await identityOf(join(this.directory, basename(entry.file))) : {};
    return this.write({ ...entry, ...identity, migrated: true }, true);
  }

  private async write(fields: Omit<LedgerEntry, 'v' | 'at'>, sync: boolean): Promise<void> {
    const entry: LedgerEntry = { v: 1, ...dropUndefined(fields), at: new Date().toISOString() } as LedgerEntry;
    await this.writer.append(entry, sync);
    const { v: _v, ...unit } = entry;
    const before = this.units.get(entry.key);
    this.units.set(entry.key, {
      ...(before ? dropUndefined({ id: before.id, kind: before.kind, credits: before.credits }) : {}),
      ...unit,
    });
  }
}
