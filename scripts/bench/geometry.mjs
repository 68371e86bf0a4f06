#!/usr/bin/env node
// Geometry benchmark: read and validate a 1,000,000-vertex polygon as GeoJSON and as WKT, each
// against JSON.parse of the GeoJSON file (the floor for any JSON reader) and WKT also against
// wellknown alone; 10,000 fields side by side against 2,500 (the overlap check grows linearly);
// plus a check that the AoiCache parses a document once however often it is
// asked. Median of several runs in one process. Bundles src/geometry with esbuild, so it runs
// from a fresh clone after `npm ci`: `node scripts/bench/geometry.mjs [--vertices N] [--runs N]`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(join(root, 'package.json'));

/** A simple star-shaped polygon: angles strictly increase, so its ring never crosses itself. */
export function starPolygon(vertices, center = [10, 50], radius = 0.5) {
  const ring = new Array(vertices);
  for (let i = 0; i < vertices - 1; i++) {
    const t = (2 * Math.PI * i) / (vertices - 1);
    const r = radius * (1 + 0.05 * Math.sin(37 * t) + 0.01 * Math.sin(211 * t));
    ring[i] = [round(center[0] + r * Math.cos(t)), round(center[1] + r * Math.sin(t))];
  }
  ring[vertices - 1] = ring[0];
  return ring;
}

