// One run at a time in an output folder: a lock file created exclusively (O_EXCL|O_NOFOLLOW) that
// names its holder (pid, host, start time, command, the process's start as the system counts it)
// and a random token. A second run waits a
// little, then is refused with the holder's name: two windows, or the command line and the
// extension, never buy the same images side by side. A lock left by a process that is gone (same
// host, its pid no longer running, or running another process than the one that took the lock:
// process-alive.ts) is taken over: moved aside under a fresh name (rename is
// atomic, so of two runs taking it over only one moves it), checked to be the dead holder's by its
// token, then removed; a fresh lock moved aside by mistake is put back. A lock of another machine
// (whose processes this one cannot see) is never taken over, nor one whose file cannot be read
// that is no regular file: the refusal names the holder and `sat-imagery unlock FOLDER`, which
// explains the lock and clears it when the person says so (folder-unlock.ts).
import { randomBytes } from 'node:crypto';
import { link, lstat, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readTextBounded } from '../files/bounded-read';
import { writeFileExclusive } from '../files/safe-files';
import { FolderBusyError } from './folder-busy';
import { isHolderAlive, processStartOf } from './process-alive';

export const LOCK_NAME = 'sat-imagery.lock';

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
  token: string;
  /** When the holder's process started, as the system counts it (process-alive.ts); absent in
   * locks of older versions and where the system does not say. */
  processStart?: string;
}

export interface LockOptions {
  /** How long a second run waits for the holder to finish (default 3 s). */
  waitMs?: number;
  pollMs?: number;
  /** The lock file's name in the folder (LOCK_NAME by default), what the refusal says is held
   * ("The output folder DIR") and what to do. */
  what?: { name: string; held: string; advice: string };
}

/** A lock whose content cannot be read (a run killed between creating and writing it) is taken
 * as stale after this long. */
export const UNREADABLE_STALE_MS = 30_000;

/** A holder's few lines; a larger lock file is not one of ours. */
const MAX_HOLDER_BYTES = 4096;

export async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    // A FIFO at the lock's name (a repository can hold one) is not waited on: no holder known.
    const value = JSON.parse(await readTextBounded(path, MAX_HOLDER_BYTES, { noFollow: true })) as Partial<LockHolder>;
    return typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.token === 'string'
      ? (value as LockHolder)
      : undefined;
  } catch {
    return undefined;
  }
}

function describeHolder(holder: LockHolder | undefined): string {
  if (!holder) return 'another run (its lock file cannot be read)';
  return `another run (pid ${holder.pid} on ${holder.host}, since ${holder.startedAt}: ${holder.command})`;
}

/** The command that explains and clears the folder's locks, as a shell takes it. */
export function unlockCommand(directory: string): string {
  const word = /^[\w@%+=:,./-]+$/.test(directory) ? directory : `'${directory.replace(/'/g, "'\\''")}'`;
  return `sat-imagery unlock ${word} --yes`;
}

/** What to do about a lock no run here will take over: another machine's, or one that is no file
 * of a run (a lock copied with the folder or committed to a repository blocks every run forever). */
function adviceFor(holder: LockHolder | undefined, directory: string, advice: string): string {
  if (!holder)
    return `${advice} If it stays (a lock that came with the folder), clear it with: ${unlockCommand(directory)}`;
  if (holder.host === hostname()) return advice;
  return `That run is on another machine, whose locks are never taken over here: if no run on ${holder.host} uses this folder now (a lock copied with the folder or committed to a repository), clear it with: ${unlockCommand(directory)}`;
}

export class FolderLock {
  private constructor(
    readonly path: string,
    readonly holder: LockHolder,
  ) {}

  /** Takes the folder's lock, waiting up to `waitMs` for another run; throws FolderBusyError naming
   * the holder when it does not end in time. */
  static async acquire(directory: string, command: string, options: LockOptions = {}): Promise<FolderLock> {
    const path = join(directory, options.what?.name ?? LOCK_NAME);
    const holder: LockHolder = {
      pid: process.pid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      command: command.slice(0, 200),
      token: randomBytes(12).toString('hex'),
      processStart: await processStartOf(process.pid),
    };
    const deadline = Date.now() + (options.waitMs ?? 3_000);
    for (;;) {
      try {
        await writeFileExclusive(path, `${JSON.stringify(holder)}\n`);
        return new FolderLock(path, holder);
      } catch (error) {
        if ((error as { cause?: { code?: unknown } }).cause?.code !== 'EEXIST') throw error;
      }
      const current = await readHolder(path);
      if (await isStale(path, current)) {
        await removeLock(path, current);
        continue;
      }
      if (Date.now() >= deadline) {
        const advice = options.what?.advice ?? 'Wait for it to finish, or choose another folder.';
        throw new FolderBusyError(
          `${options.what?.held ?? `The output folder ${directory}`} is in use by ${describeHolder(current)}. Nothing was sent. ${adviceFor(current, directory, advice)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
    }
  }

  /** Removes the lock if it is still ours. */
  async release(): Promise<void> {
    const current = await readHolder(this.path);
    if (current?.token === this.holder.token) await unlink(this.path).catch(() => undefined);
  }
}

async function isStale(path: string, holder: LockHolder | undefined): Promise<boolean> {
  if (holder) return holder.host === hostname() && !(await isHolderAlive(holder));
  const info = await lstat(path).catch(() => undefined);
  // Gone meanwhile: not stale, just try again. A link or a folder at the name is never ours to remove.
  if (!info || !info.isFile()) return false;
  return Date.now() - info.mtimeMs > UNREADABLE_STALE_MS;
}

/** Removes the lock `expected` held (undefined: one whose holder could not be read); true when it
 * did. A lock that changed meanwhile (another run's, fresh) is put back and left. */
export async function removeLock(path: string, expected: LockHolder | undefined): Promise<boolean> {
  const aside = `${path}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(path, aside);
  } catch {
    return false; // another run moved it first
  }
  const moved = await readHolder(aside);
  const changed = moved !== undefined && moved.token !== expected?.token;
  if (changed) {
    // A live run's fresh lock was moved aside: put it back (exclusively: never over a newer one).
    await link(aside, path).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
  return !changed;
}
