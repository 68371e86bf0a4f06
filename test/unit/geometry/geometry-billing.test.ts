// The billing rules as warnings at each polygon's position, with the billed figure, and their
// quick fixes: the split that bills less and keeps the polygon's area, and the merge.
import * as assert from 'node:assert/strict';
import {
  AoiCache,
  bboxAreaKm2,
  billedBoxKm2,
  DEFAULT_BILLING_RULES,
  geodesicAreaKm2,
  polygonBbox,
  readAoi,
} from '../../../src/geometry';
import type { AoiReadResult, GeometryProblem } from '../../../src/geometry';
import { applyFix, square, textAt } from './geometry-helpers';

function okProblems(result: AoiReadResult): GeometryProblem[] {
  assert.ok(result.ok, `the read failed: ${JSON.stringify(result.problems)}`);
  for (const p of result.problems) assert.equal(p.severity, 'warning', `${p.code} is not a warning`);
  return result.problems;
}

function only(problems: GeometryProblem[], code: string): GeometryProblem {
  const found = problems.filter((p) => p.code === code);
  assert.equal(found.length, 1, `${code} among ${problems.map((p) => p.code).join(', ')}`);
  return found[0];
}

function ringWkt(ring: number[][]): string {
  return `((${ring.map((p) => `${p[0]} ${p[1]}`).join(', ')}))`;
}

/** A band 0.003° wide from (10, 50) to (10.5, 50.5): about 12 km² in a box of about 2000 km². */
const diagonal = [
  [10, 50],
  [10.003, 50],
  [10.503, 50.5],
  [10.5, 50.5],
  [10, 50],
];
/** About 0.14 km²: 500 m high, 280 m wide. */
const small = square(10.3, 56.1, 0.0045);
/** 2 km square, nothing to say about it. */
const fine = square(10.2, 56.1, 0.03);
/** Two triangles whose bounding boxes overlap: billed twice over the part the boxes share. */
const triangleA = [
  [10, 50],
  [10.02, 50],
  [10, 50.02],
  [10, 50],
];
const triangleB = [
  [10.02, 50.001],
  [10.02, 50.021],
  [10.001, 50.021],
  [10.02, 50.001],
];

/** The two figures "billed area A km² → B km²" of a fix's title. */
function beforeAfter(title: string): [number, number] {
  const m = /billed area ([\d.]+) km² → ([\d.]+) km²/.exec(title);
  assert.ok(m, `no before/after in "${title}"`);
  return [Number(m[1]), Number(m[2])];
}

