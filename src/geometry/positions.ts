// Offsets in the source text turned into zero-based line/column positions. The line table is
// built only when a problem needs a position, so a valid 20 MB AOI never pays for it.
import type { TextPosition, TextRange } from './types';

export class LineIndex {
  private starts: Uint32Array | undefined;

  constructor(private readonly text: string) {}

  position(offset: number): TextPosition {
    const starts = this.lineStarts();
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    // Binary search for the last line that starts at or before the offset.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, column: clamped - starts[low] };
  }

  range(start: number, end: number): TextRange {
    return { start: this.position(start), end: this.position(Math.max(start, end)) };
  }

  private lineStarts(): Uint32Array {
    if (this.starts) return this.starts;
    const found: number[] = [0];
    const text = this.text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // \r\n, \n and a lone \r each end a line, as in VS Code.
      if (c === 10) found.push(i + 1);
      else if (c === 13 && text.charCodeAt(i + 1) !== 10) found.push(i + 1);
    }
    this.starts = Uint32Array.from(found);
    return this.starts;
  }
}

/** A BOM is replaced by a space: JSON.parse and the WKT reader skip it, offsets stay the same. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
}

/** The first character that is not white space (after a BOM), or undefined for blank text. */
export function firstSignificantChar(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfeff || c === 32 || c === 9 || c === 10 || c === 13) continue;
    return text[i];
  }
  return undefined;
}
