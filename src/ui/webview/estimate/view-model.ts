// Turns the workflow's EstimateModel into what the page receives. An AOI may hold a million
// vertices and its payload tens of megabytes of WKT: the page only needs enough of either to
// draw and to read, so the polygons are thinned and the payload text is cut (Copy still copies
// the whole payload from the host). Pure: no `vscode`, so it is unit-tested in plain Node.
import { thinPolygons } from '../../../geometry/thin';
import type { EstimateModel } from '../../../pricing/estimate-view-model';
import { finitePlan } from '../../../pricing/purchase-plan';
import type { ShowMessage } from './protocol';

/** Vertices drawn across all polygons of one map; beyond this nobody sees a difference. */
export const MAX_DRAWN_VERTICES = 20_000;
/** Characters of payload JSON the page shows. */
export const MAX_PAYLOAD_CHARS = 200_000;

export function payloadToText(payload: unknown): string {
  try {
    return JSON.stringify(payload, null, 2) ?? 'undefined';
  } catch (error) {
    return `(payload cannot be shown: ${error instanceof Error ? error.message : String(error)})`;
  }
}

/** NaN or Infinity would arrive as null after serialization and fail validation in the page;
 * an unknown figure is shown as "not given" instead. */
function withoutNonFiniteNumbers(model: EstimateModel): EstimateModel {
  const copy: Record<string, unknown> = { ...model };
  for (const [key, value] of Object.entries(copy)) {
    if (typeof value === 'number' && !Number.isFinite(value)) copy[key] = undefined;
  }
  return copy as unknown as EstimateModel;
}

/** The `show` message for a model; `readOnly` and `note` for a panel restored after a reload. */
export function toShowMessage(model: EstimateModel, options: { readOnly?: boolean; note?: string } = {}): ShowMessage {
  const payloadText = payloadToText(model.payload);
  const payloadTruncated = payloadText.length > MAX_PAYLOAD_CHARS;
  // The page renders payloadText; sending the payload itself as well would double a large message.
  let shown: EstimateModel = { ...withoutNonFiniteNumbers(model), payload: null, plan: finitePlan(model.plan) };
  if (shown.aoi)
    shown = { ...shown, aoi: { ...shown.aoi, polygons: thinPolygons(shown.aoi.polygons, MAX_DRAWN_VERTICES) } };
  if (shown.kind === 'tiles') {
    const perTile = Math.max(64, Math.floor(MAX_DRAWN_VERTICES / Math.max(1, shown.tiles.length)));
    shown = {
      ...shown,
      tiles: shown.tiles.map((tile) => ({ ...tile, polygons: thinPolygons(tile.polygons, perTile) })),
    };
  }
  const message: ShowMessage = {
    type: 'show',
    model: shown,
    payloadText: payloadTruncated ? payloadText.slice(0, MAX_PAYLOAD_CHARS) : payloadText,
    payloadTruncated,
    readOnly: options.readOnly ?? false,
  };
  if (options.note !== undefined) message.note = options.note;
  return message;
}
