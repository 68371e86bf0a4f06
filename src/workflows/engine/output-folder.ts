// The output folder is checked before any billed call: a download whose answer cannot be saved
// has been paid for all the same. It must exist or be creatable, be a folder, and be writable.
// It must not be a symbolic link, nor lie under one inside the workspace: a cloned repository can
// commit `imagery -> ~/elsewhere`, and every paid image would be written there. And a `.part` a
// dead run left behind (kill -9 mid-download) is removed; one a live process writes never is.
import { constants } from 'node:fs';
import { access, lstat, mkdir, readdir, readlink, unlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { HOST_TAG, partOwner } from '../../api/part-name';
import { WorkflowError } from '../../request/workflow-error';
import { isProcessAlive } from '../../ledger/process-alive';

const problems: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EEXIST: 'it is a file, not a folder',
  ENAMETOOLONG: 'its path is too long',
  ENOSPC: 'the disk is full',
};

function unusable(directory: string, why: string): WorkflowError {
  return new WorkflowError(
    'invalid-option',
    `Could not write to the output folder ${directory}: ${why}. Nothing was sent; choose another folder (satImagery.outputDirectory) or fix its permissions.`,
  );
}

function reason(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${problems[code] ?? 'file system error'} (${code})` : String(err);
}

/** The folder itself, and every folder between the workspace and it, as far as they exist. */
function pathsToCheck(directory: string, workspace: string | undefined): string[] {
  const target = resolve(directory);
  if (workspace === undefined) return [target];
  const inside = relative(resolve(workspace), target);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return [target];
  const parts = inside.split(sep);
  return parts.map((_, i) => join(resolve(workspace), ...parts.slice(0, i + 1)));
}

/** Refuses a symbolic link at the folder or at a folder above it inside the workspace. */
async function refuseLinks(directory: string, workspace: string | undefined): Promise<void> {
  for (const path of pathsToCheck(directory, workspace)) {
    const info = await lstat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw unusable(directory, reason(err));
    });
    if (!info) return; // made by mkdir below: nothing further down exists either
    if (!info.isSymbolicLink()) continue;
    const target = await readlink(path).catch(() => '?');
    const which = path === resolve(directory) ? 'it is a symbolic link' : `${path} is a symbolic link`;
    throw unusable(
      directory,
      `${which} (to ${target}), and a folder that points elsewhere is never written through; use the folder it points to by its own path, or another folder`,
    );
  }
}

/** Removes the `.part` files of this machine's processes that are no longer running; returns
 * their names. A `.part` of this process, of a live one or of another machine is left alone. */
export async function removeStaleParts(directory: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(directory).catch(() => [] as string[])) {
    const owner = partOwner(name);
    if (!owner || owner.host !== HOST_TAG || owner.pid === process.pid || isProcessAlive(owner.pid)) continue;
    const path = join(directory, name);
    const info = await lstat(path).catch(() => undefined);
    if (info?.isFile())
      await unlink(path).then(
        () => removed.push(name),
        () => undefined,
      );
  }
  return removed;
}

/** Creates `directory` when missing and checks that files can be written in it; throws a
 * WorkflowError ('invalid-option') saying what is wrong otherwise. `workspace`: the folder the
 * person works in (the CLI's current folder, the editor's workspace folder); links inside it on the
 * way to `directory` are refused too. */
export async function checkOutputFolder(directory: string, workspace?: string): Promise<void> {
  await refuseLinks(directory, workspace);
  try {
    await mkdir(directory, { recursive: true });
  } catch (err) {
    throw unusable(directory, reason(err));
  }
  const info = await lstat(directory).catch((err: unknown) => {
    throw unusable(directory, reason(err));
  });
  if (info.isSymbolicLink()) throw unusable(directory, 'it is a symbolic link');
  if (!info.isDirectory()) throw unusable(directory, 'it is a file, not a folder');
  try {
    await access(directory, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw unusable(directory, reason(err));
  }
  await removeStaleParts(directory);
}
