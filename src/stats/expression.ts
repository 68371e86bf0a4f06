// Band arithmetic: `(B8-B4)/(B8+B4)`, `2.5*(B8-B4)/(B8+6*B4-7.5*B2+1)`, `[B8_B4]`. Band names as
// the service writes them (B1…B12, B8A) and its index bands in brackets (the Bandnames grammar's
// `[B8_B4]`); numbers, + - * /, unary minus, parentheses. Parsed once into a closure over the
// bands' values, so a pixel costs a few calls, not a parse.
import { StatsError } from './errors';

export interface Expression {
  /** The band names it reads, in first-use order. */
  bands: string[];
  /** The value from the bands' values, in the order of `bands`. */
  evaluate: (values: ArrayLike<number>) => number;
}

type Node = (values: ArrayLike<number>) => number;

const TOKEN =
  /\s*(?:(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|(\[[A-Za-z0-9]+_[A-Za-z0-9]+\]|[A-Za-z][A-Za-z0-9]*)|([-+*/()]))/y;
const MAX_LENGTH = 1000;

export function parseExpression(text: string): Expression {
  if (text.length > MAX_LENGTH)
    throw new StatsError('bad-expression', `The expression is ${text.length} characters long; at most ${MAX_LENGTH}.`);
  const tokens: { kind: 'number' | 'band' | 'op'; text: string; at: number }[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match)
      throw fault(
        text,
        at + (/^\s*/.exec(text.slice(at))?.[0].length ?? 0),
        'is not a band, a number or one of + - * / ( )',
      );
    const start = at + (match[0].length - match[0].trimStart().length);
    if (match[1] !== undefined) tokens.push({ kind: 'number', text: match[1], at: start });
    else if (match[2] !== undefined) tokens.push({ kind: 'band', text: match[2].toUpperCase(), at: start });
    else tokens.push({ kind: 'op', text: match[3] as string, at: start });
  }
  const bands: string[] = [];
  let i = 0;
  const peek = (): (typeof tokens)[number] | undefined => tokens[i];
  const where = (): number => peek()?.at ?? text.length;
  /** Operands of `next` joined left to right by the operators of one precedence; each operator
   * makes its node of its two (no call per pixel beyond the operands'). */
  const chain = (next: () => Node, ops: Record<string, (a: Node, b: Node) => Node>): Node => {
    let left = next();
    for (let t = peek(); t?.kind === 'op' && ops[t.text]; t = peek()) {
      i++;
      left = ops[t.text]!(left, next());
    }
    return left;
  };
  const sum = (): Node => chain(product, { '+': add, '-': subtract });
  const product = (): Node => chain(unary, { '*': (a, b) => (v) => a(v) * b(v), '/': divide });
  const unary = (): Node => {
    const t = peek();
    if (t?.kind === 'op' && t.text === '-') {
      i++;
      const a = unary();
      return (v) => -a(v);
    }
    return primary();
  };
  const primary = (): Node => {
    const t = peek();
    if (!t) throw fault(text, text.length, 'ends where a band, a number or ( was expected');
    i++;
    if (t.kind === 'number') {
      const value = Number(t.text);
      return () => value;
    }
    if (t.kind === 'band') {
      let k = bands.indexOf(t.text);
      if (k < 0) k = bands.push(t.text) - 1;
      const band = k;
      const leaf: Node = (v) => v[band] as number;
      shapes.set(leaf, { band });
      return leaf;
    }
    if (t.text === '(') {
      const inner = sum();
      const close = peek();
      if (close?.kind !== 'op' || close.text !== ')') throw fault(text, where(), 'needs a ) to close the ( here');
      i++;
      return inner;
    }
    throw fault(text, t.at, `'${t.text}' is not where a band, a number or ( can be`);
  };
  const root = sum();
  if (i < tokens.length) throw fault(text, where(), `'${tokens[i]?.text}' is left over`);
  if (bands.length === 0) throw new StatsError('bad-expression', `The expression '${text}' reads no band.`);
  return { bands, evaluate: root };
}

// The sum and difference of two bands, and the normalised difference (A-B)/(A+B) of ndvi, ndwi,
// ndmi and ndre, are one closure each, not a call per operand: a node made of nodes calls each
// through one shared call site, which V8 cannot inline, and a field's pixels pay it millions of
// times. The same operations in the same order: the same numbers.
interface Shape {
  band?: number;
  /** A sum or difference of two bands. */
  pair?: { op: '+' | '-'; a: number; b: number };
}
const shapes = new WeakMap<Node, Shape>();

function pairOf(op: '+' | '-', a: Node, b: Node, general: Node): Node {
  const x = shapes.get(a)?.band;
  const y = shapes.get(b)?.band;
  if (x === undefined || y === undefined) return general;
  const node: Node =
    op === '+' ? (v) => (v[x] as number) + (v[y] as number) : (v) => (v[x] as number) - (v[y] as number);
  shapes.set(node, { pair: { op, a: x, b: y } });
  return node;
}

function add(a: Node, b: Node): Node {
  return pairOf('+', a, b, (v) => a(v) + b(v));
}

function subtract(a: Node, b: Node): Node {
  return pairOf('-', a, b, (v) => a(v) - b(v));
}

function divide(a: Node, b: Node): Node {
  const top = shapes.get(a)?.pair;
  const bottom = shapes.get(b)?.pair;
  if (top?.op === '-' && bottom?.op === '+') {
    const [p, q, r, s] = [top.a, top.b, bottom.a, bottom.b];
    return (v) => ((v[p] as number) - (v[q] as number)) / ((v[r] as number) + (v[s] as number));
  }
  return (v) => a(v) / b(v);
}

function fault(text: string, at: number, what: string): StatsError {
  return new StatsError('bad-expression', `The expression '${text}' at column ${at + 1} ${what}.`);
}
