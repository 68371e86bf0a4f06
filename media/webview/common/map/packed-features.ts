// Small builders of map features that pages share: a bounding box as a packed polygon.
import type { PackedPolygons } from '../../../../src/geometry/packed';

export function boxPolygon(west: number, south: number, east: number, north: number): PackedPolygons {
  return {
    coordinates: Float64Array.of(west, south, east, south, east, north, west, north, west, south),
    ringEnds: Uint32Array.of(10),
    polygonEnds: Uint32Array.of(1),
  };
}
