import * as assert from 'node:assert/strict';
import { findSelfIntersection, readAoi } from '../../../src/geometry';
import { segmentsMeet } from '../../../src/geometry/self-intersection';

/** The plain O(n²) check: does any pair of non-adjacent edges of the polygon meet? */
function bruteForce(rings: number[][][]): boolean {
  const edges: { ring: number; k: number; count: number; a: number[]; b: number[] }[] = [];
  rings.forEach((ring, r) => {
    const count = ring.length - 1;
    for (let k = 0; k < count; k++) edges.push({ ring: r, k, count, a: ring[k], b: ring[k + 1] });
  });
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const e = edges[i],
        f = edges[j];
      if (e.ring === f.ring && (Math.abs(e.k - f.k) === 1 || Math.abs(e.k - f.k) === e.count - 1)) continue;
      if (segmentsMeet(e.a[0], e.a[1], e.b[0], e.b[1], f.a[0], f.a[1], f.b[0], f.b[1])) return true;
    }
  }
  return false;
}

/** A small deterministic random generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function star(vertices: number, spikes = 37): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < vertices - 1; i++) {
    const t = (2 * Math.PI * i) / (vertices - 1);
    const r = 1 + 0.3 * Math.sin(spikes * t);
    ring.push([r * Math.cos(t), r * Math.sin(t)]);
  }
  ring.push(ring[0]);
  return ring;
}

describe('geometry: self-intersection', () => {
  it('agrees with the brute-force check on 2,000 random small polygons, with and without holes', () => {
    const rnd = random(42);
    let crossings = 0;
    for (let n = 0; n < 2000; n++) {
      const grid = n % 3 === 0 ? 4 : 100; // a coarse grid makes touching and collinear edges common
      const point = () => [Math.floor(rnd() * grid), Math.floor(rnd() * grid)];
      const ringOf = (size: number) => {
        const ring = Array.from({ length: size }, point);
        return [...ring, ring[0]];
      };
      const rings = [ringOf(3 + Math.floor(rnd() * 6))];
      if (n % 4 === 0) rings.push(ringOf(3 + Math.floor(rnd() * 3)));
      // Repeated consecutive vertices are not edges; drop them as the checker does.
      const clean = rings.map((ring) =>
        ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1][0] || p[1] !== ring[i - 1][1]),
      );
      if (clean.some((ring) => ring.length < 4)) continue;
      const expected = bruteForce(clean);
      const { crossing, complete } = findSelfIntersection(clean);
      assert.ok(complete);
      assert.equal(crossing !== undefined, expected, `case ${n}: ${JSON.stringify(clean)}`);
      if (expected) crossings++;
    }
    assert.ok(crossings > 200, `only ${crossings} crossing cases: the generator tests too little`);
  });

  it('finds a point where a ring touches itself and collinear overlapping edges', () => {
    const touch = [
      [0, 0],
      [4, 0],
      [4, 4],
      [2, 0],
      [0, 4],
      [0, 0],
    ]; // vertex 3 lies on edge 0
    const found = findSelfIntersection([touch]).crossing;
    assert.deepEqual(found?.first, { ring: 0, vertex: 0 });
    assert.ok(found.second.vertex === 2 || found.second.vertex === 3, JSON.stringify(found)); // both edges at that vertex touch edge 0
    const overlap = [
      [0, 0],
      [4, 0],
      [4, 1],
      [3, 0],
      [2, 0],
      [2, -1],
      [0, 0],
    ];
    assert.ok(findSelfIntersection([overlap]).crossing);
  });

  it('checks a 200,000-vertex ring in well under a second per 100,000 vertices', function () {
    this.timeout(20_000);
    const ring = star(200_000);
    const start = performance.now();
    const result = findSelfIntersection([ring]);
    const ms = performance.now() - start;
    assert.deepEqual(result, { crossing: undefined, complete: true });
    assert.ok(ms < 2000, `${ms} ms`);
    // Pull one vertex at the bottom out through the top of the ring: the crossing is found, and
    // named at the edges of that vertex.
    const broken = ring.map((p) => [...p]);
    broken[150_000] = [0, 2];
    const found = findSelfIntersection([broken]).crossing;
    assert.ok(found);
    assert.ok(
      [found.first.vertex, found.second.vertex].some((v) => v === 149_999 || v === 150_000),
      JSON.stringify(found),
    );
  });

  it('gives up on a pathological spiral instead of freezing', function () {
    this.timeout(20_000);
    // A tight double spiral of 200 turns: every chain overlaps every other.
    const turns = 200,
      per = 200;
    const out: number[][] = [],
      back: number[][] = [];
    for (let i = 0; i <= turns * per; i++) {
      const t = (2 * Math.PI * i) / per;
      out.push([(1 + t) * Math.cos(t), (1 + t) * Math.sin(t)]);
      back.push([(1.5 + t) * Math.cos(t), (1.5 + t) * Math.sin(t)]);
    }
    const ring = [...out, ...back.reverse(), out[0]];
    const start = performance.now();
    const result = findSelfIntersection([ring]);
    assert.ok(performance.now() - start < 5000);
    assert.deepEqual(result, { crossing: undefined, complete: false });
    // readAoi accepts the AOI, and says in a warning that the check was skipped.
    const read = readAoi(
      JSON.stringify({ type: 'Polygon', coordinates: [ring.map(([x, y]) => [x / 100, y / 100])] }),
      'geojson',
    );
    assert.ok(read.ok);
    assert.equal(read.problems.length, 1);
    assert.equal(read.problems[0].severity, 'warning');
    assert.match(read.problems[0].message, /too intricate to check quickly/);
  });

  it('a comb of 50,000 long horizontal teeth is checked or given up on within seconds', function () {
    this.timeout(20_000);
    const teeth = 50_000;
    const ring: number[][] = [[0, 0]];
    for (let k = 0; k < teeth; k++) ring.push([10, 2 * k], [10, 2 * k + 1], [1, 2 * k + 1], [1, 2 * k + 2]);
    ring.push([0, 2 * teeth], [0, 0]);
    const start = performance.now();
    const result = findSelfIntersection([ring]);
    assert.ok(performance.now() - start < 5000, `${performance.now() - start} ms`);
    assert.equal(result.crossing, undefined);
  });

  it('a hundred warnings of checks given up never let a polygon after them through unchecked', function () {
    this.timeout(60_000);
    // A polygon with 2,500 small holes in one column: too intricate to check quickly for crossings.
    const intricate = (west: number) => {
      const holes = Array.from({ length: 2_500 }, (_, i) => {
        const s = 0.1 + i * 0.002;
        return [
          [west + 0.1, s],
          [west + 0.1, s + 0.001],
          [west + 0.101, s + 0.001],
          [west + 0.101, s],
          [west + 0.1, s],
        ];
      });
      const top = 0.2 + 2_500 * 0.002;
      return [
        [
          [west, 0],
          [west + 0.5, 0],
          [west + 0.5, top],
          [west, top],
          [west, 0],
        ],
        ...holes,
      ];
    };
    const polygons = Array.from({ length: 100 }, (_, p) => intricate(p));
    // The 101st polygon is out of range: a hundred warnings before it once ended the checks.
    polygons.push([
      [
        [200, 0],
        [201, 0],
        [201, 1],
        [200, 1],
        [200, 0],
      ],
    ]);
    const read = readAoi(JSON.stringify({ type: 'MultiPolygon', coordinates: polygons }), 'geojson');
    assert.equal(read.ok, false);
    const errors = read.problems.filter((p) => p.severity === 'error');
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, /^Longitude 200 at position 1 of ring 1 of polygon 101 is outside/);
    assert.equal(read.problems.filter((p) => p.severity === 'warning').length, 100, 'the warnings kept: 100');
  });
});
