// The STAC Collection of a time series folder (`collection.json`): its Items as `item` links
// relative to it, the extent that covers them (the union of their boxes, the first and last
// date), summaries of what they hold, and the source data's licence and attribution. Pure: the
// caller gathers the Items and writes the JSON (stac-collection-file.ts).
import { relativeHref } from '../../files/stac-names';
import { COLLECTION_FILE_NAME, EO_EXTENSION, PROJECTION_EXTENSION, STAC_VERSION } from './stac-item';
import type { StacItem } from './stac-item';

/** Marks a `collection.json` this project wrote: one without it is the person's, and kept. */
export const SERIES_MARK = 'sat-imagery:series';

/** As docs/engineering-notes.md says ("Attribution and licence"), the service states no licence for the service's images, only the source data's
 * notices: so `other` (STAC 1.1's name for a licence that is not an SPDX id; STAC 1.0 readers take
 * any id) with a `license` link to the Copernicus Sentinel data legal notice. */
const LICENSE = 'other';
export const LICENSE_LINK = {
  rel: 'license',
  href: 'https://sentinels.copernicus.eu/documents/247904/690755/Sentinel_Data_Legal_Notice',
  type: 'text/html',
  title: 'Legal notice on the use of Copernicus Sentinel Data and Service Information',
};

export interface Provider {
  name: string;
  description?: string;
  roles: string[];
  url?: string;
}

export interface StacCollection {
  type: 'Collection';
  stac_version: string;
  stac_extensions: string[];
  id: string;
  title?: string;
  description: string;
  license: string;
  providers: Provider[];
  extent: { spatial: { bbox: number[][] }; temporal: { interval: (string | null)[][] } };
  summaries: Record<string, unknown[]>;
  links: { rel: string; href: string; type?: string; title?: string }[];
  [field: string]: unknown;
}

/** One Item of the folder and its file name (the `item` link's target, beside the collection). */
export interface CollectionMember {
  fileName: string;
  item: StacItem;
}

/** The makers of the source pixels, each with the constellations that are theirs. */
const SOURCE_PROVIDERS: { constellations: RegExp; provider: Provider }[] = [
  {
    constellations: /sentinel/i,
    provider: {
      name: 'European Union, Copernicus programme (ESA)',
      description: 'Contains modified Copernicus Sentinel data.',
      roles: ['licensor', 'producer'],
      url: 'https://www.copernicus.eu',
    },
  },
  {
    constellations: /landsat/i,
    provider: {
      name: 'U.S. Geological Survey',
      description: 'Landsat data courtesy of the U.S. Geological Survey.',
      roles: ['licensor', 'producer'],
      url: 'https://www.usgs.gov/landsat-missions',
    },
  },
];

/** Who made the source pixels, by the constellations the Items name (all when none is named). */
export function providersOf(constellations: readonly string[]): Provider[] {
  const named = SOURCE_PROVIDERS.filter((source) => constellations.some((c) => source.constellations.test(c)));
  return [
    ...(named.length > 0 ? named : SOURCE_PROVIDERS).map(({ provider }) => ({
      ...provider,
      roles: [...provider.roles],
    })),
    {
      name: 'ClearSKY Vision',
      description: 'Composites of the source data, made by the imagery service for each date.',
      roles: ['processor'],
    },
  ];
}

/** A Collection id from a folder name: lower case letters, digits, `.`, `_` and `-`. */
export function collectionIdOf(folderName: string): string {
  const id = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return id || 'sat-imagery-series';
}

function unionBox(items: readonly StacItem[]): number[] {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { bbox } of items) {
    // A 3D box is [west, south, low, east, north, high].
    const [w, s, e, n] = bbox.length === 6 ? [bbox[0], bbox[1], bbox[3], bbox[4]] : bbox;
    box[0] = Math.min(box[0]!, w!);
    box[1] = Math.min(box[1]!, s!);
    box[2] = Math.max(box[2]!, e!);
    box[3] = Math.max(box[3]!, n!);
  }
  return box;
}

const distinct = <T>(values: T[]): T[] => [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
const sortedDistinct = <T extends string | number>(values: T[]): T[] =>
  distinct(values).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function summaries(items: readonly StacItem[]): Record<string, unknown[]> {
  const props = (name: string) => items.map((i) => i.properties[name]).filter((v) => v !== undefined && v !== null);
  const bands = items.flatMap((i) =>
    Array.isArray(i.assets.image?.['eo:bands']) ? (i.assets.image['eo:bands'] as { name: string }[]) : [],
  );
  const summary: Record<string, unknown[]> = {
    constellation: sortedDistinct(props('constellation') as string[]),
    gsd: sortedDistinct(props('gsd') as number[]),
    'proj:code': sortedDistinct(props('proj:code') as string[]),
    'proj:epsg': sortedDistinct(props('proj:epsg') as number[]),
    'eo:bands': [...new Map(bands.map((b) => [b.name, b])).values()],
    'sat-imagery:model': sortedDistinct(props('sat-imagery:model') as string[]),
  };
  return Object.fromEntries(Object.entries(summary).filter(([, values]) => values.length > 0));
}

/** `members` must hold at least one Item; they are listed by date, then id. */
export function stacSeriesCollection(id: string, members: readonly CollectionMember[]): StacCollection {
  const sorted = [...members].sort(
    (a, b) =>
      String(a.item.properties.datetime).localeCompare(String(b.item.properties.datetime)) ||
      a.item.id.localeCompare(b.item.id),
  );
  const items = sorted.map((m) => m.item);
  const dates = items.map((i) => String(i.properties.datetime));
  const constellations = items.flatMap((i) =>
    Array.isArray(i.properties['sat-imagery:constellations'])
      ? (i.properties['sat-imagery:constellations'] as string[])
      : [],
  );
  const models = sortedDistinct(items.map((i) => String(i.properties['sat-imagery:model'] ?? '')).filter(Boolean));
  const providers = providersOf(distinct(constellations));
  // The source data's notices, as each licensor asks to be credited.
  const attribution = providers
    .filter((p) => p.roles.includes('licensor'))
    .map((p) => p.description)
    .join(' ');
  const self = relativeHref(COLLECTION_FILE_NAME);
  return {
    type: 'Collection',
    stac_version: STAC_VERSION,
    stac_extensions: [PROJECTION_EXTENSION, EO_EXTENSION],
    id,
    title: `Time series ${id}`,
    description: `${items.length} dated composite${items.length === 1 ? '' : 's'}${models.length ? ` (${models.join(', ')})` : ''} of one area, one GeoTIFF per date. ${attribution}`,
    license: LICENSE,
    providers,
    extent: {
      spatial: { bbox: [unionBox(items)] },
      temporal: { interval: [[dates[0] ?? null, dates[dates.length - 1] ?? null]] },
    },
    summaries: summaries(items),
    [SERIES_MARK]: true,
    links: [
      { rel: 'root', href: self, type: 'application/json' },
      { rel: 'self', href: self, type: 'application/json' },
      LICENSE_LINK,
      ...sorted.map((m) => ({
        rel: 'item',
        href: relativeHref(m.fileName),
        type: 'application/geo+json',
        title: String(m.item.properties.datetime).slice(0, 10),
      })),
    ],
  };
}
