// Orders preloaded for the demo, all on farm fields near Aarhus, Denmark (lon 10.0-10.3,
// lat 56.0-56.2), so that a newcomer sees every order status and can download composites of
// the demo area for the last months without ordering anything first.
import { bboxWkt } from './geometry';
import type { Bbox } from './geometry';
import type { SimulatorState, StoredOrder } from './state';
import { dayNumber, isoDay } from './dates';
import { tileAt } from './tiles';

/** @public the download benchmark reads it through index.ts. */
export const DEMO_AREA: Bbox = { west: 10.0, south: 56.0, east: 10.3, north: 56.2 };
const DAY = 86_400_000;

function monthsAgo(state: SimulatorState, months: number): string {
  const d = new Date(state.now());
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
}

export function loadDemoData(state: SimulatorState): void {
  state.demo = true;
  const now = state.now();
  const today = state.todayIso();
  const base = {
    ApiRequests: 1000,
    ImageFrequency: 5,
    SatelliteConstellations: ['Sentinel2'],
    MiniTiles: [] as string[],
    DeduplicatedTiles: [] as string[],
  };
  const add = (
    fields: Omit<StoredOrder, 'TaskOrderGuid' | keyof typeof base> & Partial<typeof base>,
    canceled = false,
  ) => {
    const boxes = fields.boxes;
    const order: StoredOrder = { ...base, ...fields, TaskOrderGuid: state.nextOrderGuid(), boxes };
    if (canceled) order.canceledAt = fields.createdAt + DAY;
    state.stored.push(order);
  };
  const collection = (boxes: Bbox[]) => `GEOMETRYCOLLECTION(${boxes.map(bboxWkt).join(', ')})`;
  const north: Bbox = { west: 10.05, south: 56.1, east: 10.15, north: 56.15 };
  const small: Bbox = { west: 10.2, south: 56.02, east: 10.24, north: 56.05 };
  // 1. Recurring, ongoing for six months: the whole demo area, Stratus2.
  add({
    Model: 'Stratus2',
    StorageMonths: 12,
    TaskOrderAreaKm2: 412.4,
    ReferenceDate: monthsAgo(state, 6),
    From: monthsAgo(state, 6),
    To: null,
    Tiles: [],
    Wkt: collection([DEMO_AREA]),
    boxes: [DEMO_AREA],
    createdAt: now - 190 * DAY,
  });
  // 2. Completed: a smaller field, Stratus3, eight to two months ago.
  add({
    Model: 'Stratus3',
    StorageMonths: 12,
    TaskOrderAreaKm2: 17.4,
    ReferenceDate: monthsAgo(state, 8),
    From: monthsAgo(state, 8),
    To: isoDay(dayNumber(monthsAgo(state, 2)) - 1),
    Tiles: [],
    Wkt: collection([north]),
    boxes: [north],
    createdAt: now - 250 * DAY,
  });
  // 3. In Review: just placed, starts today for three months.
  add({
    Model: 'Stratus2Fast',
    StorageMonths: 6,
    TaskOrderAreaKm2: 4.3,
    ReferenceDate: today,
    From: today,
    To: isoDay(dayNumber(today) + 90),
    Tiles: [],
    Wkt: collection([small]),
    boxes: [small],
    createdAt: now,
  });
  // 4. Canceled recurring order.
  add(
    {
      Model: 'Stratus2',
      StorageMonths: 3,
      TaskOrderAreaKm2: 4.3,
      ReferenceDate: monthsAgo(state, 3),
      From: monthsAgo(state, 3),
      To: null,
      Tiles: [],
      Wkt: collection([small]),
      boxes: [small],
      createdAt: now - 95 * DAY,
    },
    true,
  );
  // 5. Expired: ended long ago and past its storage months.
  add({
    Model: 'Stratus2',
    StorageMonths: 1,
    TaskOrderAreaKm2: 17.4,
    ReferenceDate: monthsAgo(state, 20),
    From: monthsAgo(state, 20),
    To: isoDay(dayNumber(monthsAgo(state, 17))),
    Tiles: [],
    Wkt: collection([north]),
    boxes: [north],
    createdAt: now - 620 * DAY,
  });
  // 6. Tile order: two tiles of the demo area, recurring (for deduplication and tile downloads).
  const tiles = [tileAt(state.seed, 100, 560, 0), tileAt(state.seed, 101, 560, 0)];
  add({
    Model: 'Stratus2',
    StorageMonths: 12,
    TaskOrderAreaKm2: 123.7,
    ReferenceDate: monthsAgo(state, 4),
    From: monthsAgo(state, 4),
    To: null,
    Tiles: tiles.map((t) => t.guid),
    Wkt: null,
    boxes: tiles.map((t) => t.bbox),
    createdAt: now - 130 * DAY,
  });
}
