import * as assert from 'node:assert/strict';
import { aoiFromPolygons, bboxAreaKm2, geodesicAreaKm2, readAoi, splitAoi, splitBox } from '../../../src/geometry';
import { square } from './geometry-helpers';

describe('geometry: splitting below a maximum area', () => {
  it('splits a box into boxes that each fit and together tile it', () => {
    const box = { west: 10, south: 50, east: 11, north: 51 };
    const parts = splitBox(box, 1000);
    assert.ok(parts.length > 1);
    for (const part of parts) assert.ok(bboxAreaKm2(part) <= 1000, `${bboxAreaKm2(part)} km²`);
    const total = parts.reduce((sum, part) => sum + bboxAreaKm2(part), 0);
    assert.ok(Math.abs(total - bboxAreaKm2(box)) < 1e-6 * total);
  });

  it('leaves an AOI that already fits as it is', () => {
    const aoi = aoiFromPolygons([[square(10, 50, 0.1)]]);
    const parts = splitAoi(aoi, 500);
    assert.equal(parts.length, 1);
    assert.deepEqual(parts[0].polygons, aoi.polygons);
  });

  it('splits each polygon of an AOI into valid parts whose billed areas fit and whose areas add up', () => {
    // An L shape (concave) and a square, both far above the maximum.
    const l = [
      [0, 0],
      [2, 0],
      [2, 0.5],
      [0.5, 0.5],
      [0.5, 2],
      [0, 2],
      [0, 0],
    ];
    const aoi = aoiFromPolygons([[l], [square(5, 5, 1)]]);
    const parts = splitAoi(aoi, 2000);
    assert.ok(parts.length > 4);
    let total = 0;
    for (const part of parts) {
      assert.ok(part.billedAreaKm2 <= 2000, `part billed ${part.billedAreaKm2} km²`);
      assert.equal(part.polygons.length, 1);
      const ring = part.polygons[0][0];
      assert.deepEqual(ring[0], ring[ring.length - 1], 'each part ring is closed');
      total += part.areaKm2;
    }
    assert.ok(Math.abs(total - aoi.areaKm2) < 1e-6 * aoi.areaKm2, `${total} vs ${aoi.areaKm2}`);
  });

  it('the parts of a convex polygon read back as valid WKT', () => {
    const circle = Array.from({ length: 65 }, (_, i) => {
      const t = (2 * Math.PI * (i % 64)) / 64;
      return [10 + Math.cos(t), 50 + Math.sin(t)];
    });
    const parts = splitAoi(aoiFromPolygons([[circle]], 'wkt'), 3000);
    for (const part of parts) {
      const back = readAoi(part.wkt, 'wkt');
      assert.ok(back.ok, JSON.stringify(!back.ok && back.problems[0]));
    }
    const total = parts.reduce((sum, p) => sum + p.areaKm2, 0);
    assert.ok(Math.abs(total - geodesicAreaKm2([[circle]])) < 1e-6 * total);
  });

  it('refuses a maximum below the 1 km² the service bills at least, and a split into too many parts', () => {
    const aoi = aoiFromPolygons([[square(0, 0, 1)]]);
    assert.throws(() => splitAoi(aoi, 0.5), RangeError);
    assert.throws(() => splitAoi(aoiFromPolygons([[square(0, 0, 10)]]), 1), /more than 10000 parts/);
  });
});
