// The percentile stretch from its histogram against the answer of sorting the same values.
import * as assert from 'node:assert/strict';
import { computeStretch } from '../../../src/raster';

describe("raster core: the stretch's percentiles", () => {
  // Whole numbers over 0..4096: each fine bin (of 4096) holds exactly one value, so the histogram's
  // answer is exact: the sorted percentile plus half a bin.
  const values = new Float32Array(200_000);
  let seed = 5;
  for (let i = 0; i < values.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    values[i] = i % 50 === 7 ? Number.NaN : Math.round(((seed >> 8) % 4097) * ((seed & 255) / 255) ** 0.5);
  }
  values[1] = 0;
  values[2] = 4096;
  const valid = Array.from(values)
    .filter((v) => !Number.isNaN(v))
    .sort((a, b) => a - b);
  const percentile = (p: number) => valid[Math.ceil((p / 100) * valid.length) - 1] as number;

  for (const [low, high] of [
    [2, 98],
    [0.5, 99.5],
    [10, 90],
  ] as const) {
    it(`${low}–${high} %: the sorted values' percentiles`, () => {
      const s = computeStretch(values, low, high);
      assert.equal(s.validCount, valid.length);
      assert.deepEqual([s.min, s.max], [0, 4096]);
      assert.equal(s.low, percentile(low) + 0.5);
      assert.equal(s.high, Math.min(percentile(high), 4095) + 0.5);
    });
  }

  it("counts every valid value once in the display's 256 bins", () => {
    const s = computeStretch(values);
    const expected = new Uint32Array(256);
    for (const v of valid) expected[Math.min(4095, v) >> 4]++;
    assert.deepEqual(Array.from(s.histogram), Array.from(expected));
  });
});
