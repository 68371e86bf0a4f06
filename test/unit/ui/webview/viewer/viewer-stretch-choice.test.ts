// Stepping through a series from an all-nodata date: its placeholder cut-offs (0–0.0001 in
// reflectance) were carried to the next date and painted every pixel white. Carried cut-offs
// apply only where they suit the image; a view without a valid pixel is reported empty, not drawn.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeStretch } from '../../../../../src/raster';
import type { ValueRule } from '../../../../../src/raster';
import { ImageSession } from '../../../../../src/ui/webview/viewer/image-session';
import { viewerHostSchema } from '../../../../../src/ui/webview/viewer/protocol';
import { chooseStretches, cutOffsSuit, isEmptyView } from '../../../../../src/ui/webview/viewer/stretch-choice';
import { buildGeoTiff } from '../../../../simulator/geotiff-image';

const REFLECTANCE: ValueRule = { kind: 'reflectance', scale: 1 / 10000, offset: 0 };
/** A clear field's band: stored reflectance × 10000 from 400 to 2400. */
const clear = Float32Array.from({ length: 10_000 }, (_, i) => 400 + (i % 2001));
const nodata = new Float32Array(10_000).fill(Number.NaN);
/** What the viewer of an all-nodata date kept as its cut-offs, in values. */
const FROM_EMPTY_DATE = [{ low: 0, high: 0.0001 }];

describe('viewer stretch choice', () => {
  it('a view with no valid pixel is empty; one with any is not', () => {
    assert.equal(isEmptyView([computeStretch(nodata)]), true);
    assert.equal(isEmptyView([computeStretch(nodata), computeStretch(clear)]), false);
  });

  it("does not carry the cut-offs of an all-nodata date to a clear one: the clear date's own percentiles apply", () => {
    const own = [computeStretch(clear)];
    const [chosen] = chooseStretches(own, FROM_EMPTY_DATE, [REFLECTANCE], true);
    assert.equal(chosen?.low, own[0]?.low);
    assert.equal(chosen?.high, own[0]?.high);
    assert.ok((chosen?.low as number) > 400 && (chosen?.high as number) < 2400, `${chosen?.low}–${chosen?.high}`);
  });

  it('carries cut-offs that suit the next date, in stored numbers', () => {
    const [chosen] = chooseStretches([computeStretch(clear)], [{ low: 0.05, high: 0.2 }], [REFLECTANCE], true);
    assert.ok(Math.abs((chosen?.low as number) - 500) < 1e-6 && Math.abs((chosen?.high as number) - 2000) < 1e-6);
  });

  it('takes carried true-colour cut-offs all or none', () => {
    const own = [computeStretch(clear), computeStretch(clear), computeStretch(clear)];
    const cuts = [
      { low: 0.05, high: 0.2 },
      { low: 0.05, high: 0.2 },
      { low: 0, high: 0.0001 },
    ];
    const chosen = chooseStretches(own, cuts, [REFLECTANCE, REFLECTANCE, REFLECTANCE], true);
    assert.deepEqual(
      chosen.map((s) => [s.low, s.high]),
      own.map((s) => [s.low, s.high]),
    );
  });

  it('applies cut-offs the person set as given, even where they miss the pixels', () => {
    const [chosen] = chooseStretches([computeStretch(clear)], FROM_EMPTY_DATE, [REFLECTANCE], false);
    assert.equal(chosen?.low, 0);
    assert.ok(Math.abs((chosen?.high as number) - 1) < 1e-9);
  });

  it('finds cut-offs unsuitable for a channel without valid pixels, or lying wholly above or below its pixels', () => {
    const own = computeStretch(clear);
    assert.equal(cutOffsSuit({ low: 0, high: 1 }, computeStretch(nodata)), false);
    assert.equal(cutOffsSuit({ low: 0, high: 1 }, own), false);
    assert.equal(cutOffsSuit({ low: 5000, high: 9000 }, own), false);
    assert.equal(cutOffsSuit({ low: 0, high: 1000 }, own), true);
  });

  describe('in the image session', function () {
    this.timeout(60_000);
    let dir: string;
    let session: ImageSession;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'viewer-stretch-'));
      const file = join(dir, 'clear.tif');
      writeFileSync(
        file,
        buildGeoTiff({
          bbox: { west: 10.1, south: 56.05, east: 10.12, north: 56.06 },
          epsg: 32632,
          resolution: 10,
          bands: ['B4', 'B3', 'B2'],
          dataType: 'int16',
          date: '2025-06-20',
          seed: 5,
        }),
      );
      session = await ImageSession.open(file);
    });
    after(async () => {
      await session?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('draws the next date from its own percentiles when the carried cut-offs came from an all-nodata date', async () => {
      const window: [number, number, number, number] = [0, 0, session.metadata.width, session.metadata.height];
      const own = await session.render({ presetId: 'true-colour', window, targetWidth: 64 }, 'own');
      const stepped = await session.render(
        {
          presetId: 'true-colour',
          window,
          targetWidth: 64,
          stretch: [...FROM_EMPTY_DATE, ...FROM_EMPTY_DATE, ...FROM_EMPTY_DATE],
          carried: true,
        },
        'stepped',
      );
      assert.ok(viewerHostSchema.safeParse(stepped).success);
      assert.equal(stepped.empty, false);
      assert.deepEqual(
        stepped.channels.map((c) => [c.low, c.high]),
        own.channels.map((c) => [c.low, c.high]),
      );
      let white = 0;
      for (let i = 0; i < stepped.rgba.length; i += 4)
        if (stepped.rgba[i] === 255 && stepped.rgba[i + 1] === 255 && stepped.rgba[i + 2] === 255) white++;
      assert.ok(white < stepped.rgba.length / 4 / 2, `${white} of ${stepped.rgba.length / 4} pixels white`);
    });
  });
});
