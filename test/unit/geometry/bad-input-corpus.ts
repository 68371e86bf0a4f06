// The bad-input corpus: more than 200 malformed WKT and GeoJSON texts, generated in code. Used by
// the geometry tests (each refused with a sentence and a position, none throws) and by the
// workflow tests (none sends a request).
import { square, wktRing } from './geometry-helpers';
import type { ProblemCode } from '../../../src/geometry/types';

export interface BadInput {
  name: string;
  text: string;
  format: 'wkt' | 'geojson' | 'auto';
  /** The code the first problem must have, when the case decides it. */
  code?: ProblemCode | ProblemCode[];
  /** What the first problem's range must cover (exactly, or matching). */
  covers?: string | RegExp;
}

const RING = square(10, 50, 1);
const POLYGON_JSON = JSON.stringify({ type: 'Polygon', coordinates: [RING] });
const PRETTY_COLLECTION = JSON.stringify(
  {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'field' },
        geometry: { type: 'MultiPolygon', coordinates: [[RING], [square(12, 50, 1)]] },
      },
    ],
  },
  null,
  2,
);
const POLYGON_WKT = `POLYGON (${wktRing(RING)})`;
const MULTI_WKT = `MULTIPOLYGON ((${wktRing(RING)}), (${wktRing(square(12, 50, 1))}))`;

