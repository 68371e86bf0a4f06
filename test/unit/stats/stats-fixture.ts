// Fixtures of the field-statistics tests: GeoTIFFs written by GDAL (through Debian's rasterio) of
// known content, fields drawn in an image's pixels and written as longitude/latitude GeoJSON,
// and the independent reference (test/stats/reference.py: rasterio, PROJ, numpy, shapely).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RasterFile, pixelToLonLat } from '../../../src/raster/index';

const ROOT = join(__dirname, '..', '..', '..', '..');
const SCRIPT = join(ROOT, 'test', 'stats', 'reference.py');
/** Debian's Python, which has rasterio; the first python3 on the PATH may not. */
const PYTHON = '/usr/bin/python3';

export function python(...args: string[]): string {
  try {
    return execFileSync(PYTHON, [SCRIPT, ...args], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    if (/No module named/.test(stderr))
      throw new Error(
        `The reference needs Debian's python3-rasterio, python3-numpy and python3-shapely (bash scripts/install-test-host.sh): ${stderr}`,
      );
    throw error;
  }
}

export function makeImages(dir: string): void {
  python('make', dir);
}

export interface ReferenceRow {
  field: string;
  valid_pixels: number;
  nodata_pixels: number;
  total: number;
  mean?: number;
  median?: number;
  std?: number;
  min?: number;
  max?: number;
  p10?: number;
  p25?: number;
  p75?: number;
  p90?: number;
}

export function referenceStats(
  image: string,
  fields: string,
  rule: 'centre' | 'all-touched',
  index: string,
): ReferenceRow[] {
  return JSON.parse(python('stats', image, fields, rule, index)) as ReferenceRow[];
}

/** A star-shaped ring around (cx, cy) in pixels, radii between r/2 and r, from a seeded generator. */
export function starRing(cx: number, cy: number, r: number, seed: number, vertices = 9): number[][] {
  let s = seed;
  const random = (): number => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const ring = Array.from({ length: vertices }, (_, i) => {
    const angle = ((i + random() * 0.8) / vertices) * 2 * Math.PI;
    const radius = r * (0.5 + random() / 2);
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  });
  return [...ring, ring[0] as number[]];
}

export interface PixelField {
  id: string;
  /** Polygons of rings in pixel coordinates. */
  polygons: number[][][][];
}

/** The fields in longitude/latitude, placed by the image's own georeferencing. */
export async function writeFields(image: string, fields: PixelField[], path: string): Promise<void> {
  const raster = await RasterFile.open(image);
  const meta = raster.metadata;
  await raster.close();
  const toLonLat = (polygon: number[][][]): number[][][] =>
    polygon.map((ring) => ring.map(([x, y]) => pixelToLonLat(meta, x as number, y as number)));
  const features = fields.map((f) => ({
    type: 'Feature',
    properties: { id: f.id },
    geometry:
      f.polygons.length === 1
        ? { type: 'Polygon', coordinates: toLonLat(f.polygons[0] as number[][][]) }
        : { type: 'MultiPolygon', coordinates: f.polygons.map(toLonLat) },
  }));
  writeFileSync(path, JSON.stringify({ type: 'FeatureCollection', features }));
}

/** Fields that cover the cases: plain, holed, multi, partly outside, on nodata, sub-pixel, outside. */
export function fieldsFor(width: number, height: number): PixelField[] {
  const square = (x: number, y: number, s: number): number[][] => [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
    [x, y],
  ];
  return [
    { id: 'star', polygons: [[starRing(40.3, 30.7, 12.4, 1)]] },
    {
      id: 'holed',
      polygons: [
        [
          starRing(width * 0.6, height * 0.55, 20.2, 2, 14),
          starRing(width * 0.6 + 1.3, height * 0.55 - 0.7, 7.1, 3).reverse(),
        ],
      ],
    },
    { id: 'multi', polygons: [[starRing(25.1, 90.2, 6.3, 4, 5)], [starRing(70.7, 110.4, 9.9, 5, 7)]] },
    { id: 'edge', polygons: [[starRing(width - 4.6, height * 0.4, 15.3, 6)]] },
    { id: 'nodata', polygons: [[starRing(55.2, 42.1, 8.2, 7)]] },
    { id: 'tiny', polygons: [[square(10.1, 10.1, 0.3)]] },
    { id: 'outside', polygons: [[starRing(-30.4, -20.2, 6.6, 8)]] },
  ];
}
