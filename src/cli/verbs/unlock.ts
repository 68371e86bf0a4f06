// `sat-imagery unlock FOLDER [--yes]`: each lock in the folder (an output folder's
// `sat-imagery.lock`, an apply's hold `NAME.lock.json.apply` beside an imagery file), whose it is
// (host, pid, command) and since when. With --yes it clears those no run will take over by itself
// or soon (another machine's, a gone process's, one that is no holder), never one of a run of this
// machine that still runs. Without --yes nothing is changed (exit 8, as `forget` and `orders
// cancel`); a lock it will not clear exits 1, as the refused run did.
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { APPLY_HOLD_SUFFIX } from '../../workflows/declared/declared-lock';
import { LOCK_NAME, unlockCommand } from '../../ledger/folder-lock';
import { clearLock, findLock, isClearable } from '../../ledger/folder-unlock';
import type { FoundLock } from '../../ledger/folder-unlock';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, UsageError } from '../exit-codes';

/** The folder's locks by name, sorted; a folder that cannot be listed is a local file error (exit 10). */
async function lockNames(directory: string): Promise<string[]> {
  const names = await readdir(directory);
  return names.filter((name) => name === LOCK_NAME || name.endsWith(APPLY_HOLD_SUFFIX)).sort();
}

/** Whose the lock is and since when, in words. */
function whose(lock: FoundLock): string {
  const { holder } = lock;
  if (!holder) return `written ${lock.since}`;
  const where = lock.state === 'other-machine' ? `on ${holder.host} (another machine)` : 'on this machine';
  return `held by pid ${holder.pid} ${where} since ${lock.since}, for: ${String(holder.command)}`;
}

/** What the lock means and what can be done about it. */
function meaning(lock: FoundLock, directory: string): string {
  const clear = `clear it: ${unlockCommand(directory)}`;
  switch (lock.state) {
    case 'running':
      return `pid ${lock.holder?.pid} on this machine still runs: it is not cleared; wait for that run to end, or stop it.`;
    case 'gone':
      return `pid ${lock.holder?.pid} no longer runs: the next run takes the lock over by itself; or ${clear}`;
    case 'reused':
      return `pid ${lock.holder?.pid} runs, but it is another process than the run that took the lock (it started at another time): that run is gone; the next run takes the lock over by itself; or ${clear}`;
    case 'other-machine':
      return `A lock of another machine is never taken over. If no run on ${lock.holder?.host} uses this folder now (a lock copied with the folder or committed to a repository), ${clear}`;
    case 'unreadable':
      return `No holder can be read from it (it is not a regular file, or not a lock a run wrote): no run takes it over. If no run uses this folder now, ${clear}`;
    case 'starting':
      return 'No holder can be read from it yet, and it was written moments ago: a run may be starting. Look again in half a minute.';
    case 'folder':
      return 'It is a folder, not a lock: it is not removed.';
  }
}

export async function unlockVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const [folder] = context.rest;
  if (folder === undefined) throw new UsageError("'unlock' needs the folder: sat-imagery unlock FOLDER [--yes].");
  const directory = resolve(folder);
  const yes = context.options.flag('yes');
  const found: FoundLock[] = [];
  for (const name of await lockNames(directory)) {
    const lock = await findLock(join(directory, name));
    if (lock) found.push(lock);
  }
  const outcomes: { lock: FoundLock; cleared: boolean }[] = [];
  for (const lock of found) outcomes.push({ lock, cleared: yes && (await clearLock(lock)) });
  const json = {
    folder: directory,
    locks: outcomes.map(({ lock, cleared }) => ({
      file: lock.path,
      ...(lock.holder
        ? { host: lock.holder.host, pid: lock.holder.pid, command: lock.holder.command, since: lock.since }
        : { since: lock.since }),
      state: lock.state,
      cleared,
    })),
  };
  const kept = outcomes.filter(({ lock, cleared }) => !cleared && (yes || !isClearable(lock)));
  context.terminal.result(json, () => {
    if (found.length === 0) return `No lock in ${directory}.`;
    const lines = outcomes.map(({ lock, cleared }) =>
      cleared
        ? `Cleared ${lock.path}: ${whose(lock)}.`
        : yes && isClearable(lock)
          ? `${lock.path} changed while it was looked at (another run took the folder): not cleared; run unlock again.`
          : `${lock.path}: ${whose(lock)}.\n  ${meaning(lock, directory)}`,
    );
    if (!yes && outcomes.some(({ lock }) => isClearable(lock))) lines.push('Nothing was changed.');
    return lines.join('\n');
  });
  if (kept.length > 0) return ExitCode.failure;
  return !yes && found.length > 0 ? ExitCode.notConfirmed : ExitCode.ok;
}
