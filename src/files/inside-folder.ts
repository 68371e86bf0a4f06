// Paths that a file in a person's folder names (a lock's images, a purchase ledger's files, an
// imagery file's areas) are data someone else may have written: a cloned repository can commit
// `../../../etc/passwd`, or a folder `lnk -> /etc` and a path `lnk/passwd` through it. Such a path
// is read only when it stays inside its folder as written (no absolute path, no `..` out of it) and
// no folder on the way is a symbolic link. The last part is left to the reader, which reads only a
// regular file there (lstat, O_NOFOLLOW: safe-files.ts' rule), so a link in its place is refused
// by that. Writes follow the same rule in safe-files.ts and engine/output-folder.ts.
import { lstat, readlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** `path` (relative to `folder`, as a file there names it) as a path inside `folder`, or undefined
 * when it is absolute, the folder itself, or leaves it by `..` (`../b` from `a` is `b` when the
 * folder is `a`: resolved as written, as the reader resolves it). */
export function pathInside(folder: string, path: string): string | undefined {
  if (isAbsolute(path)) return undefined;
  const inside = relative(resolve(folder), resolve(folder, path));
  return inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside) ? undefined : inside;
}

/** True when `name` is a file's own name in its folder: no folder in it, not `.` or `..` (what a
 * purchase ledger records of the images it saved). */
export function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[/\\]/.test(name) && !name.includes('\0');
}

interface LinkOnTheWay {
  /** The folder that is a link, relative to the folder the path starts from, with forward slashes. */
  link: string;
  /** Where it points, as the link says ('?' when it cannot be read). */
  target: string;
}

/** The first folder on the way from `folder` to `inside` (a path pathInside gave) that is a
 * symbolic link, or undefined: every folder is a real one, or the way ends at one not there. */
export async function linkOnTheWay(folder: string, inside: string): Promise<LinkOnTheWay | undefined> {
  const parts = inside.split(sep).slice(0, -1);
  for (let i = 0; i < parts.length; i++) {
    const at = join(folder, ...parts.slice(0, i + 1));
    const info = await lstat(at).catch(() => undefined);
    if (!info) return undefined;
    if (info.isSymbolicLink())
      return { link: parts.slice(0, i + 1).join('/'), target: await readlink(at).catch(() => '?') };
  }
  return undefined;
}
