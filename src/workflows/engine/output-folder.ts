// The output folder is checked before any billed call: a download whose answer cannot be saved
// has been paid for all the same. It must exist or be creatable, be a folder, and be writable.
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import { WorkflowError } from './errors';

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
  return new WorkflowError('invalid-option', `Could not write to the output folder ${directory}: ${why}. Nothing was sent; choose another folder (satImagery.outputDirectory) or fix its permissions.`);
}

function reason(err: unknown): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${problems[code] ?? 'file system error'} (${code})` : String(err);
}

/** Creates `directory` when missing and checks that files can be written in it; throws a
 * WorkflowError ('invalid-option') saying what is wrong otherwise. */
export async function checkOutputFolder(directory: string): Promise<void> {
  try {
    await mkdir(directory, { recursive: true });
  } catch (err) {
    throw unusable(directory, reason(err));
  }
  const info = await stat(directory).catch((err: unknown) => {
    throw unusable(directory, reason(err));
  });
  if (!info.isDirectory()) throw unusable(directory, 'it is a file, not a folder');
  try {
    await access(directory, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw unusable(directory, reason(err));
  }
}
