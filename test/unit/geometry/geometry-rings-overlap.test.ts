// The checks the README promises beyond syntax: rings without area, holes outside their shell
// or inside each other, polygons of one area that overlap, a coordinate system other than
// longitude/latitude, and rings that jump across the 180° meridian (with the fix that splits them).
import * as assert from 'node:assert/strict';
import { readAoi } from '../../../src/geometry';
import { applyFix, problemsOf, square, textAt, wktRing } from './geometry-helpers';

const multi = (...polygons: number[][][][]) =>
  `MULTIPOLYGON (${polygons.map((rings) => `(${rings.map(wktRing).join(', ')})`).join(', ')})`;

function firstProblem(text: string, format: 'wkt' | 'geojson' | 'auto' = 'auto') {
  return problemsOf(readAoi(text, format))[0];
}

describe('geometry: rings without area and misplaced holes', () => {
  it('a ring whose positions lie on one line, or on one point, is refused at the ring', () => {
    const line = 'POLYGON ((0 0, 1 1, 2 2, 0 0))';
    const p1 = firstProblem(line);
    assert.equal(p1.code, 'zero-area');
    assert.equal(p1.message, 'Ring 1 of polygon 1 has no area: all its positions lie on one line.');
    assert.equal(textAt(line, p1.range), '(0 0, 1 1, 2 2, 0 0)');
    const point = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        square(0, 0, 4),
        [
          [1, 1],
          [1, 1],
          [1, 1],
          [1, 1],
        ],
      ],
    });
    const p2 = firstProblem(point);
    assert.equal(p2.code, 'zero-area');
    assert.match(p2.message, /^Ring 2 of polygon 1 has no area: all its positions are the same point/);
    assert.equal(textAt(point, p2.range), '[[1,1],[1,1],[1,1],[1,1]]');
    // A thin but real sliver (10 m by 1 km) is an area.
    assert.ok(readAoi('POLYGON ((10 50, 10.01 50, 10.01 50.0001, 10 50))', 'wkt').ok);
  });

  it('a hole outside its outer ring is refused at the hole', () => {
    const text = `POLYGON (${wktRing(square(0, 0, 4))}, ${wktRing(square(5, 5, 1))})`;
    const problem = firstProblem(text);
    assert.equal(problem.code, 'hole-outside-shell');
    assert.match(problem.message, /^Ring 2 of polygon 1 is a hole, but it lies outside the polygon's outer ring/);
    assert.equal(textAt(text, problem.range), wktRing(square(5, 5, 1)));
    // Inside the outer ring's box but outside the ring itself (in the notch of an L).
    const ell = [
      [0, 0],
      [4, 0],
      [4, 1],
      [1, 1],
      [1, 4],
      [0, 4],
      [0, 0],
    ];
    const notch = JSON.stringify({ type: 'Polygon', coordinates: [ell, square(2, 2, 1)] }, null, 1);
    const p2 = firstProblem(notch);
    assert.equal(p2.code, 'hole-outside-shell');
    assert.deepEqual(JSON.parse(textAt(notch, p2.range)), square(2, 2, 1));
  });

  it('a hole inside another hole is refused; holes side by side are not', () => {
    const nested = `POLYGON (${wktRing(square(0, 0, 10))}, ${wktRing(square(1, 1, 8))}, ${wktRing(square(2, 2, 1))})`;
    const problem = firstProblem(nested);
    assert.equal(problem.code, 'holes-overlap');
    assert.match(
      problem.message,
      /^Ring 3 of polygon 1 and ring 2 are holes of polygon 1, and one lies inside the other/,
    );
    assert.equal(textAt(nested, problem.range), wktRing(square(2, 2, 1)));
    // Crossing holes were already found as rings that cross.
    assert.equal(
      firstProblem(`POLYGON (${wktRing(square(0, 0, 10))}, ${wktRing(square(1, 1, 3))}, ${wktRing(square(2, 2, 3))})`)
        .code,
      'self-intersection',
    );
    assert.ok(
      readAoi(`POLYGON (${wktRing(square(0, 0, 10))}, ${wktRing(square(1, 1, 3))}, ${wktRing(square(5, 5, 3))})`, 'wkt')
        .ok,
    );
  });

  it('2,000 holes side by side are accepted, and one more inside another is found', function () {
    this.timeout(20_000);
    const holes: number[][][] = [];
    for (let i = 0; i < 40; i++) for (let j = 0; j < 50; j++) holes.push(square(i + 0.25, j + 0.25, 0.5));
    const text = JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [-1, -1],
          [41, -1],
          [41, 51],
          [-1, 51],
          [-1, -1],
        ],
        ...holes,
      ].map((ring) => ring.map(([x, y]) => [x / 10 - 10, y / 10 - 5])),
    });
    const clean = readAoi(text, 'geojson');
    assert.ok(clean.ok && clean.problems.length === 0, JSON.stringify(clean.problems[0])); // no check gave up
    // One more hole, inside the first one: found among the 2,000.
    const broken = JSON.parse(text) as { coordinates: number[][][] };
    broken.coordinates.push(square(0.3, 0.3, 0.1).map(([x, y]) => [x / 10 - 10, y / 10 - 5]));
    const problem = firstProblem(JSON.stringify(broken), 'geojson');
    assert.equal(problem.code, 'holes-overlap');
  });
});

