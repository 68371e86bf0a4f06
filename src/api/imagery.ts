// The availability and processing endpoints: date discovery, the single-date check, the composite
// estimate, and the three image downloads (composite, tile, mini-tile).
import type { ClientCore } from './client-core';
import { saveDownload } from './download';
import { DownloadDeadline } from './download-deadline';
import { listFrom, recordFrom } from './envelope';
import { execute } from './pipeline';
import type { RequestKind } from './schemas/requests';
import type {
  CallOptions,
  CompositeAvailability,
  CompositeAvailabilityRequest,
  CompositeEstimate,
  CompositeRequest,
  DateDiscoveryRequest,
  DownloadResult,
  DownloadTarget,
  MiniTileProcessRequest,
  ModelImageDates,
  ProcessOutputOptions,
  TileProcessRequest,
} from './types';

const IMAGES = '/api/satelliteimages';

export async function searchAvailableDates(core: ClientCore, request: DateDiscoveryRequest, options: CallOptions = {}): Promise<ModelImageDates[]> {
  const path = `${IMAGES}/search/available`;
  // The window end is `To` in the interface document and `Until` on the live service: the
  // specification document decides which name goes on the wire.
  const body = await core.prepareBody('dateDiscovery', path, request, options.signal, (facts, wire) => {
    if (facts.dateWindowEnd === 'To' || !('To' in wire)) return wire;
    const { To, ...rest } = wire;
    return { ...rest, [facts.dateWindowEnd]: To };
  });
  return listFrom<ModelImageDates>(await core.postJson(path, body, options.signal), 'ModelImageDates');
}

export async function checkCompositeAvailability(core: ClientCore, request: CompositeAvailabilityRequest, options: CallOptions = {}): Promise<CompositeAvailability> {
  const path = `${IMAGES}/process/composite/available`;
  const body = await core.prepareBody('compositeAvailability', path, request, options.signal);
  return recordFrom<CompositeAvailability>(await core.postJson(path, body, options.signal));
}

export async function estimateComposite(core: ClientCore, request: CompositeRequest, options: CallOptions = {}): Promise<CompositeEstimate> {
  const path = `${IMAGES}/process/composite/estimate`;
  const body = await core.prepareBody('composite', path, request, options.signal);
  return recordFrom<CompositeEstimate>(await core.postJson(path, body, options.signal));
}

/** The process endpoints answer a GeoTIFF unless another `FileType` is asked for. */
function asksForTiff(request: ProcessOutputOptions): boolean {
  return request.FileType === undefined || /^\.?(geo)?tiff?$/i.test(request.FileType.trim());
}

/** The three process calls are billed: sent again only when the server said it did not run them. */
async function download(core: ClientCore, kind: RequestKind, path: string, request: ProcessOutputOptions, target: DownloadTarget, options: CallOptions): Promise<DownloadResult> {
  const body = await core.prepareBody(kind, path, request, options.signal);
  const limits = core.downloadLimits;
  const deadline = new DownloadDeadline(limits.deadlineMs, options.signal);
  const signal = deadline.signal;
  try {
    return await execute(core.deps, {
      request: { method: 'POST', path, body, signal, streamed: true },
      mode: 'billed',
      consume: (response, endpoint) => saveDownload(response, target, { endpoint, signal, expectTiff: asksForTiff(request), limits, redactor: core.deps.redactor }),
    });
  } catch (err) {
    throw deadline.explain(err, `POST ${path}`);
  } finally {
    deadline.clear();
  }
}

export function downloadComposite(core: ClientCore, request: CompositeRequest, target: DownloadTarget, options: CallOptions = {}): Promise<DownloadResult> {
  return download(core, 'composite', `${IMAGES}/process/composite`, request, target, options);
}

export function downloadTile(core: ClientCore, request: TileProcessRequest, target: DownloadTarget, options: CallOptions = {}): Promise<DownloadResult> {
  return download(core, 'tile', `${IMAGES}/process/tile`, request, target, options);
}

export function downloadMiniTile(core: ClientCore, request: MiniTileProcessRequest, target: DownloadTarget, options: CallOptions = {}): Promise<DownloadResult> {
  return download(core, 'miniTile', `${IMAGES}/process/minitile`, request, target, options);
}
