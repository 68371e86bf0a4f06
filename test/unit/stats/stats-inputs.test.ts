// Bad input to the statistics gets a clear error and loses nothing: an image without
// georeferencing, one lacking the index's bands (named with the bands it has), a damaged one
// (its date fails with the reason, the others complete), invalid geometry (the same problems as
// the editor shows), a field outside every image (rows with zero valid pixels). And how fields,
// images, dates and indices are read.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeStats, listImages, measureOf, readFields } from '../../../src/stats/index';
import { parseExpression } from '../../../src/stats/expression';
import { dayInName } from '../../../src/stats/images';
import { measureImage, rowsPerStrip } from '../../../src/stats/measure-image';
import { StatsError } from '../../../src/stats/errors';
import { fieldsFor, makeImages, writeFields } from './stats-fixture';
import { sidecarPath } from '../../../src/files/stac-names';

describe('stats: inputs and failures', function () {
  this.timeout(60_000);
  let dir: string;
  let fieldsPath: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stats-inputs-'));
    makeImages(dir);
    fieldsPath = join(dir, 'fields.geojson');
    await writeFields(join(dir, 'utm-2024-05-01.tif'), fieldsFor(200, 150), fieldsPath);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const fields = () => readFields(readFileSync(fieldsPath, 'utf8'), fieldsPath, 'geojson');
  const run = (paths: string[], index = 'ndvi') =>
    computeStats({
      fields: fields(),
      images: paths.map((path) => ({ path })),
      measures: [measureOf(index)],
      rule: 'centre',
      imageLabel: (p) => p,
    });

  it('a damaged image fails alone with its reason; the other dates complete', async () => {
    const broken = join(dir, 'broken-2024-05-02.tif');
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), broken);
    truncateSync(broken, 20_000);
    const result = await run([join(dir, 'utm-2024-05-01.tif'), broken]);
    assert.equal(result.failures.length, 1);
    assert.equal(result.failures[0]?.image, broken);
    assert.match(result.failures[0]?.reason ?? '', /truncated|damaged/);
    assert.equal(result.rows.length, fields().length, 'every field of the good date');
    assert.ok(result.rows.every((r) => r.date === '2024-05-01'));
  });

  it('measuring stops at its next strip when its signal aborts, and the file is closed', async () => {
    const image = join(dir, 'utm-2024-05-01.tif');
    const stop = new AbortController();
    stop.abort(new Error('the hash found every row'));
    await assert.rejects(
      measureImage(
        { path: image },
        { fields: fields(), measures: [measureOf('ndvi')], rule: 'centre', imageLabel: (p) => p, signal: stop.signal },
      ),
      /the hash found every row/,
    );
    const rows = await measureImage(
      { path: image },
      { fields: fields(), measures: [measureOf('ndvi')], rule: 'centre', imageLabel: (p) => p },
    );
    assert.equal(rows.length, fields().length);
  });

  it('an image without georeferencing is refused with the reason', async () => {
    const plain = join(dir, 'plain-2024-05-03.tif');
    execFileSync('gdal_create', ['-of', 'GTiff', '-outsize', '20', '20', '-bands', '4', '-ot', 'Int16', plain], {
      stdio: 'ignore',
    });
    const result = await run([plain]);
    assert.equal(result.rows.length, 0);
    assert.match(result.failures[0]?.reason ?? '', /no georeferencing|no known coordinate system/);
  });

  it("an image lacking the index's bands names the bands it has", async () => {
    const result = await run([join(dir, 'geo.tif')], 'evi');
    assert.equal(result.failures[0]?.reason, 'lacks the bands of evi (needs B8, B4, B2); it has B4, B8.');
  });

  it('NDVI falls back to the service-computed [B8_B4] band', async () => {
    const onGeo = join(dir, 'geo-fields.geojson');
    await writeFields(join(dir, 'geo.tif'), fieldsFor(160, 120), onGeo);
    const result = await computeStats({
      fields: readFields(readFileSync(onGeo, 'utf8'), onGeo, 'geojson'),
      images: [{ path: join(dir, 'index-20240701.tif') }],
      measures: [measureOf('ndvi')],
      rule: 'centre',
      imageLabel: (p) => p,
    });
    assert.deepEqual(result.failures, []);
    assert.ok(result.rows.some((r) => r.valid_pixels > 0 && (r.mean as number) >= -1 && (r.mean as number) <= 1));
  });

  it('a field outside every image keeps its rows, with zero valid pixels', async () => {
    const result = await run([join(dir, 'utm-2024-05-01.tif'), join(dir, 'geo.tif')], 'B8');
    const outside = result.rows.filter((r) => r.field === 'outside');
    assert.equal(outside.length, 2);
    assert.ok(outside.every((r) => r.valid_pixels === 0 && r.valid_fraction === 0 && r.mean === undefined));
  });

  it('invalid geometry: the same problems, at their positions, as elsewhere', () => {
    const text =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[15,45],[15.1,45],[15.1,45.1],[15,45.1]]]}}]}';
    assert.throws(
      () => readFields(text, 'bad.geojson', 'geojson'),
      (error: unknown) =>
        error instanceof StatsError &&
        error.kind === 'invalid-geometry' &&
        error.problems.some((p) => p.code === 'ring-not-closed') &&
        /bad\.geojson is not a valid area of interest \(line 1/.test(error.message),
    );
  });

  it('overlapping fields are fine; ids from a named property, else id or name, else the index', () => {
    const square = (x: number) => [
      [
        [x, 45],
        [x + 0.1, 45],
        [x + 0.1, 45.1],
        [x, 45.1],
        [x, 45],
      ],
    ];
    const feature = (properties: object, x: number, extra: object = {}) => ({
      type: 'Feature',
      properties,
      geometry: { type: 'Polygon', coordinates: square(x) },
      ...extra,
    });
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        feature({ code: 'A', id: 7 }, 15),
        feature({ name: 'north' }, 15.05),
        feature({}, 16, { id: 'f3' }),
        feature({}, 17),
      ],
    });
    assert.deepEqual(
      readFields(text, 'f.geojson', 'geojson').map((f) => f.id),
      ['7', 'north', 'f3', '3'],
    );
    assert.throws(() => readFields(text, 'f.geojson', 'geojson', 'code'), /feature 2 has no property 'code'/);
    const twice = JSON.stringify({
      type: 'FeatureCollection',
      features: [feature({ id: 1 }, 15), feature({ id: 1 }, 16)],
    });
    assert.throws(() => readFields(twice, 'f.geojson', 'geojson'), /two fields have the id '1'/);
    // One field's own parts may not overlap (as in WKT): the exact rule counted the overlap twice.
    const parts = (id: string, ...xs: number[]) => ({
      type: 'Feature',
      properties: { id },
      geometry: { type: 'MultiPolygon', coordinates: xs.map(square) },
    });
    const overlapping = (...features: object[]) => JSON.stringify({ type: 'FeatureCollection', features });
    assert.throws(
      () => readFields(overlapping(feature({ id: 'a' }, 15), parts('b', 17, 17.05)), 'f.geojson', 'geojson'),
      /f\.geojson: the polygons of field 'b' overlap \(its polygon 2 overlaps its polygon 1\)/,
    );
    assert.throws(
      () =>
        readFields(
          overlapping(parts('c', 17, 17.05), feature({ id: 'a' }, 15), feature({ id: 'b' }, 15.05)),
          'f.geojson',
          'geojson',
        ),
      /field 'c' overlap/,
      'fields that overlap each other do not hide it',
    );
    assert.deepEqual(
      readFields(overlapping(feature({ id: 'a' }, 15), parts('b', 15.05, 16)), 'f.geojson', 'geojson').map((f) => f.id),
      ['a', 'b'],
    );
  });

  it("a field's polygons are every part of its MultiPolygon, in order", () => {
    // Each part was appended by copying the field's list so far (quadratic: 40,000 parts took
    // 14 s); the bench's geometry suite holds its growth to linear.
    const parts = Array.from({ length: 2_000 }, (_, i) => {
      const [x, y] = [10 + (i % 250) * 0.001, 45 + Math.floor(i / 250) * 0.001];
      return [
        [
          [x, y],
          [x + 0.0005, y],
          [x + 0.0005, y + 0.0005],
          [x, y + 0.0005],
          [x, y],
        ],
      ];
    });
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { id: 'm' }, geometry: { type: 'MultiPolygon', coordinates: parts } }],
    });
    const [field] = readFields(text, 'parts.geojson', 'geojson');
    assert.deepEqual(field?.polygons, parts);
  });

  it('dates: the STAC ItemCollection, else the file metadata, else the name', async () => {
    const folder = join(dir, 'series');
    mkdirSync(folder);
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(folder, 'a.tif'));
    copyFileSync(join(dir, 'geo.tif'), join(folder, 'b.tif'));
    const item = (href: string, datetime: string) => ({
      type: 'Feature',
      properties: { datetime },
      assets: { image: { href, type: 'image/tiff; application=geotiff' } },
    });
    writeFileSync(
      join(folder, 'stac-items.json'),
      JSON.stringify({ type: 'FeatureCollection', features: [item('./a.tif', '2024-04-30T10:00:00Z')] }),
    );
    assert.deepEqual(await listImages([folder]), [{ path: join(folder, 'a.tif'), stacDate: '2024-04-30' }]);
    const result = await computeStats({
      fields: fields(),
      images: await listImages([folder, join(dir, 'geo.tif'), join(dir, 'index-20240701.tif')]),
      measures: [measureOf('B4')],
      rule: 'centre',
      imageLabel: (p) => p,
    });
    const dates = [...new Set(result.rows.map((r) => `${r.date} ${r.image.split('/').pop()}`))];
    assert.deepEqual(dates, ['2024-04-30 a.tif', '2024-06-15 geo.tif']);
    assert.equal(result.failures.length, 1, 'B4 is not in the index file');
    assert.equal(
      result.failures[0]?.reason,
      'has no band B4: it has [B8_B4]; the indices are ndvi, ndwi, ndmi, ndre, evi, savi.',
    );
  });

  it('a date in the name is found after digits that are no date (a tile number), never inside a longer number', () => {
    assert.equal(dayInName('tile_0042_2024-05-01.tif'), '2024-05-01');
    assert.equal(dayInName('/data/2023/S2_T32VNH_20240501.tif'), '2024-05-01');
    assert.equal(dayInName('scene-1234-2024_05_01-v2.tif'), '2024-05-01');
    assert.equal(dayInName('id-2024-13-01_2024-02-29.tif'), '2024-02-29', 'month 13 is no date, the next one is');
    assert.equal(dayInName('run-120240501.tif'), undefined, 'nine digits hold no date');
    assert.equal(dayInName('2023-02-29.tif'), undefined);
  });

  it("a STAC asset's href is a URI reference: a name with a space, # or é is read as its percent-encoding says", async () => {
    // The series' ItemCollection writes each name percent-encoded (stac-href.ts); it was read as is.
    const folder = join(dir, 'encoded');
    mkdirSync(folder);
    const name = 'field é #1 2024-05-01.tif';
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(folder, name));
    const item = {
      type: 'Feature',
      properties: { datetime: '2024-05-01T10:00:00Z' },
      assets: { image: { href: `./${encodeURIComponent(name)}`, type: 'image/tiff; application=geotiff' } },
    };
    writeFileSync(join(folder, 'stac-items.json'), JSON.stringify({ type: 'FeatureCollection', features: [item] }));
    const images = await listImages([folder]);
    assert.deepEqual(images, [{ path: join(folder, name), stacDate: '2024-05-01' }]);
    const result = await computeStats({
      fields: fields(),
      images,
      measures: [measureOf('ndvi')],
      rule: 'centre',
      imageLabel: (p) => p,
    });
    assert.deepEqual(result.failures, []);
    assert.equal(result.rows.length, 7);
  });

  it('a sidecar Item that is there but cannot be read fails its image alone, with the reason; a FIFO is not waited on', async () => {
    const folder = join(dir, 'sidecars');
    mkdirSync(folder);
    for (const name of ['good-2024-05-01.tif', 'broken-2024-05-02.tif', 'fifo-2024-05-03.tif', 'dated-2024-05-04.tif'])
      copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(folder, name));
    writeFileSync(sidecarPath(join(folder, 'broken-2024-05-02.tif')), '{"type": "Feature", ');
    execFileSync('mkfifo', [sidecarPath(join(folder, 'fifo-2024-05-03.tif'))]);
    writeFileSync(
      sidecarPath(join(folder, 'dated-2024-05-04.tif')),
      JSON.stringify({ type: 'Feature', properties: { datetime: '2024-06-20T10:00:00Z' } }),
    );
    const images = await listImages([folder]);
    const result = await computeStats({
      fields: fields(),
      images,
      measures: [measureOf('ndvi')],
      rule: 'centre',
      imageLabel: (p) => p.split('/').pop() ?? p,
    });
    assert.deepEqual(
      result.failures.map((f) => f.image),
      ['broken-2024-05-02.tif', 'fifo-2024-05-03.tif'],
    );
    assert.match(
      result.failures[0]?.reason ?? '',
      /^has a STAC Item that cannot be read: .*broken-2024-05-02\.json is not JSON/,
    );
    assert.match(
      result.failures[1]?.reason ?? '',
      /^has a STAC Item that cannot be read: .*fifo-2024-05-03\.json is not a regular file/,
    );
    assert.deepEqual(
      [...new Set(result.rows.map((r) => `${r.date} ${r.image}`))],
      ['2024-05-01 good-2024-05-01.tif', '2024-06-20 dated-2024-05-04.tif'],
    );
  });

  it('an image named twice is measured once, dated as its STAC mention says whichever comes first', async () => {
    const folder = join(dir, 'twice');
    mkdirSync(folder);
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(folder, 'a-2024-05-01.tif'));
    const collection = join(folder, 'stac-items.json');
    writeFileSync(
      collection,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { datetime: '2024-04-30T10:00:00Z' },
            assets: { image: { href: './a-2024-05-01.tif', type: 'image/tiff; application=geotiff' } },
          },
        ],
      }),
    );
    const plainFirst = await listImages([join(folder, 'a-2024-05-01.tif'), collection]);
    const stacFirst = await listImages([collection, join(folder, 'a-2024-05-01.tif')]);
    const expected = [{ path: join(folder, 'a-2024-05-01.tif'), stacDate: '2024-04-30' }];
    assert.deepEqual(plainFirst, expected);
    assert.deepEqual(stacFirst, expected);
  });

  it("a field whose box spans more pixels of an image's grid than are measured at once is refused with its size, before any is allocated", async () => {
    const region = join(dir, 'region.geojson');
    const square = (x0: number, y0: number, size: number) => [
      [
        [x0, y0],
        [x0 + size, y0],
        [x0 + size, y0 + size],
        [x0, y0 + size],
        [x0, y0],
      ],
    ];
    await writeFields(
      join(dir, 'utm-2024-05-01.tif'),
      [
        { id: 'plot', polygons: [square(10, 10, 20)] },
        { id: 'region', polygons: [square(-2_400, -2_400, 5_000)] },
      ],
      region,
    );
    const result = await computeStats({
      fields: readFields(readFileSync(region, 'utf8'), region, 'geojson'),
      images: [{ path: join(dir, 'utm-2024-05-01.tif') }],
      measures: [measureOf('ndvi')],
      rule: 'exact',
      imageLabel: (p) => p,
    });
    assert.deepEqual(result.rows, []);
    assert.equal(result.failures.length, 1);
    assert.match(
      result.failures[0]!.reason,
      /^could not be measured: Field 'region' spans 25 million pixels of this image's grid \(its bounding box\), more than the 17 million a field is measured over at once: split it into smaller fields, or clip it to the images\.$/,
    );
  });

  it('a strip is whole rows of blocks where the budget holds one, so no block is inflated twice', () => {
    // 8 Mi samples over 5120 columns × 2 bands is 819 rows: three rows of 256-row tiles.
    assert.equal(rowsPerStrip({ width: 5120, blockHeight: 256 }, 2), 768);
    assert.equal(rowsPerStrip({ width: 5120, blockHeight: 1 }, 2), 819);
    // A block taller than the budget (one strip for the whole image) is read a part at a time.
    assert.equal(rowsPerStrip({ width: 5120, blockHeight: 5120 }, 2), 819);
    assert.equal(rowsPerStrip({ width: 100_000_000, blockHeight: 256 }, 4), 1);
  });

  it('expressions: the arithmetic, and errors that say where', () => {
    const ndvi = parseExpression('(B8-B4)/(B8+B4)');
    assert.deepEqual(ndvi.bands, ['B8', 'B4']);
    assert.equal(ndvi.evaluate([0.5, 0.1]), 0.4 / 0.6);
    assert.equal(parseExpression('-B2*2 + 1.5e1 / 3').evaluate([0.25]), 4.5);
    assert.deepEqual(parseExpression('[b8_b4] * 2').bands, ['[B8_B4]']);
    assert.throws(() => parseExpression('(B8-B4'), /column 7 needs a \) to close/);
    assert.throws(() => parseExpression('B8 $ B4'), /column 4 is not a band/);
    assert.throws(() => parseExpression('B8 B4'), /'B4' is left over/);
    assert.throws(() => parseExpression('2*3'), /reads no band/);
    assert.throws(() => measureOf('ndvi!'), /is no index/);
    assert.equal(measureOf('NDVI').name, 'ndvi');
  });
});
