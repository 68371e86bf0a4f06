// The 1:10m basemap as 10° cells (cut at build time by scripts/basemap-cells.mjs): a source that
// loads only the cells the view touches, so a map of a field near Aarhus reads one or two cells of
// a few thousand points, not the world's 950,000 (about a second of the page's main thread). The
// smaller places' names come in cells of the same grid (basemap-places.ts).
// Each cell holds the coastline and the land borders as lines (no land fill: see the script);
// features carry `layer` = 'coast' | 'border' for the style.
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorSource from 'ol/source/Vector';
import { loadInto } from './source-loader';
import type { LoadingStrategy } from 'ol/source/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import type { Extent } from 'ol/extent';

interface CellIndex {
  cellDegrees: number;
  cells: string[];
}

interface CellFile {
  /** [scaleX, scaleY, translateX, translateY] of the integer grid. */
  transform: [number, number, number, number];
  coast: number[][];
  borders: number[][];
}

/** Web Mercator's latitude limit: cells reach the poles, the map does not. */
const MAX_LAT = 85.0511;

/** Flat EPSG:3857 coordinates of one delta-encoded line or ring. */
function decode(encoded: readonly number[], [sx, sy, tx, ty]: CellFile['transform']): number[] {
  const flat: number[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    x += encoded[i];
    y += encoded[i + 1];
    const [mx, my] = fromLonLat([tx + x * sx, Math.max(-MAX_LAT, Math.min(MAX_LAT, ty + y * sy))]);
    flat.push(mx, my);
  }
  return flat;
}

function cellFeatures(file: CellFile): Feature[] {
  const features: Feature[] = [];
  for (const [layer, lines] of [
    ['coast', file.coast],
    ['border', file.borders],
  ] as const) {
    for (const line of lines)
      features.push(new Feature({ geometry: new LineString(decode(line, file.transform), 'XY'), layer }));
  }
  return features;
}

/** A source of the cells in `folder` (e.g. '10m/'), read with `read` (a basemap file's text);
 * `onFirstLoad` runs at its first read; `toFeatures` reads a cell's text (default: the 1:10m
 * lines above; the place names' cells have their own, basemap-places.ts). */
export function createCellSource(
  folder: string,
  read: (path: string) => Promise<string>,
  onFirstLoad: () => void,
  toFeatures: (text: string) => Feature[] = (text) => cellFeatures(JSON.parse(text) as CellFile),
): VectorSource {
  let index: Promise<CellIndex> | undefined;
  const readIndex = () => {
    if (!index) {
      onFirstLoad();
      index = read(`${folder}index.json`).then((text) => JSON.parse(text) as CellIndex);
      index.catch(() => (index = undefined)); // tried again with the next cell the view needs
    }
    return index;
  };
  const degrees = 10;
  // The cells the view's extent touches, as EPSG:3857 extents; the source loads each once.
  const strategy: LoadingStrategy = (extent) => {
    const [west, south, east, north] = transformExtent(extent, 'EPSG:3857', 'EPSG:4326');
    const extents: Extent[] = [];
    const col0 = Math.max(0, Math.floor((west + 180) / degrees));
    const col1 = Math.min(360 / degrees - 1, Math.floor((east + 180) / degrees));
    const row0 = Math.max(0, Math.floor((Math.max(south, -MAX_LAT) + 90) / degrees));
    const row1 = Math.min(180 / degrees - 1, Math.floor((Math.min(north, MAX_LAT) + 90) / degrees));
    for (let col = col0; col <= col1; col++) {
      for (let row = row0; row <= row1; row++) {
        const cell = [
          -180 + col * degrees,
          Math.max(-90 + row * degrees, -MAX_LAT),
          -180 + (col + 1) * degrees,
          Math.min(-90 + (row + 1) * degrees, MAX_LAT),
        ];
        extents.push(transformExtent(cell, 'EPSG:4326', 'EPSG:3857'));
      }
    }
    return extents;
  };
  const source: VectorSource = new VectorSource({
    strategy,
    overlaps: false,
    loader: (extent, _resolution, _projection, success, failure) => {
      const [west, south, east, north] = transformExtent(extent, 'EPSG:3857', 'EPSG:4326');
      const id = `${Math.floor(((west + east) / 2 + 180) / degrees)}_${Math.floor(((south + north) / 2 + 90) / degrees)}`;
      const cell = readIndex().then(async (cells) =>
        cells.cells.includes(id) ? toFeatures(await read(`${folder}${id}.json`)) : [],
      );
      loadInto(source, extent, cell, success, failure);
    },
  });
  return source;
}
