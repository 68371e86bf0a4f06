// The Earth model shared by the area code: a sphere with the WGS84 authalic radius (the sphere
// with the ellipsoid's surface area), which keeps areas within about 0.5 % of the ellipsoidal
// figure without the cost of geodesic integration on a million vertices.
import type { BoundingBox } from './types';

export const EARTH_RADIUS_M = 6371007.2;
export const RAD = Math.PI / 180;
export const M2_PER_KM2 = 1e6;

/** Turns a ring's trapezoid sum (degrees of longitude times sine terms) into m². */
export const RING_SUM_TO_M2 = (RAD * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2;

/** Area of a longitude/latitude box on the sphere, in km². */
export function bboxAreaKm2(box: BoundingBox): number {
  const width = Math.abs(box.east - box.west) * RAD;
  const height = Math.abs(Math.sin(box.north * RAD) - Math.sin(box.south * RAD));
  return (EARTH_RADIUS_M * EARTH_RADIUS_M * width * height) / M2_PER_KM2;
}
