// The area files a dataset or an order names: one path, or a glob with `*` and `?` in its file
// name only (`fields/*.geojson`), relative to the imagery file. Only regular files match, sorted,
// and never more than MAX_AREA_FILES; the folder part is taken as it is written. An imagery file
// comes with a repository someone else wrote, and its areas are read and sent to be priced: so
// only the imagery file's folder and the folders under it are read, never `../elsewhere` nor
// through a folder that is a link (files/inside-folder.ts), nor a file that is a link itself.
import { lstat, readdir, readlink } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { linkOnTheWay, pathInside } from '../../files/inside-folder';

const MAX_AREA_FILES = 1000;

function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** Why the pattern cannot name area files of the imagery file in `base`, or undefined. */
export function areaPatternProblem(base: string, pattern: string): string | undefined {
  if (isAbsolute(pattern))
    return `'${pattern}' is absolute: name area files relative to the imagery file, so the repository works wherever it is cloned`;
  if (pathInside(base, pattern) === undefined)
    return `'${pattern}' is outside the imagery file's folder: area files are read only from it and the folders under it`;
  if (isGlob(dirname(pattern))) return `'${pattern}': a glob may use * and ? in the file name only, not in its folders`;
  return undefined;
}

/** Area files are read only where the repository's own files are: not through a link. */
function throughLink(pattern: string, link: string, target: string): Error {
  return new Error(
    `'${pattern}': ${link} is a symbolic link (to ${target}): area files are read only from the imagery file's folder and the folders under it, never through a link`,
  );
}

function globRegExp(name: string): RegExp {
  const body = name
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

/** The files, as paths relative to `base` with forward slashes (what the lock records). The
 * pattern is one areaPatternProblem accepts; a folder on its way that is a link throws. */
export async function expandArea(base: string, pattern: string): Promise<string[]> {
  const inside = pathInside(base, pattern);
  if (inside === undefined) throw new Error(areaPatternProblem(base, pattern));
  const way = await linkOnTheWay(base, inside);
  if (way) throw throughLink(pattern, way.link, way.target);
  const folder = resolve(base, dirname(pattern));
  if (!isGlob(pattern)) {
    const path = resolve(base, pattern);
    const info = await lstat(path).catch(() => undefined);
    if (info?.isSymbolicLink()) throw throughLink(pattern, toSlashes(inside), await readlink(path).catch(() => '?'));
    return info?.isFile() ? [toSlashes(relative(base, path))] : [];
  }
  const test = globRegExp(basename(pattern));
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => test.test(name)).sort();
  const files: string[] = [];
  for (const name of names) {
    const info = await lstat(join(folder, name)).catch(() => undefined);
    if (info?.isFile()) files.push(toSlashes(relative(base, join(folder, name))));
    if (files.length > MAX_AREA_FILES)
      throw new Error(`'${pattern}' matches more than ${MAX_AREA_FILES} files; narrow it.`);
  }
  return files;
}

function toSlashes(path: string): string {
  return path.split(sep).join('/');
}
