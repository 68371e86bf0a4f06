// readAoi: text in, a valid Aoi or positioned problems out. The happy path is as cheap as the
// format allows (JSON.parse for GeoJSON, one pass of the WKT reader); positions are worked out
// only for the problems found, in one extra pass over the text.
import { aoiFromPolygons } from './aoi';
import { readGeoJsonValue } from './geojson-reader';
import { findJsonSyntaxFault } from './json-syntax';
import { locateJsonPaths } from './json-locate';
import { firstSignificantChar, LineIndex, withoutBom } from './positions';
import { validatePolygons } from './validate';
import { checkBillingRules } from './billing-checks';
import { DEFAULT_BILLING_RULES } from './billing-rules';
import type { BillingRules } from './billing-rules';
import { readWktText } from './wkt-reader';
import { polygonBodyWkt, polygonJson, positionJson } from './geometry-text';
import type { Draft, FixDraft, PartsFixDraft } from './drafts';
import type { JsonPath, Span } from './json-locate';
import type { WktContent } from './wkt-reader';
import type { AoiFormat, AoiReadResult, GeometryProblem, PolygonCoordinates, QuickFix, TextRange } from './types';

/** Decides the format of text in 'auto' mode: JSON starts with '{' (or '['), anything else is WKT. */
export function detectFormat(text: string): AoiFormat {
  const first = firstSignificantChar(text);
  return first === '{' || first === '[' ? 'geojson' : 'wkt';
}

/** `rules`: the billing rules whose warnings a valid AOI gets (the live-service defaults unless the
 * host knows better). `parsed`: the GeoJSON text's value, when the caller has parsed it already
 * for more than the area (the field statistics make a field of each feature): 100 MB of GeoJSON
 * is then parsed once, and its values held once. */
export function readAoi(
  text: string,
  format: AoiFormat | 'auto',
  rules: BillingRules = DEFAULT_BILLING_RULES,
  parsed?: { value: unknown },
): AoiReadResult {
  // A BOM becomes a space: both readers skip it and every offset still matches the caller's text.
  const source = withoutBom(text);
  const lines = new LineIndex(source);
  const actual = format === 'auto' ? detectFormat(source) : format;
  const read = actual === 'geojson' ? readGeoJsonText(source, lines, parsed) : readWkt(source, lines);
  if ('ok' in read) return read;
  const { polygons, drafts, names } = read;

  const measures = drafts.length === 0 ? validatePolygons(polygons, drafts) : [];
  if (measures.length === polygons.length && polygons.length > 0 && !drafts.some((d) => d.severity === 'error'))
    checkBillingRules(polygons, measures, rules, drafts, names);
  if (drafts.length === 0 && polygons.length === 0)
    drafts.push({
      code: 'empty',
      severity: 'error',
      message: 'There is no polygon in this text.',
      place: { span: { start: 0, end: 0 } },
    });

  const problems = toProblems(source, drafts, read.locate, read.fixText, read.fixPlace, lines);
  if (problems.some((p) => p.severity === 'error')) return { ok: false, problems };
  return { ok: true, aoi: aoiFromPolygons(polygons, actual, measures, rules.minBilledKm2), problems };
}

/** What a format's reader found, and how its problems and fixes are placed in the text. */
interface FormatRead {
  polygons: PolygonCoordinates[];
  drafts: Draft[];
  /** The features' names, where the format has them (GeoJSON). */
  names?: (string | undefined)[];
  locate: (places: Draft['place'][]) => Span[];
  fixText: (fix: FixDraft) => string;
  /** Where a fix that replaces a polygon applies: the polygon, or its whole geometry when alone. */
  fixPlace: (fix: PartsFixDraft) => Draft['place'];
}

/** GeoJSON text (or the value the caller parsed from it); text that is not JSON is the one problem. */
function readGeoJsonText(
  source: string,
  lines: LineIndex,
  parsed: { value: unknown } | undefined,
): FormatRead | AoiReadResult {
  let value: unknown;
  try {
    value = parsed ? parsed.value : JSON.parse(source);
  } catch {
    const fault = findJsonSyntaxFault(source, lines) ?? {
      code: 'parse' as const,
      start: 0,
      end: 0,
      message: 'The text is not valid JSON.',
    };
    return {
      ok: false,
      problems: [
        { code: fault.code, severity: 'error', message: fault.message, range: lines.range(fault.start, fault.end) },
      ],
    };
  }
  const content = readGeoJsonValue(value);
  const standalone = (polygon: number) => standaloneJson(content.polygonPaths[polygon]);
  return {
    polygons: content.polygons,
    drafts: content.drafts,
    names: content.polygonNames,
    locate: (places) => geoJsonSpans(source, content.polygonPaths, places),
    fixText: (fix) => {
      if (fix.kind === 'close-ring') return positionJson(fix.position);
      if (fix.kind === 'swap-lat-lon') return polygonJson(fix.swapped);
      if (fix.kind === 'merge-billing') return polygonJson(fix.merged);
      const parts = fix.parts.map(polygonJson).join(', ');
      return standalone(fix.polygon) ? `{"type": "MultiPolygon", "coordinates": [${parts}]}` : parts;
    },
    fixPlace: (fix) =>
      standalone(fix.polygon) ? { path: content.polygonPaths[fix.polygon].slice(0, -1) } : { polygon: fix.polygon },
  };
}

