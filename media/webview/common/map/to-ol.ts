// Map features to OpenLayers features in the view's projection (Web Mercator). Packed polygons
// become one MultiPolygon built straight from the flat coordinate array (no nested arrays on the
// way), projected in place.
import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import type { PackedPolygons } from '../../../../src/geometry/packed';
import type { MapFeature } from './map-types';

/** Web Mercator cannot show the poles; latitudes are clamped to its edge. */
const MAX_LAT = 85.05112878;
const R = 6378137;

/** lon/lat pairs → Web Mercator metres, into a new array (the host's array stays untouched). */
function projectFlat(lonLat: Float64Array): number[] {
  const out = new Array<number>(lonLat.length);
  for (let i = 0; i < lonLat.length; i += 2) {
    const lat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lonLat[i + 1]));
    out[i] = (lonLat[i] * Math.PI * R) / 180;
    out[i + 1] = R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  }
  return out;
}

function multiPolygonOf(packed: PackedPolygons): MultiPolygon {
  const flat = projectFlat(packed.coordinates);
  const endss: number[][] = [];
  let ring = 0;
  for (const polygonEnd of packed.polygonEnds) {
    const ends: number[] = [];
    for (; ring < polygonEnd; ring++) ends.push(packed.ringEnds[ring]);
    endss.push(ends);
  }
  return new MultiPolygon(flat, 'XY', endss);
}

export function toOlFeature(spec: MapFeature): Feature | undefined {
  let geometry;
  if (spec.polygons && spec.polygons.coordinates.length > 0) geometry = multiPolygonOf(spec.polygons);
  else if (spec.point) geometry = new Point(fromLonLat(spec.point));
  else return undefined;
  const feature = new Feature({ geometry, spec });
  feature.setId(spec.id);
  return feature;
}
