// A composite over an AOI larger than the key's MaxCompositeAreaKm2 would be refused (1004), so it
// is split into parts below that size and each part is processed with the same frozen settings,
// through the batch runner (worker pool, manifest), each to its own file.
import { lstat, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { splitAoi } from '../../geometry/index';
import type { Aoi } from '../../geometry/types';
import { runBatch } from '../engine/batch-runner';
import { BatchManifest } from '../engine/batch-manifest';
import type { WorkflowPorts } from '../engine/ports';
import { compositeRequest, freezeProfile } from '../engine/request-profile';
import type { CompositeProfile } from '../engine/request-profile';
import type { BatchResult } from '../engine/results';
import { moveExclusive } from '../../api/safe-files';
import { WorkflowError, isCancellation } from '../engine/errors';
import { writeStacSidecar } from '../stac/stac-sidecar';
import { withValidity, writeFolderItems, writeItemQuietly } from '../stac/stac-collection';

const STAGING = '.sat-imagery-parts';

/** The key's maximum composite area and connections, or undefined where the service does not say. */
export async function keyLimits(ports: WorkflowPorts): Promise<{ maxAreaKm2: number | undefined; maxConcurrent: number | undefined; credits: number | undefined }> {
  const info = await ports.client.getApiKeyInfo({ signal: ports.signal }).catch((error: unknown) => {
    if (isCancellation(error, ports.signal)) throw error;
    return undefined; // no key info: send the whole AOI and let the service decide
  });
  const max = info?.MaxCompositeAreaKm2;
  const concurrent = info?.MaxConcurrentConnections;
  const credits = info?.CreditAmount;
  return {
    maxAreaKm2: typeof max === 'number' && max > 0 ? max : undefined,
    maxConcurrent: typeof concurrent === 'number' ? concurrent : undefined,
    // The balance before a billed call, shown beside the one after if its answer is lost.
    credits: typeof credits === 'number' ? credits : undefined,
  };
}

/** The staging folder is ours to fill and remove: a link or a file at its name (planted, or the
 * person's) would have the parts written, and then removed, somewhere else. */
async function checkStaging(path: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info && (info.isSymbolicLink() || !info.isDirectory())) {
    throw new WorkflowError('invalid-option', `${path} is in the way (${info.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}); move it away and try again. Nothing was sent.`);
  }
}

/** `composite.tif` + `part-02` → `composite-part-02.tif`. */
function withSuffix(name: string, suffix: string): string {
  const extension = extname(name);
  return `${name.slice(0, name.length - extension.length)}-${suffix}${extension}`;
}

export async function downloadCompositeParts(
  ports: WorkflowPorts,
  aoi: Aoi,
  profile: CompositeProfile,
  maxAreaKm2: number,
  directory: string,
  maxConcurrent: number | undefined,
  billing: { creditsBefore?: number; resendUncertain?: string[] | 'all' } = {},
): Promise<BatchResult> {
  const parts = splitAoi(aoi, maxAreaKm2);
  // The manifest is keyed by the settings without the AOI text, plus the AOI's size and part count.
  const settings = { ...compositeRequest(profile), Wkt: undefined, GeoJson: undefined, parts: parts.length, aoi: aoi.wkt.length };
  await checkStaging(join(directory, STAGING));
  const manifest = await BatchManifest.open(directory, 'composite-parts', settings, ports.redact);
  const units = parts.map((part, i) => ({ id: `part-${String(i + 1).padStart(2, '0')}`, input: part }));
  const shares = new Map<string, number>();
  const result = await runBatch(ports, manifest, units, { noun: 'parts', maxConcurrent, ...billing }, async ({ id, input }, onBytes) => {
    const partProfile = freezeProfile(input, { ...profile, satelliteConstellations: [...profile.satelliteConstellations], output: { ...profile.output } });
    // Every part gets the same name from the server; parallel downloads into one folder could
    // pick the same free name at once. Each part lands in its own folder, then takes its id.
    const staging = join(directory, STAGING, id);
    const written = await ports.client.downloadComposite(
      compositeRequest(partProfile),
      { directory: staging, fallbackName: `composite-${profile.date}-${profile.model}-${profile.resolution}m.tif`, onProgress: onBytes },
      { signal: ports.signal },
    );
    const file = written.path ? join(directory, withSuffix(basename(written.path), id)) : undefined;
    // Never over a file of the person's (or a link) that already has the name.
    if (written.path && file) await moveExclusive(written.path, file);
    await rm(staging, { recursive: true, force: true });
    if (file) await writeItemQuietly(ports, file, () => writeStacSidecar(file, input, partProfile, compositeRequest(partProfile), ports.log), shares);
    return { file, bytes: written.bytes };
  });
  withValidity(result.units, shares);
  await rm(join(directory, STAGING), { recursive: true, force: true }).catch(() => undefined);
  result.itemCollection = await writeFolderItems(ports, directory, result.files);
  return result;
}
