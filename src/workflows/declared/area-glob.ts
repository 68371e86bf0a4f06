// The area files a dataset or an order names: one path, or a glob with `*` and `?` in its file
// name only (`fields/*.geojson`), relative to the imagery file. Only regular files match, sorted,
// and never more than MAX_AREA_FILES; the folder part is taken as it is written.
import { lstat, readdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const MAX_AREA_FILES = 1000;

function isGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** Why the pattern cannot name area files, or undefined. */
export function areaPatternProblem(pattern: string): string | undefined {
  if (isAbsolute(pattern))
    return `'${pattern}' is absolute: name area files relative to the imagery file, so the repository works wherever it is cloned`;
  if (isGlob(dirname(pattern))) return `'${pattern}': a glob may use * and ? in the file name only, not in its folders`;
  return undefined;
}

function globRegExp(name: string): RegExp {
  const body = name
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}

/** The files, as paths relative to `base` with forward slashes (what the lock records). */
export async function expandArea(base: string, pattern: string): Promise<string[]> {
  const folder = resolve(base, dirname(pattern));
  if (!isGlob(pattern)) {
    const info = await lstat(resolve(base, pattern)).catch(() => undefined);
    return info?.isFile() ? [toSlashes(relative(base, resolve(base, pattern)))] : [];
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
