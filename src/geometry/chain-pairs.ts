// Pairs of monotone chains whose boxes overlap, through a uniform grid of cells about as large as
// a typical chain: each chain is compared only with the chains sharing a cell with it. A sweep
// over x alone keeps whole columns of chains active at once, so a grid of 10,000 fields costs
// it n·√n comparisons; the cells keep it near-linear. Chains far larger than a cell (a long edge
// of a big polygon beside many small ones) are few, and are swept against all chains instead.
import type { Chain } from './self-intersection';

/** Chains covering more cells than this go to the sweep. */
const MAX_CELLS_PER_CHAIN = 64;

/**
 * Calls `visit` once for each pair of chains whose boxes overlap, until it returns true, or the
 * budget (in comparisons and whatever `visit` charges) runs out; false then.
 */
export function forEachOverlappingChainPair(
  chains: readonly Chain[],
  budget: number,
  visit: (a: Chain, b: Chain) => number | true,
): boolean {
  if (chains.length < 2) return true;
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity,
    spanX = 0,
    spanY = 0;
  for (const c of chains) {
    west = Math.min(west, c.minX);
    east = Math.max(east, c.maxX);
    south = Math.min(south, c.minY);
    north = Math.max(north, c.maxY);
    spanX += c.maxX - c.minX;
    spanY += c.maxY - c.minY;
  }
  // Cells as large as the average chain, and no more cells than about four per chain.
  const floor = Math.sqrt(((east - west) * (north - south)) / (4 * chains.length)) || 1;
  const size = Math.max(floor, Math.max(spanX, spanY) / chains.length) || 1;
  const columns = Math.max(1, Math.ceil((east - west) / size) + 1);
  const cellOf = (x: number, y: number) => Math.floor((y - south) / size) * columns + Math.floor((x - west) / size);
  const cells = new Map<number, Chain[]>();
  const large: Chain[] = [];
  for (const c of chains) {
    const x0 = Math.floor((c.minX - west) / size),
      x1 = Math.floor((c.maxX - west) / size);
    const y0 = Math.floor((c.minY - south) / size),
      y1 = Math.floor((c.maxY - south) / size);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_PER_CHAIN) {
      large.push(c);
      continue;
    }
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const key = y * columns + x;
        const list = cells.get(key);
        if (list) list.push(c);
        else cells.set(key, [c]);
      }
    }
  }
  const overlap = (a: Chain, b: Chain) => a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
  for (const [key, list] of cells) {
    for (let i = 0; i < list.length; i++) {
      const a = list[i];
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j];
        if (--budget < 0) return false;
        // A pair sharing several cells is visited in one: the cell of its overlap's south-west corner.
        if (!overlap(a, b) || cellOf(Math.max(a.minX, b.minX), Math.max(a.minY, b.minY)) !== key) continue;
        const cost = visit(a, b);
        if (cost === true) return true;
        budget -= cost;
      }
    }
  }
  if (large.length === 0) return budget >= 0;
  // The large chains against every chain, by a sweep over x; pairs of two large chains once.
  const sorted = [...chains].sort((a, b) => a.minX - b.minX);
  const isLarge = new Set(large);
  for (const a of large) {
    for (const b of sorted) {
      if (b.minX > a.maxX) break;
      if (--budget < 0) return false;
      if (a === b || (isLarge.has(b) && b.first < a.first) || !overlap(a, b)) continue;
      const cost = visit(a, b);
      if (cost === true) return true;
      budget -= cost;
    }
  }
  return budget >= 0;
}
