// The output projection: 4326, 47000 (the service picks the UTM zone) and the UTM zone the area
// lies in, computed from its bounding box (326xx north, 327xx south). When the area spans zones
// the person is warned that a single zone distorts the far side. Any EPSG code may be typed; it
// is checked against the specification document's enum when the document has one.
import type { BoundingBox } from '../geometry/types';
import { DEFAULT_EPSG } from './choices';
import { WorkflowError } from './workflow-error';
import type { PickItem } from './pick-item';

const AUTOMATIC_UTM = 47000;

/** UTM zone number (1–60) of a longitude; 180° belongs to zone 60. */
export function utmZoneOf(longitude: number): number {
  return Math.min(60, Math.max(1, Math.floor((longitude + 180) / 6) + 1));
}

export interface UtmChoice {
  /** EPSG codes of every zone the area touches, west to east (one hemisphere: of its centre). */
  codes: number[];
  /** True when the area lies in one zone. */
  single: boolean;
  /** Why a single zone is a compromise, or undefined. */
  warning: string | undefined;
}

export function utmChoice(bbox: BoundingBox): UtmChoice {
  const north = (bbox.south + bbox.north) / 2 >= 0;
  const base = north ? 32600 : 32700;
  const first = utmZoneOf(bbox.west);
  const last = utmZoneOf(bbox.east);
  const codes: number[] = [];
  for (let zone = first; zone <= last; zone++) codes.push(base + zone);
  const single = codes.length === 1;
  const crossesEquator = bbox.south < 0 && bbox.north > 0;
  const warning = !single
    ? `The area spans UTM zones ${first}–${last}: one zone's projection distorts the far side; 47000 lets the service choose, 4326 keeps degrees.`
    : crossesEquator
      ? 'The area crosses the equator: the UTM code is that of its centre.'
      : undefined;
  return { codes, single, warning };
}

/** The projection used when none is given, in words: the command line's help says this. */
export const DEFAULT_EPSG_RULE = `the area's UTM zone (326xx/327xx) when it lies in one zone, else ${DEFAULT_EPSG}`;

/** The projection used when none is given (DEFAULT_EPSG_RULE): the prompt's pre-selection and
 * the command line's default alike. */
export function defaultEpsg(bbox: BoundingBox | undefined): number {
  const utm = bbox ? utmChoice(bbox) : undefined;
  return utm?.single ? (utm.codes[0] as number) : DEFAULT_EPSG;
}

/** Picker items: the area's zone(s), 47000, 4326, and an entry to type another code. */
export function epsgItems(bbox: BoundingBox | undefined, typeOwn: number): PickItem<number>[] {
  const utm = bbox ? utmChoice(bbox) : undefined;
  const zones = (utm?.codes ?? []).map((code) => ({
    label: String(code),
    description: `UTM zone ${code % 100}${code < 32700 ? 'N' : 'S'}${utm?.single ? ', the zone of this area' : ', part of this area'}`,
    value: code,
  }));
  return [
    ...zones,
    { label: '47000', description: 'automatic UTM zone (the service chooses)', value: AUTOMATIC_UTM },
    { label: '4326', description: 'WGS 84 longitude/latitude', value: 4326 },
    { label: 'Another EPSG code…', description: 'type any code the service accepts', value: typeOwn },
  ];
}

/** Checks a code: a whole positive number, in the document's enum when it has one. */
export function checkEpsg(value: number, allowed: readonly unknown[] | undefined): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new WorkflowError('invalid-option', `EPSG code ${String(value)} is not a whole positive number.`);
  if (allowed && allowed.length > 0 && !allowed.includes(value)) {
    throw new WorkflowError(
      'invalid-option',
      `EPSG code ${value} is not one the service lists: ${allowed.join(', ')}.`,
    );
  }
  return value;
}

/** Reads a typed code ("EPSG:32632" or "32632"); returns a sentence when it is not one. */
export function parseEpsg(text: string): number | string {
  const match = /^\s*(?:epsg:)?\s*(\d{4,6})\s*$/i.exec(text);
  return match ? Number(match[1]) : 'Enter an EPSG code such as 32632 or EPSG:32632.';
}
