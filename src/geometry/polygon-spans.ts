// Where each polygon of an AOI sits in its text, for the map: clicking a polygon selects its outer
// ring in the editor, and a selection in the editor highlights the polygon it falls in. The
// readers keep no positions for valid geometry (they would cost memory on a million vertices),
// so this scans the numbers of the text once: a polygon's outer ring starts at the first pair of
// numbers equal to its first position and ends at its closing position. Works for WKT and
// GeoJSON alike; a text whose numbers cannot be matched yields no span for that polygon.
import type { PolygonCoordinates } from './types';

/** The numbers of a text: start and end offsets and values, in typed arrays (a million-vertex
 * AOI has two million numbers: objects for each would cost hundreds of MB). */
export interface NumberTokens {
  length: number;
  start: Uint32Array;
  end: Uint32Array;
  value: Float64Array;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

function isWordChar(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

export function numberTokens(text: string): NumberTokens {
  let capacity = 1024;
  let start = new Uint32Array(capacity);
  let end = new Uint32Array(capacity);
  let value = new Float64Array(capacity);
  let length = 0;
  NUMBER.lastIndex = 0;
  for (let match = NUMBER.exec(text); match; match = NUMBER.exec(text)) {
    // A number glued to a letter is part of a word (a key such as "b2"), not a coordinate.
    if (match.index > 0 && isWordChar(text.charCodeAt(match.index - 1))) continue;
    if (length === capacity) {
      capacity *= 2;
      start = grow(start, capacity);
      end = grow(end, capacity);
      const values = new Float64Array(capacity);
      values.set(value);
      value = values;
    }
    start[length] = match.index;
    end[length] = match.index + match[0].length;
    value[length] = Number(match[0]);
    length++;
  }
  return { length, start, end, value };
}

function grow(array: Uint32Array<ArrayBuffer>, capacity: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(capacity);
  next.set(array);
  return next;
}

export interface TextSpan {
  start: number;
  end: number;
}

function pairAt(tokens: NumberTokens, i: number, lon: number, lat: number): boolean {
  return i + 1 < tokens.length && tokens.value[i] === lon && tokens.value[i + 1] === lat;
}

/** One span per polygon (its outer ring), or undefined where the text could not be matched. */
export function polygonSpans(
  text: string,
  polygons: readonly PolygonCoordinates[],
  tokens = numberTokens(text),
): (TextSpan | undefined)[] {
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
    spans.push({ start: tokens.start[first], end: tokens.end[end] });
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
export function placeOfRange(
  tokens: NumberTokens,
  start: number,
  end: number,
  swapped = false,
): [number, number] | undefined {
  const i = lowerBound(tokens, start);
  if (i + 1 >= tokens.length || tokens.start[i + 1] > Math.max(end, tokens.end[i] + 64)) return undefined;
  let [lon, lat] = [tokens.value[i], tokens.value[i + 1]];
  if (swapped) [lon, lat] = [lat, lon];
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return undefined;
  return [Math.max(-180, Math.min(180, lon)), Math.max(-90, Math.min(90, lat))];
}

function lowerBound(tokens: NumberTokens, offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens.end[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
