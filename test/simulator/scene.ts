// The landscape the simulator's images show, defined on the ground (longitude/latitude) so that
// every projection and resolution shows the same place: farm parcels whose crops green up and
// are harvested through the year, a meandering river, tracks between parcels, and clouds that
// depend on the date and become nodata. Deterministic for a seed.

const DEG = Math.PI / 180;

/** Surface reflectance spectra (0..1) by band: bare soil, green vegetation, water, dry
 * vegetation (straw and stubble: yellow in true colour), and built ground (asphalt and roofs:
 * grey, flat across the bands). Several end members, not two: a scene mixed from two alone
 * stretches to grey in true colour, since each band is then the same line of one mixing fraction. */
type Spectrum = [soil: number, green: number, water: number, dry: number, built: number];
export const SPECTRA: Record<string, Spectrum> = {
  B1: [0.08, 0.03, 0.06, 0.07, 0.1],
  B2: [0.1, 0.04, 0.06, 0.08, 0.11],
  B3: [0.14, 0.08, 0.05, 0.14, 0.12],
  B4: [0.18, 0.035, 0.03, 0.2, 0.13],
  B5: [0.2, 0.12, 0.02, 0.23, 0.14],
  B6: [0.22, 0.3, 0.015, 0.25, 0.15],
  B7: [0.24, 0.38, 0.012, 0.27, 0.16],
  B8: [0.26, 0.42, 0.01, 0.29, 0.17],
  B8A: [0.27, 0.43, 0.01, 0.3, 0.17],
  B9: [0.27, 0.4, 0.005, 0.29, 0.16],
  B10: [0.01, 0.01, 0.001, 0.01, 0.01],
  B11: [0.32, 0.2, 0.005, 0.38, 0.2],
  B12: [0.28, 0.1, 0.003, 0.3, 0.18],
};

/** Day of peak greenness and width (days) of the growing season, per crop. */
const CROPS: { peak: number; width: number; floor: number }[] = [
  { peak: 150, width: 45, floor: 0.05 }, // winter cereal
  { peak: 185, width: 35, floor: 0.02 }, // spring cereal
  { peak: 225, width: 35, floor: 0.0 }, // maize
  { peak: 170, width: 120, floor: 0.45 }, // grassland
  { peak: 180, width: 400, floor: 0.75 }, // forest
];

