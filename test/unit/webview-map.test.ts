import * as assert from 'node:assert/strict';
import { DEFAULT_MAP_SIZE, extentOf, fitProjection, layoutMap, polygonPath } from '../../media/webview/common/svg-map';
import { squareWithHole } from './webview-fixtures';

/** The numbers of a path, as [x, y] pairs. */
function points(path: string): [number, number][] {
  const numbers = path.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
  const pairs: [number, number][] = [];
  for (let i = 0; i < numbers.length; i += 2) pairs.push([numbers[i], numbers[i + 1]]);
  return pairs;
}

function sizeOf(path: string): { width: number; height: number } {
  const pts = points(path);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

const degreeSquare = (west: number, south: number) => [[[west, south], [west + 1, south], [west + 1, south + 1], [west, south + 1], [west, south]]];

describe('webview SVG map', () => {
  it('draws a 1° square at the equator as a square', () => {
    const layout = layoutMap({ polygons: [degreeSquare(10, -0.5)], billedBoxes: [], tiles: [] });
    assert.ok(layout);
    const { width, height } = sizeOf(layout.polygons[0]);
    assert.ok(Math.abs(width / height - 1) < 0.01, `${width} × ${height}`);
  });

  it('shrinks longitudes by cos(latitude): a 1° square at 60° N is half as wide as high', () => {
    const layout = layoutMap({ polygons: [degreeSquare(10, 59.5)], billedBoxes: [], tiles: [] });
    assert.ok(layout);
    const { width, height } = sizeOf(layout.polygons[0]);
    assert.ok(Math.abs(width / height - Math.cos(Math.PI / 3)) < 0.01, `${width} × ${height}`);
  });

  it('puts north up and east right, inside the view box with its padding', () => {
    const extent = { west: 0, south: 0, east: 2, north: 1 };
    const { project, height } = fitProjection(extent, DEFAULT_MAP_SIZE);
    const [xw, yn] = project(0, 1);
    const [xe, ys] = project(2, 0);
    assert.ok(xe > xw && ys > yn);
    const pad = DEFAULT_MAP_SIZE.padding;
    for (const [x, y] of [[xw, yn], [xe, ys]]) {
      assert.ok(x >= pad - 1e-9 && x <= DEFAULT_MAP_SIZE.width - pad + 1e-9, `x ${x}`);
      assert.ok(y >= pad - 1e-9 && y <= height - pad + 1e-9, `y ${y}`);
    }
  });

  it('keeps a tall shape within the maximum height, centred', () => {
    const layout = layoutMap({ polygons: [[[[0, 0], [0.1, 0], [0.1, 5], [0, 5], [0, 0]]]], billedBoxes: [], tiles: [] });
    assert.ok(layout);
    assert.ok(layout.height <= DEFAULT_MAP_SIZE.maxHeight);
    const xs = points(layout.polygons[0]).map((p) => p[0]);
    const centre = (Math.min(...xs) + Math.max(...xs)) / 2;
    assert.ok(Math.abs(centre - DEFAULT_MAP_SIZE.width / 2) < 1, `centre ${centre}`);
  });

  it('draws a hole as a second closed sub-path', () => {
    const layout = layoutMap({ polygons: [squareWithHole], billedBoxes: [], tiles: [] });
    assert.ok(layout);
    const path = layout.polygons[0];
    assert.equal((path.match(/M/g) ?? []).length, 2);
    assert.equal((path.match(/Z/g) ?? []).length, 2);
    const [outer, hole] = path.split('Z').map((s) => s.trim()).filter(Boolean).map((s) => sizeOf(s));
    assert.ok(hole.width < outer.width && hole.height < outer.height);
  });

  it('draws each billed box around its polygon, and includes it in the extent', () => {
    const polygon = [[[0, 0], [1, 1], [0.9, 1.1], [-0.1, 0.1], [0, 0]]];
    const box = { west: -0.1, south: 0, east: 1, north: 1.1 };
    const layout = layoutMap({ polygons: [polygon], billedBoxes: [box], tiles: [] });
    assert.ok(layout);
    assert.equal(layout.boxes.length, 1);
    const boxPts = points(layout.boxes[0]);
    assert.equal(boxPts.length, 5);
    const b = sizeOf(layout.boxes[0]);
    const p = sizeOf(layout.polygons[0]);
    assert.ok(Math.abs(b.width - p.width) < 0.02 && Math.abs(b.height - p.height) < 0.02);
    assert.deepEqual(layout.extent, box);
  });

  it('lays out tile footprints by GUID, and the extent covers them', () => {
    const tiles = [{ guid: 'far', polygons: [degreeSquare(20, 0)] }];
    const input = { polygons: [degreeSquare(10, 0)], billedBoxes: [], tiles };
    const layout = layoutMap(input);
    assert.ok(layout);
    assert.equal(layout.tiles[0].guid, 'far');
    assert.equal(extentOf(input)?.east, 21);
    assert.match(layout.tiles[0].path, /^M[\d.]+ [\d.]+ L/);
  });

  it('returns nothing to draw for an empty input, and finite numbers for a single point', () => {
    assert.equal(layoutMap({ polygons: [], billedBoxes: [], tiles: [] }), undefined);
    const { project } = fitProjection({ west: 5, south: 5, east: 5, north: 5 }, DEFAULT_MAP_SIZE);
    assert.ok(project(5, 5).every(Number.isFinite));
    assert.doesNotMatch(polygonPath([[[5, 5], [5, 5], [5, 5], [5, 5]]], project), /NaN|Infinity/);
  });
});
