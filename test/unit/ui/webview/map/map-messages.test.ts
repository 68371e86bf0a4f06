// The Show on Map messages built on the host: the AOI view (thinned for display only, last good
// drawing kept while the text is invalid, problems placed, empty hint), the layers (orders by
// status, other AOI files, STAC footprints), the tile URL rule and the map page's CSP.
import * as assert from 'node:assert/strict';
import { MIN_BILLED_KM2, readAoi } from '../../../../../src/geometry';
import { unpackPolygons } from '../../../../../src/geometry/packed';
import { buildPageShell } from '../../../../../src/ui/webview/common/html';
import { buildAoiView, MAX_MAP_VERTICES } from '../../../../../src/ui/webview/map/aoi-message';
import {
  footprintsLayer,
  ordersLayer,
  stacFootprint,
  statusColour,
  workspaceLayer,
} from '../../../../../src/ui/webview/map/layers';
import { hostMessageSchema } from '../../../../../src/ui/webview/map/protocol';
import { tileOrigin } from '../../../../../src/ui/webview/map/tile-origin';

const FIELD = 'POLYGON ((10.2205 56.1105, 10.2281 56.1112, 10.2287 56.1071, 10.2212 56.1064, 10.2205 56.1105))';

function circleWkt(vertices: number): string {
  const points: string[] = [];
  for (let i = 0; i < vertices - 1; i++) {
    const a = (2 * Math.PI * i) / (vertices - 1);
    points.push(`${(10 + 0.1 * Math.cos(a)).toFixed(7)} ${(56 + 0.05 * Math.sin(a)).toFixed(7)}`);
  }
  points.push(points[0]);
  return `POLYGON ((${points.join(', ')}))`;
}

