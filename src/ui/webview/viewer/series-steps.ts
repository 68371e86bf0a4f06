// The dates of the series an image belongs to, for the viewer's previous / next: the folder's
// STAC ItemCollection (stac-items.json, written after a time series) lists each date's Item and
// its image. Only Items made like this one (same model, resolution and bands) count, one per
// date, in date order; a folder of tiles of one date is no series. What the person had on
// screen (band mapping, stretch, dimming) is handed to the neighbour's viewer when it opens.
import { JSON_FILE_LIMITS, readJsonBounded } from '../../../files/bounded-read';
import { basename, dirname, resolve } from 'node:path';
import { ITEM_COLLECTION_NAME, fileOfHref } from '../../../files/stac-names';
import type { ViewerPageMessage } from './protocol';
import { isRecord } from '../../../common/is-record';

export interface SeriesPlace {
  /** YYYY-MM-DD, oldest first. */
  dates: string[];
  /** The image of each date, absolute. */
  files: string[];
  /** This image's place in `dates`. */
  index: number;
}

/** The band mapping, cut-offs (in values) and dimming a step carries to the next date's viewer. */
export type CarriedDisplay = Pick<Extract<ViewerPageMessage, { type: 'step' }>, 'presetId' | 'stretch' | 'dimOutside'>;

type Entry = { date: string; file: string; profile: string };

function entryOf(feature: unknown, folder: string): Entry | undefined {
  if (!isRecord(feature) || !isRecord(feature.properties) || !isRecord(feature.assets)) return undefined;
  const { properties } = feature;
  const image = feature.assets.image;
  if (typeof properties.datetime !== 'string' || !isRecord(image) || typeof image.href !== 'string') return undefined;
  const file = fileOfHref(folder, image.href);
  // An href that leaves the folder is not one of its images.
  if (file === undefined || dirname(file) !== resolve(folder)) return undefined;
  const profile = JSON.stringify([
    properties['sat-imagery:model'],
    properties['sat-imagery:resolution'],
    image['eo:bands'],
  ]);
  return { date: properties.datetime.slice(0, 10), file, profile };
}

export async function seriesOf(imagePath: string): Promise<SeriesPlace | undefined> {
  const folder = dirname(imagePath);
  // No collection (or not JSON, too large, not a regular file): a lone image.
  const collection = await readJsonBounded(resolve(folder, ITEM_COLLECTION_NAME), JSON_FILE_LIMITS.collection);
  if (!isRecord(collection) || !Array.isArray(collection.features)) return undefined;
  const entries = collection.features.map((f) => entryOf(f, folder)).filter((e): e is Entry => e !== undefined);
  const self = entries.find((e) => basename(e.file) === basename(imagePath));
  if (!self) return undefined;
  const series = entries.filter((e) => e.profile === self.profile).sort((a, b) => a.date.localeCompare(b.date));
  const dates = series.map((e) => e.date);
  if (series.length < 2 || new Set(dates).size !== dates.length) return undefined;
  return { dates, files: series.map((e) => e.file), index: series.indexOf(self) };
}

/** Displays handed over by a step, taken by the neighbour's viewer when its page is ready. One
 * not taken soon (the neighbour was open already, and only came to the front) is dropped, so a
 * later, unrelated opening of that file starts afresh. */
const carried = new Map<string, { display: CarriedDisplay; until: number }>();
const CARRY_MS = 30_000;

export function carryTo(imagePath: string, display: CarriedDisplay): void {
  carried.set(imagePath, { display, until: Date.now() + CARRY_MS });
}

export function takeCarried(imagePath: string): CarriedDisplay | undefined {
  const entry = carried.get(imagePath);
  carried.delete(imagePath);
  return entry && entry.until >= Date.now() ? entry.display : undefined;
}
