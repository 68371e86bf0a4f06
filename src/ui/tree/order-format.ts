// How an order reads in the tree: status icon, label, and its detail lines. Statuses are shown as
// they come; the ones known from the live service get an icon and a "final" flag.
import * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { formatNumber } from '../../common/format';
import {
  imageFrequencyText,
  isCancellable,
  isRecurring,
  orderPeriod,
  orderStatus,
  shortDate,
} from '../../workflows/orders/order-status';

const statusIcons: Record<string, [icon: string, color?: string]> = {
  Review: ['eye'],
  Initialize: ['gear'],
  Preparing: ['gear'],
  AwaitingSatelliteProducts: ['watch'],
  Working: ['sync'],
  Processing: ['sync'],
  Predicting: ['sync'],
  ProcessingPredicting: ['sync'],
  UpToDate: ['check', 'testing.iconPassed'],
  Completed: ['pass-filled', 'testing.iconPassed'],
  Done: ['pass-filled', 'testing.iconPassed'],
  Canceled: ['circle-slash', 'disabledForeground'],
  Cancelled: ['circle-slash', 'disabledForeground'],
  Failure: ['error', 'testing.iconFailed'],
  Failed: ['error', 'testing.iconFailed'],
};

export function statusIcon(order: TaskOrder): vscode.ThemeIcon {
  const [icon, color] = statusIcons[orderStatus(order)] ?? ['question'];
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}

/** "3 tiles" from whatever the service sent: a count, a list of GUIDs or of records. None for
 * zero: an order drawn as an area has no tiles, and saying so is noise. */
function countText(value: unknown, noun: string): string | undefined {
  const count = typeof value === 'number' ? value : Array.isArray(value) ? value.length : undefined;
  return count === undefined || count === 0 ? undefined : `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The AOI summarised (type and size), never the whole geometry text. */
function aoiSummary(wkt: unknown): string | undefined {
  if (typeof wkt !== 'string' || wkt.trim() === '') return undefined;
  const type = /^\s*([A-Za-z]+)/.exec(wkt)?.[1]?.toUpperCase() ?? 'WKT';
  const polygons = (wkt.match(/\(\s*\(/g) ?? []).length;
  return polygons > 1 ? `${type}, ${polygons} polygons` : type;
}

export interface DetailLine {
  label: string;
  value: string;
  /** The AOI line opens the geometry when clicked. */
  aoi?: boolean;
}

export function orderDetailLines(order: TaskOrder): DetailLine[] {
  const lines: DetailLine[] = [{ label: 'Status', value: orderStatus(order) }];
  const add = (label: string, value: string | undefined, aoi?: boolean) => {
    if (value !== undefined && value !== '') lines.push(aoi ? { label, value, aoi } : { label, value });
  };
  add('Order ID', order.TaskOrderGuid);
  add('Model', order.Model);
  // A recurring order renews each month until it is cancelled (or fails): then it says so.
  const renewal = isRecurring(order) ? (isCancellable(order) ? ' (renews monthly)' : ' (no longer renews)') : '';
  add('Period', orderPeriod(order) + renewal);
  add('Reference date', typeof order.ReferenceDate === 'string' ? shortDate(order.ReferenceDate) : undefined);
  add(
    'Constellations',
    Array.isArray(order.SatelliteConstellations) ? order.SatelliteConstellations.join(', ') : undefined,
  );
  add('Area', typeof order.TaskOrderAreaKm2 === 'number' ? `${formatNumber(order.TaskOrderAreaKm2)} km²` : undefined);
  add('Tiles', countText(order.Tiles, 'tile'));
  add('Mini-tiles', countText(order.MiniTiles, 'mini-tile'));
  add(
    'Image frequency',
    typeof order.ImageFrequency === 'number' ? imageFrequencyText(order.ImageFrequency) : undefined,
  );
  add('Storage months', typeof order.StorageMonths === 'number' ? String(order.StorageMonths) : undefined);
  add('API requests', typeof order.ApiRequests === 'number' ? String(order.ApiRequests) : undefined);
  add('AOI', aoiSummary(order.Wkt), true);
  return lines;
}
