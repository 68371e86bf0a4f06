import * as assert from 'node:assert/strict';
import * as wellknown from 'wellknown';
import { detectFormat, readAoi } from '../../../src/geometry';
import { applyFix, problemsOf, square, textAt, wktRing } from './geometry-helpers';

const SQUARE_WKT = 'POLYGON ((10 50, 11 50, 11 51, 10 51, 10 50))';

describe('geometry: reading valid AOIs', () => {
  it('reads a WKT polygon, and agrees with wellknown on its coordinates', () => {
    const result = readAoi(SQUARE_WKT, 'wkt');
    assert.ok(result.ok);
    assert.deepEqual(result.aoi.polygons, [(wellknown.parse(SQUARE_WKT) as { coordinates: number[][][] }).coordinates]);
    assert.equal(result.aoi.format, 'wkt');
    assert.equal(result.aoi.vertexCount, 5);
    assert.deepEqual(result.aoi.geoJson, { type: 'Polygon', coordinates: result.aoi.polygons[0] });
    assert.equal(result.aoi.wkt, SQUARE_WKT);
    assert.equal(result.aoi.taskingWkt, `GEOMETRYCOLLECTION (${SQUARE_WKT})`);
    assert.deepEqual(result.aoi.bbox, { west: 10, south: 50, east: 11, north: 51 });
  });

  it('reads WKT in any case, with Z values, an SRID prefix and a MULTIPOLYGON', () => {
    const text = 'SRID=4326;multipolygon z (((0 0 5, 1 0 5, 1 1 5, 0 1 5, 0 0 5)), ((2 2 1, 3 2 1, 3 3 1, 2 2 1)))';
    const result = readAoi(text, 'auto');
    assert.ok(result.ok, JSON.stringify(result.problems));
    assert.equal(result.aoi.polygons.length, 2);
    assert.deepEqual(result.aoi.polygons[1][0], [
      [2, 2],
      [3, 2],
      [3, 3],
      [2, 2],
    ]);
    assert.equal(result.aoi.wkt, 'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 1, 0 0)), ((2 2, 3 2, 3 3, 2 2)))');
    assert.equal(result.aoi.geoJson.type, 'MultiPolygon');
  });

  it('reads a GEOMETRYCOLLECTION of polygons as several polygons', () => {
    const text = `GEOMETRYCOLLECTION (POLYGON (${wktRing(square(0, 0, 1))}), MULTIPOLYGON (((${wktRing(square(5, 5, 1)).slice(1, -1)})), ((${wktRing(square(8, 8, 1)).slice(1, -1)}))))`;
    const result = readAoi(text, 'wkt');
    assert.ok(result.ok, JSON.stringify(!result.ok && result.problems));
    assert.equal(result.aoi.polygons.length, 3);
  });

  it('turns a FeatureCollection into a MultiPolygon and a tasking GEOMETRYCOLLECTION', () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'a' }, geometry: { type: 'Polygon', coordinates: [square(0, 0, 0.1)] } },
        {
          type: 'Feature',
          properties: {},
          geometry: { type: 'MultiPolygon', coordinates: [[square(1, 1, 0.1)], [square(2, 2, 0.1)]] },
        },
      ],
    };
    const result = readAoi(JSON.stringify(collection, null, 2), 'auto');
    assert.ok(result.ok);
    assert.equal(result.aoi.format, 'geojson');
    assert.equal(result.aoi.geoJson.type, 'MultiPolygon');
    assert.equal(result.aoi.polygons.length, 3);
    assert.match(
      result.aoi.taskingWkt,
      /^GEOMETRYCOLLECTION \(POLYGON \(\(0 0, 0\.1 0, .*\)\), POLYGON \(\(1 1, .*\)\), POLYGON \(\(2 2, .*\)\)\)$/,
    );
    assert.equal(result.aoi.billedBoxes.length, 3);
  });

  it('reads a single Feature and a bare geometry, and tolerates a byte-order mark', () => {
    const feature = {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [square(0, 0, 1)] },
      properties: null,
    };
    assert.ok(readAoi(JSON.stringify(feature), 'geojson').ok);
    assert.ok(readAoi('\uFEFF' + JSON.stringify(feature.geometry), 'auto').ok);
    assert.ok(readAoi('\uFEFF' + SQUARE_WKT, 'auto').ok);
  });

  it('agrees with wellknown on generated WKT in many spellings', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const spell = (v: number, k: number) => [String(v), v.toExponential(), v.toFixed(9)][k % 3];
    for (let n = 0; n < 200; n++) {
      const polygons = Array.from({ length: 1 + (n % 3) }, (_, p) => [
        square(-170 + 300 * next(), -80 + 160 * next(), 0.001 + next() * (p + 1)),
      ]);
      const gap = [' ', '  ', '\n', '\t', ''][n % 5];
      // The closing position is spelled as the first (k % 4), or the ring would not close.
      const body = (polygon: number[][][]) =>
        `(${gap}(${polygon[0].map(([x, y], k) => `${spell(x, (k % 4) + n)} ${spell(y, k % 4)}`).join(`,${gap}`)})${gap})`;
      const text =
        polygons.length === 1
          ? `POLYGON${gap}${body(polygons[0])}`
          : `MultiPolygon${gap}(${polygons.map(body).join(',')})`;
      const ours = readAoi(text, 'wkt');
      assert.ok(ours.ok, `${text}: ${JSON.stringify(!ours.ok && ours.problems[0])}`);
      const theirs = wellknown.parse(text) as { type: string; coordinates: unknown } | null;
      assert.ok(theirs, text);
      assert.deepEqual(ours.aoi.geoJson, { type: theirs.type, coordinates: theirs.coordinates }, text);
    }
  });

  it('auto mode picks GeoJSON for text that starts with { after spaces, WKT otherwise', () => {
    assert.equal(detectFormat('  \n\t{"type":"Polygon"}'), 'geojson');
    assert.equal(detectFormat('\uFEFF{}'), 'geojson');
    assert.equal(detectFormat('  POLYGON ((0 0, 1 0, 1 1, 0 0))'), 'wkt');
    assert.equal(detectFormat(''), 'wkt');
  });

  it('keeps the lazily built WKT visible to JSON.stringify', () => {
    const result = readAoi(SQUARE_WKT, 'wkt');
    assert.ok(result.ok);
    const copy = JSON.parse(JSON.stringify(result.aoi)) as { wkt: string; taskingWkt: string };
    assert.equal(copy.wkt, SQUARE_WKT);
    assert.match(copy.taskingWkt, /^GEOMETRYCOLLECTION/);
  });
});

