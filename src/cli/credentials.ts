// Where the key and the service address come from. The key: SAT_IMAGERY_API_KEY, or a file named
// by --api-key-file that only its owner can read (a key others can read is as good as leaked:
// refused, like ssh does with private keys). Never a flag: argv shows in the process list. The
// address: --base-url or SAT_IMAGERY_BASE_URL, https only except on loopback, as in the extension.
import type { Stats } from 'node:fs';
import { withBoundedFile } from '../files/bounded-read';
import { isHttpsOrLoopback } from '../api/loopback';
import { CliError, ExitCode, UsageError } from './exit-codes';
import { unreadableFileMessage } from './file-errors';

const DEFAULT_BASE_URL = 'https://api.clearsky.vision';
const KEY_VARIABLE = 'SAT_IMAGERY_API_KEY';
const BASE_URL_VARIABLE = 'SAT_IMAGERY_BASE_URL';

/** A key is some tens of characters: a larger "key file" is not one, and is not read. */
const KEY_FILE_LIMIT = 4096;

export async function readApiKey(keyFile: string | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  if (keyFile === undefined) {
    const key = env[KEY_VARIABLE]?.trim();
    if (!key)
      throw new CliError(
        `No API key: set ${KEY_VARIABLE}, or name a file only you can read with --api-key-file.`,
        ExitCode.auth,
      );
    return key;
  }
  let key: string;
  try {
    // The opened file's owner and mode are checked, not the name's, before a byte of it is read.
    key = (
      await withBoundedFile(keyFile, KEY_FILE_LIMIT, (file) => {
        checkOwnerOnly(keyFile, file.stat);
        return file.text();
      })
    ).trim();
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(unreadableFileMessage('the key file', keyFile, error), ExitCode.auth);
  }
  if (!key) throw new CliError(`The key file ${keyFile} is empty.`, ExitCode.auth);
  if (/\s/.test(key))
    throw new CliError(`The key file ${keyFile} must hold the key alone, on one line.`, ExitCode.auth);
  return key;
}

/** A key others can read is as good as leaked: refused, like ssh does with private keys. */
function checkOwnerOnly(keyFile: string, { mode, uid: owner }: Stats): void {
  const me = process.getuid?.();
  if (me !== undefined && owner !== me)
    throw new CliError(
      `The key file ${keyFile} belongs to another user: refused. Use a file of your own (chmod 600).`,
      ExitCode.auth,
    );
  if (me !== undefined && (mode & 0o077) !== 0) {
    throw new CliError(
      `The key file ${keyFile} can be read by others (mode ${(mode & 0o777).toString(8)}): refused. Run chmod 600 ${keyFile}.`,
      ExitCode.auth,
    );
  }
}

export function readBaseUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const raw = (flag ?? env[BASE_URL_VARIABLE] ?? '').trim() || DEFAULT_BASE_URL;
  const source = flag !== undefined ? '--base-url' : env[BASE_URL_VARIABLE] ? BASE_URL_VARIABLE : 'the default';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${source} ("${raw}") is not a valid address.`);
  }
  if (!isHttpsOrLoopback(url)) {
    if (url.protocol === 'http:')
      throw new UsageError(
        `Refusing to send the API key over plain http to ${url.host} (${source}): use https (http is allowed only for localhost).`,
      );
    throw new UsageError(`${source} uses "${url.protocol}": use an https:// address.`);
  }
  if (url.username || url.password || url.search || url.hash)
    throw new UsageError(`${source} must be a plain address, without credentials, query or fragment.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