describe('geometry: billing rules as warnings', () => {
  it('says nothing about a polygon the service bills about as drawn', () => {
    assert.deepEqual(okProblems(readAoi(`POLYGON ${ringWkt(fine)}`, 'wkt')), []);
  });

  it('warns about a polygon under the minimum billed area, at the polygon, with the billed figure', () => {
    const text = `MULTIPOLYGON (${ringWkt(fine)},\n  ${ringWkt(small)})`;
    const warning = only(okProblems(readAoi(text, 'wkt')), 'billed-minimum');
    assert.equal(textAt(text, warning.range), ringWkt(small));
    assert.equal(warning.range.start.line, 1);
    assert.match(
      warning.message,
      /^Polygon 2: its bounding box \(0\.14 km²\) is under the minimum billed area of 0\.5 km²; billed as 0\.5 km², 3\.6× its area of 0\.14 km²\.$/,
    );
  });

  it('warns about a polygon filling under 5 % of its box, billed as N× its area, in GeoJSON at the polygon', () => {
    const text = JSON.stringify({ type: 'MultiPolygon', coordinates: [[fine], [diagonal]] }, null, 2);
    const warning = only(okProblems(readAoi(text, 'geojson')), 'billed-sparse');
    assert.deepEqual(JSON.parse(textAt(text, warning.range)), [diagonal]);
    const box = bboxAreaKm2(polygonBbox([diagonal]));
    const area = geodesicAreaKm2([[diagonal]]);
    const shown = /its billed area is the box, (\d+) km², (\d+)× its area of ([\d.]+) km²/.exec(warning.message);
    assert.ok(shown, warning.message);
    assert.equal(Number(shown[1]), Math.round(box));
    assert.equal(Number(shown[2]), Number((box / area).toPrecision(2)));
    assert.match(warning.message, /fills 0\.\d+ % of its bounding box \(under 5 %\)/);
  });

  it('warns about a bounding box side under 150 m, with its width', () => {
    // 0.0014° of longitude at 50° N is about 100 m; 0.02° of latitude about 2.2 km.
    const narrow = [
      [10, 50],
      [10.0014, 50],
      [10.0014, 50.02],
      [10, 50.02],
      [10, 50],
    ];
    const text = `POLYGON ${ringWkt(narrow)}`;
    const warning = only(okProblems(readAoi(text, 'wkt')), 'billed-narrow-box');
    assert.equal(textAt(text, warning.range), ringWkt(narrow));
    assert.match(warning.message, /bounding box is 100 m wide, under the 150 m the service accepts/);
    assert.match(warning.message, /billed area at least 0\.5 km²/);
  });

  it('stops at a hundred warnings for thousands of tiny polygons, and reads them all', () => {
    const tiny = Array.from({ length: 2000 }, (_, k) => [
      square(10 + (k % 50) * 0.01, 50 + Math.floor(k / 50) * 0.01, 0.001),
    ]);
    const result = readAoi(JSON.stringify({ type: 'MultiPolygon', coordinates: tiny }), 'geojson');
    assert.ok(result.ok);
    assert.equal(result.aoi.polygons.length, 2000);
    assert.equal(result.problems.length, 100);
  });

  it('takes other thresholds when given (the specification document names them), and the cache re-reads with them', () => {
    const text = `POLYGON ${ringWkt(square(10.2, 56.1, 0.009))}`; // a box of about 0.56 km²: over 0.5, under 1
    assert.deepEqual(
      okProblems(readAoi(text, 'wkt')).map((p) => p.code),
      [],
    );
    const cache = new AoiCache();
    assert.deepEqual(okProblems(cache.read(text, 'wkt')), []);
    assert.equal(cache.setBillingRules({ ...DEFAULT_BILLING_RULES, minBilledKm2: 1 }), true);
    const warning = only(okProblems(cache.read(text, 'wkt')), 'billed-minimum');
    assert.match(warning.message, /minimum billed area of 1 km²; billed as 1 km²/);
    assert.equal(cache.setBillingRules({ ...DEFAULT_BILLING_RULES, minBilledKm2: 1 }), false);
  });
});