/** The closed ring of the box west, south, east, north. */
function squareRing(w, s, e, n) {
  return [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
}

function round(v) {
  return Math.round(v * 1e8) / 1e8;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(runs, fn) {
  return timeInterleaved(runs, { only: fn }).only;
}

// Each timed run starts on a clean heap, so no contender pays for the garbage of the one before.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');

/** Runs the contenders in turn, round after round, so a busy machine slows them all alike. */
function timeInterleaved(runs, contenders, maxRuns = {}) {
  const times = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]));
  for (let round = 0; round < runs; round++) {
    for (const [name, fn] of Object.entries(contenders)) {
      if (round >= (maxRuns[name] ?? runs)) continue;
      collectGarbage();
      const start = performance.now();
      fn();
      times[name].push(performance.now() - start);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

/** One module of src, bundled on its own (`entry` below src, without `.ts`). */
async function loadBundle(scratch, entry) {
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  const outfile = join(scratch, `${entry.replace(/\//g, '-')}.cjs`);
  await esbuild.build({
    entryPoints: [join(root, 'src', `${entry}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'silent',
  });
  return createRequire(outfile)(outfile);
}

export async function runGeometryBench({ vertices = 1_000_000, runs = 5 } = {}) {
  const scratch = mkdtempSync(join(tmpdir(), 'sat-bench-geometry-'));
  try {
    const geometry = await loadBundle(scratch, 'geometry/index');
    const { readFields } = await loadBundle(scratch, 'stats/fields');
    const wellknown = require('wellknown');
    const ring = starPolygon(vertices);
    const geoJsonPath = join(scratch, 'aoi.geojson');
    const wktPath = join(scratch, 'aoi.wkt');
    writeFileSync(geoJsonPath, JSON.stringify({ type: 'Polygon', coordinates: [ring] }));
    writeFileSync(wktPath, `POLYGON ((${ring.map((p) => `${p[0]} ${p[1]}`).join(', ')}))`);
    const geoJsonText = readFileSync(geoJsonPath, 'utf8');
    const wktText = readFileSync(wktPath, 'utf8');

    // Each reader must accept the file, or its time means nothing.
    for (const [text, format] of [
      [geoJsonText, 'geojson'],
      [wktText, 'wkt'],
    ]) {
      const result = geometry.readAoi(text, format);
      if (!result.ok)
        throw new Error(`readAoi(${format}) refused the benchmark polygon: ${result.problems[0].message}`);
      if (result.aoi.vertexCount !== vertices)
        throw new Error(`readAoi(${format}) read ${result.aoi.vertexCount} vertices, not ${vertices}`);
    }
    if (!wellknown.parse(wktText)) throw new Error('wellknown refused the benchmark polygon');

    const { jsonParseMs, geoJsonMs, wktMs, wellknownMs } = timeInterleaved(
      runs,
      {
        jsonParseMs: () => JSON.parse(geoJsonText),
        geoJsonMs: () => geometry.readAoi(geoJsonText, 'geojson'),
        wktMs: () => geometry.readAoi(wktText, 'wkt'),
        wellknownMs: () => wellknown.parse(wktText),
      },
      { wellknownMs: 3 }, // about 2 s a run: three are enough for a median
    );

    // Side-by-side fields, each touching eight neighbours: the overlap check between polygons
    // must grow linearly with their number (four times the fields, about four times the time).
    const fieldsText = (side) => {
      const size = 0.01;
      const fields = [];
      for (let i = 0; i < side; i++)
        for (let j = 0; j < side; j++) {
          const w = round(10 + i * size),
            s = round(50 + j * size),
            e = round(10 + (i + 1) * size),
            n = round(50 + (j + 1) * size);
          fields.push([squareRing(w, s, e, n)]);
        }
      return JSON.stringify({ type: 'MultiPolygon', coordinates: fields });
    };
    const smallFields = fieldsText(50),
      largeFields = fieldsText(100);
    for (const text of [smallFields, largeFields]) {
      const result = geometry.readAoi(text, 'geojson');
      if (!result.ok || result.problems.length > 0)
        throw new Error(`readAoi refused or did not fully check the benchmark fields: ${result.problems[0]?.message}`);
    }
    const { smallFieldsMs, largeFieldsMs } = timeInterleaved(runs, {
      smallFieldsMs: () => geometry.readAoi(smallFields, 'geojson'),
      largeFieldsMs: () => geometry.readAoi(largeFields, 'geojson'),
    });

    // One field of many parts (a MultiPolygon feature), as the statistics read it: gathering its
    // parts must grow linearly too (it once copied the list for each part: 40,000 took 14 s).
    const partsText = (count) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { id: 'parts' },
            geometry: {
              type: 'MultiPolygon',
              coordinates: Array.from({ length: count }, (_, i) => {
                const w = round(10 + (i % 250) * 0.001),
                  s = round(45 + Math.floor(i / 250) * 0.001);
                const e = round(w + 0.0005),
                  n = round(s + 0.0005);
                return [squareRing(w, s, e, n)];
              }),
            },
          },
        ],
      });
    const fewParts = partsText(10_000),
      manyParts = partsText(40_000);
    for (const [text, count] of [
      [fewParts, 10_000],
      [manyParts, 40_000],
    ]) {
      const parts = readFields(text, 'parts.geojson', 'geojson')[0]?.polygons.length;
      if (parts !== count) throw new Error(`readFields read ${parts} parts, not ${count}`);
    }
    const { fewPartsMs, manyPartsMs } = timeInterleaved(3, {
      fewPartsMs: () => readFields(fewParts, 'parts.geojson', 'geojson'),
      manyPartsMs: () => readFields(manyParts, 'parts.geojson', 'geojson'),
    });

    const cache = new geometry.AoiCache();
    const document = { uri: 'file:///bench/aoi.geojson', version: 1 };
    const firstReadMs = time(1, () => cache.read(geoJsonText, 'auto', document));
    const cachedReadMs = time(runs, () => cache.read(geoJsonText, 'auto', document));
    cache.read(geoJsonText, 'auto'); // by text alone, as a workflow without the document would ask

    const mb = (text) => (text.length / 1e6).toFixed(1);
    const r = (v) => Math.round(v * 10) / 10;
    const ratio = (a, b) => Math.round((a / b) * 100) / 100;
    /** Four times the input in at most 1.5 × four times the time. */
    const linearGrowth = (figure, largeMs, smallMs) => ({
      figure,
      ours: r(largeMs),
      reference: r(4 * smallMs),
      ratio: ratio(largeMs, 4 * smallMs),
      target: '<= 1.5x',
      met: largeMs <= 1.5 * 4 * smallMs,
    });
    return [
      {
        figure: `geometry: readAoi GeoJSON ${vertices} vertices, ${mb(geoJsonText)} MB (ms) vs JSON.parse`,
        ours: r(geoJsonMs),
        reference: r(jsonParseMs),
        ratio: ratio(geoJsonMs, jsonParseMs),
        target: '<= 1.5x',
        met: geoJsonMs <= 1.5 * jsonParseMs,
      },
      {
        figure: `geometry: readAoi WKT ${vertices} vertices, ${mb(wktText)} MB (ms) vs JSON.parse of the GeoJSON`,
        ours: r(wktMs),
        reference: r(jsonParseMs),
        ratio: ratio(wktMs, jsonParseMs),
        target: 'reported',
        met: true,
      },
      {
        figure: 'geometry: readAoi WKT (with validation and positions) vs wellknown.parse alone (ms)',
        ours: r(wktMs),
        reference: r(wellknownMs),
        ratio: ratio(wktMs, wellknownMs),
        target: '<= 1x',
        met: wktMs <= wellknownMs,
      },
      linearGrowth(
        'geometry: readAoi 10,000 side-by-side fields (ms) vs 4 x 2,500 fields (linear growth)',
        largeFieldsMs,
        smallFieldsMs,
      ),
      linearGrowth(
        'stats: readFields, one field of 40,000 parts (ms) vs 4 x one of 10,000 (linear growth)',
        manyPartsMs,
        fewPartsMs,
      ),
      {
        figure: 'geometry: AoiCache repeat read of the same document (ms) vs first read',
        ours: r(cachedReadMs),
        reference: r(firstReadMs),
        ratio: ratio(cachedReadMs, firstReadMs),
        target: '<= 0.01x',
        met: cachedReadMs <= 0.01 * firstReadMs,
      },
      {
        figure: 'geometry: AoiCache parses for 1 + runs + 1 reads of one document',
        ours: cache.parses,
        reference: 1,
        ratio: cache.parses,
        target: '1 parse',
        met: cache.parses === 1,
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? Number(process.argv[at + 1]) : fallback;
  };
  const rows = await runGeometryBench({ vertices: arg('--vertices', 1_000_000), runs: arg('--runs', 5) });
  console.table(rows);
  const outDir = join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'geometry.json'),
    JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2),
  );
  console.log(`written: ${join('bench-results', 'geometry.json')}`);
  if (rows.some((row) => !row.met)) process.exitCode = 1;
}
