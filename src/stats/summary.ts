// The statistics of one field's values: mean, median, population standard deviation, min, max
// and the 10th–90th percentiles. Unweighted (centre, all-touched) as numpy computes them (linear
// interpolation between order statistics, numpy's default); weighted (exact) by the weighted
// generalisation of the same rule (exactextract's): with equal weights both give the same figure.
import { orderStatistics } from './order-statistics';

export interface Summary {
  mean: number;
  median: number;
  std: number;
  min: number;
  max: number;
  p10: number;
  p25: number;
  p75: number;
  p90: number;
}

const QUANTILES = { p10: 0.1, p25: 0.25, median: 0.5, p75: 0.75, p90: 0.9 } as const;

/** `weights` undefined: every value counts once. Undefined when there is no value. */
export function summarise(values: Float64Array, weights: Float64Array | undefined): Summary | undefined {
  const n = values.length;
  if (n === 0) return undefined;
  let sumW = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const w = weights ? (weights[i] as number) : 1;
    const v = values[i] as number;
    sumW += w;
    sum += w * v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const mean = sum / sumW;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const d = (values[i] as number) - mean;
    squares += (weights ? (weights[i] as number) : 1) * d * d;
  }
  // Weighted: every value in order, for the weights below it. Unweighted: only the order
  // statistics the quantiles fall between (order-statistics.ts) rather than every value sorted
  // (n log n): the same numbers, as the figures are the values themselves.
  let quantile: (q: number) => number;
  if (weights) {
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => (values[a] as number) - (values[b] as number),
    );
    quantile = weightedQuantile(
      Float64Array.from(order, (i) => values[i] as number),
      Float64Array.from(order, (i) => weights[i] as number),
    );
  } else {
    const ranks = [...new Set(Object.values(QUANTILES).flatMap((q) => linearRanks(n, q)))].sort((a, b) => a - b);
    const ranked = orderStatistics(values, min, max, ranks);
    quantile = (q: number) => {
      const [below, above] = linearRanks(n, q);
      const h = (n - 1) * q;
      return lerp(ranked.get(below) as number, ranked.get(above) as number, h - below);
    };
  }
  return {
    mean,
    median: quantile(QUANTILES.median),
    std: Math.sqrt(squares / sumW),
    // −0 and 0 are one value here (the table writes 0 for both).
    min,
    max,
    p10: quantile(QUANTILES.p10),
    p25: quantile(QUANTILES.p25),
    p75: quantile(QUANTILES.p75),
    p90: quantile(QUANTILES.p90),
  };
}

function lerp(a: number, b: number, t: number): number {
  // numpy's _lerp: from the nearer end, so t = 1 gives b exactly.
  return t >= 0.5 ? b - (b - a) * (1 - t) : a + (b - a) * t;
}

/** The two order statistics (0-based ranks) numpy's linear rule interpolates between for q. */
function linearRanks(n: number, q: number): [number, number] {
  const below = Math.floor((n - 1) * q);
  return [below, Math.min(n - 1, below + 1)];
}

/** s_k = (k − 1)·w_k + (n − 1)·Σ_{i<k} w_i over the sorted values (s_n = (n − 1)·Σw); q sits at q·s_n. */
function weightedQuantile(sorted: Float64Array, w: Float64Array): (q: number) => number {
  const n = sorted.length;
  const s = new Float64Array(n);
  let before = 0;
  for (let k = 0; k < n; k++) {
    s[k] = k * (w[k] as number) + (n - 1) * before;
    before += w[k] as number;
  }
  return (q: number): number => {
    if (n === 1) return sorted[0] as number;
    const target = q * (s[n - 1] as number);
    let k = 0;
    while (k + 1 < n && (s[k + 1] as number) <= target) k++;
    if (k + 1 >= n) return sorted[n - 1] as number;
    const span = (s[k + 1] as number) - (s[k] as number);
    return span > 0
      ? lerp(sorted[k] as number, sorted[k + 1] as number, (target - (s[k] as number)) / span)
      : (sorted[k] as number);
  };
}
