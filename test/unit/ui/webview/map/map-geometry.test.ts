// The map's pure geometry helpers: packing polygons into typed arrays and back, finding each
// polygon's text (click → selection, selection → highlight), placing problems on the map.
import * as assert from 'node:assert/strict';
import { readAoi } from '../../../../../src/geometry';
import { packPolygons, unpackPolygons } from '../../../../../src/geometry/packed';
import { numberTokens, placeOfRange, polygonAtOffset, polygonSpans } from '../../../../../src/geometry/polygon-spans';

describe('map geometry helpers', () => {
  it('packs polygons with holes and several parts into typed arrays and back unchanged', () => {
    const polygons = [
      [
        [
          [0, 0],
          [4, 0],
          [4, 4],
          [0, 4],
          [0, 0],
        ],
        [
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 1],
        ],
      ],
      [
        [
          [10, 56],
          [10.5, 56],
          [10.5, 56.5],
          [10, 56],
        ],
      ],
    ];
    const packed = packPolygons(polygons);
    assert.ok(packed.coordinates instanceof Float64Array);
    assert.equal(packed.coordinates.length, 2 * 13);
    assert.deepEqual([...packed.ringEnds], [10, 18, 26]);
    assert.deepEqual([...packed.polygonEnds], [2, 3]);
    assert.deepEqual(unpackPolygons(packed), polygons);
  });

  it('finds the text of each polygon of a WKT MULTIPOLYGON and the polygon under an offset', () => {
    const text = 'MULTIPOLYGON (((10 56, 11 56, 11 57, 10 56)), ((12 56, 13 56, 13 57, 12 56)))';
    const read = readAoi(text, 'wkt');
    assert.ok(read.ok);
    const spans = polygonSpans(text, read.aoi.polygons);
    assert.equal(text.slice(spans[0]!.start, spans[0]!.end), '10 56, 11 56, 11 57, 10 56');
    assert.equal(text.slice(spans[1]!.start, spans[1]!.end), '12 56, 13 56, 13 57, 12 56');
    assert.equal(polygonAtOffset(spans, text.indexOf('13 57')), 1);
    assert.equal(polygonAtOffset(spans, text.indexOf('11 57')), 0);
    assert.equal(polygonAtOffset(spans, 0), undefined);
  });

  it('finds polygon text in GeoJSON with 3-D positions and ignores numbers inside keys', () => {
    const text = JSON.stringify({
      type: 'Feature',
      properties: { b2: 1, name: 'x10' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10.1, 56.1, 5],
            [10.2, 56.1, 5],
            [10.2, 56.2, 5],
            [10.1, 56.1, 5],
          ],
        ],
      },
    });
    const read = readAoi(text, 'geojson');
    assert.ok(read.ok);
    const [span] = polygonSpans(text, read.aoi.polygons);
    assert.ok(span);
    assert.equal(text.slice(span.start, span.end), '10.1,56.1,5],[10.2,56.1,5],[10.2,56.2,5],[10.1,56.1');
    const tokens = numberTokens(text);
    assert.ok(
      ![...tokens.start.subarray(0, tokens.length)].some((start) => text[start - 1] === 'b'),
      'the 2 of the key b2 was read as a number',
    );
  });

  it("places a problem at its range's first position, swapped back for swapped latitude/longitude", () => {
    const text = 'POLYGON ((56.1 10.2, 56.2 10.2, 56.2 10.3, 56.1 10.2))';
    const tokens = numberTokens(text);
    const start = text.indexOf('56.2 10.3');
    assert.deepEqual(placeOfRange(tokens, start, start + 9), [56.2, 10.3]);
    assert.deepEqual(placeOfRange(tokens, start, start + 9, true), [10.3, 56.2]);
    assert.equal(placeOfRange(tokens, text.length, text.length), undefined);
  });
});
