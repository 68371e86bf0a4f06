// The viewer's series steps: which dates a folder's STAC ItemCollection makes a series of, in date
// order, and when it makes none (a lone image, tiles of one date, Items made otherwise, an href
// that leaves the folder); and the display a step hands to the next date's viewer.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { carryTo, seriesOf, takeCarried } from '../../../../../src/ui/webview/viewer/series-steps';
import { ITEM_COLLECTION_NAME } from '../../../../../src/files/stac-names';
import { stacItem, stacItemCollection } from '../../../../../src/workflows/stac/stac-item';

const GEOMETRY = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [10.1, 56.05],
      [10.15, 56.05],
      [10.15, 56.08],
      [10.1, 56.08],
      [10.1, 56.05],
    ],
  ],
};

function item(imageFileName: string, date: string, model = 'Stratus2') {
  return stacItem({
    imageFileName,
    geometry: GEOMETRY,
    bbox: [10.1, 56.05, 10.15, 56.08],
    date,
    epsg: 4326,
    bands: ['B4', 'B3', 'B2'],
    model,
    constellations: ['Sentinel2'],
    resolution: 40,
    request: { Model: model, Date: date },
  });
}

describe('viewer: the dates of a series', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'series-steps-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const collection = (...items: ReturnType<typeof item>[]) =>
    writeFileSync(join(dir, ITEM_COLLECTION_NAME), JSON.stringify(stacItemCollection(items)));

  it("lists the dates of the images made alike, oldest first, with this image's place", async () => {
    // Written out of order, with an image of another model in the same folder.
    collection(
      item('c-2025-06-20.tif', '2025-06-20'),
      item('c-2025-06-10.tif', '2025-06-10'),
      item('other-2025-06-15.tif', '2025-06-15', 'Stratus3'),
      item('c-2025-06-30.tif', '2025-06-30'),
    );
    const place = await seriesOf(join(dir, 'c-2025-06-20.tif'));
    assert.deepEqual(place, {
      dates: ['2025-06-10', '2025-06-20', '2025-06-30'],
      files: ['c-2025-06-10.tif', 'c-2025-06-20.tif', 'c-2025-06-30.tif'].map((f) => join(dir, f)),
      index: 1,
    });
  });

  it('makes no series of a lone image, an image the collection does not list, tiles of one date, or an href outside the folder', async () => {
    assert.equal(await seriesOf(join(dir, 'a.tif')), undefined, 'no collection');
    collection(item('a.tif', '2025-06-10'), item('b.tif', '2025-06-20'));
    assert.equal(await seriesOf(join(dir, 'z.tif')), undefined, 'not listed');
    collection(item('tile-1.tif', '2025-06-10'), item('tile-2.tif', '2025-06-10'));
    assert.equal(await seriesOf(join(dir, 'tile-1.tif')), undefined, 'one date twice');
    const outside = item('b.tif', '2025-06-20');
    outside.assets.image.href = '../elsewhere/b.tif';
    collection(item('a.tif', '2025-06-10'), outside);
    assert.equal(await seriesOf(join(dir, 'a.tif')), undefined, 'the other Item points outside the folder');
    writeFileSync(join(dir, ITEM_COLLECTION_NAME), '{ not json');
    assert.equal(await seriesOf(join(dir, 'a.tif')), undefined, 'unreadable collection');
  });

  it('hands a display to the next date once, and drops one not taken in time', () => {
    const file = join(dir, 'b.tif');
    carryTo(file, { presetId: 'index', stretch: [{ low: 0.2, high: 0.8 }] });
    assert.deepEqual(takeCarried(file), { presetId: 'index', stretch: [{ low: 0.2, high: 0.8 }] });
    assert.equal(takeCarried(file), undefined, 'taken once');
    const realNow = Date.now;
    try {
      carryTo(file, { presetId: 'index' });
      Date.now = () => realNow() + 60_000;
      assert.equal(takeCarried(file), undefined, 'too late');
    } finally {
      Date.now = realNow;
    }
  });
});
