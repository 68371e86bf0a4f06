import * as assert from 'node:assert/strict';
import { lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ATTRIBUTION, requestWithoutKey, stacItem, stacItemCollection } from '../../../../src/workflows/stac/stac-item';
import type { StacImageInput } from '../../../../src/workflows/stac/stac-item';
import { replaceFileSafely } from '../../../../src/files/safe-files';
import { sidecarPath } from '../../../../src/files/stac-names';
import { IMAGE_OF_THE_AREA } from './stac-image-fixture';
import { validateStacItem } from '../../fixtures/stac-schemas';

const input: StacImageInput = {
  imageFileName: 'composite_Stratus2_2025-06-14_10m.tif',
  ...IMAGE_OF_THE_AREA,
  bands: ['B4', 'B3', 'B2'],
  request: {
    Model: 'Stratus2',
    Date: '2025-06-14',
    EpsgProjection: 47000,
    Bandnames: 'rgb',
    Resolution: 10,
    'x-api-key': 'demo-key',
    ApiKey: 'demo-key',
  },
};

describe('STAC Item beside each image', () => {
  it('is a valid STAC 1.0 Item with the projection, bands, model, request and attribution', () => {
    const item = stacItem(input);
    assert.ok(validateStacItem(item), JSON.stringify(validateStacItem.errors));
    assert.equal(item.id, 'composite_Stratus2_2025-06-14_10m');
    assert.equal(item.properties.datetime, '2025-06-14T00:00:00Z');
    assert.deepEqual(
      [item.properties['proj:epsg'], item.properties['proj:shape'], item.properties['proj:transform']],
      [32632, [334, 312], input.transform],
    );
    assert.equal(item.properties.attribution, ATTRIBUTION);
    assert.equal(item.assets.image?.href, './composite_Stratus2_2025-06-14_10m.tif');
    assert.deepEqual(item.assets.image?.['eo:bands'], [
      { name: 'B4', common_name: 'red' },
      { name: 'B3', common_name: 'green' },
      { name: 'B2', common_name: 'blue' },
    ]);
    assert.ok(!JSON.stringify(item).includes('demo-key'), 'the key never');
    assert.deepEqual(item.properties['sat-imagery:request'], requestWithoutKey(input.request));
    assert.equal((item.properties['sat-imagery:request'] as Record<string, unknown>).EpsgProjection, 47000);
  });

  it('an ItemCollection of a folder validates; a broken Item does not', () => {
    const items = [
      stacItem(input),
      stacItem({
        ...input,
        imageFileName: 'b.tif',
        date: '2025-06-20T10:30:00Z',
        shape: undefined,
        transform: undefined,
      }),
    ];
    assert.ok(validateStacItem(stacItemCollection(items)), JSON.stringify(validateStacItem.errors));
    const broken = { ...stacItem(input), properties: { gsd: 10 } };
    assert.equal(validateStacItem(broken), false, 'datetime is required');
    assert.equal(validateStacItem({ ...stacItem(input), bbox: [1, 2, 3] }), false, 'bbox has 4 or 6 numbers');
  });

  it('is written beside the image by the safe writer, which refuses a symlink planted at its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stac-'));
    try {
      assert.equal(sidecarPath(join(dir, 'a.tif')), join(dir, 'a.json'));
      const outside = join(dir, 'outside.txt');
      writeFileSync(outside, 'keep me');
      const target = join(dir, 'a.json');
      symlinkSync(outside, target);
      await assert.rejects(replaceFileSafely(target, `${JSON.stringify(stacItem(input))}\n`), /link/i);
      assert.equal(readFileSync(outside, 'utf8'), 'keep me', 'the link target is untouched');
      assert.ok(lstatSync(target).isSymbolicLink(), 'the planted link was left as it was');
      assert.deepEqual(readdirSync(dir).sort(), ['a.json', 'outside.txt'], 'no temporary file left');
      const plain = join(dir, 'b.json');
      await replaceFileSafely(plain, `${JSON.stringify(stacItem(input))}\n`);
      assert.equal((JSON.parse(readFileSync(plain, 'utf8')) as { id: string }).id, 'composite_Stratus2_2025-06-14_10m');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
