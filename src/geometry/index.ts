// The geometry module's public face: read and validate AOIs, areas, WKT output, splitting, cache.
export { readAoi, detectFormat } from './read-aoi';
export { aoiFromPolygons } from './aoi';
export { AoiCache } from './aoi-cache';
export { geodesicAreaKm2, billedAreaKm2, polygonBbox, bboxAreaKm2, MIN_BILLED_KM2 } from './area';
export { splitAoi, splitBox } from './split';
export { findSelfIntersection } from './self-intersection';
export { DEFAULT_BILLING_RULES, billedBoxKm2, billingRulesFrom } from './billing-rules';
export type * from './types';
