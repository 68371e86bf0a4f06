// The map's time-series layer: the footprint of each date of each series folder, read from the
// folder's STAC ItemCollection (stac-items.json, written by the series workflow) or a STAC
// Collection's item links, with the date written on it. A series' dates usually share one
// footprint: each date gets its own caption row, so they stack instead of covering each other.
// Pure: unit-tested in Node.
import { packPolygons } from '../../../geometry/packed';
import { thinPolygons } from '../../../geometry/thin';
import { stacFootprint } from './layers';
import type { LayerMessage } from './protocol';

type Feature = LayerMessage['features'][number];

const SERIES_LAYER_ID = 'series';

export interface SeriesFolder {
  /** The folder's workspace-relative path. */
  folder: string;
  /** Its STAC Items (parsed; anything else is skipped). */
  items: readonly unknown[];
}

function dateOf(item: unknown): string | undefined {
  const properties = (item as { properties?: { datetime?: unknown; start_datetime?: unknown } }).properties;
  const when = properties?.datetime ?? properties?.start_datetime;
  return typeof when === 'string' && when.length >= 10 ? when.slice(0, 10) : undefined;
}

export function seriesLayer(folders: readonly SeriesFolder[]): LayerMessage {
  const features: Feature[] = [];
  for (const { folder, items } of folders) {
    const dated = items.flatMap((item) => {
      const date = typeof item === 'object' && item !== null ? dateOf(item) : undefined;
      const polygons = date ? stacFootprint(item) : [];
      return date && polygons.length > 0 ? [{ item, date, polygons }] : [];
    });
    dated.sort((a, b) => a.date.localeCompare(b.date));
    // Dates with the same footprint share a place: number their caption rows.
    const rows = new Map<string, number>();
    for (const { item, date, polygons } of dated) {
      const key = JSON.stringify(polygons);
      const row = rows.get(key) ?? 0;
      rows.set(key, row + 1);
      const id = (item as { id?: unknown }).id;
      features.push({
        id: `${folder}/${typeof id === 'string' ? id : date}`,
        kind: 'footprint',
        polygons: packPolygons(thinPolygons(polygons, 2_000)),
        label: `${folder} · ${date}`,
        caption: date,
        captionRow: row,
      });
    }
  }
  return { type: 'layer', id: SERIES_LAYER_ID, title: 'Time series (footprint of each date)', features, zIndex: 48 };
}
