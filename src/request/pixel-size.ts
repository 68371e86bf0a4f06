// The ground size of an image's pixels as the file says, not as the request asked: the service may
// send coarser pixels than asked (30 m for 10 m over a large area). A composite's name and its
// STAC Item's `gsd` say what the file is.
import { basename, dirname, join } from 'node:path';
import { isNameTaken, moveExclusive } from '../files/safe-files';

/** Metres per pixel (north-south), rounded to 0.1 m, from a file's EPSG and pixel size; degrees
 * of EPSG:4326 are taken at 110,574 m per degree of latitude. Undefined when it cannot be said. */
export function metresPerPixel(
  epsg: number | undefined,
  resolution: readonly [number, number] | readonly number[],
): number | undefined {
  const size = Math.abs(resolution[1] ?? resolution[0] ?? NaN);
  if (!Number.isFinite(size) || size <= 0 || epsg === undefined) return undefined;
  const metres = epsg === 4326 ? size * 110_574 : size;
  return Math.round(metres * 10) / 10;
}

/** Reads the file's pixel size in metres; undefined when the file cannot be read. */
async function filePixelMetres(path: string): Promise<number | undefined> {
  try {
    const { RasterFile } = await import('../raster');
    const raster = await RasterFile.open(path);
    const m = raster.metadata;
    await raster.close();
    return metresPerPixel(m.epsg, m.resolution);
  } catch {
    return undefined;
  }
}

/** True when a file's pixel size (metres) is another than the one asked: a grid's pixel count is
 * rounded to the area (and degrees are converted at one latitude), so a few percent off the asked
 * size is that size; coarser pixels come in whole multiples. */
export function isOtherPixelSize(actual: number, asked: number): boolean {
  return Math.abs(actual / asked - 1) >= 0.25;
}

/** Renames `…-<asked>m-…` to the file's own pixel size (in whole metres) when it is another
 * (a quarter or more away from the asked size); the file keeps its name when the other one is taken. Returns its path;
 * never throws (the image is paid for). */
export async function nameByPixelSize(path: string, asked: number, log?: (line: string) => void): Promise<string> {
  const actual = await filePixelMetres(path);
  if (actual === undefined || !isOtherPixelSize(actual, asked)) return path;
  const shown = Math.round(actual);
  const tag = `-${asked}m-`;
  const name = basename(path);
  if (!name.includes(tag)) return path;
  const renamed = join(dirname(path), name.replace(tag, `-${shown}m-`));
  try {
    await moveExclusive(path, renamed);
  } catch (error) {
    // A paid image is never lost to a rename: it keeps the name it has.
    log?.(
      `${name} has ${shown} m pixels (${asked} m were asked); it keeps its name (${isNameTaken(error) ? `${basename(renamed)} is taken` : (error as Error).message}).`,
    );
    return path;
  }
  log?.(`The service sent ${shown} m pixels where ${asked} m were asked: saved as ${basename(renamed)}.`);
  return renamed;
}

/** The pixel size a file's name says (`…-30m-…`: the asked size, or the file's own once
 * nameByPixelSize renamed it), in metres. */
function pixelSizeInName(path: string): number | undefined {
  const found = /-(\d+(?:\.\d+)?)m-/.exec(basename(path));
  return found ? Number(found[1]) : undefined;
}

/** "The service sent 30 m pixels where 10 m were asked (7 of 7 images)": what a run's files say of
 * their pixels beside the size asked; undefined when every file has the size asked. */
export function coarserPixelsNote(files: readonly string[], asked: unknown): string | undefined {
  if (typeof asked !== 'number') return undefined;
  const other = files.map(pixelSizeInName).filter((size): size is number => size !== undefined && size !== asked);
  if (other.length === 0) return undefined;
  const sizes = [...new Set(other)].sort((a, b) => a - b).join(' and ');
  return `The service sent ${sizes} m pixels where ${asked} m were asked (${other.length} of ${files.length} image${files.length === 1 ? '' : 's'}); the file names say so.`;
}