describe('Show on Map messages', () => {
  it('draws a valid AOI with its billed box and areas, in a message the protocol accepts', () => {
    const view = buildAoiView('field.wkt', FIELD, readAoi(FIELD, 'wkt'), undefined, true);
    const m = view.message;
    assert.equal(hostMessageSchema.safeParse(m).success, true);
    assert.equal(m.polygons?.polygonEnds.length, 1);
    assert.equal(m.billedBoxes.length, 1);
    assert.ok(m.areaKm2! > 0 && m.billedAreaKm2! >= MIN_BILLED_KM2);
    assert.equal(m.invalid, undefined);
    assert.equal(m.fit, true);
  });

  it('keeps the last good drawing and names the problem with its position while the text is invalid', () => {
    const good = buildAoiView('a.wkt', FIELD, readAoi(FIELD, 'wkt'), undefined, true);
    const broken = 'POLYGON ((10.2 56.1,\n 10.3 x';
    const view = buildAoiView('a.wkt', broken, readAoi(broken, 'wkt'), good.lastGood, false);
    assert.ok(view.message.invalid);
    assert.equal(view.message.invalid.line, 1);
    assert.deepEqual(unpackPolygons(view.message.polygons!), good.lastGood!.aoi.polygons);
    assert.equal(view.message.empty, false);
  });

  it('says an empty file is empty, with nothing drawn', () => {
    const view = buildAoiView('a.geojson', '  \n', readAoi('  \n', 'geojson'), undefined, true);
    assert.equal(view.message.empty, true);
    assert.equal(view.message.invalid, undefined);
    assert.equal(view.message.polygons, undefined);
  });

  it('marks a self-intersection at its place', () => {
    const bowTie = 'POLYGON ((10.20 56.10, 10.22 56.12, 10.22 56.10, 10.20 56.12, 10.20 56.10))';
    const view = buildAoiView('b.wkt', bowTie, readAoi(bowTie, 'wkt'), undefined, true);
    assert.ok(view.message.problems.length >= 1);
    const [lon, lat] = view.message.problems[0].at;
    assert.ok(lon >= 10.2 && lon <= 10.22 && lat >= 56.1 && lat <= 56.12, `placed at ${lon}, ${lat}`);
  });

  it('thins a 1,000,000-vertex AOI for display only; the AOI read keeps every vertex', () => {
    const text = circleWkt(1_000_000);
    const read = readAoi(text, 'wkt');
    assert.ok(read.ok);
    const view = buildAoiView('big.wkt', text, read, undefined, true);
    assert.equal(view.message.vertexCount, 1_000_000);
    assert.ok(view.message.drawnVertexCount <= MAX_MAP_VERTICES + 10, `${view.message.drawnVertexCount} drawn`);
    assert.equal(read.aoi.polygons[0][0].length, 1_000_000);
  });

  it('colours orders by status and skips orders without an area', () => {
    const layer = ordersLayer([
      { TaskOrderGuid: 'a', OrderingProcessStatus: 'UpToDate', Wkt: FIELD, To: null },
      { TaskOrderGuid: 'b', OrderingProcessStatus: 'Review', Wkt: `GEOMETRYCOLLECTION(${FIELD})` },
      { TaskOrderGuid: 'c', OrderingProcessStatus: 'Failed', Wkt: FIELD },
      { TaskOrderGuid: 'd', OrderingProcessStatus: 'Working', Wkt: FIELD, To: '2020-01-01' },
      { TaskOrderGuid: 'e', OrderingProcessStatus: 'UpToDate' },
    ]);
    assert.deepEqual(
      layer.features.map((f) => [f.id, f.status]),
      [
        ['a', 'active'],
        ['b', 'pending'],
        ['c', 'failed'],
        ['d', 'ended'],
      ],
    );
    assert.equal(statusColour({ OrderingProcessStatus: 'Cancelled' }), 'ended');
  });

  it('draws the other AOI files that parse, and STAC footprints from geometry or bbox', () => {
    const files = workspaceLayer([
      { name: 'a.wkt', text: FIELD, format: 'wkt' },
      { name: 'broken.geojson', text: '{"type": "Polygon", "coordinates": [[[0,0],[1,0]', format: 'geojson' },
    ]);
    assert.deepEqual(
      files.features.map((f) => f.id),
      ['a.wkt'],
    );
    assert.deepEqual(stacFootprint({ bbox: [10, 56, 11, 57] }), [
      [
        [
          [10, 56],
          [11, 56],
          [11, 57],
          [10, 57],
          [10, 56],
        ],
      ],
    ]);
    assert.deepEqual(stacFootprint({ geometry: { type: 'Point', coordinates: [1, 2] } }), []);
    const footprints = footprintsLayer([
      {
        image: 'imagery/x.tif',
        item: {
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [10, 56],
                [11, 56],
                [11, 57],
                [10, 56],
              ],
            ],
          },
          properties: { datetime: '2026-06-01T10:00:00Z' },
        },
      },
    ]);
    assert.equal(footprints.features[0].label, 'imagery/x.tif · 2026-06-01');
  });

  it('accepts only https (or loopback http) XYZ templates, and the map page allows only that origin for images', () => {
    assert.equal(tileOrigin('https://tiles.example.org/{z}/{x}/{y}.png'), 'https://tiles.example.org');
    assert.equal(tileOrigin('http://tiles.example.org/{z}/{x}/{y}.png'), undefined);
    assert.equal(tileOrigin('https://tiles.example.org/tile.png'), undefined);
    assert.equal(tileOrigin('http://127.0.0.1:8080/{z}/{x}/{y}.png'), 'http://127.0.0.1:8080');
    const shell = (imageOrigin?: string) =>
      buildPageShell({
        cspSource: 'vscode-cdn',
        asWebviewUri: (p) => p,
        nonce: 'n',
        title: 'Map',
        script: 'dist/map.js',
        mapStyle: true,
        imageOrigin,
      });
    assert.match(shell(), /img-src vscode-cdn;/);
    // The basemap comes by message: the page may fetch nothing at all.
    assert.doesNotMatch(shell(), /connect-src/);
    assert.match(shell('https://tiles.example.org'), /img-src vscode-cdn https:\/\/tiles.example.org;/);
    assert.doesNotMatch(shell('https://tiles.example.org'), /connect-src/);
  });
});
