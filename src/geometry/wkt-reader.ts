// Reads WKT with positions: a hand-written tokenizer and recursive-descent parser that records
// where every polygon, ring and position starts and ends. It replaces wellknown on the read
// path because wellknown reports only "null" on bad input and takes about 2 s for a million
// vertices; this reader takes a fraction of that (see scripts/bench/geometry.mjs).
import { MAX_PROBLEMS } from './drafts';
import type { Draft } from './drafts';
import type { Span } from './json-locate';
import type { LineIndex } from './positions';
import type { PolygonCoordinates } from './types';

export interface WktContent {
  polygons: PolygonCoordinates[];
  drafts: Draft[];
  polygonSpans: Span[];
  /** Per polygon read as a POLYGON (not a MULTIPOLYGON member): its text from the keyword on. */
  polygonGeometrySpans: (Span | undefined)[];
  /** Per polygon, per ring: span of the ring's text. */
  ringSpans: Span[][];
  /** Per polygon, per ring: offset of the ring's first position in positionStarts/Ends. */
  ringFirstPosition: number[][];
  positionStarts: Uint32Array;
  positionEnds: Uint32Array;
}

const AREA_TYPES = new Set(['POLYGON', 'MULTIPOLYGON', 'GEOMETRYCOLLECTION']);
// How many list levels sit inside the outer parentheses of each type that has no area.
const LINEAR_TYPES: Record<string, number> = { POINT: 0, LINESTRING: 0, MULTIPOINT: 0, MULTILINESTRING: 1 };
const MAX_COLLECTION_DEPTH = 8;

class WktSyntaxError extends Error {
  constructor(readonly draft: Draft) {
    super(draft.message);
  }
}

export function readWktText(text: string, lines: LineIndex): WktContent {
  const reader = new WktReader(text, lines);
  const content = reader.content;
  try {
    reader.skipSpace();
    reader.srid();
    reader.geometry(0);
    reader.skipSpace();
    if (reader.at < text.length)
      reader.fail(
        'parse',
        `Unexpected ${reader.describe()} after the end of the geometry.`,
        reader.at,
        reader.tokenEnd(),
      );
  } catch (error) {
    if (!(error instanceof WktSyntaxError)) throw error;
    content.drafts.length = Math.min(content.drafts.length, MAX_PROBLEMS - 1);
    content.drafts.push(error.draft);
  }
  content.positionStarts = reader.starts.subarray(0, reader.positionCount);
  content.positionEnds = reader.ends.subarray(0, reader.positionCount);
  return content;
}

class WktReader {
  at = 0;
  positionCount = 0;
  starts = new Uint32Array(1024);
  ends = new Uint32Array(1024);
  readonly content: WktContent = {
    polygons: [],
    drafts: [],
    polygonSpans: [],
    polygonGeometrySpans: [],
    ringSpans: [],
    ringFirstPosition: [],
    positionStarts: new Uint32Array(0),
    positionEnds: new Uint32Array(0),
  };
  private readonly opened: number[] = [];

  constructor(
    private readonly text: string,
    private readonly lines: LineIndex,
  ) {}

  fail(code: Draft['code'], message: string, start: number, end: number): never {
    throw new WktSyntaxError({
      code,
      severity: 'error',
      message,
      place: { span: { start, end: Math.max(end, start) } },
    });
  }

  /** EWKT's `SRID=n;` prefix: 4326 (longitude/latitude on WGS 84) is the only system read. */
  srid(): void {
    const prefix = /(SRID\s*=\s*)([^;\s]*)\s*;/iy;
    prefix.lastIndex = this.at;
    const found = prefix.exec(this.text);
    if (!found) return;
    const [whole, lead, srid] = found;
    if (srid !== '4326') {
      const start = this.at + lead.length;
      const what = /^\d+$/.test(srid) ? `SRID ${srid}` : `The SRID '${srid.slice(0, 40)}'`;
      this.fail(
        'crs',
        `${what} is not a coordinate system this extension reads: coordinates must be longitude and latitude on WGS 84 (SRID=4326). Reproject the geometry to EPSG:4326 first, or drop the prefix if it already is.`,
        start,
        start + Math.max(1, srid.length),
      );
    }
    this.at += whole.length;
  }