describe('geometry: problems and their positions', () => {
  it('an unclosed WKT ring points at its last position, and the fix closes it', () => {
    const text = 'POLYGON ((10 50, 11 50, 11 51, 10 51))';
    const [problem] = problemsOf(readAoi(text, 'wkt'));
    assert.equal(problem.code, 'ring-not-closed');
    assert.equal(problem.message, 'Ring 1 of polygon 1 is not closed: its last position differs from its first.');
    assert.equal(textAt(text, problem.range), '10 51');
    const fixed = applyFix(text, problem);
    assert.equal(fixed, 'POLYGON ((10 50, 11 50, 11 51, 10 51, 10 50))');
    assert.ok(readAoi(fixed, 'wkt').ok);
  });

  it('an unclosed GeoJSON ring in the second polygon is named and fixed there', () => {
    const text = JSON.stringify(
      { type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(5, 5, 1).slice(0, 4)]] },
      null,
      2,
    );
    const [problem] = problemsOf(readAoi(text, 'geojson'));
    assert.equal(problem.code, 'ring-not-closed');
    assert.match(problem.message, /^Ring 1 of polygon 2 is not closed/);
    assert.deepEqual(JSON.parse(textAt(text, problem.range)), [5, 6]);
    assert.ok(problem.range.start.line > 20, 'pretty-printed: the last position is far down the text');
    assert.ok(readAoi(applyFix(text, problem), 'geojson').ok);
  });

  it("closing a ring of GeoJSON formatted over lines puts the position on its own line, with the last one's indentation", () => {
    const text = [
      '{',
      '  "type": "Polygon",',
      '  "coordinates": [',
      '    [',
      '      [10.1502, 56.0705],',
      '      [10.158, 56.0711],',
      '      [10.1584, 56.0668],',
      '      [10.1509, 56.0662]',
      '    ]',
      '  ]',
      '}',
      '',
    ];
    const [problem] = problemsOf(readAoi(text.join('\n'), 'geojson'));
    const fixed = applyFix(text.join('\n'), problem);
    assert.equal(
      fixed,
      [...text.slice(0, 7), '      [10.1509, 56.0662],', '      [10.1502, 56.0705]', ...text.slice(8)].join('\n'),
    );
    assert.ok(readAoi(fixed, 'geojson').ok);
    // The same with Windows line ends: the new line is one of the file's.
    const crlf = applyFix(text.join('\r\n'), problemsOf(readAoi(text.join('\r\n'), 'geojson'))[0]);
    assert.equal(crlf, fixed.replaceAll('\n', '\r\n'));
  });

  it('closing a ring of one-line GeoJSON keeps it on one line', () => {
    const text = '{"type":"Polygon","coordinates":[[[10,50],[11,50],[11,51],[10,51]]]}';
    const fixed = applyFix(text, problemsOf(readAoi(text, 'geojson'))[0]);
    assert.equal(fixed, '{"type":"Polygon","coordinates":[[[10,50],[11,50],[11,51],[10,51], [10, 50]]]}');
    assert.ok(readAoi(fixed, 'geojson').ok);
  });

  it('swapped latitude and longitude is recognised, and the fix swaps every pair', () => {
    const json = '{"type":"Polygon","coordinates":[[[50,100],[50,101],[51,101],[50,100]]]}';
    const [p1] = problemsOf(readAoi(json, 'geojson'));
    assert.equal(p1.code, 'swapped-lat-lon');
    assert.equal(textAt(json, p1.range), '100');
    const fixedJson = applyFix(json, p1);
    assert.equal(fixedJson, '{"type":"Polygon","coordinates":[[[100, 50], [101, 50], [101, 51], [100, 50]]]}');
    assert.ok(readAoi(fixedJson, 'geojson').ok);

    const wkt = 'POLYGON ((12.5 130.25, 13 130.25, 13 131, 12.5 130.25))';
    const [p2] = problemsOf(readAoi(wkt, 'wkt'));
    assert.equal(p2.code, 'swapped-lat-lon');
    assert.equal(textAt(wkt, p2.range), '130.25');
    assert.equal(applyFix(wkt, p2), 'POLYGON ((130.25 12.5, 130.25 13, 131 13, 130.25 12.5))');
  });

  it('a latitude beyond 90 that does not fit as a longitude either is not called swapped', () => {
    const [problem] = problemsOf(readAoi('POLYGON ((100 100, 101 100, 101 101, 100 100))', 'wkt'));
    assert.equal(problem.code, 'latitude-range');
    assert.equal(problem.fixes, undefined);
  });

  it('out-of-range longitude and latitude point at the number', () => {
    const lon = 'POLYGON ((170 0, 190 0, 190 1, 170 0))';
    const [p1] = problemsOf(readAoi(lon, 'wkt'));
    assert.equal(p1.code, 'longitude-range');
    assert.equal(textAt(lon, p1.range), '190');
    assert.match(
      p1.message,
      /Longitude 190 at position 2 of ring 1 of polygon 1 is outside \[-180, 180\] \(1 more position of this ring too\)/,
    );
    const lat = '{"type":"Polygon","coordinates":[[[170,80],[171,95],[171,80],[170,80]]]}';
    const [p2] = problemsOf(readAoi(lat, 'geojson'));
    assert.equal(p2.code, 'latitude-range');
    assert.equal(textAt(lat, p2.range), '95');
  });

  it('short rings, empty geometry and lines are refused with the right code', () => {
    const cases: [string, string, string][] = [
      ['POLYGON ((0 0, 1 1, 0 0))', 'ring-too-short', '(0 0, 1 1, 0 0)'],
      ['POLYGON EMPTY', 'empty', 'POLYGON EMPTY'],
      ['{"type":"Polygon","coordinates":[]}', 'empty', '[]'],
      ['{"type":"FeatureCollection","features":[]}', 'empty', '[]'],
      ['LINESTRING (0 0, 1 1)', 'not-an-area', 'LINESTRING'],
      ['{"type":"Point","coordinates":[1,2]}', 'not-an-area', '"Point"'],
      ['{"type":"Feature","geometry":null}', 'empty', '{"type":"Feature","geometry":null}'],
      ['{"type":"Polygone","coordinates":[]}', 'not-geojson', '"Polygone"'],
      ['[1, 2]', 'not-geojson', '[1, 2]'],
    ];
    for (const [text, code, covered] of cases) {
      const problems = problemsOf(readAoi(text, 'auto'));
      assert.equal(problems[0].code, code, text);
      assert.equal(textAt(text, problems[0].range), covered, text);
    }
  });

  it('a ring that crosses itself, and a hole that crosses its outer ring, are found', () => {
    const bowtie = 'POLYGON ((0 0, 2 0, 0 2, 2 2, 0 0))';
    const [p1] = problemsOf(readAoi(bowtie, 'wkt'));
    assert.equal(p1.code, 'self-intersection');
    assert.match(
      p1.message,
      /Ring 1 of polygon 1 crosses or touches itself: the edge from position 2 to 3 meets the edge from position 4 to 5/,
    );
    assert.equal(textAt(bowtie, p1.range), '2 2');
    const hole = `POLYGON (${wktRing(square(0, 0, 4))}, ${wktRing(square(3, 1, 2))})`;
    const [p2] = problemsOf(readAoi(hole, 'wkt'));
    assert.equal(p2.code, 'self-intersection');
    assert.match(p2.message, /Ring 1 of polygon 1 and ring 2 of polygon 1 cross or touch/);
    const withHole = `POLYGON (${wktRing(square(0, 0, 4))}, ${wktRing(square(1, 1, 1))})`;
    assert.ok(readAoi(withHole, 'wkt').ok);
  });

  it('positions count lines and columns across CRLF line ends', () => {
    const text = '{\r\n  "type": "Polygon",\r\n  "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]\r\n}';
    const [problem] = problemsOf(readAoi(text, 'geojson'));
    assert.deepEqual(problem.range.start, { line: 2, column: 43 });
    assert.equal(textAt(text, problem.range), '[0, 1]');
  });
});
