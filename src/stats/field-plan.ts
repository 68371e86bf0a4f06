// Where the fields' pixels lie in an image's strips, worked out once per grid and set of fields and
// kept for every image on that grid (a series shares one): each field's coverage (its pixels under
// the rule), the strips that hold its pixels, the spans of columns each strip reads, and each
// field's pixels in a strip as runs of the strip's window. Measuring an image then only reads its
// strips and walks those runs; nothing of the fields is worked out again per image.
import type { RowSpans } from '../raster/index';
import type { Coverage } from './coverage';
import type { Field } from './fields';

/** A field's pixels in one strip: [offset in the strip's window, length, offset in the coverage's
 * weights] triplets, top to bottom and left to right. */
export interface StripMember {
  /** The field's index in the fields measured. */
  field: number;
  runs: Int32Array;
  pixels: number;
}

interface StripPlan {
  /** Rows [sy0, sy1) and columns [cx0, cx1) of the image: the strip's window. */
  sy0: number;
  sy1: number;
  cx0: number;
  cx1: number;
  /** The only pixels of the window read: the members' runs. */
  spans: RowSpans;
  members: StripMember[];
}

export interface FieldsPlan {
  coverages: Coverage[];
  strips: StripPlan[];
  /** Field f's values take slots [starts[f], starts[f + 1]) of a measure's buffer. */
  starts: Int32Array;
  /** The most pixels one field has in one strip. */
  widestMember: number;
}

/** The grid's image size and strip height a plan is made for. */
export interface StripLayout {
  width: number;
  height: number;
  stripRows: number;
}

/** Each field's coverage per grid (CRS, origin, pixel size, rule) by the field's hash, so an image
 * measured for some fields only finds each of them; and the plan of each set of fields measured on
 * a grid, by the set (the same array, image after image). */
export class CoverageCache {
  private readonly grids = new Map<string, Map<string, Coverage>>();
  private readonly plans = new WeakMap<readonly Field[], Map<string, FieldsPlan>>();

  /** The fields' plan on a grid: `place` puts a field on it when the grid has not yet had it. */
  planOf(grid: string, layout: StripLayout, fields: readonly Field[], place: (field: Field) => Coverage): FieldsPlan {
    let byGrid = this.plans.get(fields);
    if (!byGrid) this.plans.set(fields, (byGrid = new Map()));
    const key = JSON.stringify([grid, layout.width, layout.height, layout.stripRows]);
    let plan = byGrid.get(key);
    if (!plan) {
      let onGrid = this.grids.get(grid);
      if (!onGrid) this.grids.set(grid, (onGrid = new Map()));
      const known = onGrid;
      const coverages = fields.map((field) => {
        let coverage = known.get(field.hash);
        if (!coverage) known.set(field.hash, (coverage = place(field)));
        return coverage;
      });
      plan = planFields(coverages, layout);
      byGrid.set(key, plan);
    }
    return plan;
  }
}

/** A field's pixels as runs of its box's rows: [row, start, end) triplets of columns in the box
 * whose weights are not 0. */
function runsOf(c: Coverage): Int32Array {
  const found: number[] = [];
  for (let y = 0; y < c.height; y++) {
    let x = 0;
    while (x < c.width) {
      while (x < c.width && c.weights[y * c.width + x] === 0) x++;
      const start = x;
      while (x < c.width && c.weights[y * c.width + x] !== 0) x++;
      if (x > start) found.push(y, start, x);
    }
  }
  return Int32Array.from(found);
}

function planFields(coverages: Coverage[], { width, height, stripRows }: StripLayout): FieldsPlan {
  const boxRuns = coverages.map(runsOf);
  const strips: StripPlan[] = [];
  const sizes = new Int32Array(coverages.length);
  let widestMember = 0;
  for (let sy0 = 0; sy0 < height; sy0 += stripRows) {
    const sy1 = Math.min(height, sy0 + stripRows);
    const inStrip: number[] = [];
    let cx0 = width;
    let cx1 = 0;
    coverages.forEach((c, f) => {
      if (!(c.y0 < sy1 && c.y0 + c.height > sy0 && c.x0 < width && c.x0 + c.width > 0)) return;
      inStrip.push(f);
      cx0 = Math.min(cx0, Math.max(0, c.x0));
      cx1 = Math.max(cx1, Math.min(width, c.x0 + c.width));
    });
    if (inStrip.length === 0) continue;
    const strip = stripOf(inStrip, coverages, boxRuns, { sy0, sy1, cx0, cx1 });
    for (const member of strip.members) {
      sizes[member.field] += member.pixels;
      widestMember = Math.max(widestMember, member.pixels);
    }
    strips.push(strip);
  }
  const starts = new Int32Array(coverages.length + 1);
  for (let f = 0; f < coverages.length; f++) starts[f + 1] = (starts[f] as number) + (sizes[f] as number);
  return { coverages, strips, starts, widestMember };
}

/** The members' runs in the strip's window [sy0, sy1) × [cx0, cx1), and the spans they make. */
function stripOf(
  inStrip: number[],
  coverages: Coverage[],
  boxRuns: Int32Array[],
  box: { sy0: number; sy1: number; cx0: number; cx1: number },
): StripPlan {
  const { sy0, sy1, cx0, cx1 } = box;
  const across = cx1 - cx0;
  const perRow = new Int32Array(sy1 - sy0 + 1);
  const members: StripMember[] = [];
  for (const f of inStrip) {
    const c = coverages[f] as Coverage;
    const runs = boxRuns[f] as Int32Array;
    const found: number[] = [];
    let pixels = 0;
    for (let k = 0; k < runs.length; k += 3) {
      const y = c.y0 + (runs[k] as number);
      const start = Math.max(cx0, c.x0 + (runs[k + 1] as number));
      const end = Math.min(cx1, c.x0 + (runs[k + 2] as number));
      if (y < sy0 || y >= sy1 || end <= start) continue;
      found.push((y - sy0) * across + (start - cx0), end - start, (y - c.y0) * c.width + (start - c.x0));
      perRow[y - sy0 + 1]++;
      pixels += end - start;
    }
    if (pixels > 0) members.push({ field: f, runs: Int32Array.from(found), pixels });
  }
  return { sy0, sy1, cx0, cx1, spans: spansOf(members, perRow, across), members };
}

/** The members' runs as spans of window columns per window row (perRow: runs per row, at row + 1). */
function spansOf(members: StripMember[], perRow: Int32Array, across: number): RowSpans {
  const rows = perRow.length - 1;
  const offsets = perRow;
  for (let r = 0; r < rows; r++) offsets[r + 1] += offsets[r] as number;
  const bounds = new Int32Array(2 * (offsets[rows] as number));
  const next = offsets.slice(0, rows);
  for (const { runs } of members) {
    for (let k = 0; k < runs.length; k += 3) {
      const at = runs[k] as number;
      const row = Math.floor(at / across);
      const slot = (next[row] as number)++;
      bounds[2 * slot] = at - row * across;
      bounds[2 * slot + 1] = at - row * across + (runs[k + 1] as number);
    }
  }
  return { offsets, bounds };
}
