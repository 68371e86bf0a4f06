import * as assert from 'node:assert/strict';
import {
  bboxAreaKm2,
  billedAreaKm2,
  geodesicAreaKm2,
  MIN_BILLED_KM2,
  polygonBbox,
  readAoi,
} from '../../../src/geometry';
import { square } from './geometry-helpers';

function near(actual: number, expected: number, relative: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= relative * expected,
    `${what}: ${actual} is not within ${relative * 100} % of ${expected}`,
  );
}

describe('geometry: areas', () => {
  it('a 1° cell at the equator has the area of the sphere formula, within 0.5 % of the ellipsoid', () => {
    const area = geodesicAreaKm2([[square(0, 0, 1)]]);
    near(area, 12363.7, 1e-4, 'sphere');
    near(area, 12308.8, 5e-3, 'WGS84 ellipsoid'); // the ellipsoidal figure of the same cell
  });

  it('a state-sized box is within 0.5 % of its surveyed area', () => {
    // Colorado is bounded by 37°N, 41°N, 102.05°W and 109.05°W; its surveyed area is 269,837 km².
    const colorado = [
      [
        [-109.05, 37],
        [-102.05, 37],
        [-102.05, 41],
        [-109.05, 41],
        [-109.05, 37],
      ],
    ];
    near(geodesicAreaKm2([colorado]), 269_837, 5e-3, 'Colorado');
  });

  it('ring direction does not matter and holes are subtracted', () => {
    const ring = square(10, 50, 0.1);
    const reversed = [...ring].reverse();
    near(geodesicAreaKm2([[reversed]]), geodesicAreaKm2([[ring]]), 1e-12, 'reversed');
    const hole = square(10.025, 50.025, 0.05);
    near(geodesicAreaKm2([[ring, hole]]), 0.75 * geodesicAreaKm2([[ring]]), 2e-3, 'with hole');
  });

  it('a rectangle in longitude and latitude has the area of its bounding box', () => {
    const ring = square(20, 60, 0.5);
    near(geodesicAreaKm2([[ring]]), bboxAreaKm2(polygonBbox([ring])), 1e-9, 'box');
  });

  it('bills each polygon as its bounding box, at least 1 km² each', () => {
    const tiny = square(10, 50, 0.0001); // about 0.008 km²
    assert.ok(geodesicAreaKm2([[tiny]]) < 0.01);
    assert.equal(billedAreaKm2([[tiny]]), MIN_BILLED_KM2);
    assert.equal(billedAreaKm2([[tiny], [square(20, 50, 0.0001)]]), 2 * MIN_BILLED_KM2);
    // A thin diagonal strip: its drawn area is small, its bounding box is large.
    const strip = [
      [0, 0],
      [1, 1],
      [1, 1.01],
      [0, 0.01],
      [0, 0],
    ];
    const result = readAoi(`POLYGON ((${strip.map((p) => p.join(' ')).join(', ')}))`, 'wkt');
    assert.ok(result.ok);
    assert.ok(
      result.aoi.billedAreaKm2 > 50 * result.aoi.areaKm2,
      `${result.aoi.billedAreaKm2} vs ${result.aoi.areaKm2}`,
    );
    near(result.aoi.billedAreaKm2, bboxAreaKm2({ west: 0, south: 0, east: 1, north: 1.01 }), 1e-12, 'billed box');
  });

  it('the Aoi carries the drawn area, the billed area, one box per polygon and the overall box', () => {
    const result = readAoi(
      JSON.stringify({ type: 'MultiPolygon', coordinates: [[square(0, 0, 0.2)], [square(1, 1, 0.1)]] }),
      'geojson',
    );
    assert.ok(result.ok);
    const { aoi } = result;
    near(aoi.areaKm2, geodesicAreaKm2(aoi.polygons), 1e-12, 'area');
    near(aoi.billedAreaKm2, billedAreaKm2(aoi.polygons), 1e-12, 'billed');
    assert.deepEqual(aoi.billedBoxes, [
      { west: 0, south: 0, east: 0.2, north: 0.2 },
      { west: 1, south: 1, east: 1.1, north: 1.1 },
    ]);
    assert.deepEqual(aoi.bbox, { west: 0, south: 0, east: 1.1, north: 1.1 });
  });
});
