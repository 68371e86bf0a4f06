// Helpers shared by the geometry tests: turn a problem's line/column range back into text, and
// apply a quick fix the way an editor would.
import type { AoiReadResult, GeometryProblem, TextPosition, TextRange } from '../../../src/geometry/types';

export function offsetOf(text: string, position: TextPosition): number {
  let offset = 0;
  for (let line = 0; line < position.line; line++) {
    const next = text.slice(offset).search(/\r\n|\r|\n/);
    if (next < 0) throw new Error(`line ${position.line} is past the end of the text`);
    offset += next + (text.startsWith('\r\n', offset + next) ? 2 : 1);
  }
  return offset + position.column;
}

/** The source text a range covers. */
export function textAt(text: string, range: TextRange): string {
  return text.slice(offsetOf(text, range.start), offsetOf(text, range.end));
}

export function applyFix(text: string, problem: GeometryProblem): string {
  const fix = problem.fixes?.[0];
  if (!fix) throw new Error(`problem '${problem.code}' has no fix`);
  return text.slice(0, offsetOf(text, fix.range.start)) + fix.replacement + text.slice(offsetOf(text, fix.range.end));
}

/** The problems of a failed read; fails the test when the read succeeded. */
export function problemsOf(result: AoiReadResult): GeometryProblem[] {
  if (result.ok) throw new Error('expected the read to fail, but it succeeded');
  return result.problems;
}

export function square(west: number, south: number, size: number): number[][] {
  return [
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
    [west, south],
  ];
}

export function wktRing(ring: number[][]): string {
  return `(${ring.map((p) => p.join(' ')).join(', ')})`;
}
