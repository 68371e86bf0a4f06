import * as assert from 'node:assert/strict';
import {
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileFacts } from '../../../../src/workflows/stac/file-checksum';
import { eoBand, rasterBands } from '../../../../src/workflows/stac/stac-bands';
import { seriesCollectionId, writeSeriesCollection } from '../../../../src/workflows/stac/stac-collection-file';
import { COLLECTION_FILE_NAME, stacItem } from '../../../../src/workflows/stac/stac-item';
import type { StacImageInput, StacItem } from '../../../../src/workflows/stac/stac-item';
import {
  LICENSE_LINK,
  collectionIdOf,
  providersOf,
  stacSeriesCollection,
} from '../../../../src/workflows/stac/stac-series-collection';
import type { StacCollection } from '../../../../src/workflows/stac/stac-series-collection';
import { sidecarPath } from '../../../../src/files/stac-names';
import { IMAGE_OF_THE_AREA } from './stac-image-fixture';
import { validateStacCollection, validateStacItem } from '../../fixtures/stac-schemas';

const base: StacImageInput = {
  imageFileName: 'a.tif',
  ...IMAGE_OF_THE_AREA,
  bands: ['B2', 'B8', '[B8_B4]'],
  request: {
    Model: 'Stratus2',
    Date: '2025-06-14',
    Bandnames: 'B2,B8,[B8_B4]',
    Resolution: 10,
    EpsgProjection: 32632,
    Wkt: 'POLYGON(...)',
  },
  raster: {
    dataType: 'int16',
    nodata: -32768,
    values: [
      { scale: 1e-4, offset: 0 },
      { scale: 1e-4, offset: 0 },
      { scale: 1 / 32767, offset: 0 },
    ],
  },
  file: { size: 3, checksum: `1220${'ab'.repeat(32)}` },
  collection: 'fields',
};

const read = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

