// What the metadata pane says about an image (size, bands, data type, nodata, EPSG, resolution,
// bounds, overviews) and what its STAC sidecar adds: the requested area in pixel positions and
// the request that made the image.
import type { RasterMetadata } from '../../../raster';
import { formatBytes, formatNumber } from '../../../common/format';
import { isRecord } from '../../../common/is-record';

type Raster = typeof import('../../../raster');
type Fact = { label: string; value: string; id: string };
type Ring = [number, number][];

const COMPRESSION: Record<number, string> = {
  1: 'none',
  5: 'LZW',
  7: 'JPEG',
  8: 'DEFLATE',
  32946: 'DEFLATE',
  50000: 'ZSTD',
};

export function factsOf(meta: RasterMetadata): Fact[] {
  const geographic = meta.epsg === 4326;
  const unit = geographic ? '°' : ' m';
  const digits = geographic ? 6 : 2;
  const [minX, minY, maxX, maxY] = meta.bounds.map((v) => v.toFixed(digits));
  return [
    {
      label: 'Size',
      value: `${formatNumber(meta.width, 'en')} × ${formatNumber(meta.height, 'en')} pixels`,
      id: 'meta-size',
    },
    { label: 'Bands', value: `${meta.bandCount}: ${meta.bandNames.join(', ')}`, id: 'meta-bands' },
    {
      label: 'Data type',
      value: `${meta.dataType} (${[...new Set(meta.values.map((v) => (v.kind === 'index' ? 'index value' : v.kind)))].join(', ')})`,
      id: 'meta-type',
    },
    { label: 'Nodata', value: meta.nodata === undefined ? 'none' : String(meta.nodata), id: 'meta-nodata' },
    { label: 'CRS', value: meta.epsg === undefined ? 'unknown' : `EPSG:${meta.epsg}`, id: 'meta-epsg' },
    {
      label: 'Resolution',
      value: `${meta.resolution[0].toPrecision(6).replace(/\.?0+$/, '')} × ${meta.resolution[1].toPrecision(6).replace(/\.?0+$/, '')}${unit}`,
      id: 'meta-resolution',
    },
    { label: 'Bounds', value: `${minX}, ${minY} – ${maxX}, ${maxY}`, id: 'meta-bounds' },
    {
      label: 'Overviews',
      value: meta.overviews.length === 0 ? 'none' : meta.overviews.map((o) => `${o.width}×${o.height}`).join(', '),
      id: 'meta-overviews',
    },
    {
      label: 'Layout',
      value: `${meta.tiled ? 'tiled' : 'strips'}, ${COMPRESSION[meta.compression] ?? `compression ${meta.compression}`}`,
      id: 'meta-layout',
    },
    { label: 'File size', value: `${formatBytes(meta.fileSize)} (${meta.fileSize} bytes)`, id: 'meta-file-size' },
    ...(meta.acquisitionDate ? [{ label: 'Acquired', value: meta.acquisitionDate, id: 'meta-date' }] : []),
  ];
}

function polygonsOf(geometry: unknown): number[][][][] {
  if (!isRecord(geometry) || !Array.isArray(geometry.coordinates)) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates as number[][][]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as number[][][][];
  return [];
}

export function sidecarOf(
  sidecar: unknown,
  meta: RasterMetadata,
  core: Raster,
): { aoi?: Ring[]; requestText?: string; facts: Fact[] } {
  if (!isRecord(sidecar) || sidecar.type !== 'Feature') return { facts: [] };
  const facts: Fact[] = [];
  const properties = isRecord(sidecar.properties) ? sidecar.properties : {};
  const request = properties['sat-imagery:request'];
  if (typeof properties.datetime === 'string')
    facts.push({ label: 'Date', value: properties.datetime.slice(0, 10), id: 'meta-datetime' });
  if (typeof properties['sat-imagery:model'] === 'string')
    facts.push({ label: 'Model', value: properties['sat-imagery:model'], id: 'meta-model' });
  let aoi: Ring[] | undefined;
  try {
    const rings: Ring[] = [];
    for (const polygon of polygonsOf(sidecar.geometry)) {
      for (const ring of polygon) {
        rings.push(
          ring
            .filter((p) => typeof p[0] === 'number' && typeof p[1] === 'number')
            .map((p) => core.lonLatToPixel(meta, p[0] as number, p[1] as number)),
        );
      }
    }
    if (rings.length > 0) aoi = rings;
  } catch {
    // A file in a coordinate system the core cannot place longitudes in: no outline, the rest stands.
  }
  return {
    ...(aoi ? { aoi } : {}),
    ...(isRecord(request) ? { requestText: JSON.stringify(request, null, 2) } : {}),
    facts,
  };
}
