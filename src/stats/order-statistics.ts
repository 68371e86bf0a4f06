// The values of a few ranks of a field's values (the order statistics its quantiles fall between),
// without sorting them and without moving the caller's values. Each value is put in one of about
// n/2 buckets by where it lies between the minimum and the maximum (a bucket's values are all at
// most the next bucket's), the buckets' sizes say which bucket holds each rank, and only the values
// of those few buckets are gathered and put in order. Two passes with no comparison that depends on
// the data: selecting each rank in turn by partitioning (Hoare's selection) took about 50 ns a value
// here, most of it in branches a processor cannot predict, and numpy's percentile does it in C.
// A bucket that holds many values (a field of a few distinct values, or one far outlier that
// stretches the buckets) is put in order by that selection, so the worst case is no slower than it.

/** A bucket with more values than this is selected in, not sorted. */
const SORTED_BUCKET = 48;

/** Scratch kept from one field to the next (one field is summarised at a time). */
let bucketOfValue = new Int32Array(0);
let bucketStart = new Int32Array(0);
let wanted = new Int32Array(0);
let gathered = new Float64Array(0);

/** rank → value, for `ranks` (ascending, 0-based, each below values.length); min and max are the
 * values' own, all of them finite. */
export function orderStatistics(
  values: Float64Array,
  min: number,
  max: number,
  ranks: readonly number[],
): Map<number, number> {
  const n = values.length;
  const found = new Map<number, number>();
  const buckets = Math.max(1, n >> 1);
  const scale = buckets / (max - min);
  if (!(max > min) || !Number.isFinite(scale) || scale <= 0 || n <= SORTED_BUCKET) {
    // One value repeated, a span no double holds, or a few values: selected in a copy, as a whole.
    selectInto(Float64Array.from(values), ranks, 0, ranks.length, 0, found);
    return found;
  }
  if (bucketOfValue.length < n) bucketOfValue = new Int32Array(n);
  if (bucketStart.length < buckets + 1) {
    bucketStart = new Int32Array(buckets + 1);
    wanted = new Int32Array(buckets + 1);
  }
  // Local names for the loops (a module's variable is loaded again at each use).
  const bucketOf = bucketOfValue;
  const start = bucketStart;
  const want = wanted;
  start.fill(0, 0, buckets + 1);
  for (let i = 0; i < n; i++) {
    // Monotonic in the value (subtraction, a positive factor and floor all are), so no value of a
    // bucket exceeds a value of the next.
    const b = Math.min(buckets - 1, Math.floor(((values[i] as number) - min) * scale));
    bucketOf[i] = b;
    start[b + 1]++;
  }
  for (let b = 0; b < buckets; b++) start[b + 1] += start[b] as number;
  // The buckets holding a rank, each given its place among the gathered values (want[b] - 1 its
  // order among them, 0 for a bucket not wanted). Plain loops: this runs once per field.
  const holding: number[] = [];
  let b = 0;
  for (let r = 0; r < ranks.length; r++) {
    while ((start[b + 1] as number) <= (ranks[r] as number)) b++;
    if (holding.length === 0 || holding[holding.length - 1] !== b) holding.push(b);
  }
  const place = new Int32Array(holding.length + 1);
  for (let k = 0; k < holding.length; k++) {
    const h = holding[k] as number;
    want[h] = k + 1;
    place[k + 1] = (place[k] as number) + (start[h + 1] as number) - (start[h] as number);
  }
  const total = place[holding.length] as number;
  if (gathered.length < total) gathered = new Float64Array(total);
  const into = gathered;
  const next = place.slice(0, holding.length);
  for (let i = 0; i < n; i++) {
    const k = want[bucketOf[i] as number] as number;
    if (k !== 0) into[(next[k - 1] as number)++] = values[i] as number;
  }
  let r0 = 0;
  for (let k = 0; k < holding.length; k++) {
    const h = holding[k] as number;
    const first = start[h] as number;
    let r1 = r0;
    while (r1 < ranks.length && (ranks[r1] as number) < (start[h + 1] as number)) r1++;
    selectInto(into.subarray(place[k] as number, place[k + 1] as number), ranks, r0, r1, first, found);
    want[h] = 0;
    r0 = r1;
  }
  return found;
}

/** Each of ranks[r0..r1) (ascending; `offset` is the rank of a[0]) put in its sorted place of
 * `a`, and its value recorded: a few values by insertion, more by selection. */
function selectInto(
  a: Float64Array,
  ranks: readonly number[],
  r0: number,
  r1: number,
  offset: number,
  found: Map<number, number>,
): void {
  if (a.length <= SORTED_BUCKET) insertionSort(a);
  else {
    let from = 0;
    for (let r = r0; r < r1; r++) {
      const k = (ranks[r] as number) - offset;
      selectRank(a, from, a.length - 1, k);
      from = k + 1;
    }
  }
  for (let r = r0; r < r1; r++) found.set(ranks[r] as number, a[(ranks[r] as number) - offset] as number);
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

/** Puts the value of rank k (0-based, within [lo, hi]) at k, the smaller ones (or equal) before it
 * and the larger ones (or equal) after, by Hoare's selection with a[k] as the pivot (values
 * equal to it split both ways, so a field of one repeated value takes one pass). After 64
 * passes (an order that defeats the pivot) the rest is sorted. */
function selectRank(a: Float64Array, lo: number, hi: number, k: number): void {
  for (let pass = 0; hi > lo; pass++) {
    if (pass === 64) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const pivot = a[k] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while (pivot < (a[j] as number)) j--;
      if (i <= j) {
        const t = a[i] as number;
        a[i] = a[j] as number;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
}
