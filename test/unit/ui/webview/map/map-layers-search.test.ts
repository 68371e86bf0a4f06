// The map's tile-search and time-series layers, built from what a search answered and what a series
// folder's STAC ItemCollection holds: the features, their ids, kinds and captions.
import * as assert from 'node:assert/strict';
import { bboxWkt } from '../../../../simulator/geometry';
import { tileAt } from '../../../../simulator/tiles';
import { seriesLayer } from '../../../../../src/ui/webview/map/series-layer';
import { tilesLayer } from '../../../../../src/ui/webview/map/tiles-layer';
import { stacItem, stacItemCollection } from '../../../../../src/workflows/stac/stac-item';

const field = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [10.11, 56.055],
      [10.14, 56.055],
      [10.14, 56.075],
      [10.11, 56.075],
      [10.11, 56.055],
    ],
  ],
};

function item(date: string, geometry: typeof field = field) {
  return stacItem({
    imageFileName: `composite-${date}.tif`,
    geometry,
    bbox: [10.11, 56.055, 10.14, 56.075],
    date,
    epsg: 4326,
    bands: ['B4', 'B3', 'B2'],
    model: 'Stratus2',
    constellations: ['Sentinel2'],
    resolution: 40,
    request: {},
  });
}

describe('map layers: tile search and time series', () => {
  it('outlines each tile and mini-tile of a search once, with its id as caption, the selected ones marked', () => {
    const whole = tileAt(7, 101, 561, 0);
    const minis = [1, 2, 3, 4].map((sub) => tileAt(7, 101, 561, sub));
    const record = (t: typeof whole) => ({
      Guid: t.guid,
      DataGeogWkt: bboxWkt(t.bbox),
      MiniTile: t.sub > 0,
      Epsg: 32632,
    });
    const layer = tilesLayer({
      aoi: undefined,
      // Mini-tiles first, one repeated, one tile without a footprint: the layer orders and filters.
      tiles: [...minis.map(record), record(minis[0]), record(whole), { Guid: 'no-footprint' }],
      selected: [minis[2].guid],
    });
    assert.equal(layer.id, 'tiles');
    assert.deepEqual(
      layer.features.map((f) => f.id),
      [whole.guid, ...minis.map((m) => m.guid)],
    );
    assert.deepEqual(
      layer.features.map((f) => f.kind),
      ['tile', 'miniTile', 'miniTile', 'miniTile', 'miniTile'],
    );
    assert.deepEqual(
      layer.features.map((f) => f.caption),
      layer.features.map((f) => f.id),
    );
    assert.deepEqual(
      layer.features.filter((f) => f.selected).map((f) => f.id),
      [minis[2].guid],
    );
    // The outline is the footprint the service sent: the tile's box, closed.
    const ring = Array.from(layer.features[0].polygons?.coordinates ?? []);
    assert.deepEqual(
      [Math.min(...ring.filter((_, i) => i % 2 === 0)), Math.max(...ring.filter((_, i) => i % 2 === 1))],
      [whole.bbox.west, whole.bbox.north],
    );
  });

  it("shows each date of a series folder's ItemCollection, sorted, the dates of one footprint in stacked caption rows", () => {
    const other = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [10.2, 56.1],
          [10.21, 56.1],
          [10.21, 56.11],
          [10.2, 56.1],
        ],
      ],
    };
    const collection = stacItemCollection([
      item('2026-06-05'),
      item('2026-06-01'),
      item('2026-06-03'),
      item('2026-06-07', other),
    ]);
    const noDate = { type: 'Feature', id: 'x', geometry: field, properties: {} };
    const layer = seriesLayer([{ folder: 'series/field', items: [...collection.features, noDate] }]);
    assert.equal(layer.id, 'series');
    assert.deepEqual(
      layer.features.map((f) => f.caption),
      ['2026-06-01', '2026-06-03', '2026-06-05', '2026-06-07'],
    );
    assert.deepEqual(
      layer.features.map((f) => f.captionRow),
      [0, 1, 2, 0],
    );
    assert.deepEqual(
      layer.features.map((f) => f.id),
      [
        'series/field/composite-2026-06-01',
        'series/field/composite-2026-06-03',
        'series/field/composite-2026-06-05',
        'series/field/composite-2026-06-07',
      ],
    );
    assert.equal(layer.features[0].label, 'series/field · 2026-06-01');
  });
});