describe('geometry: polygons of one area that overlap', () => {
  it('polygons whose edges cross are refused at the edge that runs inside the other', () => {
    const text = multi([square(0, 0, 2)], [square(1, 1, 2)]);
    const problem = firstProblem(text);
    assert.equal(problem.code, 'polygons-overlap');
    assert.match(
      problem.message,
      /^Polygon 2 overlaps polygon 1: the edge from position \d to \d of its ring 1 runs inside polygon 1\./,
    );
    assert.ok(['1 1', '1 3'].includes(textAt(text, problem.range)), textAt(text, problem.range));
  });

  it('overlaps without a crossing are found too: a shared edge stretch, containment, the same polygon twice', () => {
    const shared = multi([square(0, 0, 2)], [square(1, 0, 2)]); // their bottoms overlap along 1..2
    assert.equal(firstProblem(shared).code, 'polygons-overlap');
    const inside = JSON.stringify(
      {
        type: 'FeatureCollection',
        features: [square(0, 0, 10), square(1, 1, 2)].map((ring) => ({
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [ring] },
        })),
      },
      null,
      2,
    );
    const p2 = firstProblem(inside);
    assert.equal(p2.code, 'polygons-overlap');
    assert.match(p2.message, /^Polygon 2 lies inside polygon 1\./);
    assert.deepEqual(JSON.parse(textAt(inside, p2.range)), square(1, 1, 2));
    const twice = multi([square(0, 0, 2)], [square(0, 0, 2)]);
    assert.equal(firstProblem(twice).code, 'polygons-overlap');
  });

  it('polygons that touch at a point or along an edge, or sit in a hole, are accepted', () => {
    assert.ok(readAoi(multi([square(0, 0, 2)], [square(2, 2, 2)]), 'wkt').ok, 'corner to corner');
    assert.ok(readAoi(multi([square(0, 0, 2)], [square(2, 0, 2)]), 'wkt').ok, 'side by side');
    assert.ok(readAoi(multi([square(0, 0, 2)], [square(2, 0.5, 1)]), 'wkt').ok, 'along part of an edge');
    assert.ok(
      readAoi('MULTIPOLYGON (((0.1 0.3, 2.7 1.1, 0.3 2.9, 0.1 0.3)), ((0.3 2.9, 2.7 1.1, 3.3 3.7, 0.3 2.9)))', 'wkt')
        .ok,
      'sharing a slanted edge',
    );
    assert.ok(readAoi(multi([square(0, 0, 10), square(1, 1, 4)], [square(2, 2, 1)]), 'wkt').ok, 'an island in a hole');
    assert.equal(
      firstProblem(multi([square(0, 0, 10), square(1, 1, 4)], [square(2, 2, 1)], [square(6, 6, 1)])).code,
      'polygons-overlap',
    );
  });

  it('2,500 fields side by side are accepted, and one shifted onto its neighbour is found', function () {
    this.timeout(20_000);
    const fields: number[][][][] = [];
    for (let i = 0; i < 50; i++) for (let j = 0; j < 50; j++) fields.push([square(10 + i * 0.01, 50 + j * 0.01, 0.01)]);
    const text = JSON.stringify({ type: 'MultiPolygon', coordinates: fields });
    const result = readAoi(text, 'geojson');
    assert.ok(result.ok && result.problems.length === 0, JSON.stringify(result.problems[0])); // no check gave up
    fields[1_250] = [square(10 + 25 * 0.01 + 0.005, 50, 0.01)];
    assert.equal(firstProblem(JSON.stringify({ type: 'MultiPolygon', coordinates: fields })).code, 'polygons-overlap');
  });

  it('400 islands in the hole of a large polygon are accepted; one reaching over the shore is found', () => {
    const lake = [
      [0, 0],
      [30, 0],
      [30, 30],
      [0, 30],
      [0, 0],
    ];
    const hole = [
      [5, 5],
      [25, 5],
      [25, 25],
      [5, 25],
      [5, 5],
    ];
    const islands: number[][][][] = [];
    for (let i = 0; i < 20; i++) for (let j = 0; j < 20; j++) islands.push([square(5.2 + i, 5.2 + j, 0.5)]);
    const text = (list: number[][][][]) =>
      JSON.stringify({ type: 'MultiPolygon', coordinates: [[lake, hole], ...list] });
    const result = readAoi(text(islands), 'geojson');
    assert.ok(result.ok && result.problems.length === 0, JSON.stringify(result.problems[0]));
    islands[399] = [square(24.2, 24.2, 1)]; // reaches past the hole's corner at 25, 25
    const problem = firstProblem(text(islands));
    assert.equal(problem.code, 'polygons-overlap');
    assert.match(problem.message, /^Polygon 401 overlaps polygon 1/);
  });
});

