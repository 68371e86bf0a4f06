// Where each polygon of an AOI sits in its text, for the map: clicking a polygon selects its outer
// ring in the editor, and a selection in the editor highlights the polygon it falls in. The
// readers keep no positions for valid geometry (they would cost memory on a million vertices),
// so this scans the numbers of the text once: a polygon's outer ring starts at the first pair of
// numbers equal to its first position and ends at its closing position. Works for WKT and
// GeoJSON alike; a text whose numbers cannot be matched yields no span for that polygon.
import type { PolygonCoordinates } from './types';

export interface NumberToken {
  start: number;
  end: number;
  value: number;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

export function numberTokens(text: string, from = 0, to = text.length): NumberToken[] {
  const tokens: NumberToken[] = [];
  NUMBER.lastIndex = from;
  for (let match = NUMBER.exec(text); match && match.index < to; match = NUMBER.exec(text)) {
    // A number glued to a letter is part of a word (a key, "EPSG4326"), not a coordinate.
    const before = match.index > 0 ? text.charCodeAt(match.index - 1) : 32;
    if ((before >= 65 && before <= 90) || (before >= 97 && before <= 122) || before === 95) continue;
    tokens.push({ start: match.index, end: match.index + match[0].length, value: Number(match[0]) });
  }
  return tokens;
}

export interface TextSpan {
  start: number;
  end: number;
}

function pairAt(tokens: NumberToken[], i: number, lon: number, lat: number): boolean {
  return i + 1 < tokens.length && tokens[i].value === lon && tokens[i + 1].value === lat;
}

/** One span per polygon (its outer ring), or undefined where the text could not be matched. */
export function polygonSpans(text: string, polygons: readonly PolygonCoordinates[], tokens = numberTokens(text)): (TextSpan | undefined)[] {
  const spans: (TextSpan | undefined)[] = [];
  let cursor = 0;
  for (const polygon of polygons) {
    const ring = polygon[0];
    if (!ring || ring.length === 0) {
      spans.push(undefined);
      continue;
    }
    const [lon, lat] = ring[0];
    let first = cursor;
    while (first < tokens.length && !pairAt(tokens, first, lon, lat)) first++;
    if (first >= tokens.length) {
      spans.push(undefined);
      continue;
    }
    // Most texts write two numbers a position: the closing position is then exactly here.
    const [lastLon, lastLat] = ring[ring.length - 1];
    let last = first + 2 * (ring.length - 1);
    if (!pairAt(tokens, last, lastLon, lastLat)) {
      last = first + 2;
      while (last < tokens.length && !pairAt(tokens, last, lastLon, lastLat)) last++;
      if (last >= tokens.length) last = first;
    }
    const end = Math.min(last + 1, tokens.length - 1);
    spans.push({ start: tokens[first].start, end: tokens[end].end });
    cursor = end + 1;
  }
  return spans;
}

/** The polygon whose span holds `offset`, or undefined. */
export function polygonAtOffset(spans: readonly (TextSpan | undefined)[], offset: number): number | undefined {
  const index = spans.findIndex((span) => span !== undefined && span.start <= offset && offset <= span.end);
  return index < 0 ? undefined : index;
}

/** The [lon, lat] a problem's text range points at: its first two numbers, when it has two. */
export function placeOfRange(tokens: readonly NumberToken[], start: number, end: number, swapped = false): [number, number] | undefined {
  const i = lowerBound(tokens, start);
  if (i + 1 >= tokens.length || tokens[i + 1].start > Math.max(end, tokens[i].end + 64)) return undefined;
  let [lon, lat] = [tokens[i].value, tokens[i + 1].value];
  if (swapped) [lon, lat] = [lat, lon];
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return undefined;
  return [Math.max(-180, Math.min(180, lon)), Math.max(-90, Math.min(90, lat))];
}

function lowerBound(tokens: readonly NumberToken[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
