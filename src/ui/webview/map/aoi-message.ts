// The Show on Map page's view of an AOI document, built from what readAoi made of its text: the
// polygons packed for the trip (thinned for display above a budget: the data sent to the service
// is never thinned, only the drawing), the billed boxes and areas, the problems at their place,
// and, while the text does not parse, the last good drawing with the problem named. Pure: no
// `vscode`, unit-tested in Node.
import { packPolygons } from '../../../geometry/packed';
import { numberTokens, placeOfRange, polygonSpans } from '../../../geometry/polygon-spans';
import type { TextSpan } from '../../../geometry/polygon-spans';
import { thinPolygons } from '../../../geometry/thin';
import type { Aoi, AoiReadResult } from '../../../geometry/types';
import type { AoiMessage } from './protocol';

/** Vertices the map draws at most: OpenLayers pans 200,000 smoothly; a million does not. */
export const MAX_MAP_VERTICES = 200_000;

export interface LastGood {
  aoi: Aoi;
  /** Where each polygon's text is: found on first use (a click or a selection), not on every
   * redraw, since it scans every number of the text. */
  spans(): (TextSpan | undefined)[];
}

function lastGoodOf(aoi: Aoi, text: string): LastGood {
  let spans: (TextSpan | undefined)[] | undefined;
  return { aoi, spans: () => (spans ??= polygonSpans(text, aoi.polygons)) };
}

export interface AoiView {
  message: AoiMessage;
  /** The geometry drawn now (new when the text parsed, else the previous one). */
  lastGood: LastGood | undefined;
}

export function buildAoiView(
  name: string,
  text: string,
  result: AoiReadResult,
  previous: LastGood | undefined,
  fit: boolean,
): AoiView {
  const empty = text.trim() === '';
  // Problems are placed from the text's numbers; a text without problems skips the scan.
  const placed = result.problems.filter((p) => p.code !== 'parse' && p.code !== 'empty');
  const tokens = placed.length > 0 ? numberTokens(text) : undefined;
  const problems = placed.flatMap((problem) => {
    if (!tokens) return [];
    const start = offsetOf(text, problem.range.start.line, problem.range.start.column);
    const end = offsetOf(text, problem.range.end.line, problem.range.end.column);
    const at = placeOfRange(tokens, start, end, problem.code === 'swapped-lat-lon');
    return at ? [{ at, message: problem.message, severity: problem.severity }] : [];
  });
  const lastGood: LastGood | undefined = result.ok ? lastGoodOf(result.aoi, text) : previous;
  const firstError = result.ok ? undefined : result.problems.find((p) => p.severity === 'error');
  const aoi = lastGood?.aoi;
  const drawn = aoi ? thinPolygons(aoi.polygons, MAX_MAP_VERTICES) : undefined;
  const message: AoiMessage = {
    type: 'aoi',
    name,
    polygons: drawn ? packPolygons(drawn) : undefined,
    billedBoxes: aoi?.billedBoxes ?? [],
    areaKm2: aoi?.areaKm2,
    billedAreaKm2: aoi?.billedAreaKm2,
    vertexCount: aoi?.vertexCount ?? 0,
    drawnVertexCount: drawn ? countVertices(drawn) : 0,
    problems,
    invalid:
      firstError && !empty
        ? { message: firstError.message, line: firstError.range.start.line, column: firstError.range.start.column }
        : undefined,
    empty,
    fit,
  };
  return { message, lastGood };
}

function countVertices(polygons: number[][][][]): number {
  let n = 0;
  for (const polygon of polygons) for (const ring of polygon) n += ring.length;
  return n;
}

/** Offset of a zero-based line and column (UTF-16), by scanning for line breaks. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 0; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + column, text.length);
}
