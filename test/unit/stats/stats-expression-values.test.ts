// Band arithmetic gives the numbers its formula writes, whatever shape the parser makes faster (a
// sum or difference of two bands, a normalised difference in one closure): each expression
// against the same formula written out in JavaScript, on values that include 0, −0, equal bands
// (0/0) and negatives, compared with Object.is (NaN is NaN, −0 is not 0).
import * as assert from 'node:assert/strict';
import { parseExpression } from '../../../src/stats/expression';

const CASES: [string, (b: Record<string, number>) => number][] = [
  ['(B8-B4)/(B8+B4)', (b) => (b.B8! - b.B4!) / (b.B8! + b.B4!)],
  ['(B4-B8)/(B8+B4)', (b) => (b.B4! - b.B8!) / (b.B8! + b.B4!)],
  ['(B3-B8)/(B3+B8)', (b) => (b.B3! - b.B8!) / (b.B3! + b.B8!)],
  ['B8+B4', (b) => b.B8! + b.B4!],
  ['B8-B4', (b) => b.B8! - b.B4!],
  ['(B8-B4)/(B8-B4)', (b) => (b.B8! - b.B4!) / (b.B8! - b.B4!)],
  ['(B8+B4)/(B8-B4)', (b) => (b.B8! + b.B4!) / (b.B8! - b.B4!)],
  ['-B8', (b) => -b.B8!],
  ['2.5*(B8-B4)/(B8+6*B4-7.5*B2+1)', (b) => (2.5 * (b.B8! - b.B4!)) / (b.B8! + 6 * b.B4! - 7.5 * b.B2! + 1)],
];

const SAMPLES = [0, -0, 0.1234, 0.1234, -0.05, 0.9, 1e-4, 0.3];

describe('stats: band arithmetic values', () => {
  for (const [text, formula] of CASES) {
    it(`${text} gives its formula's numbers`, () => {
      const { bands, evaluate } = parseExpression(text);
      for (const x of SAMPLES)
        for (const y of SAMPLES)
          for (const z of [0, 0.2]) {
            const named: Record<string, number> = { B8: x, B4: y, B3: y, B2: z };
            const got = evaluate(bands.map((band) => named[band] as number));
            assert.ok(Object.is(got, formula(named)), `${text} at B8=${x}, B4/B3=${y}, B2=${z}: ${got}`);
          }
    });
  }
});
