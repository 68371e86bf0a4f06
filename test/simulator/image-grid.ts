// The pixel grid of a requested image: its coordinate system (4326, a UTM zone, or 47000 resolved
// to the zone of the area's centre), origin and pixel size from the area's box and `Resolution`.
// UTM grids are snapped outward to multiples of the pixel size, as on the service's UTM grid.
import { lonLatToUtm, utmEpsgAt, utmToLonLat, utmZoneOfEpsg } from '../../src/raster/utm';
import type { UtmZone } from '../../src/raster/utm';
import type { Bbox } from './geometry';

export interface ImageGrid {
  epsg: number;
  width: number;
  height: number;
  /** Upper-left corner of the upper-left pixel, in the grid's coordinates. */
  originX: number;
  originY: number;
  pixelWidth: number;
  pixelHeight: number;
  /** Longitude/latitude of a point given in the grid's coordinates. */
  toLonLat(x: number, y: number): [number, number];
}

/** Images above this many samples (pixels × bands) get coarser pixels, so a response stays quick. */
export const MAX_SAMPLES = 600_000;

function resolveEpsg(epsg: number, bbox: Bbox): number {
  return epsg === 47000 ? utmEpsgAt((bbox.west + bbox.east) / 2, (bbox.south + bbox.north) / 2) : epsg;
}

/** Integer coarsening factor keeping width × height × bands under MAX_SAMPLES. */
function coarsening(width: number, height: number, bands: number): number {
  const samples = width * height * Math.max(1, bands);
  return samples <= MAX_SAMPLES ? 1 : Math.ceil(Math.sqrt(samples / MAX_SAMPLES));
}

function geographicGrid(bbox: Bbox, resolution: number, bands: number): ImageGrid {
  const midLat = ((bbox.north + bbox.south) / 2) * (Math.PI / 180);
  const widthM = (bbox.east - bbox.west) * 111_320 * Math.cos(midLat);
  const heightM = (bbox.north - bbox.south) * 110_574;
  const k = coarsening(widthM / resolution, heightM / resolution, bands);
  const width = Math.max(1, Math.round(widthM / (resolution * k)));
  const height = Math.max(1, Math.round(heightM / (resolution * k)));
  return {
    epsg: 4326,
    width,
    height,
    originX: bbox.west,
    originY: bbox.north,
    pixelWidth: (bbox.east - bbox.west) / width,
    pixelHeight: (bbox.north - bbox.south) / height,
    toLonLat: (x, y) => [x, y],
  };
}

function utmGrid(epsg: number, zone: UtmZone, bbox: Bbox, resolution: number, bands: number): ImageGrid {
  let minE = Infinity;
  let maxE = -Infinity;
  let minN = Infinity;
  let maxN = -Infinity;
  // The box's edges curve in UTM: sample them, not only the corners.
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    for (const [lon, lat] of [
      [bbox.west + t * (bbox.east - bbox.west), bbox.south],
      [bbox.west + t * (bbox.east - bbox.west), bbox.north],
      [bbox.west, bbox.south + t * (bbox.north - bbox.south)],
      [bbox.east, bbox.south + t * (bbox.north - bbox.south)],
    ] as [number, number][]) {
      const [e, n] = lonLatToUtm(lon, lat, zone);
      minE = Math.min(minE, e);
      maxE = Math.max(maxE, e);
      minN = Math.min(minN, n);
      maxN = Math.max(maxN, n);
    }
  }
  const k = coarsening((maxE - minE) / resolution, (maxN - minN) / resolution, bands);
  const pixel = resolution * k;
  const originX = Math.floor(minE / pixel) * pixel;
  const originY = Math.ceil(maxN / pixel) * pixel;
  const width = Math.max(1, Math.ceil(maxE / pixel) - Math.floor(minE / pixel));
  const height = Math.max(1, Math.ceil(maxN / pixel) - Math.floor(minN / pixel));
  return {
    epsg,
    width,
    height,
    originX,
    originY,
    pixelWidth: pixel,
    pixelHeight: pixel,
    toLonLat: (x, y) => utmToLonLat(x, y, zone),
  };
}

export function imageGrid(bbox: Bbox, epsgRequested: number, resolution: number, bands: number): ImageGrid {
  const epsg = resolveEpsg(epsgRequested, bbox);
  const zone = utmZoneOfEpsg(epsg);
  return zone ? utmGrid(epsg, zone, bbox, resolution, bands) : geographicGrid(bbox, resolution, bands);
}
