// Problems as the readers and the validator first describe them: by place in the geometry
// (polygon, ring, position) rather than by text position. Each format's locator turns the
// places into text ranges in one batch, and only when there is something to report.
import type { JsonPath, Span } from './json-locate';
import type { ProblemCode } from './types';

/** Where a problem is: a part of a polygon, a JSON path, or a span of text already known. */
type Place =
  { polygon: number; ring?: number; position?: number; coordinate?: number } | { path: JsonPath } | { span: Span };

export type FixDraft =
  /** Insert ", <first position>" right after the ring's last position. */
  | { kind: 'close-ring'; title: string; polygon: number; ring: number; last: number; position: number[] }
  /** Replace the polygon's coordinates with the swapped ones. */
  | { kind: 'swap-lat-lon'; title: string; polygon: number; swapped: number[][][] }
  /** Replace the polygon (a whole Polygon geometry: with a MultiPolygon) with its parts. */
  | { kind: 'split-antimeridian'; title: string; polygon: number; parts: number[][][][] }
  /** The same replacement, for parts whose boxes bill less than the polygon's one box. */
  | { kind: 'split-billing'; title: string; polygon: number; parts: number[][][][] }
  /** Replace two neighbouring polygons, and the comma between them, with one merged polygon. */
  | { kind: 'merge-billing'; title: string; polygon: number; other: number; merged: number[][][] };

/** The fixes that replace one polygon with its parts (a MultiPolygon when it stood alone). */
export type PartsFixDraft = Extract<FixDraft, { kind: 'split-antimeridian' | 'split-billing' }>;

export interface Draft {
  code: ProblemCode;
  severity: 'error' | 'warning';
  message: string;
  place: Place;
  fix?: FixDraft;
}

/** Enough problems for a person to act on; past this the rest would be noise (and slow). */
export const MAX_PROBLEMS = 100;

export function ringLabel(polygon: number, ring: number): string {
  return `Ring ${ring + 1} of polygon ${polygon + 1}`;
}

export function formatCoordinate(value: number): string {
  return Number.isInteger(value) || Math.abs(value) >= 1e6 ? String(value) : String(Number(value.toPrecision(10)));
}