export function hash(a: number, b: number, c: number, seed: number): number {
  let h =
    Math.imul(a | 0, 0x27d4eb2d) ^
    Math.imul(b | 0, 0x165667b1) ^
    Math.imul(c | 0, 0x9e3779b1) ^
    Math.imul(seed | 0, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  return ((h ^ (h >>> 15)) >>> 0) / 4294967296;
}

/** Smooth noise in 0..1 on a lattice of `cell` metres. */
export function valueNoise(x: number, y: number, cell: number, salt: number, seed: number): number {
  const gx = Math.floor(x / cell);
  const gy = Math.floor(y / cell);
  const fx = x / cell - gx;
  const fy = y / cell - gy;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = hash(gx, gy, salt, seed) * (1 - sx) + hash(gx + 1, gy, salt, seed) * sx;
  const bottom = hash(gx, gy + 1, salt, seed) * (1 - sx) + hash(gx + 1, gy + 1, salt, seed) * sx;
  return top * (1 - sy) + bottom * sy;
}

export interface SceneDay {
  seed: number;
  dayOfYear: number;
  /** Fraction of the sky the date's clouds cover (0 on clear days). */
  cloudCover: number;
  dateSalt: number;
}

export function sceneDay(isoDate: string, seed: number): SceneDay {
  const time = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const day = Math.floor(time / 86_400_000);
  const dayOfYear = Math.floor((time - Date.UTC(new Date(time).getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  const roll = hash(day, 7, 3, seed);
  // About half the dates are clear; the rest carry 10–45 % cloud.
  return { seed, dayOfYear, cloudCover: roll < 0.5 ? 0 : 0.1 + (roll - 0.5) * 0.7, dateSalt: day };
}

export interface GroundSample {
  /** false under cloud: the pixel is nodata. */
  clear: boolean;
  water: boolean;
  /** Green vegetation fraction 0..1 (the rest is dry vegetation and bare soil). */
  green: number;
  /** Dry vegetation (stubble, straw) among what is not green, 0..1. */
  dry: number;
  /** The soil's brightness: moist ploughed soil is darker than dry sandy soil (about 0.55..1.15). */
  soil: number;
  /** Built ground (roads, roofs) covering the pixel, 0..1; the rest is the other members. */
  built: number;
  /** Per-pixel texture, -1..1. */
  grain: number;
}

/** Where a parcel is: its ids and how far (metres) the point is from its nearest edge. */
export interface ParcelAt {
  px: number;
  py: number;
  edge: number;
}

/** How the ground is laid out: the parcels' pattern, and whether the scene draws its own rivers. */
export interface SceneStyle {
  rivers: boolean;
  parcel(x: number, y: number, seed: number, out: ParcelAt): ParcelAt;
}

/** Parcels of 420 × 330 m on one grid, with 10 m tracks between them. */
function gridParcel(x: number, y: number, _seed: number, out: ParcelAt): ParcelAt {
  out.px = Math.floor(x / 420);
  out.py = Math.floor(y / 330);
  out.edge = Math.min(x - out.px * 420, (out.px + 1) * 420 - x, y - out.py * 330, (out.py + 1) * 330 - y);
  return out;
}

/** The scene every image shows unless a landscape of its own is drawn (demo-landscape.ts). */
export const PLAIN_STYLE: SceneStyle = { rivers: true, parcel: gridParcel };
const parcelAt: ParcelAt = { px: 0, py: 0, edge: 0 };

/** What the ground at a point looks like on a day. */
export function sampleGround(
  lon: number,
  lat: number,
  day: SceneDay,
  out: GroundSample,
  style: SceneStyle = PLAIN_STYLE,
): GroundSample {
  const x = lon * 111_320 * Math.cos(lat * DEG);
  const y = lat * 110_574;
  const { seed } = day;
  out.grain = hash(Math.floor(x / 10), Math.floor(y / 10), day.dateSalt & 0xff, seed) * 2 - 1;
  if (day.cloudCover > 0) {
    const cloud =
      0.65 * valueNoise(x, y, 2400, day.dateSalt, seed) + 0.35 * valueNoise(x, y, 600, day.dateSalt + 1, seed);
    out.clear = cloud < 0.72 - day.cloudCover * 0.6;
  } else out.clear = true;
  // A river every 6 km northwards, meandering, 30–70 m wide.
  const centre = 700 * Math.sin(x / 1900) + 260 * Math.sin(x / 610 + 1.3);
  const across = (((y - centre) % 6000) + 6000) % 6000;
  const halfWidth = 15 + 20 * valueNoise(x, 0, 900, 5, seed);
  out.water = style.rivers && (across < halfWidth || across > 6000 - halfWidth);
  out.dry = 0;
  out.soil = 1;
  out.built = 0;
  if (out.water) {
    out.green = 0;
    return out;
  }
  const { px, py, edge } = style.parcel(x, y, seed, parcelAt);
  if (edge < 6) {
    out.green = 0.25;
    return out;
  }
  const crop = CROPS[Math.floor(hash(px, py, 11, seed) * CROPS.length)] as (typeof CROPS)[number];
  const shift = (hash(px, py, 13, seed) - 0.5) * 20;
  const d = (day.dayOfYear - crop.peak - shift) / crop.width;
  out.green = Math.min(1, crop.floor + (0.95 - crop.floor) * Math.exp(-d * d) + 0.05 * valueNoise(x, y, 60, 17, seed));
  out.soil = 0.55 + 0.6 * hash(px, py, 19, seed) + 0.08 * (valueNoise(x, y, 90, 23, seed) - 0.5);
  // After the season's peak a crop dries to straw, then about half the parcels are ploughed.
  const ripe = Math.max(0, Math.min(1, (d - 0.6) / 0.8));
  out.dry = crop.floor < 0.4 && hash(px, py, 29, seed) < 0.55 ? ripe : ripe * Math.max(0, 1 - (d - 1.4) / 0.6);
  return out;
}

/** Reflectance (0..1) of a plain band id at a ground sample; unknown ids read like B4. */
function reflectance(band: string, g: GroundSample): number {
  const [soil, green, water, dry, built] = SPECTRA[band] ?? (SPECTRA.B4 as Spectrum);
  const open = g.water ? water : g.green * green + (1 - g.green) * (g.dry * dry + (1 - g.dry) * soil * g.soil);
  // With nothing built (every image but the demo's) this is `open` exactly.
  const value = g.built > 0 ? g.built * built + (1 - g.built) * open : open;
  return Math.max(0, value * (1 + 0.06 * g.grain));
}

/** A band id as requested: a plain band, or an index `[Bx_By]` (normalised difference). */
export type BandRecipe = { kind: 'band'; id: string } | { kind: 'index'; a: string; b: string };

export function bandRecipe(name: string): BandRecipe {
  const index = /^\[(\w+)_(\w+)\]$/.exec(name);
  return index ? { kind: 'index', a: index[1] as string, b: index[2] as string } : { kind: 'band', id: name };
}

/** Reflectance for a plain band, -1..1 for an index. */
export function bandValue(recipe: BandRecipe, g: GroundSample): number {
  if (recipe.kind === 'band') return reflectance(recipe.id, g);
  const a = reflectance(recipe.a, g);
  const b = reflectance(recipe.b, g);
  return a + b > 0 ? (a - b) / (a + b) : 0;
}

/** The green fraction whose pixel (soil of brightness 1, no straw) has this NDVI from B8 and B4:
 * B8 and B4 are each linear in it, so (B8 - B4) / (B8 + B4) = ndvi is solved exactly. Between the
 * soil's NDVI (about 0.18) and green vegetation's (about 0.85); clamped outside them. */
export function greenForNdvi(ndvi: number): number {
  const [soil8, green8] = SPECTRA.B8 as Spectrum;
  const [soil4, green4] = SPECTRA.B4 as Spectrum;
  const g = (soil4 * (1 + ndvi) - soil8 * (1 - ndvi)) / ((green8 - soil8) * (1 - ndvi) - (green4 - soil4) * (1 + ndvi));
  return Math.max(0, Math.min(1, g));
}
