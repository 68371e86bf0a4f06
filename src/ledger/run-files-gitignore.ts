// The files of one run on this machine must never reach a commit by accident: above all the folder
// lock, since a lock committed from another machine holds the folder for everyone who clones it
// (a lock of another machine is never taken over). So an output folder inside a Git work tree gets
// a `.gitignore` naming them, when it has none: the purchase ledger, the lock and a lock moved aside
// while it is taken over, a download's `.part`, and the temporary file a file is replaced through
// (the manifest's, the STAC files'). A `.gitignore` already there is the person's and is left as it is; a folder
// outside Git gets none (nothing to keep out of a commit, and nothing of ours left lying about).
// The lock stays in the folder rather than in a per-user place because it must hold against every
// process that reaches the folder (two users, a container and its host, two machines on a shared
// disk), which only a file in the folder itself does.
import { lstat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { writeFileExclusive } from '../files/safe-files';
import { LOCK_NAME } from './folder-lock';
import { LEDGER_NAME } from './ledger-journal';

// The purchase ledger too: it is this machine's journal of what the key paid for, and one a
// repository carried would be read as such (a forged `saved` line makes plan call an image `have`).
// What a repository keeps of a purchase is imagery.json and its lock.
export const RUN_FILES_GITIGNORE = `# Written by sat-imagery: the files of a run on this machine, never meant for a commit.
/${LEDGER_NAME}
/${LOCK_NAME}
/${LOCK_NAME}.*.stale
/*.part
/.*.tmp
`;

/** True when `directory` or a folder above it holds `.git` (a folder, or a worktree's file). */
async function insideGitWorkTree(directory: string): Promise<boolean> {
  const holdsGit = (folder: string) =>
    lstat(join(folder, '.git')).then(
      () => true,
      () => false,
    );
  for (let folder = resolve(directory); ; folder = dirname(folder)) {
    if (await holdsGit(folder)) return true;
    if (dirname(folder) === folder) return false;
  }
}

/** Writes the folder's `.gitignore` of run files when it is in a Git work tree and has none. A
 * failure is no failure of the run: the ignore file is a courtesy, the lock works without it. */
export async function ignoreRunFilesInGit(directory: string): Promise<void> {
  if (!(await insideGitWorkTree(directory))) return;
  await writeFileExclusive(join(directory, '.gitignore'), RUN_FILES_GITIGNORE).catch(() => undefined);
}