describe('STAC Collection of a time series folder', () => {
  it('an Item has proj:code and proj:epsg, the grid per asset, raster and eo bands, the file fields and links to its Collection', () => {
    const item = stacItem(base);
    assert.ok(validateStacItem(item), JSON.stringify(validateStacItem.errors));
    const asset = item.assets.image!;
    for (const fields of [item.properties, asset])
      assert.deepEqual([fields['proj:code'], fields['proj:epsg']], ['EPSG:32632', 32632]);
    assert.deepEqual(
      [asset['proj:shape'], asset['proj:transform']],
      [
        [334, 312],
        [10, 0, 562300, 0, -10, 6214870],
      ],
    );
    assert.deepEqual(asset['eo:bands'], [
      { name: 'B2', common_name: 'blue' },
      { name: 'B8', common_name: 'nir' },
      { name: '[B8_B4]', description: 'normalised difference of B8 and B4' },
    ]);
    assert.deepEqual(asset['raster:bands'], [
      { nodata: -32768, data_type: 'int16', scale: 1e-4, offset: 0 },
      { nodata: -32768, data_type: 'int16', scale: 1e-4, offset: 0 },
      { nodata: -32768, data_type: 'int16', scale: 1 / 32767, offset: 0 },
    ]);
    assert.match(String(asset['file:checksum']), /^1220[0-9a-f]{64}$/);
    assert.equal(asset['file:size'], 3);
    assert.equal(item.collection, 'fields');
    assert.deepEqual(
      item.links.map((l) => [l.rel, l.href]),
      [
        ['collection', './collection.json'],
        ['parent', './collection.json'],
        ['root', './collection.json'],
      ],
    );
    // Without a Collection, no link to one; without a file read, no file extension.
    const alone = stacItem({ ...base, collection: undefined, file: undefined, raster: undefined });
    assert.deepEqual(
      [alone.links, alone.collection, alone.assets.image?.['file:size'], alone.assets.image?.['raster:bands']],
      [[], undefined, undefined, undefined],
    );
    assert.ok(!alone.stac_extensions.some((e) => /file|raster/.test(e)));
    // A request's 47000 (automatic UTM) that no file resolved is no EPSG code.
    const unresolved = stacItem({ ...base, epsg: 47000 });
    assert.ok(validateStacItem(unresolved), JSON.stringify(validateStacItem.errors));
    assert.deepEqual([unresolved.properties['proj:code'], unresolved.properties['proj:epsg']], [null, null]);
  });

  it('band names: Sentinel-2 ids get the eo common names, an unknown one or an index none; an unknown data type is "other"', () => {
    assert.deepEqual(
      ['B1', 'B3', 'B4', 'B5', 'B8A', 'B11', 'B12', 'b12', 'NDVI'].map((n) => eoBand(n).common_name),
      ['coastal', 'green', 'red', 'rededge071', 'nir08', 'swir16', 'swir22', 'swir22', undefined],
    );
    assert.deepEqual(rasterBands({ dataType: 'complex', values: [{ scale: 1, offset: 0 }] }), [
      { data_type: 'other', scale: 1, offset: 0 },
    ]);
  });

  it('the file fields are the SHA-256 multihash and size of the file, streamed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stac-sum-'));
    try {
      writeFileSync(join(dir, 'abc'), 'abc');
      // SHA-256("abc") is a published test vector (FIPS 180-2).
      assert.deepEqual(await fileFacts(join(dir, 'abc')), {
        size: 3,
        checksum: '1220ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      });
      symlinkSync(join(dir, 'abc'), join(dir, 'link'));
      await assert.rejects(fileFacts(join(dir, 'link')), /ELOOP|symbolic/i, 'a link is not followed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the Collection: extent over its Items, licence with its link, providers with the attribution, summaries and relative links', () => {
    const items: { fileName: string; item: StacItem }[] = [
      {
        fileName: 'b.json',
        item: stacItem({ ...base, imageFileName: 'b.tif', date: '2025-07-01', bbox: [10.0, 56.0, 10.12, 56.06] }),
      },
      { fileName: 'a.json', item: stacItem(base) },
    ];
    const collection = stacSeriesCollection('fields', items);
    assert.ok(validateStacCollection(collection), JSON.stringify(validateStacCollection.errors));
    assert.deepEqual(collection.extent, {
      spatial: { bbox: [[10.0, 56.0, 10.15, 56.08]] },
      temporal: { interval: [['2025-06-14T00:00:00Z', '2025-07-01T00:00:00Z']] },
    });
    assert.equal(collection.license, 'other');
    assert.deepEqual(
      collection.links.map((l) => [l.rel, l.href]),
      [
        ['root', './collection.json'],
        ['self', './collection.json'],
        ['license', LICENSE_LINK.href],
        ['item', './a.json'],
        ['item', './b.json'],
      ],
    );
    assert.deepEqual(
      collection.providers.map((p) => [p.name, p.roles]),
      [
        ['European Union, Copernicus programme (ESA)', ['licensor', 'producer']],
        ['ClearSKY Vision', ['processor']],
      ],
    );
    assert.match(collection.description, /Contains modified Copernicus Sentinel data\.$/);
    assert.deepEqual(collection.summaries['proj:code'], ['EPSG:32632']);
    assert.deepEqual(
      (collection.summaries['eo:bands'] as { name: string }[]).map((b) => b.name),
      ['B2', 'B8', '[B8_B4]'],
    );
    assert.ok(
      collection.stac_extensions.every((e) =>
        /^https:\/\/stac-extensions\.github\.io\/\w+\/v[\d.]+\/schema\.json$/.test(e),
      ),
    );
    assert.equal(
      validateStacCollection({
        ...collection,
        extent: { spatial: { bbox: [[1, 2, 3]] }, temporal: collection.extent.temporal },
      }),
      false,
      'a bbox has 4 or 6 numbers',
    );
    assert.equal(validateStacCollection({ ...collection, license: undefined }), false, 'license is required');
    // Landsat's notice joins when an Item names Landsat; both when none is named.
    assert.deepEqual(
      providersOf(['Sentinel2', 'Landsat89'])
        .map((p) => p.name)
        .slice(0, 2),
      ['European Union, Copernicus programme (ESA)', 'U.S. Geological Survey'],
    );
    assert.equal(providersOf([]).filter((p) => p.roles.includes('licensor')).length, 2);
    assert.deepEqual(['Fields 2025', '..', 'Aarhus/Nord'].map(collectionIdOf), [
      'fields-2025',
      'sat-imagery-series',
      'aarhus-nord',
    ]);
  });

  describe('collection.json in a folder', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'stac-coll-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    /** An image (any bytes) and its Item, as the series writes them. */
    const image = (name: string, date: string, extra: Partial<StacImageInput> = {}): string => {
      const path = join(dir, name);
      writeFileSync(path, 'tif');
      writeFileSync(sidecarPath(path), JSON.stringify(stacItem({ ...base, imageFileName: name, date, ...extra })));
      return path;
    };
    const itemLinks = () =>
      read<StacCollection>(join(dir, COLLECTION_FILE_NAME))
        .links.filter((l) => l.rel === 'item')
        .map((l) => l.href);

    it("keeps up to date as dates are added; an Item whose image is gone leaves it; another run's settings make it their own", async () => {
      const id = await seriesCollectionId(dir);
      assert.equal(id, collectionIdOf(basename(dir)));
      const first = await writeSeriesCollection(dir, [image('a.tif', '2025-06-14'), image('b.tif', '2025-06-20')]);
      assert.equal(first?.path, join(dir, COLLECTION_FILE_NAME));
      assert.deepEqual(itemLinks(), ['./a.json', './b.json']);
      const second = await writeSeriesCollection(dir, [image('c.tif', '2025-07-01')]);
      assert.deepEqual(itemLinks(), ['./a.json', './b.json', './c.json'], 'the earlier dates stay');
      assert.deepEqual(
        second?.images,
        ['a.tif', 'b.tif', 'c.tif'].map((n) => join(dir, n)),
      );
      assert.equal(
        read<StacCollection>(join(dir, COLLECTION_FILE_NAME)).extent.temporal.interval[0]![1],
        '2025-07-01T00:00:00Z',
      );
      unlinkSync(join(dir, 'b.tif'));
      await writeSeriesCollection(dir, [join(dir, 'c.tif')]);
      assert.deepEqual(itemLinks(), ['./a.json', './c.json'], 'an Item without its image is left out');
      const lines: string[] = [];
      await writeSeriesCollection(
        dir,
        [image('d.tif', '2025-07-05', { request: { ...base.request, Bandnames: 'rgb' } })],
        (line) => lines.push(line),
      );
      assert.deepEqual(itemLinks(), ['./d.json'], 'the Collection holds one set of settings');
      assert.match(lines.join('\n'), /2 Item\(s\) of other settings stay in the folder/);
      assert.ok(readdirSync(dir).includes('a.json'), 'nothing is deleted');
      assert.equal(await seriesCollectionId(dir), id, 'the id is kept');
      assert.deepEqual(
        readdirSync(dir).filter((n) => /tmp|part/.test(n)),
        [],
        'no temporary file left',
      );
    });

    it('an item link out of the folder is not followed', async () => {
      await writeSeriesCollection(dir, [image('a.tif', '2025-06-14')]);
      const path = join(dir, COLLECTION_FILE_NAME);
      const collection = read<StacCollection>(path);
      writeFileSync(
        path,
        JSON.stringify({
          ...collection,
          links: [
            ...collection.links,
            { rel: 'item', href: '../elsewhere.json' },
            { rel: 'item', href: 'https://example.com/x.json' },
          ],
        }),
      );
      await writeSeriesCollection(dir, []);
      assert.deepEqual(itemLinks(), ['./a.json']);
    });

    it("a collection.json of the person's is kept, and a link at the name is not written through", async () => {
      const mine = '{"type":"Collection","id":"mine"}';
      writeFileSync(join(dir, COLLECTION_FILE_NAME), mine);
      const lines: string[] = [];
      assert.equal(await seriesCollectionId(dir), undefined, 'Items do not link to it');
      assert.equal(
        await writeSeriesCollection(dir, [image('a.tif', '2025-06-14')], (line) => lines.push(line)),
        undefined,
      );
      assert.equal(readFileSync(join(dir, COLLECTION_FILE_NAME), 'utf8'), mine);
      assert.match(lines.join('\n'), /kept as it is \(this extension did not write it\)/);

      unlinkSync(join(dir, COLLECTION_FILE_NAME));
      const outside = join(dir, 'outside.txt');
      writeFileSync(outside, 'keep me');
      symlinkSync(outside, join(dir, COLLECTION_FILE_NAME));
      assert.equal(await writeSeriesCollection(dir, [join(dir, 'a.tif')]), undefined);
      assert.equal(readFileSync(outside, 'utf8'), 'keep me');
      assert.ok(lstatSync(join(dir, COLLECTION_FILE_NAME)).isSymbolicLink());
      unlinkSync(join(dir, COLLECTION_FILE_NAME));
      symlinkSync(join(dir, 'nothing'), join(dir, COLLECTION_FILE_NAME));
      assert.equal(await writeSeriesCollection(dir, [join(dir, 'a.tif')]), undefined, 'nor a link to nothing');
      assert.equal(lstatSync(join(dir, COLLECTION_FILE_NAME)).isSymbolicLink(), true);
    });
  });
});
