// Writes `<image>.json`, the STAC Item of a downloaded image, beside it. The file's own
// georeferencing (EPSG after 47000 was resolved, shape, transform, band names) comes from reading
// the image; what cannot be read falls back to the request. Written to a temporary name created
// exclusively, flushed, then renamed: never a half file under the final name, never through a
// symlink (rename replaces a link, it does not follow it). The lead will unify this with the
// shared safe-write helper.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { CompositeRequest } from '../api/types';
import type { Aoi } from '../geometry/types';
import type { CompositeProfile } from './request-profile';
import { stacItem } from './stac-item';
import type { StacImageInput } from './stac-item';

const RGB = ['B4', 'B3', 'B2'];

export async function writeJsonExclusive(path: string, value: unknown): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o644);
  try {
    await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`);
    await handle.datasync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function sidecarPath(imagePath: string): string {
  return imagePath.replace(/\.tiff?$/i, '') + '.json';
}

export async function writeStacSidecar(imagePath: string, aoi: Aoi, profile: CompositeProfile, request: CompositeRequest, log?: (line: string) => void): Promise<string> {
  const b = aoi.bbox;
  const input: StacImageInput = {
    imageFileName: basename(imagePath),
    geometry: aoi.geoJson,
    bbox: [b.west, b.south, b.east, b.north],
    date: profile.date,
    epsg: profile.epsgProjection,
    bands: profile.bandnames === 'rgb' ? RGB : profile.bandnames.split(',').map((s) => s.trim()),
    model: profile.model,
    constellations: profile.satelliteConstellations,
    resolution: profile.resolution,
    request: request as unknown as Record<string, unknown>,
    created: new Date().toISOString(),
  };
  try {
    // Loaded with the first image: the raster core is a bundle of its own (esbuild.mjs).
    const { RasterFile } = await import('../raster');
    const raster = await RasterFile.open(imagePath);
    const m = raster.metadata;
    await raster.close();
    if (m.epsg !== undefined) input.epsg = m.epsg;
    input.shape = [m.height, m.width];
    input.transform = [m.resolution[0], 0, m.origin[0], 0, -m.resolution[1], m.origin[1]];
    if (!m.bandNames.every((n) => /^Band \d+$/.test(n))) input.bands = m.bandNames;
  } catch (error) {
    log?.(`The STAC Item of ${basename(imagePath)} uses the request's projection: the image could not be read (${(error as Error).message}).`);
  }
  const path = sidecarPath(imagePath);
  await writeJsonExclusive(path, stacItem(input));
  return path;
}
