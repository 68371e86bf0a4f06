// The Show on Map page's optional layers, built from what the account and the workspace hold:
// the account's orders (areas coloured by status), other AOI files of the workspace, and the
// footprints of downloaded images read from their STAC sidecars. Pure: the panel gathers the
// inputs with `vscode` and builds the messages here, so the mapping is unit-tested in Node.
import type { TaskOrder } from '../../../api/types';
import { packPolygons } from '../../../geometry/packed';
import { readAoi } from '../../../geometry/read-aoi';
import { thinPolygons } from '../../../geometry/thin';
import type { AoiFormat, PolygonCoordinates } from '../../../geometry/types';
import { polygonsOfWkt } from '../../../geometry/wkt-footprint';
import type { LayerMessage } from './protocol';

type Feature = LayerMessage['features'][number];
type StatusColour = NonNullable<Feature['status']>;

/** Each layer drawn from this many vertices at most, whatever the files hold. */
const LAYER_VERTEX_BUDGET = 50_000;

const failed = new Set(['Failure', 'Failed']);
const ended = new Set(['Canceled', 'Cancelled', 'Completed', 'Done']);
const pending = new Set(['Review', 'Initialize', 'Preparing', 'AwaitingSatelliteProducts']);

export function statusColour(order: TaskOrder, today = new Date().toISOString().slice(0, 10)): StatusColour {
  const status = order.OrderingProcessStatus ?? '';
  if (failed.has(status)) return 'failed';
  if (ended.has(status) || (typeof order.To === 'string' && order.To !== '' && order.To.slice(0, 10) < today))
    return 'ended';
  if (pending.has(status)) return 'pending';
  return 'active';
}

export function ordersLayer(orders: readonly TaskOrder[]): LayerMessage {
  const features: Feature[] = [];
  for (const order of orders) {
    if (typeof order.Wkt !== 'string') continue;
    const polygons = polygonsOfWkt(order.Wkt);
    if (polygons.length === 0) continue;
    const status = order.OrderingProcessStatus ?? 'Unknown';
    features.push({
      id: order.TaskOrderGuid ?? String(features.length),
      kind: 'order',
      polygons: packPolygons(thinPolygons(polygons, 5_000)),
      status: statusColour(order),
      label: `Order ${order.TaskOrderGuid ?? ''} · ${order.Model ?? ''} · ${status}`,
    });
  }
  return { type: 'layer', id: 'orders', title: 'Orders of the account', features, zIndex: 40 };
}

export interface WorkspaceFile {
  /** Shown as the label (a workspace-relative path). */
  name: string;
  text: string;
  format: AoiFormat;
}

export function workspaceLayer(files: readonly WorkspaceFile[]): LayerMessage {
  const perFile = Math.max(256, Math.floor(LAYER_VERTEX_BUDGET / Math.max(1, files.length)));
  const features: Feature[] = [];
  for (const file of files) {
    const result = readAoi(file.text, file.format);
    if (!result.ok) continue;
    features.push({
      id: file.name,
      kind: 'workspace',
      polygons: packPolygons(thinPolygons(result.aoi.polygons, perFile)),
      label: file.name,
    });
  }
  return { type: 'layer', id: 'workspace', title: 'Other AOI files of the workspace', features, zIndex: 30 };
}

export interface Sidecar {
  /** The image's workspace-relative path. */
  image: string;
  /** The image's file system path (for its quick-look). */
  path?: string;
  /** The parsed STAC Item. */
  item: unknown;
}

/** The footprint of a STAC 1.0 Item: its Polygon/MultiPolygon geometry, else its bbox. */
export function stacFootprint(item: unknown): PolygonCoordinates[] {
  if (typeof item !== 'object' || item === null) return [];
  const { geometry, bbox } = item as { geometry?: { type?: unknown; coordinates?: unknown }; bbox?: unknown };
  if (geometry?.type === 'Polygon' && isPolygon(geometry.coordinates)) return [geometry.coordinates];
  if (geometry?.type === 'MultiPolygon' && Array.isArray(geometry.coordinates) && geometry.coordinates.every(isPolygon))
    return geometry.coordinates as PolygonCoordinates[];
  if (
    Array.isArray(bbox) &&
    (bbox.length === 4 || bbox.length === 6) &&
    bbox.every((n) => typeof n === 'number' && Number.isFinite(n))
  ) {
    const [w, s, e, n] = bbox.length === 4 ? bbox : [bbox[0], bbox[1], bbox[3], bbox[4]];
    return [
      [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    ];
  }
  return [];
}

function isPolygon(value: unknown): value is PolygonCoordinates {
  return (
    Array.isArray(value) &&
    value.every(
      (ring) =>
        Array.isArray(ring) &&
        ring.every(
          (p) => Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n)),
        ),
    )
  );
}

/** A STAC Item's datetime, when it has one. */
export function stacDate(item: unknown): string | undefined {
  const when = (item as { properties?: { datetime?: unknown } } | undefined)?.properties?.datetime;
  return typeof when === 'string' ? when : undefined;
}

export function footprintsLayer(sidecars: readonly Sidecar[]): LayerMessage {
  const features: Feature[] = [];
  for (const { image, item } of sidecars) {
    const polygons = stacFootprint(item);
    if (polygons.length === 0) continue;
    const when = stacDate(item);
    features.push({
      id: image,
      kind: 'footprint',
      polygons: packPolygons(thinPolygons(polygons, 2_000)),
      label: `${image}${when ? ` · ${when.slice(0, 10)}` : ''}`,
    });
  }
  return { type: 'layer', id: 'footprints', title: 'Downloaded images (footprints)', features, zIndex: 50 };
}