describe('geometry: billing quick fixes', () => {
  it('splits a long diagonal polygon into parts whose boxes hug it: less billed, the same area', () => {
    const text = `POLYGON ${ringWkt(diagonal)}`;
    const warning = only(okProblems(readAoi(text, 'wkt')), 'billed-sparse');
    const fix = warning.fixes?.[0];
    assert.ok(fix, 'no split fix');
    assert.equal(fix.kind, 'split-billing');
    const [before, after] = beforeAfter(fix.title);
    const box = billedBoxKm2(polygonBbox([diagonal]), DEFAULT_BILLING_RULES);
    assert.equal(before, Math.round(box));
    assert.ok(after < before / 5, fix.title);

    const fixed = applyFix(text, warning);
    assert.match(fixed, /^MULTIPOLYGON \(/);
    const read = readAoi(fixed, 'wkt');
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    assert.ok(read.aoi.polygons.length >= 2);
    const billedParts = read.aoi.polygons.reduce(
      (sum, part) => sum + billedBoxKm2(polygonBbox(part), DEFAULT_BILLING_RULES),
      0,
    );
    assert.equal(Number(billedParts.toPrecision(3)), after, 'the title states the billed area of the parts');
    // The parts read back without an overlap error, so their union's area is the sum of theirs.
    const original = geodesicAreaKm2([[diagonal]]);
    assert.ok(Math.abs(read.aoi.areaKm2 - original) < 1e-6 * original, `${read.aoi.areaKm2} vs ${original}`);
    for (const part of read.aoi.polygons) {
      const b = polygonBbox(part);
      assert.ok(b.west >= 10 - 1e-12 && b.east <= 10.503 + 1e-12 && b.south >= 50 - 1e-12 && b.north <= 50.5 + 1e-12);
    }
    assert.ok(!read.problems.some((p) => p.code === 'billed-sparse'), 'a part is still sparse');
  });

  it('offers no split where it would not bill less (a sparse ring shape)', () => {
    // A thin frame: its parts' boxes would still cover the middle, so no strip cut saves 20 %.
    const outer = square(10, 50, 0.2);
    const inner = [
      [10.001, 50.001],
      [10.001, 50.199],
      [10.199, 50.199],
      [10.199, 50.001],
      [10.001, 50.001],
    ];
    const warning = only(
      okProblems(readAoi(`POLYGON (${ringWkt(outer).slice(1, -1)}, ${ringWkt(inner).slice(1, -1)})`, 'wkt')),
      'billed-sparse',
    );
    assert.equal(warning.fixes, undefined);
  });

  it('merges neighbouring polygons whose boxes overlap into one polygon billed once', () => {
    const [a, b] = [triangleA, triangleB];
    const text = JSON.stringify({ type: 'MultiPolygon', coordinates: [[a], [b]] }, null, 2);
    const warning = only(okProblems(readAoi(text, 'geojson')), 'billed-boxes-overlap');
    assert.deepEqual(JSON.parse(textAt(text, warning.range)), [b]);
    const fix = warning.fixes?.[0];
    assert.ok(fix, 'no merge fix');
    const [before, after] = beforeAfter(fix.title);
    const boxes = [a, b].map((ring) => billedBoxKm2(polygonBbox([ring]), DEFAULT_BILLING_RULES));
    assert.equal(before, Number((boxes[0] + boxes[1]).toPrecision(3)));
    assert.ok(after < before * 0.6, fix.title);
    assert.match(fix.title, /drawn area [\d.]+ km² → [\d.]+ km²/);

    const read = readAoi(applyFix(text, warning), 'geojson');
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    assert.equal(read.aoi.polygons.length, 1);
    assert.equal(Number(read.aoi.billedAreaKm2.toPrecision(3)), after);
    assert.ok(read.aoi.areaKm2 >= geodesicAreaKm2([[a], [b]]), 'the merged polygon covers both');
    assert.deepEqual(read.problems, []);
  });

  it('offers no merge across two separate geometries of a collection', () => {
    const [a, b] = [triangleA, triangleB];
    const text = `GEOMETRYCOLLECTION (POLYGON ${ringWkt(a)}, POLYGON ${ringWkt(b)})`;
    const warning = only(okProblems(readAoi(text, 'wkt')), 'billed-boxes-overlap');
    assert.equal(warning.fixes, undefined);
  });
});

describe('geometry: billing warnings name the feature', () => {
  const feature = (ring: number[][], props: Record<string, unknown>, id?: unknown) => ({
    type: 'Feature',
    ...(id !== undefined ? { id } : {}),
    properties: props,
    geometry: { type: 'Polygon', coordinates: [ring] },
  });
  const read = (features: unknown[]) =>
    okProblems(readAoi(JSON.stringify({ type: 'FeatureCollection', features }), 'geojson'));

  it('by its "name" property, else its id, else as "Polygon N"', () => {
    const other = small.map(([x, y]) => [x! + 0.1, y!]);
    const problems = read([
      feature(fine, {}),
      feature(small, { name: 'Beet field, Harlev' }),
      feature(diagonal, { crop: 'barley' }, 'plot-7'),
      feature(other, {}),
    ]);
    const minimum = problems.filter((p) => p.code === 'billed-minimum').map((p) => p.message.split(':')[0]);
    assert.deepEqual(minimum, ['"Beet field, Harlev"', 'Polygon 4']);
    assert.match(only(problems, 'billed-sparse').message, /^"plot-7" fills/);
  });

  it('the parts of a named MultiPolygon and the overlap of two named boxes', () => {
    const multi = {
      type: 'Feature',
      properties: { name: 'North\u0007 farm' },
      geometry: { type: 'MultiPolygon', coordinates: [[small], [small.map(([x, y]) => [x! + 0.1, y!])]] },
    };
    const parts = read([multi])
      .filter((p) => p.code === 'billed-minimum')
      .map((p) => p.message);
    assert.deepEqual(
      parts.map((m) => m.split(':')[0]),
      ['"North farm, part 1"', '"North farm, part 2"'],
    );
    const [a, b] = [triangleA, triangleB];
    const overlap = only(read([feature(a, { name: 'East' }), feature(b, {}, 12)]), 'billed-boxes-overlap');
    assert.match(overlap.message, /^The bounding boxes of "East" and "12" overlap/);
  });
});