  skipSpace(): void {
    const text = this.text;
    let i = this.at;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.at = i;
  }

  tokenEnd(): number {
    let i = this.at;
    while (i < this.text.length && /[A-Za-z0-9_.+\-]/.test(this.text[i])) i++;
    return Math.max(i, Math.min(this.at + 1, this.text.length));
  }

  describe(): string {
    if (this.at >= this.text.length) return 'end of text';
    const token = this.text.slice(this.at, Math.min(this.tokenEnd(), this.at + 40));
    return /^[\x20-\x7e]+$/.test(token)
      ? `'${token}'`
      : `character U+${token.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  }

  private endedEarly(): never {
    const open = this.opened[this.opened.length - 1];
    const where =
      open === undefined
        ? ''
        : (() => {
            const p = this.lines.position(open);
            return `: the '(' opened at line ${p.line + 1}, column ${p.column + 1} is never closed`;
          })();
    this.fail('parse', `The WKT ends too early${where}.`, this.text.length, this.text.length);
  }

  private expect(char: '(' | ')' | ',', context: string): void {
    this.skipSpace();
    if (this.text[this.at] === char) {
      if (char === '(') this.opened.push(this.at);
      if (char === ')') this.opened.pop();
      this.at++;
      return;
    }
    if (this.at >= this.text.length) this.endedEarly();
    this.fail('parse', `Expected '${char}' ${context} but found ${this.describe()}.`, this.at, this.tokenEnd());
  }

  /** After an item of a list: true when a ',' follows (consumed), false at the closing ')'. */
  private more(context: string): boolean {
    this.skipSpace();
    const c = this.text[this.at];
    if (c === ',') {
      this.at++;
      return true;
    }
    if (c === ')') {
      this.opened.pop();
      this.at++;
      return false;
    }
    if (this.at >= this.text.length) this.endedEarly();
    this.fail('parse', `Expected ',' or ')' ${context} but found ${this.describe()}.`, this.at, this.tokenEnd());
  }

  private word(): string {
    this.skipSpace();
    const start = this.at;
    while (this.at < this.text.length && /[A-Za-z]/.test(this.text[this.at])) this.at++;
    return this.text.slice(start, this.at).toUpperCase();
  }

  /** A keyword, then Z/M/ZM and EMPTY when present; returns the type and whether it is empty. */
  private header(): { type: string; start: number; empty: boolean } {
    this.skipSpace();
    const start = this.at;
    const type = this.word();
    if (!type) {
      if (this.at >= this.text.length)
        this.fail('empty', 'The text is empty: expected a WKT geometry such as POLYGON ((...)).', start, start);
      this.fail(
        'parse',
        `Expected a WKT geometry type such as POLYGON but found ${this.describe()}.`,
        this.at,
        this.tokenEnd(),
      );
    }
    let mark = this.at;
    let next = this.word();
    if (next === 'Z' || next === 'M' || next === 'ZM') {
      mark = this.at;
      next = this.word();
    }
    if (next === 'EMPTY') return { type, start, empty: true };
    this.at = mark;
    return { type, start, empty: false };
  }

  geometry(depth: number): void {
    const { type, start, empty } = this.header();
    if (!AREA_TYPES.has(type) && !(type in LINEAR_TYPES)) {
      this.fail(
        'parse',
        `'${type.slice(0, 40)}' is not a WKT geometry type; expected POLYGON, MULTIPOLYGON or GEOMETRYCOLLECTION.`,
        start,
        this.at,
      );
    }
    if (type in LINEAR_TYPES) {
      if (!empty) this.nested(LINEAR_TYPES[type], type === 'MULTIPOINT');
      this.content.drafts.push({
        code: 'not-an-area',
        severity: 'error',
        message: `A ${type} has no area: an area of interest must be a POLYGON or MULTIPOLYGON.`,
        place: { span: { start, end: start + type.length } },
      });
      return;
    }
    if (empty) {
      this.content.drafts.push({
        code: 'empty',
        severity: 'error',
        message: `This ${type} is EMPTY: it has no area.`,
        place: { span: { start, end: this.at } },
      });
      return;
    }
    if (type === 'POLYGON') {
      this.polygon();
      this.content.polygonGeometrySpans[this.content.polygons.length - 1] = { start, end: this.at };
      return;
    }
    if (type === 'MULTIPOLYGON') {
      this.expect('(', 'to open the MULTIPOLYGON');
      do this.polygon();
      while (this.more(`after polygon ${this.content.polygons.length}`));
      return;
    }
    if (depth >= MAX_COLLECTION_DEPTH)
      this.fail('parse', `GEOMETRYCOLLECTIONs are nested more than ${MAX_COLLECTION_DEPTH} deep.`, start, this.at);
    this.expect('(', 'to open the GEOMETRYCOLLECTION');
    do this.geometry(depth + 1);
    while (this.more('after a member of the GEOMETRYCOLLECTION'));
  }

  private polygon(): void {
    const index = this.content.polygons.length;
    const label = `polygon ${index + 1}`;
    this.skipSpace();
    const start = this.at;
    this.expect('(', `to open ${label}`);
    const rings: number[][][] = [];
    const ringSpans: Span[] = [];
    const firsts: number[] = [];
    do {
      this.skipSpace();
      const ringStart = this.at;
      firsts.push(this.positionCount);
      this.expect('(', `to open ring ${rings.length + 1} of ${label}`);
      const ring: number[][] = [];
      do ring.push(this.position(`position ${ring.length + 1} of ring ${rings.length + 1} of ${label}`));
      while (this.more(`after position ${ring.length} of ring ${rings.length + 1} of ${label}`));
      rings.push(ring);
      ringSpans.push({ start: ringStart, end: this.at });
    } while (this.more(`after ring ${rings.length} of ${label}`));
    this.content.polygons.push(rings);
    this.content.polygonSpans.push({ start, end: this.at });
    this.content.ringSpans.push(ringSpans);
    this.content.ringFirstPosition.push(firsts);
  }

  /** Lists nested `depth` levels deep, for the geometry types that are read only to be refused. */
  private nested(depth: number, optionalParens: boolean): void {
    this.expect('(', 'to open the coordinate list');
    do {
      this.skipSpace();
      if (depth > 0 || (optionalParens && this.text[this.at] === '(')) {
        if (depth > 0) this.nested(depth - 1, false);
        else {
          this.expect('(', '');
          this.position('a point');
          this.expect(')', 'to close the point');
        }
      } else this.position('a position');
    } while (this.more('in the coordinate list'));
  }

  private position(label: string): number[] {
    this.skipSpace();
    const start = this.at;
    const x = this.number(`the longitude of ${label}`);
    const y = this.number(`the latitude of ${label}`);
    for (let extra = 0; extra < 2; extra++) {
      this.skipSpace();
      const c = this.text.charCodeAt(this.at);
      if (!((c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46)) break;
      this.number(`the third or fourth number of ${label}`);
    }
    if (this.positionCount === this.starts.length) {
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    this.starts[this.positionCount] = start;
    this.ends[this.positionCount++] = this.at;
    return [x, y];
  }

  private number(what: string): number {
    this.skipSpace();
    const text = this.text;
    const start = this.at;
    let i = start;
    for (;;) {
      const c = text.charCodeAt(i);
      // digits . + - e E
      if ((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69) i++;
      else break;
    }
    // A number runs into letters ("1.5abc", "NaN", "Infinity"): take the whole word for the message.
    let end = i;
    while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
    const token = text.slice(start, end);
    if (end === start) {
      if (start >= text.length) this.endedEarly();
      this.fail(
        'parse',
        `Expected a number for ${what} but found ${this.describe()}.`,
        start,
        Math.max(start + 1, this.tokenEnd()),
      );
    }
    const value = end === i ? Number(token) : NaN;
    if (!Number.isFinite(value)) {
      const why = /^[-+]?(nan|inf)/i.test(token)
        ? 'is not a finite number'
        : end === i && !Number.isNaN(value)
          ? 'is too large to be a coordinate'
          : 'is not a number';
      this.fail('bad-number', `'${token.slice(0, 40)}' (${what}) ${why}.`, start, end);
    }
    this.at = end;
    return value;
  }
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}
