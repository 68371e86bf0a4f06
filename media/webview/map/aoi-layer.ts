// The AOI document as map features: one feature per polygon (its id is the polygon's index, so a
// click reveals the right text), one dashed box per polygon's billed bounding box, and a dot per
// problem; and the legend's text.
import { formatNumber } from '../../../src/common/format';
import type { PackedPolygons } from '../../../src/geometry/packed';
import type { AoiMessage } from '../../../src/ui/webview/map/protocol';
import type { MapFeature } from '../common/map/map-types';

/** One polygon of a packed set, sharing the coordinate buffer (subarray: no copy). */
function polygonAt(packed: PackedPolygons, index: number): PackedPolygons {
  const firstRing = index === 0 ? 0 : packed.polygonEnds[index - 1];
  const lastRing = packed.polygonEnds[index];
  const start = firstRing === 0 ? 0 : packed.ringEnds[firstRing - 1];
  const ringEnds = packed.ringEnds.slice(firstRing, lastRing).map((end) => end - start);
  const end = packed.ringEnds[lastRing - 1];
  return {
    coordinates: packed.coordinates.subarray(start, end),
    ringEnds,
    polygonEnds: Uint32Array.of(ringEnds.length),
  };
}

function boxPolygon(west: number, south: number, east: number, north: number): PackedPolygons {
  return {
    coordinates: Float64Array.of(west, south, east, south, east, north, west, north, west, south),
    ringEnds: Uint32Array.of(10),
    polygonEnds: Uint32Array.of(1),
  };
}

export function aoiFeatures(message: AoiMessage): { aoi: MapFeature[]; billed: MapFeature[]; problems: MapFeature[] } {
  const aoi: MapFeature[] = [];
  const packed = message.polygons;
  if (packed)
    for (let i = 0; i < packed.polygonEnds.length; i++)
      aoi.push({ id: String(i), kind: 'aoiOutline', polygons: polygonAt(packed, i), label: `Polygon ${i + 1}` });
  const billed = message.billedBoxes.map((b, i): MapFeature => ({
    id: String(i),
    kind: 'billed',
    polygons: boxPolygon(b.west, b.south, b.east, b.north),
    label: `Billed box of polygon ${i + 1}`,
  }));
  const problems = message.problems.map((p, i): MapFeature => ({
    id: String(i),
    kind: 'problem',
    point: p.at,
    severity: p.severity,
    label: p.message,
  }));
  return { aoi, billed, problems };
}

export function legendText(message: AoiMessage): string {
  if (message.areaKm2 === undefined || message.billedAreaKm2 === undefined) return 'No area drawn yet.';
  const polygons = message.polygons?.polygonEnds.length ?? 0;
  const parts = [
    `${polygons} polygon${polygons === 1 ? '' : 's'}`,
    `area ${formatNumber(message.areaKm2, undefined, 3)} km²`,
    `billed ${formatNumber(message.billedAreaKm2, undefined, 3)} km²`,
  ];
  if (message.drawnVertexCount < message.vertexCount)
    parts.push(
      `drawn from ${message.drawnVertexCount.toLocaleString()} of ${message.vertexCount.toLocaleString()} vertices`,
    );
  return parts.join(' · ');
}
