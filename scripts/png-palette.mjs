// A PNG of at most 256 colours (colour type 3) from RGBA pixels, for the pictures of the docs: a
// screenshot with satellite imagery in it is several times smaller so than Chromium's truecolour
// PNG. The palette keeps the screenshot's frequent colours exactly (the workbench's and the map
// key's flat colours, text on them) and gives the rest (the imagery, gradients, anti-aliasing) the
// means of a population-weighted median cut. Alpha is dropped: the pictures are opaque.
import { crc32, deflateSync } from 'node:zlib';

const MAX_COLOURS = 256;
const ROUNDS = 4;
/** Flat colours kept exactly, at most: more would leave too few for a ramp beside imagery. */
const KEPT = 48;

function chunk(type, body) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The channel (0 red, 1 green, 2 blue) of a packed 0xRRGGBB colour. */
const channel = (rgb, c) => (rgb >> (16 - 8 * c)) & 255;

/** The widest channel's extent of a box of [colour, count] entries, and which channel it is. */
function widest(box) {
  const lo = [255, 255, 255];
  const hi = [0, 0, 0];
  for (const [rgb] of box)
    for (let c = 0; c < 3; c++) {
      const v = channel(rgb, c);
      if (v < lo[c]) lo[c] = v;
      if (v > hi[c]) hi[c] = v;
    }
  const spans = hi.map((v, c) => v - lo[c]);
  const span = Math.max(...spans);
  return { span, channel: spans.indexOf(span) };
}

/** The population-weighted mean colour of a box, as [r, g, b]. */
function mean(box) {
  const sum = [0, 0, 0];
  let n = 0;
  for (const [rgb, k] of box) {
    for (let c = 0; c < 3; c++) sum[c] += channel(rgb, c) * k;
    n += k;
  }
  return sum.map((v) => Math.round(v / n));
}

/** The index, in `fixed` then `moving`, of the entry nearest to `rgb` (squared distance). */
function nearest(fixed, moving, rgb) {
  const r = channel(rgb, 0);
  const g = channel(rgb, 1);
  const b = channel(rgb, 2);
  let best = 0;
  let bestDistance = Infinity;
  let i = 0;
  for (const list of [fixed, moving])
    for (const [pr, pg, pb] of list) {
      const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
      if (d < bestDistance) [best, bestDistance] = [i, d];
      i++;
    }
  return best;
}

/** Splits the colours into `n` boxes, always the one with the widest span weighted by its pixels. */
function medianCut(entries, n) {
  const boxes = entries.length > 0 ? [entries] : [];
  const weight = (box) => box.reduce((sum, [, count]) => sum + count, 0);
  while (boxes.length < n) {
    let best = -1;
    let bestScore = 0;
    boxes.forEach((box, i) => {
      if (box.length < 2) return;
      const score = widest(box).span * Math.sqrt(weight(box));
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    if (best < 0) break;
    const box = boxes[best];
    const c = widest(box).channel;
    box.sort((a, b) => channel(a[0], c) - channel(b[0], c));
    const half = weight(box) / 2;
    let cut = 1;
    for (let i = 0, sum = 0; i < box.length - 1; i++) {
      sum += box[i][1];
      cut = i + 1;
      if (sum >= half) break;
    }
    boxes.splice(best, 1, box.slice(0, cut), box.slice(cut));
  }
  return boxes;
}

/** The rows with their filter byte: None, the filter for palette indices. */
function filtered(pixels, width, height) {
  const out = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    out[y * (width + 1)] = 0;
    pixels.copy(out, y * (width + 1) + 1, y * width, (y + 1) * width);
  }
  return out;
}

/** A palette PNG of `rgba` (width × height × 4 bytes). */
export function palettePng(rgba, width, height) {
  const count = width * height;
  const packed = new Uint32Array(count);
  const counts = new Map();
  for (let i = 0; i < count; i++) {
    const rgb = (rgba[i * 4] << 16) | (rgba[i * 4 + 1] << 8) | rgba[i * 4 + 2];
    packed[i] = rgb;
    counts.set(rgb, (counts.get(rgb) ?? 0) + 1);
  }
  const entries = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  // A flat colour of the page (a swatch, a button, text's own colour) covers many pixels.
  const frequent = Math.max(32, Math.round(count / 20_000));
  const kept = entries.length <= MAX_COLOURS ? entries : entries.filter(([, n]) => n >= frequent).slice(0, KEPT);
  const rest = entries.slice(kept.length);
  const palette = kept.map(([rgb]) => [channel(rgb, 0), channel(rgb, 1), channel(rgb, 2)]);
  const index = new Map(kept.map(([rgb], i) => [rgb, i]));
  const means = medianCut(rest, MAX_COLOURS - kept.length).map((box) => mean(box));
  // A box's mean may lie between colours it mixed (a ramp's teal and a grey): a few rounds of
  // k-means, each colour to its nearest entry, the kept ones included, settle the means.
  for (let round = 0; round < ROUNDS; round++) {
    const members = means.map(() => []);
    for (const entry of rest) {
      const i = nearest(palette, means, entry[0]);
      if (i >= palette.length) members[i - palette.length].push(entry);
    }
    members.forEach((box, i) => {
      if (box.length > 0) means[i] = mean(box);
    });
  }
  palette.push(...means);
  for (const [rgb] of rest) index.set(rgb, nearest(palette, [], rgb));
  const indices = Buffer.alloc(count);
  for (let i = 0; i < count; i++) indices[i] = index.get(packed[i]);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: palette
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', deflateSync(filtered(indices, width, height), { level: 9, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
