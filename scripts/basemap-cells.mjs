// Cuts world-atlas's 1:10m TopoJSON (3.6 MB, about 950,000 points) into 10° × 10° cells, so a
// map of a field reads the few thousand points around it instead of the whole world: parsing the
// whole file took about a second of the page's main thread (measured in Chromium on this kind of
// machine), long enough to stall the cost panel's messages under load. Each cell holds the
// coastline (the land's arcs) and the land borders (arcs two countries share) as lines clipped to
// the cell. No land fill: a land polygon clipped to a cell (Sutherland–Hodgman leaves edges along
// the cell's sides) drew inverted in OpenLayers at some zooms, so the 1:10m scale draws lines
// only. Coordinates stay on the source's own quantization grid, delta-encoded.
// Writes <outdir>/basemap/10m/<col>_<row>.json and an index.json of the cells that hold anything.
// Run by esbuild.mjs; skipped when the cells are newer than their source and this script.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CELL_DEGREES = 10;

/** Decodes the topology's quantized, delta-encoded arcs into lon/lat point lists. */
function decodeArcs(topology) {
  const [sx, sy] = topology.transform.scale;
  const [tx, ty] = topology.transform.translate;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [tx + x * sx, ty + y * sy];
    });
  });
}

/** The points of a ring made of arcs (index ~i: arc i reversed), without the repeated joints. */
function ringPoints(arcs, indices) {
  const points = [];
  for (const index of indices) {
    const arc = index < 0 ? [...arcs[~index]].reverse() : arcs[index];
    for (let i = points.length ? 1 : 0; i < arc.length; i++) points.push(arc[i]);
  }
  return points;
}

function polygonsOf(geometry) {
  if (geometry.type === 'Polygon') return [geometry.arcs];
  if (geometry.type === 'MultiPolygon') return geometry.arcs;
  return [];
}

function boundsOf(points) {
  let west = Infinity,
    south = Infinity,
    east = -Infinity,
    north = -Infinity;
  for (const [x, y] of points) {
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return { west, south, east, north };
}

const overlaps = (b, cell) =>
  b.west <= cell.east && b.east >= cell.west && b.south <= cell.north && b.north >= cell.south;

/** Liang–Barsky per segment: the pieces of a line inside the cell. */
function clipLine(points, cell) {
  const pieces = [];
  let piece = [];
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1];
    const [x1, y1] = points[i];
    const dx = x1 - x0,
      dy = y1 - y0;
    let t0 = 0,
      t1 = 1;
    const sides = [
      [-dx, x0 - cell.west],
      [dx, cell.east - x0],
      [-dy, y0 - cell.south],
      [dy, cell.north - y0],
    ];
    let outside = false;
    for (const [p, q] of sides) {
      if (p === 0) {
        if (q < 0) outside = true;
      } else {
        const r = q / p;
        if (p < 0) t0 = Math.max(t0, r);
        else t1 = Math.min(t1, r);
      }
    }
    if (outside || t0 > t1) {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
      continue;
    }
    const start = [x0 + t0 * dx, y0 + t0 * dy];
    const end = [x0 + t1 * dx, y0 + t1 * dy];
    if (t0 > 0 || piece.length === 0) {
      if (piece.length > 1) pieces.push(piece);
      piece = [start];
    }
    piece.push(end);
    if (t1 < 1) {
      pieces.push(piece);
      piece = [];
    }
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/** Points on the source's grid, delta-encoded as one flat list of integers; repeats dropped. */
function encode(points, transform) {
  const [sx, sy] = transform.scale;
  const [tx, ty] = transform.translate;
  const out = [];
  let px = 0,
    py = 0,
    first = true;
  for (const [x, y] of points) {
    const qx = Math.round((x - tx) / sx);
    const qy = Math.round((y - ty) / sy);
    if (!first && qx === px && qy === py) continue;
    out.push(qx - px, qy - py);
    px = qx;
    py = qy;
    first = false;
  }
  return out;
}

export function buildCells(topology) {
  const arcs = decodeArcs(topology);
  const landArcs = new Set(
    topology.objects.land.geometries
      .flatMap(polygonsOf)
      .flat(2)
      .map((i) => (i < 0 ? ~i : i)),
  );
  // An arc two countries share is a land border; the coast is the land's own arcs.
  const users = new Map();
  topology.objects.countries.geometries.forEach((geometry, g) => {
    for (const i of polygonsOf(geometry).flat(2)) {
      const arc = i < 0 ? ~i : i;
      (users.get(arc) ?? users.set(arc, new Set()).get(arc)).add(g);
    }
  });
  const borderArcs = [...users].filter(([, set]) => set.size > 1).map(([arc]) => arc);
  const lines = (ids) => ids.map((i) => ({ points: arcs[i], bounds: boundsOf(arcs[i]) }));
  const coast = lines([...landArcs]);
  const borders = lines(borderArcs);
  const cells = new Map();
  for (let col = 0; col < 360 / CELL_DEGREES; col++) {
    for (let row = 0; row < 180 / CELL_DEGREES; row++) {
      const cell = {
        west: -180 + col * CELL_DEGREES,
        east: -180 + (col + 1) * CELL_DEGREES,
        south: -90 + row * CELL_DEGREES,
        north: -90 + (row + 1) * CELL_DEGREES,
      };
      const content = { coast: [], borders: [] };
      for (const [key, list] of [
        ['coast', coast],
        ['borders', borders],
      ]) {
        for (const line of list) {
          if (!overlaps(line.bounds, cell)) continue;
          for (const piece of clipLine(line.points, cell)) {
            const encoded = encode(piece, topology.transform);
            if (encoded.length >= 4) content[key].push(encoded);
          }
        }
      }
      if (content.coast.length || content.borders.length) cells.set(`${col}_${row}`, content);
    }
  }
  return cells;
}

/** Writes the cells under `folder` unless they are newer than `source` and this script. */
export function writeCells(source, folder) {
  const index = `${folder}/index.json`;
  const script = fileURLToPath(import.meta.url);
  if (existsSync(index) && statSync(index).mtimeMs > Math.max(statSync(source).mtimeMs, statSync(script).mtimeMs))
    return false;
  const topology = JSON.parse(readFileSync(source, 'utf8'));
  const cells = buildCells(topology);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const { scale, translate } = topology.transform;
  for (const [id, content] of cells)
    writeFileSync(`${folder}/${id}.json`, JSON.stringify({ transform: [...scale, ...translate], ...content }));
  writeFileSync(index, JSON.stringify({ cellDegrees: CELL_DEGREES, cells: [...cells.keys()] }));
  return true;
}
