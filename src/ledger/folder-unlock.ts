// What `sat-imagery unlock FOLDER` knows of a lock: whose it is (host, pid, command) and since when,
// and whether it may be cleared. A run takes over by itself only a lock of this machine whose
// process is gone; a lock of another machine (whose processes this one cannot see) or one that is
// no lock a run wrote (a FIFO, a link, text that is no holder) would hold the folder forever, as a
// lock copied with the folder or committed to a repository does. Those are cleared only when the
// person says so; the lock of a run of this machine that still runs never is, nor a folder at a
// lock's name. Clearing moves the lock aside first and puts it back when it is no longer the lock
// that was looked at (another run took the folder meanwhile), as a takeover does (folder-lock.ts).
import { lstat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { UNREADABLE_STALE_MS, readHolder, removeLock } from './folder-lock';
import type { LockHolder } from './folder-lock';
import { isHolderAlive, isProcessAlive } from './process-alive';

/**
 * - `running`: a process of this machine that still runs holds it: never cleared.
 * - `gone`: this machine's, its process gone: the next run takes it over anyway.
 * - `reused`: this machine's, its pid now another process's (started at another time than the
 *   lock's): the holder is gone, and the next run takes it over too.
 * - `other-machine`: never taken over by a run; cleared when the person knows no run there uses it.
 * - `unreadable`: no holder can be read from it (not a regular file, or not a holder's text).
 * - `starting`: a regular file without a holder yet, written moments ago: a run may be starting.
 * - `folder`: a folder at the lock's name: not ours to remove.
 */
type LockState = 'running' | 'gone' | 'reused' | 'other-machine' | 'unreadable' | 'starting' | 'folder';

export interface FoundLock {
  path: string;
  state: LockState;
  holder?: LockHolder;
  /** When the holder started, else when the file was last written (ISO). */
  since: string;
}

const CLEARABLE: ReadonlySet<LockState> = new Set(['gone', 'reused', 'other-machine', 'unreadable']);

export function isClearable(lock: FoundLock): boolean {
  return CLEARABLE.has(lock.state);
}

/** The lock at `path`, or undefined when there is none. */
export async function findLock(path: string): Promise<FoundLock | undefined> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!info) return undefined;
  const written = info.mtime.toISOString();
  if (info.isDirectory()) return { path, state: 'folder', since: written };
  const holder = await readHolder(path);
  if (!holder) {
    const fresh = info.isFile() && Date.now() - info.mtimeMs < UNREADABLE_STALE_MS;
    return { path, state: fresh ? 'starting' : 'unreadable', since: written };
  }
  const since = typeof holder.startedAt === 'string' ? holder.startedAt : written;
  if (holder.host !== hostname()) return { path, state: 'other-machine', holder, since };
  if (!isProcessAlive(holder.pid)) return { path, state: 'gone', holder, since };
  return { path, state: (await isHolderAlive(holder)) ? 'running' : 'reused', holder, since };
}

/** Removes a clearable lock if it is still the one found; false when it changed meanwhile. */
export async function clearLock(lock: FoundLock): Promise<boolean> {
  if (!isClearable(lock)) return false;
  return removeLock(lock.path, lock.holder);
}
