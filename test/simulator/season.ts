// The scripted season (`season` option, CLI `--season`): a grid of square fields whose NDVI
// follows a seasonal curve date by date, with scripted events, for the field alerts' correctness
// test. With a season the date search lists the season's dates and only them, everywhere; images
// carry no random clouds, only the script's: a field under cloud on a date is nodata there (its
// whole box, or the western share `cover` of it). Each field pixel is drawn with the green
// fraction whose B8 and B4 (and so the index band [B8_B4]) give the field's NDVI of the date, so
// the product's own per-field mean reproduces the curve. A harvest sets a field's NDVI to
// HARVEST_NDVI from its date on. The season's own order covers its box on its dates, so a
// composite of it can be bought whatever the clock says.
import type { Bbox } from './geometry';
import { bboxWkt } from './geometry';
import { dayNumber, isoDay } from './dates';
import { greenForNdvi } from './scene';
import type { GroundSample } from './scene';
import type { SimulatorState } from './state';

export interface SeasonScript {
  /** The south-west corner of the fields' grid (degrees). */
  west: number;
  south: number;
  /** Fields across (west to east) and down (south to north); ids F01, F02, … row by row from the south-west. */
  across: number;
  down: number;
  /** A field's side and the gap between two fields, in degrees (longitude and latitude alike). */
  side: number;
  gap: number;
  /** The season's dates: `count` dates `everyDays` apart from `first`. */
  first: string;
  everyDays: number;
  count: number;
  /** From `date` on, the field's NDVI is HARVEST_NDVI. */
  harvests: { field: string; date: string }[];
  /** Fields whose NDVI is written out date by date (the i-th value on the i-th date), in place of
   * the curve and any harvest: a small season worked by hand. A date past its list takes the curve. */
  ndvi?: Record<string, readonly number[]>;
  /** The fields under cloud on the dates: nodata over the whole field, or over its western
   * share `cover` (0..1). */
  clouds: { fields: string[]; dates: string[]; cover?: number }[];
}

export interface SeasonField {
  id: string;
  bbox: Bbox;
}

/** The NDVI of a harvested field: stubble on bare soil. */
export const HARVEST_NDVI = 0.2;

/** 25 fields × 20 weekly dates, May to September 2026, with harvests and clouds (see README). */
export const DEFAULT_SEASON: SeasonScript = {
  west: 10.2,
  south: 56.1,
  across: 5,
  down: 5,
  side: 0.003,
  gap: 0.001,
  first: '2026-05-04',
  everyDays: 7,
  count: 20,
  harvests: [
    { field: 'F03', date: '2026-08-17' },
    { field: 'F08', date: '2026-08-24' },
    { field: 'F12', date: '2026-08-10' },
    { field: 'F19', date: '2026-08-31' },
  ],
  clouds: [
    { fields: ['F05'], dates: ['2026-06-15'] },
    { fields: ['F10', 'F11'], dates: ['2026-07-06', '2026-07-13'] },
    { fields: ['F15'], dates: ['2026-06-01', '2026-06-08', '2026-06-15'] },
    { fields: ['F20'], dates: ['2026-07-27', '2026-08-03', '2026-08-10', '2026-08-17'] },
    { fields: ['F22'], dates: ['2026-06-29'], cover: 0.7 },
    { fields: ['F23'], dates: ['2026-06-29'], cover: 0.3 },
  ],
};

/** F01, F02, …: the field's id from its place in the grid (0 is the south-west one). */
function fieldId(field: number): string {
  return `F${String(field + 1).padStart(2, '0')}`;
}

export function seasonFields(script: SeasonScript): SeasonField[] {
  const step = script.side + script.gap;
  return Array.from({ length: script.across * script.down }, (_, i) => {
    const west = script.west + (i % script.across) * step;
    const south = script.south + Math.floor(i / script.across) * step;
    return {
      id: fieldId(i),
      bbox: { west, south, east: west + script.side, north: south + script.side },
    };
  });
}

export function seasonDates(script: SeasonScript): string[] {
  const first = dayNumber(script.first);
  return Array.from({ length: script.count }, (_, i) => isoDay(first + i * script.everyDays));
}

/** The box of every field. */
export function seasonBox(script: SeasonScript): Bbox {
  const step = script.side + script.gap;
  return {
    west: script.west,
    south: script.south,
    east: script.west + (script.across - 1) * step + script.side,
    north: script.south + (script.down - 1) * step + script.side,
  };
}

/** The field's NDVI on the `t`-th date: the value the script writes out for it, else 0.35 rising
 * to 0.65 at its peak (the 9th to 13th date, by field) and back, slowly enough (at most about 0.03
 * a week) that no week is a drop. */
export function seasonNdvi(script: SeasonScript, field: number, date: string): number {
  const id = fieldId(field);
  const t = (dayNumber(date) - dayNumber(script.first)) / script.everyDays;
  const written = script.ndvi?.[id]?.[t];
  if (written !== undefined) return written;
  const harvest = script.harvests.find((h) => h.field === id);
  if (harvest && date >= harvest.date) return HARVEST_NDVI;
  const x = (t - (8 + (field % 5))) / 8;
  return 0.35 + 0.3 * Math.exp(-x * x);
}

/** The season's ground at a point on a date, over what the scene drew: a field's pixel is clear
 * or under the script's cloud, and green enough for the field's NDVI. Outside the fields, the scene. */
export function seasonGround(script: SeasonScript, lon: number, lat: number, date: string, out: GroundSample): void {
  const step = script.side + script.gap;
  const col = Math.floor((lon - script.west) / step);
  const row = Math.floor((lat - script.south) / step);
  if (col < 0 || row < 0 || col >= script.across || row >= script.down) return;
  const inX = (lon - script.west - col * step) / script.side;
  if (inX > 1 || (lat - script.south - row * step) / script.side > 1) return;
  const field = row * script.across + col;
  const id = fieldId(field);
  const day = date.slice(0, 10);
  const cloud = script.clouds.find((c) => c.fields.includes(id) && c.dates.includes(day));
  out.clear = cloud === undefined || inX > (cloud.cover ?? 1);
  out.water = false;
  out.built = 0;
  out.dry = 0;
  out.soil = 1;
  out.green = greenForNdvi(seasonNdvi(script, field, day));
}

/** The season's dates become the only ones the date search lists, and its order covers its box. */
export function loadSeason(state: SimulatorState, script: SeasonScript): void {
  const dates = seasonDates(script);
  state.season = script;
  state.dates.fixedDays = dates.map(dayNumber);
  // The order's box reaches 0.01° beyond the fields, so an area drawn around them is inside it.
  const fields = seasonBox(script);
  const box = {
    west: fields.west - 0.01,
    south: fields.south - 0.01,
    east: fields.east + 0.01,
    north: fields.north + 0.01,
  };
  state.stored.push({
    TaskOrderGuid: state.nextOrderGuid(),
    Model: 'Stratus2',
    StorageMonths: 120,
    ApiRequests: 1000,
    ImageFrequency: 1,
    TaskOrderAreaKm2: 2,
    ReferenceDate: script.first,
    From: script.first,
    To: dates.at(-1) ?? script.first,
    SatelliteConstellations: ['Sentinel2'],
    Tiles: [],
    MiniTiles: [],
    DeduplicatedTiles: [],
    Wkt: bboxWkt(box),
    boxes: [box],
    createdAt: Date.parse(`${script.first}T00:00:00Z`) - 30 * 86_400_000,
  });
}
