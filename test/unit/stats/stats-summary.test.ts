// The unweighted quantiles come from the order statistics they fall between, found by bucketing
// and selecting, not from sorting every value: checked here, exactly, against the same rule over a
// fully sorted copy (the rule numpy's default `linear` method uses), on orders that trouble a
// selection (sorted, reversed, one value repeated, few distinct values, organ pipe), on values that
// trouble the buckets (one far outlier, spans beyond a double, steps of the smallest double), and
// random lengths 1 to 60.
import * as assert from 'node:assert/strict';
import { summarise } from '../../../src/stats/summary';

/** numpy.quantile(values, q), method 'linear', over a sorted copy. */
function bySorting(values: Float64Array, q: number): number {
  const sorted = Float64Array.from(values).sort();
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const a = sorted[below] as number;
  const b = sorted[Math.min(sorted.length - 1, below + 1)] as number;
  const t = h - below;
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

/** A small linear congruential generator: the same numbers on every run. */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function check(values: Float64Array, label: string): void {
  const before = Float64Array.from(values);
  const summary = summarise(values, undefined);
  assert.ok(summary, label);
  const expected = {
    median: bySorting(values, 0.5),
    p10: bySorting(values, 0.1),
    p25: bySorting(values, 0.25),
    p75: bySorting(values, 0.75),
    p90: bySorting(values, 0.9),
    min: Math.min(...values),
    max: Math.max(...values),
  };
  for (const [key, value] of Object.entries(expected))
    assert.equal(summary[key as keyof typeof summary], value, `${label}: ${key}`);
  // The caller's values are left in their order (the mean sums them in it).
  assert.deepEqual(values, before, `${label}: values untouched`);
}

describe('stats: quantiles by selection', () => {
  it('equal the quantiles of a sorted copy on orders that trouble a selection', () => {
    const n = 5001;
    const random = numbers(7);
    const cases: [string, Float64Array][] = [
      ['sorted', Float64Array.from({ length: n }, (_, i) => i / 7)],
      ['reversed', Float64Array.from({ length: n }, (_, i) => (n - i) / 7)],
      ['one value', new Float64Array(n).fill(0.3125)],
      ['three values', Float64Array.from({ length: n }, (_, i) => [0.1, -0.2, 0.7][i % 3] as number)],
      ['organ pipe', Float64Array.from({ length: n }, (_, i) => Math.min(i, n - 1 - i))],
      ['smooth with noise', Float64Array.from({ length: n }, (_, i) => Math.sin(i / 40) + random() / 10)],
      ['index values of 2 decimals', Float64Array.from({ length: n }, () => Math.round(random() * 200 - 100) / 100)],
      // The buckets the values are put in stretched by one value far away: nearly all in one.
      ['one far outlier', Float64Array.from({ length: n }, (_, i) => (i === 17 ? 1e300 : random()))],
      ['a span no double holds', Float64Array.from({ length: n }, (_, i) => (i % 2 ? -1e308 : 1e308) * random())],
      ['values a few tiny steps apart', Float64Array.from({ length: n }, () => Math.round(random() * 8) * 5e-324)],
      ['spread over 17 orders of magnitude', Float64Array.from({ length: n }, () => Math.exp(random() * 40))],
    ];
    for (const [label, values] of cases) check(values, label);
  });

  it('equal them at every length from 1 to 60', () => {
    const random = numbers(11);
    for (let n = 1; n <= 60; n++) {
      check(
        Float64Array.from({ length: n }, () => Math.round(random() * 20) / 4),
        `${n} values`,
      );
    }
  });
});
