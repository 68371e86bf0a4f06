// An asset href is a URI reference: a file name with `#`, `%`, a space or `?` written into it as
// is names another file once a STAC reader resolves it against the Item's location. Written
// percent-encoded, the href read back by URL resolution is the file, and the viewer's series steps
// (which read the folder's ItemCollection) find the images by it.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seriesOf } from '../../../src/ui/webview/viewer/series-steps';
import { fileOfHref, relativeHref } from '../../../src/files/stac-names';
import { stacItem, stacItemCollection } from '../../../src/workflows/stac/stac-item';
import type { StacImageInput } from '../../../src/workflows/stac/stac-item';

const NAMES = [
  'field #2 100%.tif',
  'a?b.tif',
  'plain_2026-06-14.tif',
  'ø € 😀.tif',
  "it's (1).tif",
  'semi;colon&amp=x.tif',
  '%41.tif',
];

function input(imageFileName: string, date: string): StacImageInput {
  return {
    imageFileName,
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [10.1, 56.05],
          [10.15, 56.05],
          [10.15, 56.08],
          [10.1, 56.08],
          [10.1, 56.05],
        ],
      ],
    },
    bbox: [10.1, 56.05, 10.15, 56.08],
    date,
    epsg: 32632,
    bands: ['B4', 'B3', 'B2'],
    model: 'Stratus2',
    constellations: ['Sentinel2'],
    resolution: 10,
    request: {},
  };
}

describe('STAC hrefs are percent-encoded and resolve to the file', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'stac-href-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("the Item's href, resolved as a URL against the Item's own file, is the image", () => {
    for (const name of NAMES) {
      const href = stacItem(input(name, '2026-06-14')).assets.image!.href;
      assert.equal(href, relativeHref(name));
      assert.match(href, /^\.\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]+$/, `${href}: one RFC 3986 path segment`);
      const item = join(dir, name.replace(/\.tif$/, '.json'));
      const resolved = fileURLToPath(new URL(href, pathToFileURL(item)));
      assert.equal(resolved, join(dir, name), href);
      assert.equal(fileOfHref(dir, href), join(dir, name));
    }
  });

  it('an href naming no local file is no file: another scheme, an encoded slash, a bad escape', () => {
    assert.equal(fileOfHref(dir, 'https://example.com/a.tif'), undefined);
    assert.equal(fileOfHref(dir, './a%2F..%2Fb.tif'), undefined);
    assert.equal(fileOfHref(dir, '../outside.tif'), join(dir, '..', 'outside.tif'));
  });

  it('the viewer steps through a series whose file names hold # and %', async () => {
    const names = ['series #1 50%.tif', 'series #2 50%.tif'];
    const items = names.map((name, i) => stacItem(input(name, `2026-06-1${i + 1}`)));
    for (const name of names) writeFileSync(join(dir, name), 'tiff');
    writeFileSync(join(dir, 'stac-items.json'), JSON.stringify(stacItemCollection(items)));
    const place = await seriesOf(join(dir, names[1]!));
    assert.deepEqual(place, { dates: ['2026-06-11', '2026-06-12'], files: names.map((n) => join(dir, n)), index: 1 });
  });
});
