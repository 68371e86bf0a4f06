// The geometry module's public face: read and validate AOIs, areas, WKT output, splitting, cache.
export { readAoi, detectFormat } from './read-aoi';
export { aoiFromPolygons, billedPartAreasKm2 } from './aoi';
export { AoiCache } from './aoi-cache';
export type { DocumentKey } from './aoi-cache';
export { geodesicAreaKm2, billedAreaKm2, polygonAreaKm2, polygonBbox, unionBbox, bboxAreaKm2, MIN_BILLED_KM2 } from './area';
export { toWkt, toTaskingWkt } from './geometry-text';
export { splitAoi, splitBox, clipPolygon, MAX_SPLIT_PARTS } from './split';
export { findSelfIntersection } from './self-intersection';
export { DEFAULT_BILLING_RULES, billedBoxKm2, billingRulesFrom } from './billing-rules';
export type { BillingRules } from './billing-rules';
export { planBillingSplit, convexHull } from './billing-fixes';
export type * from './types';