describe('geometry: coordinate systems', () => {
  it('a GeoJSON crs other than CRS84 or EPSG:4326 is refused at its name, wherever it sits', () => {
    const named = (name: string) => ({ type: 'name', properties: { name } });
    const text = JSON.stringify(
      {
        type: 'FeatureCollection',
        crs: named('urn:ogc:def:crs:EPSG::3857'),
        features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [square(0, 0, 1)] } }],
      },
      null,
      2,
    );
    const problem = firstProblem(text);
    assert.equal(problem.code, 'crs');
    assert.match(
      problem.message,
      /^The "crs" member names "urn:ogc:def:crs:EPSG::3857", which this extension does not read: coordinates must be longitude and latitude on WGS 84/,
    );
    assert.equal(textAt(text, problem.range), '"urn:ogc:def:crs:EPSG::3857"');
    const inFeature = JSON.stringify({
      type: 'Feature',
      geometry: { type: 'Polygon', crs: named('EPSG:32632'), coordinates: [square(0, 0, 1)] },
    });
    assert.equal(firstProblem(inFeature).code, 'crs');
    const link = JSON.stringify({
      type: 'Polygon',
      crs: { type: 'link', properties: { href: 'http://example.com/crs' } },
      coordinates: [square(0, 0, 1)],
    });
    assert.match(firstProblem(link).message, /links to a coordinate system definition/);
    for (const name of [
      'urn:ogc:def:crs:OGC:1.3:CRS84',
      'EPSG:4326',
      'urn:ogc:def:crs:EPSG::4326',
      'urn:ogc:def:crs:EPSG:6.6:4326',
      'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
    ]) {
      assert.ok(
        readAoi(JSON.stringify({ type: 'Polygon', crs: named(name), coordinates: [square(0, 0, 1)] }), 'geojson').ok,
        name,
      );
    }
    assert.ok(
      readAoi(JSON.stringify({ type: 'Polygon', crs: null, coordinates: [square(0, 0, 1)] }), 'geojson').ok,
      'crs null',
    );
  });

  it('a WKT SRID other than 4326 is refused at the number; SRID=4326 is read', () => {
    const text = 'SRID=3857;POLYGON ((0 0, 1 0, 1 1, 0 0))';
    const problem = firstProblem(text);
    assert.equal(problem.code, 'crs');
    assert.match(problem.message, /^SRID 3857 is not a coordinate system this extension reads/);
    assert.equal(textAt(text, problem.range), '3857');
    assert.equal(firstProblem('srid = 25832 ; POLYGON ((0 0, 1 0, 1 1, 0 0))').code, 'crs');
    assert.ok(readAoi('SRID=4326;POLYGON ((0 0, 1 0, 1 1, 0 0))', 'wkt').ok);
  });
});

