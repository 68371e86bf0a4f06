// Says when a new order's area overlaps an existing order's area, and by how many km². The
// service's estimate assumes no overlap with existing orders (live-service notes), so an overlap
// is area the person may pay for twice. Areas compare as the service bills them: the bounding box
// of each polygon.
import { ApiError } from '../../api/errors';
import type { TaskOrder } from '../../api/types';
import { polygonBbox } from '../../geometry/area';
import { boxOverlapKm2 } from '../../geometry/box-overlap';
import type { Aoi } from '../../geometry/types';
import { polygonsOfWkt } from '../../geometry/wkt-footprint';
import type { WorkflowPorts } from '../engine/ports';

/** Overlaps below this (km²) are rounding, not area. */
const NEGLIGIBLE_KM2 = 0.005;

interface OrderOverlap {
  order: TaskOrder;
  km2: number;
}

function orderOverlaps(aoi: Aoi, orders: readonly TaskOrder[]): OrderOverlap[] {
  const found: OrderOverlap[] = [];
  for (const order of orders) {
    if (order.OrderingProcessStatus === 'Canceled' || typeof order.Wkt !== 'string') continue;
    const boxes = polygonsOfWkt(order.Wkt).map(polygonBbox);
    const km2 = boxOverlapKm2(aoi.billedBoxes, boxes);
    if (km2 >= NEGLIGIBLE_KM2) found.push({ order, km2 });
  }
  return found;
}

function overlapSentence(overlap: OrderOverlap): string {
  const o = overlap.order;
  const period = o.To === null ? `from ${o.From ?? '?'}, recurring` : `${o.From ?? '?'} to ${o.To ?? '?'}`;
  return `This area overlaps the area of your order ${o.TaskOrderGuid ?? '(no GUID)'} (${o.Model ?? 'model not given'}, ${period}) by ${overlap.km2.toFixed(2)} km²; the estimate does not take that order into account.`;
}

/** The overlap sentences for the panel; one sentence instead when the orders cannot be read. */
export async function overlapWarnings(ports: WorkflowPorts, aoi: Aoi | undefined): Promise<string[]> {
  if (!aoi) return [];
  let orders: TaskOrder[];
  try {
    orders = await ports.client.listOrders({}, { signal: ports.signal });
  } catch (error) {
    if (ports.signal.aborted || (error instanceof ApiError && error.kind === 'aborted')) throw error;
    return ['Your existing orders could not be read, so an overlap with them was not checked.'];
  }
  return orderOverlaps(aoi, orders).map(overlapSentence);
}
