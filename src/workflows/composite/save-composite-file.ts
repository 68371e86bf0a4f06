// The last step of a composite download: the GeoTIFF into the output folder through the client's
// streaming download (it writes a .part and renames it when complete). An AOI above the key's
// maximum composite area goes in parts instead (split-into-parts.ts).
import type { CompositeRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { downloadCompositeParts, keyLimits } from './split-into-parts';
import { WorkflowError } from '../engine/errors';
import { formatBytes } from '../../common/format';
import type { WorkflowPorts } from '../engine/ports';
import type { CompositeProfile } from '../engine/request-profile';
import type { CompositeResult } from '../engine/results';
import { chargeUncertainty, mayHaveBeenCharged } from '../engine/charge-check';
import { checkOutputFolder } from '../engine/output-folder';
import { writeStacSidecar } from '../stac/stac-sidecar';

export async function saveComposite(
  ports: WorkflowPorts,
  aoi: Aoi,
  profile: CompositeProfile,
  request: CompositeRequest,
  outputDirectory: string | undefined,
  result: CompositeResult,
  resendUncertain?: string[] | 'all',
): Promise<void> {
  const directory = outputDirectory ?? ports.settings().outputDirectory;
  if (!directory) throw new WorkflowError('invalid-option', 'No output folder: set satImagery.outputDirectory or open a workspace folder.');
  await checkOutputFolder(directory, ports.settings().workspaceFolder);
  const { maxAreaKm2, maxConcurrent, credits } = await keyLimits(ports);
  if (maxAreaKm2 !== undefined && aoi.billedAreaKm2 > maxAreaKm2) {
    // Every part would be PUT to the same address, each overwriting the one before.
    if (request.UploadUrl) throw new WorkflowError('invalid-option', `The area is above the key's maximum of ${maxAreaKm2} km² and goes in parts; parts cannot share one UploadUrl. Download instead, or split the area.`);
    ports.log?.(`The billed area (${aoi.billedAreaKm2.toFixed(1)} km²) is above the key's maximum of ${maxAreaKm2} km²: downloading in parts.`);
    const parts = await downloadCompositeParts(ports, aoi, profile, maxAreaKm2, directory, maxConcurrent, { creditsBefore: credits, resendUncertain });
    result.parts = parts;
    result.files.push(...parts.files);
    result.bytes = parts.bytes;
    result.outcome = parts.outcome;
    result.charge = parts.charge;
    return;
  }
  let reported = 0;
  ports.progress.report({ message: `Downloading the composite of ${profile.date}…` });
  const target = {
    directory,
    fallbackName: `composite-${profile.date}-${profile.model}-${profile.resolution}m.tif`,
    onProgress: (received: number, total: number | undefined) => {
      const increment = total ? ((received - reported) / total) * 100 : undefined;
      reported = received;
      ports.progress.report({ message: `Downloading ${formatBytes(received)}${total ? ` of ${formatBytes(total)}` : ''}`, bytes: received, increment });
    },
  };
  let written;
  try {
    written = await ports.client.downloadComposite(request, target, { signal: ports.signal });
  } catch (error) {
    // Sent, answer lost: not sent again; the person sees the balance before and after.
    if (!mayHaveBeenCharged(error)) throw error;
    result.charge = await chargeUncertainty(ports, error, 'credits', credits);
    result.outcome = 'may-have-been-charged';
    return;
  }
  if (written.path) {
    result.files.push(written.path);
    // The image is paid for and saved: a metadata file that cannot be written must not undo that.
    try {
      const item = await writeStacSidecar(written.path, aoi, profile, request, ports.log);
      result.stacItems = [item.path];
      if (item.validFraction !== undefined) result.validFraction = item.validFraction;
    } catch (error) {
      ports.log?.(`The STAC Item beside ${written.path} could not be written: ${(error as Error).message}`);
    }
  }
  else if (request.UploadUrl) {
    result.uploadedTo = uploadTarget(request.UploadUrl);
    ports.log?.(`The service uploaded the composite to ${result.uploadedTo}; nothing was saved here.`);
  }
  result.bytes = written.bytes;
  result.outcome = 'completed';
}

/** The address without its query or fragment: a pre-signed upload carries its secret there. */
export function uploadTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(the UploadUrl)';
  }
}
