// GDAL, the reference a GIS user trusts, read from the tests. It is required, not optional: the
// test host installs gdal-bin (scripts/install-test-host.sh), and a missing gdalinfo fails the
// test that needs it with the command that installs it.
import { execFileSync } from 'node:child_process';

function run(command: string, args: string[], input?: string, cwd?: string): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, cwd, ...(input === undefined ? { stdio: ['ignore', 'pipe', 'pipe'] } : { input }) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${command} is missing: GDAL is required by these tests (apt-get install gdal-bin, or bash scripts/install-test-host.sh).`);
    }
    throw error;
  }
}

interface GdalBand {
  band: number;
  block: [number, number];
  type: string;
  description?: string;
  noDataValue?: number | string;
  minimum?: number;
  maximum?: number;
  mean?: number;
  metadata?: Record<string, Record<string, string>>;
}

export interface GdalInfo {
  size: [number, number];
  coordinateSystem?: { wkt: string };
  geoTransform: number[];
  cornerCoordinates: Record<'upperLeft' | 'lowerLeft' | 'upperRight' | 'lowerRight' | 'center', [number, number]>;
  wgs84Extent?: { coordinates: [number, number][][] };
  metadata: Record<string, Record<string, string>>;
  bands: GdalBand[];
}

export function gdalinfo(file: string, stats = false): GdalInfo {
  return JSON.parse(run('gdalinfo', ['-json', ...(stats ? ['-stats'] : []), file])) as GdalInfo;
}

/** A STAC ItemCollection opened by GDAL's STACIT driver: one mosaic of its Items' assets, placed by
 * their `proj:*` fields. GDAL 3.6 opens a relative asset href from its working directory, not
 * from the collection's folder, so it is run in that folder. */
export function gdalinfoStacItems(folder: string, collectionName: string): GdalInfo & { files: string[] } {
  return JSON.parse(run('gdalinfo', ['-json', `STACIT:"${collectionName}"`], undefined, folder)) as GdalInfo & { files: string[] };
}

/** The EPSG code GDAL reads from the file's georeferencing (the CRS's last ID). */
export function epsgOf(info: GdalInfo): number | undefined {
  const ids = [...(info.coordinateSystem?.wkt ?? '').matchAll(/ID\["EPSG",(\d+)\]/g)];
  const last = ids.at(-1);
  return last ? Number(last[1]) : undefined;
}

/** Raw pixel values of every band at a pixel (column, row), as GDAL reads them. */
export function gdalPixel(file: string, column: number, row: number): number[] {
  const out = run('gdallocationinfo', ['-valonly', file, String(column), String(row)]);
  return out.trim().split(/\s+/).map(Number);
}

/** Raw values of every band at many pixels in one gdallocationinfo run (it reads them from stdin). */
export function gdalPixels(file: string, pixels: [number, number][], bands: number, lonLat = false): number[][] {
  const out = run('gdallocationinfo', ['-valonly', ...(lonLat ? ['-wgs84'] : []), file], pixels.map(([x, y]) => `${x} ${y}`).join('\n') + '\n');
  const values = out.trim().split(/\s+/).map(Number);
  return pixels.map((_, i) => values.slice(i * bands, (i + 1) * bands));
}

export function gdalTranslate(args: string[]): void {
  run('gdal_translate', ['-q', ...args]);
}

export function gdalAddOverviews(file: string, levels: number[]): void {
  run('gdaladdo', ['-q', '-r', 'average', file, ...levels.map(String)]);
}
