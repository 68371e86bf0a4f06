import * as assert from 'node:assert/strict';
import { buildGeoTiff, generatedTiff, rasterSize } from '../simulator/geotiff';
import { readTiffTags } from '../simulator/test-helpers';

describe('simulator: GeoTIFF writer', () => {
  const box = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };

  it('writes one int16 plane per band, strips ending at the end of the file', () => {
    const tiff = buildGeoTiff(box, 30, 20, 4, 1);
    const tags = readTiffTags(tiff);
    assert.deepEqual([tags.get(256), tags.get(257), tags.get(277), tags.get(284), tags.get(339)], [[30], [20], [4], [2], [2, 2, 2, 2]]);
    assert.deepEqual(tags.get(338), [0, 0, 0], 'the extra samples are declared');
    const offsets = tags.get(273) as number[];
    assert.deepEqual(offsets.map((o, i) => o - (offsets[0] as number) - i * 30 * 20 * 2), [0, 0, 0, 0]);
    assert.equal((offsets[3] as number) + 30 * 20 * 2, tiff.length);
    assert.ok(buildGeoTiff(box, 30, 20, 4, 1).equals(tiff), 'deterministic');
    assert.ok(!buildGeoTiff(box, 30, 20, 4, 2).equals(tiff), 'seeded');
  });

  it('sizes rasters by area and resolution, capped to a few hundred KB', () => {
    const fine = rasterSize(box, 10, 3);
    const coarse = rasterSize(box, 40, 3);
    assert.ok(fine.width > coarse.width && fine.height > coarse.height);
    const huge = rasterSize({ west: 0, south: 0, east: 1, north: 1 }, 10, 12);
    assert.ok(huge.width * huge.height * 2 * 12 <= 300_000);
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
