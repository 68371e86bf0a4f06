// A run that made its output folder and bought nothing in it (its cost not confirmed, nothing to
// buy) leaves no folder behind: what opening the folder for a run wrote there (an empty purchase
// ledger, the .gitignore of run files) is taken away again, and the folder with it. Anything
// else in the folder (a file the run wrote, or someone else's) keeps all of it.
import { lstat, readdir, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextBounded } from '../files/bounded-read';
import { FolderLock, LOCK_NAME } from './folder-lock';
import { LEDGER_NAME } from './ledger-journal';
import { RUN_FILES_GITIGNORE } from './run-files-gitignore';

/** True for a file opening a folder for a run writes, as it wrote it. */
async function openedOnly(directory: string, name: string): Promise<boolean> {
  const path = join(directory, name);
  const info = await lstat(path).catch(() => undefined);
  if (!info?.isFile()) return false;
  if (name === LEDGER_NAME) return info.size === 0;
  if (name !== '.gitignore') return false;
  return (await readTextBounded(path, 64 * 1024).catch(() => undefined)) === RUN_FILES_GITIGNORE;
}

/** Removes `directory`, which this run made, when it holds only what opening it wrote. Done
 * under the folder's lock, taken again: a run that took the folder meanwhile keeps its ledger. */
export async function removeUnusedFolder(directory: string, command: string): Promise<void> {
  const lock = await FolderLock.acquire(directory, command).catch(() => undefined);
  if (!lock) return;
  let empty = false;
  try {
    const names = (await readdir(directory)).filter((name) => name !== LOCK_NAME);
    const unused = await Promise.all(names.map((name) => openedOnly(directory, name)));
    if (unused.every(Boolean)) {
      for (const name of names) await unlink(join(directory, name));
      empty = true;
    }
  } catch {
    empty = false;
  } finally {
    await lock.release();
  }
  if (empty) await rmdir(directory).catch(() => undefined);
}
