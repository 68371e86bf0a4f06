import * as assert from 'node:assert/strict';
import * as wellknown from 'wellknown';
import { geoJsonOfWkt, polygonsOfWkt } from '../../../src/geometry/wkt-footprint';

// Footprints and order areas are read by the project's WKT reader now; wellknown, which read them
// before, is the reference for what they must give.
describe('geometry: WKT the service sends back', () => {
  const samples = [
    'POLYGON ((10 56, 10.1 56, 10.1 56.1, 10 56.1, 10 56))',
    'POLYGON((10 56,10.1 56,10.1 56.1,10 56))',
    'MULTIPOLYGON (((10 56, 10.1 56, 10.1 56.1, 10 56)), ((11 56, 11.1 56, 11.1 56.1, 11 56)))',
    'MULTIPOLYGON (((10 56, 10.1 56, 10.1 56.1, 10 56)))',
    'POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 2 1, 2 2, 1 2, 1 1))',
  ];
  for (const wkt of samples) {
    it(`reads ${wkt.slice(0, 40)}… as wellknown does`, () => {
      assert.deepEqual(geoJsonOfWkt(wkt), wellknown.parse(wkt));
    });
  }

  it('gives no polygon for unreadable or area-less WKT, as before', () => {
    assert.deepEqual(polygonsOfWkt('POLYGON ((10 56, 10.1'), []);
    assert.deepEqual(polygonsOfWkt('POINT (10 56)'), []);
    assert.deepEqual(polygonsOfWkt(''), []);
    assert.equal(geoJsonOfWkt('garbage'), undefined);
  });
});
