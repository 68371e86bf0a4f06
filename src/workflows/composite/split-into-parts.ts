// A composite over an AOI larger than the key's MaxCompositeAreaKm2 would be refused (1004), so it
// goes in the parts below that size it was checked and priced in (area-parts.ts decides them once,
// before the availability check), each processed with the same frozen settings,
// through the batch runner (worker pool, the folder's purchase ledger), each to its own file named
// by the part and its request.
import type { Aoi } from '../../geometry/types';
import { freshCompositeCredits } from '../../buying/fresh-price';
import { runBatch } from '../engine/batch-runner';
import { BatchManifest } from '../../ledger/batch-manifest';
import { paidFileName } from '../../ledger/paid-file-name';
import type { PurchaseLedger } from '../../ledger/purchase-ledger';
import { requestKey } from '../../ledger/request-key';
import type { WorkflowPorts } from '../engine/ports';
import { compositeRequest } from '../../request/request-profile';
import { partProfile } from './area-parts';
import type { CompositeProfile } from '../../request/request-profile';
import type { BatchResult } from '../engine/results';
import { nameByPixelSize } from '../../request/pixel-size';
import { writeStacSidecar } from '../stac/stac-sidecar';
import { withValidity, writeFolderItems, writeItemQuietly } from '../stac/stac-collection';
import type { ImageReads } from '../stac/stac-collection';
import { unitShapeOf } from './area-shape';

export async function downloadCompositeParts(
  ports: WorkflowPorts,
  aoi: Aoi,
  parts: readonly Aoi[],
  profile: CompositeProfile,
  directory: string,
  maxConcurrent: number | undefined,
  ledger: PurchaseLedger,
  billing: { creditsBefore?: number; resendUncertain?: string[] | 'all' } = {},
): Promise<BatchResult> {
  // The manifest is keyed by the settings without the AOI text, plus the AOI's size and part count.
  const settings = {
    ...compositeRequest(profile),
    Wkt: undefined,
    GeoJson: undefined,
    parts: parts.length,
    aoi: aoi.wkt.length,
  };
  const manifest = await BatchManifest.open(directory, 'composite-parts', settings, ports.redact);
  const units = parts.map((part, i) => {
    const frozen = partProfile(part, profile);
    return {
      id: `part-${String(i + 1).padStart(2, '0')}`,
      input: { part, partProfile: frozen },
      body: compositeRequest(frozen),
    };
  });
  const reads: ImageReads = new Map();
  const result = await runBatch(
    ports,
    manifest,
    units,
    { noun: 'parts', ledger, kind: 'composite-part', maxConcurrent, ...billing },
    async ({ id, input, body }, onBytes) => {
      // The name carries the part and the request's hash: parallel parts never pick the same one.
      const fileName = paidFileName(
        ['composite', profile.date, profile.model, `${profile.resolution}m`, id],
        requestKey(body),
      );
      const request = compositeRequest(input.partProfile);
      const written = await ports.client.downloadComposite(
        request,
        { directory, fileName, fallbackName: fileName, onProgress: onBytes },
        { signal: ports.signal },
      );
      // Named by the pixels the file holds, which may be coarser than those asked.
      const file = written.path ? await nameByPixelSize(written.path, profile.resolution, ports.log) : undefined;
      if (file)
        await writeItemQuietly(
          ports,
          file,
          () =>
            writeStacSidecar(file, input.part, input.partProfile, request, ports.log, {
              area: unitShapeOf(input.part),
            }),
          reads,
        );
      return { file, bytes: written.bytes };
    },
    ({ input }) => freshCompositeCredits(ports.client, compositeRequest(input.partProfile), ports.signal),
  );
  withValidity(result.units, reads, profile.resolution);
  result.itemCollection = await writeFolderItems(ports, directory, result.files);
  return result;
}
