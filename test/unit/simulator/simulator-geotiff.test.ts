import * as assert from 'node:assert/strict';
import { generatedTiff } from '../../simulator/geotiff';
import { buildGeoTiff, gridOf } from '../../simulator/geotiff-image';
import { MAX_SAMPLES } from '../../simulator/image-grid';
import { readTiffTags } from '../../simulator/test-helpers';

describe('simulator: GeoTIFF writer', () => {
  const box = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
  const spec = {
    bbox: box,
    epsg: 4326,
    resolution: 20,
    bands: ['B4', 'B3', 'B2', 'B8'],
    dataType: 'int16' as const,
    date: '2025-06-01',
    seed: 1,
  };

  it('writes one deflated plane per band, in strips when small, deterministic and seeded', () => {
    const tiff = buildGeoTiff(spec);
    const tags = readTiffTags(tiff);
    const grid = gridOf(spec);
    assert.deepEqual(
      [tags.get(256), tags.get(257), tags.get(277), tags.get(284), tags.get(339)],
      [[grid.width], [grid.height], [4], [2], [2, 2, 2, 2]],
    );
    assert.deepEqual([tags.get(259), tags.get(317)], [[8], [2]]);
    assert.deepEqual(tags.get(338), [0, 0, 0], 'the extra samples are declared');
    assert.equal(tags.get(322), undefined, 'not tiled');
    const offsets = tags.get(273) as number[];
    const counts = tags.get(279) as number[];
    assert.equal((offsets.at(-1) as number) + (counts.at(-1) as number), tiff.length);
    assert.equal(String.fromCharCode(...(tags.get(42113) as number[])), '-32768\0');
    assert.ok(buildGeoTiff(spec).equals(tiff), 'deterministic');
    assert.ok(!buildGeoTiff({ ...spec, seed: 2 }).equals(tiff), 'seeded');
    assert.ok(!buildGeoTiff({ ...spec, date: '2025-08-20' }).equals(tiff), 'dated');
  });

  it('tiles large rasters 256 × 256 and coarsens pixels beyond the sample budget', () => {
    const large = {
      ...spec,
      bbox: { west: 10, south: 56, east: 10.3, north: 56.2 },
      epsg: 47000,
      resolution: 10,
      bands: ['B4'],
    };
    const grid = gridOf(large);
    assert.equal(grid.epsg, 32632);
    assert.ok(grid.width * grid.height <= MAX_SAMPLES && grid.width > 512, `${grid.width} × ${grid.height}`);
    assert.equal(grid.pixelWidth % 10, 0, 'a multiple of the resolution');
    const tags = readTiffTags(buildGeoTiff(large));
    assert.deepEqual([tags.get(322), tags.get(323)], [[256], [256]]);
    assert.equal(
      (tags.get(324) as number[]).length,
      Math.ceil((tags.get(256)?.[0] as number) / 256) * Math.ceil((tags.get(257)?.[0] as number) / 256),
    );
  });

  it('generates exactly the asked number of bytes, with a valid header from 1 KiB up', () => {
    for (const total of [0, 1, 10, 1023, 1024, 5000, 1024 * 1024 + 1, 7 * 65536]) {
      let sum = 0;
      const first: Buffer[] = [];
      for (const chunk of generatedTiff(total, 1)) {
        if (first.length < 2) first.push(Buffer.from(chunk));
        sum += chunk.length;
      }
      assert.equal(sum, total, `total ${total}`);
      if (total >= 1024) {
        const head = Buffer.concat(first);
        const tags = readTiffTags(head);
        const offsets = tags.get(273) as number[];
        const counts = tags.get(279) as number[];
        assert.ok((offsets.at(-1) as number) + (counts.at(-1) as number) <= total, `strips fit in ${total}`);
      } else if (total >= 4) {
        assert.equal(first[0]?.toString('latin1', 0, 4), 'II*\0');
      }
    }
  });

  it('describes at most 4 GiB of pixels in bodies beyond the classic TIFF limit', () => {
    const header = generatedTiff(6 * 1024 ** 3, 1).next().value as Buffer;
    const tags = readTiffTags(header);
    const offsets = tags.get(273) as number[];
    const counts = tags.get(279) as number[];
    assert.ok((offsets.at(-1) as number) + (counts.at(-1) as number) < 2 ** 32);
  });
});
