// The map's draw order of downloaded images (bottom first): the newest on top, and of one date a
// colour image above a one- or two-band (grey) one, whatever order the files were found in.
import * as assert from 'node:assert/strict';
import { drawOrder } from '../../../../../src/ui/webview/map/image-draw-order';

describe('map: the draw order of downloaded images', () => {
  it('draws the newest on top, colour above grey on one date, and the name breaks a tie', () => {
    const images = [
      { name: 'b/colour-06-01.tif', date: '2026-06-01T10:30:00Z', bands: 3 },
      { name: 'a/nir-pair-06-01.tif', date: '2026-06-01T10:30:00Z', bands: 2 },
      { name: 'c/colour-05-01.tif', date: '2026-05-01T10:30:00Z', bands: 4 },
      { name: 'd/ndvi-05-20.tif', date: '2026-05-20T10:30:00Z', bands: 1 },
      { name: 'e/no-date.tif', bands: 3 },
      { name: 'b/colour-06-01-second.tif', date: '2026-06-01T10:30:00Z', bands: 4 },
    ];
    assert.deepEqual(
      drawOrder(images).map((i) => i.name),
      [
        'e/no-date.tif',
        'c/colour-05-01.tif',
        'd/ndvi-05-20.tif',
        'a/nir-pair-06-01.tif',
        'b/colour-06-01-second.tif',
        'b/colour-06-01.tif',
      ],
    );
    assert.deepEqual(
      drawOrder([...images].reverse()).map((i) => i.name),
      drawOrder(images).map((i) => i.name),
      'the order found does not matter',
    );
  });
});
