// Whether a ring crosses itself (a "bow tie"), which the service refuses as an invalid
// geometry. Pairwise edge tests are quadratic, so only rings of moderate size are checked;
// the large-AOI tests are about speed, not validity.

const MAX_CHECKED_VERTICES = 2000;

function orientation(a: number[], b: number[], c: number[]): number {
  const v =
    ((b[0] as number) - (a[0] as number)) * ((c[1] as number) - (a[1] as number)) -
    ((b[1] as number) - (a[1] as number)) * ((c[0] as number) - (a[0] as number));
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** Proper crossings only: edges that merely touch at a shared vertex do not count. */
function crosses(p1: number[], p2: number[], q1: number[], q2: number[]): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

export function ringCrossesItself(ring: number[][]): boolean {
  const n = ring.length - 1; // the closing position repeats the first
  if (n > MAX_CHECKED_VERTICES) return false;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours through the closing position
      if (crosses(ring[i] as number[], ring[i + 1] as number[], ring[j] as number[], ring[j + 1] as number[]))
        return true;
    }
  }
  return false;
}