function readWkt(source: string, lines: LineIndex): FormatRead {
  const content = readWktText(source, lines);
  return {
    polygons: content.polygons,
    drafts: content.drafts,
    locate: (places) => places.map((place) => wktSpan(source, content, place)),
    fixText: (fix) => {
      if (fix.kind === 'close-ring') return `${fix.position[0]} ${fix.position[1]}`;
      if (fix.kind === 'swap-lat-lon') return polygonBodyWkt(fix.swapped);
      if (fix.kind === 'merge-billing') return polygonBodyWkt(fix.merged);
      const parts = fix.parts.map(polygonBodyWkt).join(', ');
      return content.polygonGeometrySpans[fix.polygon] ? `MULTIPOLYGON (${parts})` : parts;
    },
    fixPlace: (fix) => {
      const whole = content.polygonGeometrySpans[fix.polygon];
      return whole ? { span: whole } : { polygon: fix.polygon };
    },
  };
}

function toProblems(
  source: string,
  drafts: Draft[],
  locate: (places: Draft['place'][]) => Span[],
  fixText: (fix: FixDraft) => string,
  fixPlace: (fix: PartsFixDraft) => Draft['place'],
  lines: LineIndex,
): GeometryProblem[] {
  if (drafts.length === 0) return [];
  // Fix places ride along in the same batch as the problem places: one pass over the text.
  const places: Draft['place'][] = drafts.map((d) => d.place);
  const fixPlaceIndex = drafts.map((d) => {
    if (!d.fix) return -1;
    const fix = d.fix;
    if (fix.kind === 'merge-billing') places.push({ polygon: fix.polygon }, { polygon: fix.other });
    else
      places.push(
        fix.kind === 'close-ring'
          ? { polygon: fix.polygon, ring: fix.ring, position: fix.last }
          : fix.kind === 'swap-lat-lon'
            ? { polygon: fix.polygon }
            : fixPlace(fix),
      );
    return fix.kind === 'merge-billing' ? places.length - 2 : places.length - 1;
  });
  const spans = locate(places);
  return drafts.map((draft, k) => {
    const span = spans[k];
    const problem: GeometryProblem = {
      code: draft.code,
      severity: draft.severity,
      message: draft.message,
      range: lines.range(span.start, span.end),
    };
    const fix = draft.fix;
    if (fix) {
      const target = spans[fixPlaceIndex[k]];
      // Closing a ring inserts after its last position; a merge replaces both polygons and the
      // comma between them; the others replace the polygon's text.
      let range: TextRange | undefined;
      if (fix.kind === 'close-ring') range = lines.range(target.end, target.end);
      else if (fix.kind !== 'merge-billing') range = lines.range(target.start, target.end);
      else {
        const second = spans[fixPlaceIndex[k] + 1];
        // Only neighbours in one multi-polygon: anything but a comma between them is other text.
        if (target.end > 0 && /^\s*,\s*$/.test(source.slice(target.end, second.start)))
          range = lines.range(target.start, second.end);
      }
      const replacement = fix.kind === 'close-ring' ? afterPosition(source, target) + fixText(fix) : fixText(fix);
      if (range) problem.fixes = [{ kind: fix.kind, title: fix.title, range, replacement } as QuickFix];
    }
    return problem;
  });
}

/** What goes between a ring's last position (`span`) and the position that closes it: on its own
 * line, with the last one's indentation, when the last position stands on a line of its own (a
 * file formatted over lines); after a comma and a space when it shares its line with others. */
function afterPosition(source: string, span: Span): string {
  const lineStart = source.lastIndexOf('\n', span.start - 1) + 1;
  const before = source.slice(lineStart, span.start);
  if (!/^[ \t]*$/.test(before)) return ', ';
  const eol = source[lineStart - 2] === '\r' ? '\r\n' : '\n';
  return `,${eol}${before}`;
}

const NOWHERE: Span = { start: 0, end: 0 };

function geoJsonSpans(text: string, polygonPaths: JsonPath[], places: Draft['place'][]): Span[] {
  const wanted: number[] = [];
  const paths: JsonPath[] = [];
  places.forEach((place, k) => {
    if ('span' in place) return; // already known: no need to look
    wanted.push(k);
    if ('path' in place) return void paths.push(place.path);
    const path: (string | number)[] = [...polygonPaths[place.polygon]];
    if (place.ring !== undefined) path.push(place.ring);
    if (place.position !== undefined) path.push(place.position);
    if (place.coordinate !== undefined) path.push(place.coordinate);
    paths.push(path);
  });
  const found = locateJsonPaths(text, paths);
  const spans = places.map((place) => ('span' in place ? place.span : NOWHERE));
  wanted.forEach((k, i) => (spans[k] = found[i] ?? NOWHERE));
  return spans;
}

function wktSpan(text: string, content: WktContent, place: Draft['place']): Span {
  if ('span' in place) return place.span;
  if ('path' in place) return NOWHERE;
  const { polygon, ring, position, coordinate } = place;
  if (ring === undefined) return content.polygonSpans[polygon] ?? NOWHERE;
  if (position === undefined) return content.ringSpans[polygon]?.[ring] ?? NOWHERE;
  const index = content.ringFirstPosition[polygon][ring] + position;
  const span = { start: content.positionStarts[index], end: content.positionEnds[index] };
  if (coordinate === undefined) return span;
  // The k-th number inside the position's text.
  const numbers = /[^\s,()]+/g;
  numbers.lastIndex = span.start;
  for (let k = 0; k <= coordinate; k++) {
    const match = numbers.exec(text);
    if (!match || match.index >= span.end) return span;
    if (k === coordinate) return { start: match.index, end: match.index + match[0].length };
  }
  return span;
}

/** True when the polygon is a Polygon geometry's coordinates, not a member of a MultiPolygon. */
function standaloneJson(path: JsonPath): boolean {
  return path[path.length - 1] === 'coordinates';
}
