// The AOI map's geometry: lon/lat projected equirectangularly (longitudes shrunk by the cosine of
// the middle latitude, so shapes look right away from the equator), fitted into a fixed-width
// SVG view box. Needs no map tiles, so it works offline. Produces path strings only; map-view.ts
// turns them into elements. No DOM: unit-tested in Node.
import type { BoundingBox, PolygonCoordinates } from '../../../src/geometry/types';

export interface MapInput {
  polygons: PolygonCoordinates[];
  billedBoxes: BoundingBox[];
  tiles: { guid: string; polygons: PolygonCoordinates[] }[];
}

export interface MapLayout {
  width: number;
  height: number;
  /** One path per AOI polygon; holes are sub-paths, drawn with fill-rule evenodd. */
  polygons: string[];
  /** One dashed rectangle path per billed box. */
  boxes: string[];
  tiles: { guid: string; path: string }[];
  /** The lon/lat extent shown, for the corner labels. */
  extent: BoundingBox;
}

export interface MapSize {
  width: number;
  maxHeight: number;
  padding: number;
}

export const DEFAULT_MAP_SIZE: MapSize = { width: 480, maxHeight: 300, padding: 12 };

/** Smallest extent drawn (degrees), so a point-like AOI still gets a finite scale. */
const MIN_SPAN_DEG = 1e-6;

export function extentOf(input: MapInput): BoundingBox | undefined {
  let west = Infinity, south = Infinity, east = -Infinity, north = -Infinity;
  const add = (lon: number, lat: number) => {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) return;
    west = Math.min(west, lon); east = Math.max(east, lon);
    south = Math.min(south, lat); north = Math.max(north, lat);
  };
  const addPolygons = (polygons: PolygonCoordinates[]) => {
    for (const polygon of polygons) for (const ring of polygon) for (const [lon, lat] of ring) add(lon, lat);
  };
  addPolygons(input.polygons);
  for (const box of input.billedBoxes) { add(box.west, box.south); add(box.east, box.north); }
  for (const tile of input.tiles) addPolygons(tile.polygons);
  return west <= east ? { west, south, east, north } : undefined;
}

export type Projection = (lon: number, lat: number) => [number, number];

/** Fits `extent` into `size`: returns the projection and the view box height it needs. */
export function fitProjection(extent: BoundingBox, size: MapSize): { project: Projection; height: number } {
  const midLat = (extent.south + extent.north) / 2;
  const shrink = Math.max(Math.cos((midLat * Math.PI) / 180), 0.01);
  const spanX = Math.max(extent.east - extent.west, MIN_SPAN_DEG) * shrink;
  const spanY = Math.max(extent.north - extent.south, MIN_SPAN_DEG);
  const inner = size.width - 2 * size.padding;
  const scale = Math.min(inner / spanX, (size.maxHeight - 2 * size.padding) / spanY);
  const height = spanY * scale + 2 * size.padding;
  // Centre horizontally when the shape is taller than wide; y grows downwards, so north is up.
  const offsetX = size.padding + (inner - spanX * scale) / 2;
  const offsetY = size.padding;
  const project: Projection = (lon, lat) => [
    offsetX + (lon - extent.west) * shrink * scale,
    offsetY + (extent.north - lat) * scale,
  ];
  return { project, height };
}

const round = (n: number) => Math.round(n * 100) / 100;

export function polygonPath(polygon: PolygonCoordinates, project: Projection): string {
  return polygon
    .filter((ring) => ring.length > 0)
    .map((ring) => ring.map(([lon, lat], i) => {
      const [x, y] = project(lon, lat);
      return `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
    }).join(' ') + ' Z')
    .join(' ');
}

export function boxPath(box: BoundingBox, project: Projection): string {
  return polygonPath([[[box.west, box.south], [box.east, box.south], [box.east, box.north], [box.west, box.north], [box.west, box.south]]], project);
}

/** Lays out the map; undefined when there is nothing to draw. */
export function layoutMap(input: MapInput, size: MapSize = DEFAULT_MAP_SIZE): MapLayout | undefined {
  const extent = extentOf(input);
  if (!extent) return undefined;
  const { project, height } = fitProjection(extent, size);
  return {
    width: size.width,
    height: round(height),
    polygons: input.polygons.map((polygon) => polygonPath(polygon, project)),
    boxes: input.billedBoxes.map((box) => boxPath(box, project)),
    tiles: input.tiles.map((tile) => ({ guid: tile.guid, path: tile.polygons.map((p) => polygonPath(p, project)).join(' ') })),
    extent,
  };
}