describe('geometry: rings across the 180° meridian', () => {
  const across = [
    [170, 10],
    [-170, 10],
    [-170, 20],
    [170, 20],
    [170, 10],
  ];

  it('a WKT polygon jumping across 180° is refused at the jump; the fix splits it into a valid MULTIPOLYGON', () => {
    const text = `POLYGON (${wktRing(across)})`;
    const problem = firstProblem(text);
    assert.equal(problem.code, 'antimeridian');
    assert.match(
      problem.message,
      /^Ring 1 of polygon 1 jumps from longitude 170 to -170 between positions 1 and 2: it crosses the 180° meridian/,
    );
    assert.equal(textAt(text, problem.range), '-170');
    const fixed = applyFix(text, problem);
    assert.equal(
      fixed,
      'MULTIPOLYGON (((170 10, 180 10, 180 20, 170 20, 170 10)), ((-180 10, -170 10, -170 20, -180 20, -180 10)))',
    );
    const read = readAoi(fixed, 'wkt');
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    assert.equal(read.aoi.geoJson.type, 'MultiPolygon');
    // 20° by 10° near the equator, not the 340° the jump would have made of it.
    assert.ok(Math.abs(read.aoi.areaKm2 - 2 * 1113 * 1100) / (2 * 1113 * 1100) < 0.05, String(read.aoi.areaKm2));
  });

  it('in GeoJSON a Polygon becomes a MultiPolygon, and a MultiPolygon member becomes two members', () => {
    const feature = JSON.stringify(
      {
        type: 'Feature',
        properties: { name: 'Fiji' },
        geometry: { type: 'Polygon', coordinates: [across, square(172, 12, 2)] },
      },
      null,
      2,
    );
    const problem = firstProblem(feature);
    assert.equal(problem.code, 'antimeridian');
    const fixed = JSON.parse(applyFix(feature, problem)) as {
      properties: unknown;
      geometry: { type: string; coordinates: number[][][][] };
    };
    assert.deepEqual(fixed.properties, { name: 'Fiji' });
    assert.equal(fixed.geometry.type, 'MultiPolygon');
    assert.equal(fixed.geometry.coordinates[0].length, 2, 'the hole stays with the western part');
    assert.ok(readAoi(JSON.stringify(fixed), 'geojson').ok);
    const member = JSON.stringify({
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1)], [across.map(([x, y]) => [-x, y])]],
    });
    const p2 = firstProblem(member);
    assert.equal(p2.code, 'antimeridian');
    const read = readAoi(applyFix(member, p2), 'geojson');
    assert.ok(read.ok && read.aoi.polygons.length === 3);
  });
});
