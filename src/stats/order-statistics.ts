// The values of a few ranks of a field's values (the order statistics its quantiles fall between),
// without sorting them and without moving the caller's values. Each value is put in one of about
// n/2 buckets by where it lies between the minimum and the maximum (a bucket's values are all at
// most the next bucket's), the buckets' sizes say which bucket holds each rank, and only the values
// of those few buckets are gathered and put in order. Two passes with no comparison that depends on
// the data: selecting each rank in turn by partitioning (Hoare's selection) took about 50 ns a value
// here, most of it in branches a processor cannot predict, and numpy's percentile does it in C.
// A bucket that holds many values (a field of a few distinct values, or one far outlier that
// stretches the buckets) is bucketed again between its own minimum and maximum, so every bucket
// takes the same code (a rarer path, once optimised code reached it, was thrown away and compiled
// again, five times a run); after a few levels, what is left is sorted.

/** A bucket of at most this many values is put in order by insertion. */
const SMALL = 48;
/** Levels of buckets within buckets before the rest is sorted. */
const MAX_DEPTH = 6;

/** Scratch of the first level, kept from one field to the next (one field is summarised at a
 * time); a deeper level makes its own. */
const firstLevel = {
  bucketOf: new Int32Array(0),
  start: new Int32Array(0),
  wanted: new Int32Array(0),
  gathered: new Float64Array(0),
};

/** rank → value, for `ranks` (ascending, 0-based, each below values.length); min and max are the
 * values' own, all of them finite. */
export function orderStatistics(
  values: Float64Array,
  min: number,
  max: number,
  ranks: readonly number[],
): Map<number, number> {
  const found = new Map<number, number>();
  place(values, min, max, ranks, 0, ranks.length, 0, found, 0);
  return found;
}

/** Records the values of ranks[r0..r1) among `values`, whose own rank 0 is `offset`. */
function place(
  values: Float64Array,
  min: number,
  max: number,
  ranks: readonly number[],
  r0: number,
  r1: number,
  offset: number,
  found: Map<number, number>,
  depth: number,
): void {
  const n = values.length;
  if (!(max > min)) {
    // One value repeated.
    for (let r = r0; r < r1; r++) found.set(ranks[r] as number, min);
    return;
  }
  const buckets = Math.max(1, n >> 1);
  const scale = buckets / (max - min);
  if (n <= SMALL || depth >= MAX_DEPTH || !Number.isFinite(scale) || scale <= 0) {
    // A few values, or a span no double holds (±1e308), or values still bunched after a few levels;
    // below the first level, `values` are the gathered copy, put in order where they are.
    const sorted = depth === 0 ? Float64Array.from(values) : values;
    if (n <= SMALL) insertionSort(sorted);
    else sorted.sort();
    for (let r = r0; r < r1; r++) found.set(ranks[r] as number, sorted[(ranks[r] as number) - offset] as number);
    return;
  }
  const scratch = depth === 0 ? grown(n, buckets) : fresh(n, buckets);
  const { bucketOf, start, wanted } = scratch;
  start.fill(0, 0, buckets + 1);
  for (let i = 0; i < n; i++) {
    // Monotonic in the value (subtraction, a positive factor and floor all are), so no value of a
    // bucket exceeds a value of the next.
    const b = Math.min(buckets - 1, Math.floor(((values[i] as number) - min) * scale));
    bucketOf[i] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < buckets; b++) start[b + 1] += start[b] as number;
  // The buckets holding a rank, each given its place among the gathered values (wanted[b] - 1 its
  // order among them, 0 for a bucket not wanted).
  const holding: number[] = [];
  let b = 0;
  for (let r = r0; r < r1; r++) {
    while ((start[b + 1] as number) <= (ranks[r] as number) - offset) b++;
    if (holding.length === 0 || holding[holding.length - 1] !== b) holding.push(b);
  }
  const at = new Int32Array(holding.length + 1);
  for (let k = 0; k < holding.length; k++) {
    const h = holding[k] as number;
    wanted[h] = k + 1;
    at[k + 1] = (at[k] as number) + (start[h + 1] as number) - (start[h] as number);
  }
  const into = depth === 0 ? gatheredOf(at[holding.length] as number) : new Float64Array(at[holding.length] as number);
  const next = at.slice(0, holding.length);
  for (let i = 0; i < n; i++) {
    const k = wanted[bucketOf[i] as number] as number;
    if (k !== 0) into[(next[k - 1] as number)++] = values[i] as number;
  }
  for (let k = 0; k < holding.length; k++) wanted[holding[k] as number] = 0;
  let from = r0;
  for (let k = 0; k < holding.length; k++) {
    const h = holding[k] as number;
    let to = from;
    while (to < r1 && (ranks[to] as number) - offset < (start[h + 1] as number)) to++;
    const slice = into.subarray(at[k] as number, at[k + 1] as number);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < slice.length; i++) {
      const v = slice[i] as number;
      if (v < low) low = v;
      if (v > high) high = v;
    }
    place(slice, low, high, ranks, from, to, offset + (start[h] as number), found, depth + 1);
    from = to;
  }
}

function grown(n: number, buckets: number): typeof firstLevel {
  if (firstLevel.bucketOf.length < n) firstLevel.bucketOf = new Int32Array(n);
  if (firstLevel.start.length < buckets + 1) {
    firstLevel.start = new Int32Array(buckets + 1);
    firstLevel.wanted = new Int32Array(buckets + 1);
  }
  return firstLevel;
}

function fresh(n: number, buckets: number): typeof firstLevel {
  return {
    bucketOf: new Int32Array(n),
    start: new Int32Array(buckets + 1),
    wanted: new Int32Array(buckets + 1),
    gathered: new Float64Array(0),
  };
}

function gatheredOf(length: number): Float64Array {
  if (firstLevel.gathered.length < length) firstLevel.gathered = new Float64Array(length);
  return firstLevel.gathered;
}

function insertionSort(a: Float64Array): void {
  for (let i = 1; i < a.length; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}
