// Is an order in the list the one a create request asked for? Used after a create whose answer
// was lost: the service may list the order with its WKT reformatted (other spacing, numbers
// rounded or padded), so geometry is compared after reading it, numbers within a tolerance, and
// the settings by meaning (model, constellations, dates, cadence, tiles).
import type { OrderCreateRequest, TaskOrder } from './types';

/** Degrees: about 0.1 m. Wider than any rounding a service applies to print a coordinate, far
 * narrower than any change a person makes to an area. */
const COORDINATE_TOLERANCE = 1e-6;

type Token = string | number;

/** WKT as a list of words (upper-cased), brackets and commas, and numbers. Undefined when a
 * character is not WKT: then nothing is compared and nothing matches. */
function wktTokens(wkt: string): Token[] | undefined {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z]+)|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([(),]))/y;
  let at = 0;
  const text = wkt.trimEnd();
  while (at < text.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (!m) return undefined;
    if (m[1] !== undefined) tokens.push(m[1].toUpperCase());
    else if (m[2] !== undefined) tokens.push(Number(m[2]));
    else tokens.push(m[3] as string);
    at = pattern.lastIndex;
  }
  return tokens;
}

function closeEnough(a: number, b: number): boolean {
  return Math.abs(a - b) <= COORDINATE_TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Same geometry written two ways: same structure, coordinates within the tolerance. */
export function sameWkt(a: string, b: string): boolean {
  const x = wktTokens(a);
  const y = wktTokens(b);
  if (!x || !y || x.length !== y.length) return false;
  return x.every((t, i) => {
    const u = y[i];
    return typeof t === 'number' && typeof u === 'number' ? closeEnough(t, u) : t === u;
  });
}

/** The coordinates of a GeoJSON value in order, to compare with the numbers of a WKT. */
function geoJsonNumbers(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') into.push(value);
  else if (Array.isArray(value)) for (const v of value) geoJsonNumbers(v, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.type === 'FeatureCollection') geoJsonNumbers(o.features, into);
    else if (o.type === 'Feature') geoJsonNumbers(o.geometry, into);
    else if (o.type === 'GeometryCollection') geoJsonNumbers(o.geometries, into);
    else geoJsonNumbers(o.coordinates, into);
  }
  return into;
}

function sameGeoJsonAsWkt(geoJson: unknown, wkt: string): boolean {
  const parsed = typeof geoJson === 'string' ? safeParse(geoJson) : geoJson;
  const want = geoJsonNumbers(parsed);
  const have = (wktTokens(wkt) ?? []).filter((t): t is number => typeof t === 'number');
  return want.length > 0 && want.length === have.length && want.every((n, i) => closeEnough(n, have[i] as number));
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const day = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, 10) : null;
const sortedSet = (values: unknown): string =>
  Array.isArray(values)
    ? [...new Set(values.filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase()))]
        .sort()
        .join(',')
    : '';

/** Does this order record carry the settings and area of this create request? A field the
 * record leaves out is not held against it, except the area: an order whose area cannot be
 * compared is never taken for the one sent. */
export function orderMatches(order: TaskOrder, request: OrderCreateRequest): boolean {
  if (typeof order.Model !== 'string' || order.Model.toLowerCase() !== request.Model.toLowerCase()) return false;
  if (sortedSet(order.SatelliteConstellations) !== sortedSet(request.SatelliteConstellations)) return false;
  if (day(order.From) !== day(request.From) || day(order.To) !== day(request.To)) return false;
  if (order.ImageFrequency !== undefined && order.ImageFrequency !== request.ImageFrequency) return false;
  if (order.ReferenceDate !== undefined && day(order.ReferenceDate) !== day(request.ReferenceDate)) return false;
  if (order.StorageMonths !== undefined && order.StorageMonths !== request.StorageMonths) return false;
  const tiles = [...(request.TileGuids ?? []), ...(request.MiniTileGuids ?? [])];
  if (tiles.length > 0 && request.Wkt === undefined && request.GeoJson === undefined) {
    // With TileDeduplication the order keeps only the tiles not already owned; it lists the others apart.
    const held = [order.Tiles, order.MiniTiles, order.DeduplicatedTiles].flatMap((list) =>
      Array.isArray(list) ? list : [],
    );
    return sortedSet(held) === sortedSet(tiles);
  }
  if (typeof order.Wkt !== 'string') return false;
  if (typeof request.Wkt === 'string') return sameWkt(order.Wkt, request.Wkt);
  return request.GeoJson !== undefined && sameGeoJsonAsWkt(request.GeoJson, order.Wkt);
}