export function corpus(): BadInput[] {
  const cases: BadInput[] = [];
  const add = (c: BadInput) => cases.push(c);

  // Truncation: every proper prefix of a valid text is invalid.
  for (const [base, format] of [
    [POLYGON_JSON, 'geojson'],
    [PRETTY_COLLECTION, 'geojson'],
    [POLYGON_WKT, 'wkt'],
    [MULTI_WKT, 'wkt'],
  ] as const) {
    const step = Math.max(1, Math.floor(base.length / 30));
    for (let cut = 0; cut < base.length; cut += step)
      add({ name: `${format} truncated at ${cut} of ${base.length}`, text: base.slice(0, cut), format });
    add({ name: `${format} missing its last character`, text: base.slice(0, -1), format, code: 'parse' });
  }

  // NaN, Infinity and friends where a number belongs.
  for (const token of ['NaN', 'Infinity', '-Infinity', 'nan', 'inf', '1e400', '-1e400', '"NaN"', 'null', 'true']) {
    for (const position of [1, 3]) {
      const json = JSON.stringify({
        type: 'Polygon',
        coordinates: [RING.map((p, i) => (i === position ? [p[0], '@'] : p))],
      }).replace('"@"', token);
      add({
        name: `GeoJSON latitude ${token} at position ${position + 1}`,
        text: json,
        format: 'geojson',
        code: 'bad-number',
        covers: token,
      });
      if (token.startsWith('"') || token === 'null' || token === 'true') continue;
      const wkt = `POLYGON ((${RING.map((p, i) => (i === position ? `${p[0]} ${token}` : p.join(' '))).join(', ')}))`;
      add({
        name: `WKT latitude ${token} at position ${position + 1}`,
        text: wkt,
        format: 'wkt',
        code: 'bad-number',
        covers: token,
      });
    }
  }

  // Huge numbers: finite ones are out of range, the rest are not numbers at all.
  for (const [token, code] of [
    ['1e300', 'longitude-range'],
    ['123456789012345678901234567890', 'longitude-range'],
    ['9'.repeat(400), 'bad-number'],
    ['-1e309', 'bad-number'],
  ] as const) {
    add({
      name: `GeoJSON longitude ${token.slice(0, 12)}`,
      text: POLYGON_JSON.replace('[11,50]', `[${token},50]`),
      format: 'geojson',
      code,
      covers: token,
    });
    add({
      name: `WKT longitude ${token.slice(0, 12)}`,
      text: POLYGON_WKT.replace('11 50', `${token} 50`),
      format: 'wkt',
      code,
      covers: token,
    });
  }

  // Wrong nesting.
  const nestings: [string, string][] = [
    ['ring level missing', JSON.stringify({ type: 'Polygon', coordinates: RING })],
    ['extra ring level', JSON.stringify({ type: 'Polygon', coordinates: [[RING]] })],
    ['MultiPolygon with polygon depth', JSON.stringify({ type: 'MultiPolygon', coordinates: [RING] })],
    ['Polygon with MultiPolygon depth', JSON.stringify({ type: 'Polygon', coordinates: [[RING]] })],
    ['position as a flat list', JSON.stringify({ type: 'Polygon', coordinates: [RING.flat()] })],
    ['mismatched brackets', POLYGON_JSON.replace(']]]', ']}]')],
    ['extra closing bracket', POLYGON_JSON.replace(']]]', ']]]]')],
    ['coordinates not in an array', POLYGON_JSON.replace('[[[10,50]', '[[10,50]')],
  ];
  for (const [name, text] of nestings) add({ name: `GeoJSON ${name}`, text, format: 'geojson' });
  const wktNestings: [string, string][] = [
    ['ring parentheses missing', `POLYGON ${wktRing(RING)}`],
    ['extra parentheses', `POLYGON ((${wktRing(RING)}))`],
    ['MULTIPOLYGON with polygon depth', `MULTIPOLYGON (${wktRing(RING)})`],
    ['unbalanced closing', `${POLYGON_WKT})`],
    ['unbalanced opening', `POLYGON (((${wktRing(RING).slice(1)})`],
    ['parenthesis inside a position', 'POLYGON ((10 (50), 11 50, 11 51, 10 50))'],
    ['comma between the numbers', 'POLYGON ((10, 50, 11, 50, 11, 51, 10, 50))'],
    ['one number per position', 'POLYGON ((10, 11 50, 11 51, 10 50))'],
    ['five numbers in a position', 'POLYGON ((10 50 1 2 3, 11 50, 11 51, 10 50))'],
  ];
  for (const [name, text] of wktNestings) add({ name: `WKT ${name}`, text, format: 'wkt' });

  // Unclosed rings, in each place a ring can be.
  const open = RING.slice(0, 4);
  add({
    name: 'GeoJSON unclosed outer ring',
    text: JSON.stringify({ type: 'Polygon', coordinates: [open] }),
    format: 'geojson',
    code: 'ring-not-closed',
    covers: '[10,51]',
  });
  add({
    name: 'GeoJSON unclosed hole',
    text: JSON.stringify({ type: 'Polygon', coordinates: [square(0, 0, 10), square(1, 1, 1).slice(0, 4)] }),
    format: 'geojson',
    code: 'ring-not-closed',
    covers: '[1,2]',
  });
  add({
    name: 'GeoJSON unclosed ring in feature 2',
    text: JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [RING] } },
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [open] } },
      ],
    }),
    format: 'geojson',
    code: 'ring-not-closed',
  });
  add({
    name: 'WKT unclosed outer ring',
    text: `POLYGON (${wktRing(open)})`,
    format: 'wkt',
    code: 'ring-not-closed',
    covers: '10 51',
  });
  add({
    name: 'WKT unclosed ring in polygon 2',
    text: `MULTIPOLYGON ((${wktRing(RING)}), (${wktRing(open)}))`,
    format: 'wkt',
    code: 'ring-not-closed',
    covers: '10 51',
  });
  add({
    name: 'WKT two-position ring',
    text: 'POLYGON ((10 50, 11 50))',
    format: 'wkt',
    code: ['ring-not-closed', 'ring-too-short'],
  });

  // Wrong types.
  const wrongTypes: [string, unknown, ProblemCode][] = [
    ['type is a number', { type: 5, coordinates: [RING] }, 'not-geojson'],
    ['type in lower case', { type: 'polygon', coordinates: [RING] }, 'not-geojson'],
    ['no type', { coordinates: [RING] }, 'not-geojson'],
    ['coordinates is a string', { type: 'Polygon', coordinates: 'abc' }, 'not-geojson'],
    ['coordinates is an object', { type: 'Polygon', coordinates: {} }, 'not-geojson'],
    ['coordinates missing', { type: 'Polygon' }, 'not-geojson'],
    ['features is an object', { type: 'FeatureCollection', features: {} }, 'not-geojson'],
    [
      'feature without type',
      { type: 'FeatureCollection', features: [{ geometry: { type: 'Polygon', coordinates: [RING] } }] },
      'not-geojson',
    ],
    ['geometry is an array', { type: 'Feature', geometry: [RING] }, 'not-geojson'],
    ['positions are strings', { type: 'Polygon', coordinates: [RING.map((p) => p.map(String))] }, 'bad-number'],
    ['position is an object', { type: 'Polygon', coordinates: [[{ x: 1, y: 2 }, ...RING]] }, 'bad-number'],
    ['position has one number', { type: 'Polygon', coordinates: [[[10], ...RING]] }, 'bad-number'],
    ['LineString', { type: 'LineString', coordinates: RING }, 'not-an-area'],
    ['MultiPoint', { type: 'MultiPoint', coordinates: RING }, 'not-an-area'],
    [
      'GeometryCollection of a point',
      { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [1, 2] }] },
      'not-an-area',
    ],
    ['Topology', { type: 'Topology', objects: {} }, 'not-geojson'],
  ];
  for (const [name, value, code] of wrongTypes)
    add({ name: `GeoJSON ${name}`, text: JSON.stringify(value), format: 'geojson', code });
  for (const value of ['null', '42', '"POLYGON"', 'true', '[]', '{}'])
    add({ name: `JSON ${value}`, text: value, format: 'geojson', code: 'not-geojson' });
  for (const [name, text] of [
    ['point', 'POINT (1 2)'],
    ['linestring', 'LINESTRING (1 2, 3 4)'],
    ['multipoint', 'MULTIPOINT ((1 2), (3 4))'],
    ['multilinestring', 'MULTILINESTRING ((1 2, 3 4))'],
  ]) {
    add({ name: `WKT ${name}`, text, format: 'wkt', code: 'not-an-area', covers: text.split(' ')[0] });
  }
  for (const text of [
    'POLYGONE ((1 2, 3 4, 5 6, 1 2))',
    'CIRCLE (1 2 3)',
    '((1 2, 3 4, 5 6, 1 2))',
    '42',
    'POLYGON EMPTY',
    'GEOMETRYCOLLECTION EMPTY',
    'MULTIPOLYGON EMPTY',
    'POLYGON',
    'POLYGON ()',
    'POLYGON (())',
  ]) {
    add({ name: `WKT '${text}'`, text, format: 'wkt' });
  }

  // Byte-order marks: positions still count the BOM as column 0 of the caller's text.
  add({
    name: 'BOM then unclosed WKT',
    text: `\uFEFFPOLYGON (${wktRing(open)})`,
    format: 'auto',
    code: 'ring-not-closed',
    covers: '10 51',
  });
  add({
    name: 'BOM then unclosed GeoJSON',
    text: `\uFEFF${JSON.stringify({ type: 'Polygon', coordinates: [open] })}`,
    format: 'auto',
    code: 'ring-not-closed',
    covers: '[10,51]',
  });
  add({
    name: 'BOM then trailing comma',
    text: `\uFEFF${POLYGON_JSON.replace(']]]', '],]]')}`,
    format: 'auto',
    code: 'parse',
    covers: ',',
  });
  add({ name: 'BOM only', text: '\uFEFF', format: 'auto' });
  add({ name: 'two BOMs', text: `\uFEFF\uFEFF${POLYGON_JSON}`, format: 'geojson', code: 'parse' });
  add({
    name: 'BOM in the middle',
    text: POLYGON_JSON.replace('"coordinates"', '\uFEFF"coordinates"'),
    format: 'geojson',
    code: 'parse',
  });

  // Comments, which JSON does not have.
  for (const [name, text] of [
    ['line comment first', `// my field\n${POLYGON_JSON}`],
    ['block comment inside', POLYGON_JSON.replace('"coordinates"', '/* the ring */ "coordinates"')],
    ['line comment at the end', `${POLYGON_JSON}\n// end`],
    ['comment in coordinates', POLYGON_JSON.replace('[10,50],', '[10,50], // corner\n')],
  ])
    add({ name: `GeoJSON ${name}`, text, format: 'geojson', code: 'parse', covers: /^\/[/*]$/ });
  for (const [name, text] of [
    ['hash comment', `# field\n${POLYGON_WKT}`],
    ['SQL comment', `${POLYGON_WKT} -- field`],
    ['block comment', `POLYGON /* x */ (${wktRing(RING)})`],
  ])
    add({ name: `WKT ${name}`, text, format: 'wkt', code: 'parse' });

  // Trailing commas.
  for (const [name, text] of [
    ['after the last position', POLYGON_JSON.replace(']]]', '],]]')],
    ['after the last ring', POLYGON_JSON.replace(']]]', ']],]')],
    ['after the last member', POLYGON_JSON.replace(']]]}', ']]],}')],
    ['after a number', POLYGON_JSON.replace('[10,50]', '[10,50,]')],
    [
      'in a feature list',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: JSON.parse(POLYGON_JSON) }],
      }).replace('}]}', '},]}'),
    ],
  ])
    add({ name: `GeoJSON trailing comma ${name}`, text, format: 'geojson', code: 'parse', covers: ',' });
  for (const [name, text] of [
    ['after the last position', POLYGON_WKT.replace('))', ',))')],
    ['after the last ring', POLYGON_WKT.replace('))', '),)')],
    ['doubled', POLYGON_WKT.replace(', ', ',, ')],
  ]) {
    add({
      name: `WKT trailing comma ${name}`,
      text,
      format: 'wkt',
      code: 'parse',
      covers: ')' === text[text.indexOf(',)') + 1] ? ')' : /^[,)]$/,
    });
  }

  // Other broken JSON.
  for (const [name, text] of [
    ['single quotes', POLYGON_JSON.replace(/"/g, "'")],
    ['unquoted keys', POLYGON_JSON.replace(/"(type|coordinates)"/g, '$1')],
    ['unclosed string', POLYGON_JSON.replace('"Polygon"', '"Polygon')],
    ['raw newline in a string', POLYGON_JSON.replace('"Polygon"', '"Poly\ngon"')],
    ['bad escape', POLYGON_JSON.replace('"Polygon"', '"Poly\\xgon"')],
    ['leading zero', POLYGON_JSON.replace('[10,50]', '[010,50]')],
    ['plus sign', POLYGON_JSON.replace('[10,50]', '[+10,50]')],
    ['leading dot', POLYGON_JSON.replace('[10,50]', '[.5,50]')],
    ['hex number', POLYGON_JSON.replace('[10,50]', '[0x0A,50]')],
    ['missing colon', POLYGON_JSON.replace('"type":', '"type" ')],
    ['missing comma', POLYGON_JSON.replace('[10,50],', '[10,50]')],
    ['two documents', `${POLYGON_JSON}${POLYGON_JSON}`],
    ['empty text', ''],
    ['only spaces', '   \n\t  '],
    ['deeply unbalanced', '{"type":"Polygon","coordinates":' + '['.repeat(100_000)],
  ])
    add({ name: `JSON ${name}`, text, format: name === 'empty text' || name === 'only spaces' ? 'geojson' : 'auto' });
  add({
    name: 'JSON deeply nested but balanced',
    text: '['.repeat(100_000) + ']'.repeat(100_000),
    format: 'geojson',
    code: 'not-geojson',
  });
  add({
    name: 'GeometryCollection nested 1000 deep',
    text: '{"type":"GeometryCollection","geometries":['.repeat(1000) + ']}'.repeat(1000),
    format: 'geojson',
    code: 'not-geojson',
  });
  add({
    name: 'WKT GEOMETRYCOLLECTION nested 1000 deep',
    text: 'GEOMETRYCOLLECTION ('.repeat(1000) + POLYGON_WKT + ')'.repeat(1000),
    format: 'wkt',
    code: 'parse',
  });
  add({ name: 'WKT parentheses 100000 deep', text: 'POLYGON ' + '('.repeat(100_000), format: 'wkt', code: 'parse' });
  add({ name: 'WKT control character', text: POLYGON_WKT.replace(', ', ',\u0000 '), format: 'wkt', code: 'parse' });
  add({ name: 'WKT given as GeoJSON', text: POLYGON_WKT, format: 'geojson', code: 'parse' });
  add({ name: 'GeoJSON given as WKT', text: POLYGON_JSON, format: 'wkt', code: 'parse', covers: '{' });

  // Geometry that reads but is not a valid area, or not in longitude/latitude.
  const across = [
    [170, 10],
    [-170, 10],
    [-170, 20],
    [170, 20],
    [170, 10],
  ];
  const geometryFaults: [string, string, ProblemCode, string | RegExp][] = [
    ['WKT ring on one line', 'POLYGON ((0 0, 1 1, 2 2, 0 0))', 'zero-area', '(0 0, 1 1, 2 2, 0 0)'],
    [
      'GeoJSON ring on one point',
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [1, 1],
            [1, 1],
            [1, 1],
            [1, 1],
          ],
        ],
      }),
      'zero-area',
      '[[1,1],[1,1],[1,1],[1,1]]',
    ],
    [
      'WKT hole outside its shell',
      `POLYGON (${wktRing(square(0, 0, 4))}, ${wktRing(square(5, 5, 1))})`,
      'hole-outside-shell',
      wktRing(square(5, 5, 1)),
    ],
    [
      'GeoJSON hole inside a hole',
      JSON.stringify({ type: 'Polygon', coordinates: [square(0, 0, 10), square(1, 1, 8), square(2, 2, 1)] }),
      'holes-overlap',
      JSON.stringify(square(2, 2, 1)),
    ],
    [
      'WKT polygons that overlap',
      `MULTIPOLYGON ((${wktRing(square(0, 0, 2))}), (${wktRing(square(1, 1, 2))}))`,
      'polygons-overlap',
      /^1 [13]$/,
    ], // either edge of polygon 2 that enters polygon 1
    [
      'GeoJSON features that overlap',
      JSON.stringify({
        type: 'FeatureCollection',
        features: [square(0, 0, 10), square(1, 1, 2)].map((ring) => ({
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [ring] },
        })),
      }),
      'polygons-overlap',
      JSON.stringify([square(1, 1, 2)][0]),
    ],
    [
      'GeoJSON crs EPSG:3857',
      JSON.stringify({
        type: 'Polygon',
        crs: { type: 'name', properties: { name: 'EPSG:3857' } },
        coordinates: [RING],
      }),
      'crs',
      '"EPSG:3857"',
    ],
    ['WKT SRID=3857', `SRID=3857;${POLYGON_WKT}`, 'crs', '3857'],
    ['WKT across the antimeridian', `POLYGON (${wktRing(across)})`, 'antimeridian', '-170'],
    [
      'GeoJSON across the antimeridian',
      JSON.stringify({ type: 'Polygon', coordinates: [across] }),
      'antimeridian',
      '-170',
    ],
  ];
  for (const [name, text, code, covers] of geometryFaults) add({ name, text, format: 'auto', code, covers });
  return cases;
}

/** A 10 MB GeoJSON polygon on one line whose ring is not closed: the error is at its very end. */
export function tenMegabyteLine(format: 'geojson' | 'wkt'): { text: string; lastPosition: string } {
  const positions: string[] = [];
  let length = 0;
  for (let i = 0; length < 10_000_000; i++) {
    const angle = (2 * Math.PI * i) / 500_000;
    const p = `${(10 + 0.5 * Math.cos(angle)).toFixed(8)}${format === 'wkt' ? ' ' : ','}${(50 + 0.5 * Math.sin(angle)).toFixed(8)}`;
    positions.push(format === 'wkt' ? p : `[${p}]`);
    length += positions[positions.length - 1].length + (format === 'wkt' ? 2 : 1);
  }
  const lastPosition = positions[positions.length - 1];
  const text =
    format === 'wkt'
      ? `POLYGON ((${positions.join(', ')}))`
      : `{"type":"Polygon","coordinates":[[${positions.join(',')}]]}`;
  return { text, lastPosition };
}
