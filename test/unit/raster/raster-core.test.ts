// The raster core against GDAL: metadata, pixel values (by pixel and by longitude/latitude),
// decimated windows and overviews, for every data type, compression and band layout the
// service and GDAL produce; stretch, presets, values and the errors of damaged files.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  RasterError,
  RasterFile,
  computeStretch,
  isLinked,
  presetsFor,
  readPixel,
  renderView,
} from '../../../src/raster';
import type { ChannelStretch } from '../../../src/raster';
import { buildGeoTiff } from '../../simulator/geotiff-image';
import type { GeoTiffSpec } from '../../simulator/geotiff-image';
import { epsgOf, gdalAddOverviews, gdalinfo, gdalPixels, gdalTranslate } from '../fixtures/gdal';

const FIELD = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const base: GeoTiffSpec = {
  bbox: FIELD,
  epsg: 4326,
  resolution: 10,
  bands: ['B4', 'B3', 'B2'],
  dataType: 'int16',
  date: '2025-06-20',
  seed: 1,
};

describe('raster core: reading GeoTIFFs as GDAL does', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'raster-core-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, spec: GeoTiffSpec): string => {
    const file = join(dir, name);
    writeFileSync(file, buildGeoTiff(spec));
    return file;
  };
  const nodataOf = (info: ReturnType<typeof gdalinfo>) => info.bands[0]?.noDataValue;

  /** Every check against GDAL for one file. */
  async function checkAgainstGdal(file: string): Promise<void> {
    const info = gdalinfo(file);
    const raster = await RasterFile.open(file);
    try {
      const meta = raster.metadata;
      assert.deepEqual([meta.width, meta.height], info.size);
      assert.equal(meta.bandCount, info.bands.length);
      assert.equal(meta.dataType, { Int16: 'int16', Byte: 'uint8' }[info.bands[0]?.type as string]);
      assert.equal(meta.nodata, nodataOf(info));
      assert.equal(meta.epsg, epsgOf(info));
      assert.deepEqual(
        meta.bandNames,
        info.bands.map((b) => b.description),
      );
      const [ulx, uly] = info.cornerCoordinates.upperLeft;
      const [lrx, lry] = info.cornerCoordinates.lowerRight;
      const near = (a: number, b: number) => Math.abs(a - b) < 1e-6 * Math.max(1, Math.abs(b));
      assert.ok(
        near(meta.bounds[0], ulx) &&
          near(meta.bounds[3], uly) &&
          near(meta.bounds[2], lrx) &&
          near(meta.bounds[1], lry),
        `${meta.bounds} vs ${[ulx, lry, lrx, uly]}`,
      );
      const [w, h] = info.size;
      const pixels: [number, number][] = [
        [0, 0],
        [w - 1, h - 1],
        [Math.floor(w / 2), Math.floor(h / 3)],
        [17, Math.min(h - 1, 300)],
        [w - 1, 0],
      ];
      const orNodata = (v: number) => (v === meta.nodata ? undefined : v);
      const theirs = gdalPixels(file, pixels, meta.bandCount);
      for (const [i, [x, y]] of pixels.entries()) {
        assert.deepEqual(await raster.pixel(x, y), theirs[i]?.map(orNodata), `pixel ${x},${y}`);
      }
      // By longitude/latitude (through PROJ in GDAL, our own projection here), pixel centres.
      const centres: [number, number][] = [];
      for (const [x, y] of pixels.slice(2)) {
        const centre = await readPixel(raster, { column: x, row: y });
        const at = await readPixel(raster, { lon: centre?.lon as number, lat: centre?.lat as number });
        assert.deepEqual([at?.column, at?.row], [x, y]);
        centres.push([centre?.lon as number, centre?.lat as number]);
      }
      const theirsAt = gdalPixels(file, centres, meta.bandCount, true);
      for (const [i, [x, y]] of pixels.slice(2).entries()) {
        const at = await readPixel(raster, { lon: centres[i]![0], lat: centres[i]![1] });
        assert.deepEqual(
          at?.bands.map((b) => b.raw),
          theirsAt[i]?.map(orNodata),
          `lon/lat of pixel ${x},${y}`,
        );
      }
      // A window decimated 3×: every output pixel is the file's pixel at its sampled position.
      const window = await raster.readWindow({ bands: [0], targetWidth: Math.floor(w / 3) });
      assert.equal(window.level, 0);
      const outputs: [number, number][] = [
        [0, 0],
        [window.width - 1, window.height - 1],
        [Math.floor(window.width / 2), Math.floor(window.height / 2)],
        [3, window.height - 2],
      ];
      const sampled = outputs.map(
        ([ox, oy]) =>
          [Math.floor(((ox + 0.5) * w) / window.width), Math.floor(((oy + 0.5) * h) / window.height)] as [
            number,
            number,
          ],
      );
      const atSampled = gdalPixels(file, sampled, meta.bandCount);
      for (const [i, [ox, oy]] of outputs.entries()) {
        const v = window.data[0]?.[oy * window.width + ox] as number;
        assert.equal(Number.isNaN(v) ? meta.nodata : v, atSampled[i]?.[0], `window ${ox},${oy} → ${sampled[i]}`);
      }
    } finally {
      await raster.close();
    }
  }

  it("INT16 rgb, EPSG:4326, the simulator's DEFLATE strips", async () => checkAgainstGdal(write('rgb.tif', base)));
  it('UINT8, twelve bands, UTM 32632', async () =>
    checkAgainstGdal(
      write('all.tif', {
        ...base,
        epsg: 32632,
        resolution: 20,
        dataType: 'uint8',
        bands: ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B8A', 'B9', 'B11', 'B12'],
      }),
    ));
  it('an index band with plain bands, 47000 → UTM, tiled', async () =>
    checkAgainstGdal(
      write('index.tif', {
        ...base,
        epsg: 47000,
        bbox: { west: 10, south: 56, east: 10.12, north: 56.1 },
        bands: ['[B8_B4]'],
      }),
    ));

  for (const [name, options] of [
    ['no compression, strips', ['-co', 'COMPRESS=NONE']],
    [
      'DEFLATE, predictor 2, tiled, pixel interleaved',
      ['-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=2', '-co', 'TILED=YES', '-co', 'INTERLEAVE=PIXEL'],
    ],
    [
      'LZW, predictor 2, tiled 128',
      [
        '-co',
        'COMPRESS=LZW',
        '-co',
        'PREDICTOR=2',
        '-co',
        'TILED=YES',
        '-co',
        'BLOCKXSIZE=128',
        '-co',
        'BLOCKYSIZE=128',
      ],
    ],
    ['LZW, no predictor, pixel interleaved strips', ['-co', 'COMPRESS=LZW', '-co', 'INTERLEAVE=PIXEL']],
    ['PackBits', ['-co', 'COMPRESS=PACKBITS']],
    [
      'DEFLATE, predictor 2, UINT8',
      [
        '-co',
        'COMPRESS=DEFLATE',
        '-co',
        'PREDICTOR=2',
        '-ot',
        'Byte',
        '-scale',
        '0',
        '3000',
        '1',
        '255',
        '-a_nodata',
        '0',
      ],
    ],
    ['big-endian, DEFLATE strips', ['-co', 'ENDIANNESS=BIG', '-co', 'COMPRESS=DEFLATE', '-co', 'PREDICTOR=2']],
    // Hundreds of blocks: geotiff.js reads a table this long lazily, and (3.0.5) as little-endian.
    [
      'big-endian, tiled 16 (a long block table)',
      [
        '-co',
        'ENDIANNESS=BIG',
        '-co',
        'TILED=YES',
        '-co',
        'BLOCKXSIZE=16',
        '-co',
        'BLOCKYSIZE=16',
        '-co',
        'COMPRESS=DEFLATE',
      ],
    ],
  ] as [string, string[]][]) {
    it(`made by gdal_translate: ${name}`, async () => {
      const file = join(dir, `gdal-${name.replace(/\W+/g, '-')}.tif`);
      gdalTranslate([...options, write(`src-${name.replace(/\W+/g, '-')}.tif`, { ...base, epsg: 32632 }), file]);
      await checkAgainstGdal(file);
    });
  }

  it("reads a small view from internal overviews, and their pixels are GDAL's", async () => {
    const file = join(dir, 'ovr.tif');
    gdalTranslate([
      '-co',
      'TILED=YES',
      '-co',
      'COMPRESS=DEFLATE',
      '-co',
      'PREDICTOR=2',
      write('ovr-src.tif', { ...base, bbox: { west: 10, south: 56, east: 10.12, north: 56.1 }, bands: ['B8'] }),
      file,
    ]);
    gdalAddOverviews(file, [2, 4]);
    const raster = await RasterFile.open(file);
    try {
      assert.equal(raster.metadata.overviews.length, 2);
      const { width } = raster.metadata;
      const coarse = raster.metadata.overviews[1]!;
      const view = await raster.readWindow({ bands: [0], targetWidth: Math.floor(width / 3) });
      assert.equal(view.level, raster.metadata.overviews[0]!.image, 'the 1/2 overview serves a 1/3 view');
      const full = await raster.readWindow({ bands: [0], targetWidth: Math.floor(width / 1.5) });
      assert.equal(full.level, 0, 'full resolution for a 2/3 view');
      const small = await raster.readWindow({ bands: [0], targetWidth: coarse.width });
      assert.equal(small.level, coarse.image);
      assert.equal(small.width, coarse.width);
      const { execFileSync } = await import('node:child_process');
      for (const [x, y] of [
        [0, 0],
        [10, 20],
        [coarse.width - 1, coarse.height - 1],
      ] as [number, number][]) {
        // gdallocationinfo takes full-resolution coordinates even when it reads an overview.
        const fullX = Math.floor(((x + 0.5) * width) / coarse.width);
        const fullY = Math.floor(((y + 0.5) * raster.metadata.height) / coarse.height);
        const g = Number(
          execFileSync('gdallocationinfo', ['-valonly', '-overview', '2', file, String(fullX), String(fullY)], {
            encoding: 'utf8',
          }).trim(),
        );
        const v = small.data[0]?.[y * small.width + x] as number;
        assert.equal(Number.isNaN(v) ? raster.metadata.nodata : v, g, `overview pixel ${x},${y}`);
      }
    } finally {
      await raster.close();
    }
  });

  it('values: INT16 reflectance = DN / 10000, index = DN / 32767, UINT8 stays a number; nodata is no value', async () => {
    const file = write('values.tif', { ...base, bands: ['B4', '[B8_B4]'] });
    const raster = await RasterFile.open(file);
    const byte = await RasterFile.open(write('values8.tif', { ...base, dataType: 'uint8' }));
    try {
      assert.deepEqual(
        raster.metadata.values.map((v) => v.kind),
        ['reflectance', 'index'],
      );
      for (let column = 0; column < 300; column += 37) {
        const reading = await readPixel(raster, { column, row: 5 });
        const [b4, ndvi] = reading?.bands ?? [];
        if (b4?.raw === undefined) {
          assert.equal(b4?.value, undefined);
          continue;
        }
        assert.ok(Math.abs((b4.value as number) - b4.raw / 10000) < 1e-12);
        assert.ok(Math.abs((ndvi?.value as number) - (ndvi?.raw as number) / 32767) < 1e-12);
        assert.ok((ndvi?.value as number) >= -1 && (ndvi?.value as number) <= 1);
      }
      assert.equal(byte.metadata.values[0]?.kind, 'number');
      const reading = await readPixel(byte, { column: 0, row: 0 });
      assert.equal(reading?.bands[0]?.value, reading?.bands[0]?.raw);
    } finally {
      await raster.close();
      await byte.close();
    }
  });

  it('stretches 2–98 % per channel, nodata transparent, presets follow the bands', async () => {
    const values = new Float32Array(1000);
    for (let i = 0; i < 1000; i++) values[i] = i < 100 ? Number.NaN : i;
    const s = computeStretch(values);
    assert.equal(s.validCount, 900);
    // 900 valid values 100..999: the 18th is 117, the 882nd is 981.
    assert.ok(Math.abs(s.low - 117) < 1 && Math.abs(s.high - 981) < 1, `${s.low} ${s.high}`);
    assert.equal(
      s.histogram.reduce((a, b) => a + b, 0),
      900,
    );
    assert.deepEqual(
      presetsFor(['B2', 'B3', 'B4', 'B8', '[B8_B4]'])
        .map((p) => [p.id, p.bands])
        .slice(0, 3),
      [
        ['true-colour', [2, 1, 0]],
        ['false-colour', [3, 2, 1]],
        ['band-0', [0]],
      ],
    );
    assert.equal(presetsFor(['B2', 'B3', 'B4', 'B8', '[B8_B4]']).at(-1)?.ramp, 'index');
    const raster = await RasterFile.open(write('view.tif', { ...base, date: '2025-06-18', resolution: 20 }));
    try {
      const view = await renderView(raster, { targetWidth: 100 });
      assert.equal(view.mapping.id, 'true-colour');
      assert.equal(view.rgba.length, view.width * view.height * 4);
      let transparent = 0;
      let opaque = 0;
      for (let i = 3; i < view.rgba.length; i += 4) view.rgba[i] === 0 ? transparent++ : opaque++;
      assert.ok(opaque > 0, 'some clear ground');
      const read = await raster.readWindow({ bands: [0, 1, 2], targetWidth: 100 });
      const nodata = read.data[0]?.filter((v) => Number.isNaN(v)).length;
      assert.equal(transparent, nodata, 'exactly the nodata pixels are transparent');
    } finally {
      await raster.close();
    }
  });

  it('stretches true colour once for its three channels, so vegetation shows green and soil brown', async () => {
    assert.equal(presetsFor(['B4', 'B3', 'B2']).find((p) => p.id === 'true-colour')?.linked, true);
    assert.equal(
      presetsFor(['B2', 'B3', 'B4', 'B8']).find((p) => p.id === 'false-colour')?.linked,
      undefined,
      'false colour keeps a stretch per channel',
    );
    const raster = await RasterFile.open(write('colour.tif', { ...base, date: '2025-06-18', resolution: 20 }));
    try {
      const view = await renderView(raster, { targetWidth: 120 });
      assert.ok(isLinked(view.mapping, raster.metadata.values));
      const [red, green, blue] = view.stretches as [ChannelStretch, ChannelStretch, ChannelStretch];
      assert.deepEqual(
        [green.low, green.high, blue.low, blue.high],
        [red.low, red.high, red.low, red.high],
        'one pair of cut-offs',
      );
      const own = (await raster.readWindow({ bands: view.mapping.bands, targetWidth: 120 })).data.map((c) =>
        computeStretch(c),
      );
      assert.equal(red.low, Math.min(...own.map((s) => s.low)));
      assert.equal(red.high, Math.max(...own.map((s) => s.high)));
      // Pixels whose stored green is well above their red are vegetation: drawn green, not grey.
      const read = await raster.readWindow({ bands: view.mapping.bands, targetWidth: 120 });
      const [r, g] = read.data as [Float32Array, Float32Array, Float32Array];
      let vegetation = 0;
      let drawnGreen = 0;
      for (let i = 0; i < r.length; i++) {
        if (Number.isNaN(r[i] as number) || (g[i] as number) < 1.8 * (r[i] as number)) continue;
        vegetation++;
        const [R, G, B] = [view.rgba[i * 4] as number, view.rgba[i * 4 + 1] as number, view.rgba[i * 4 + 2] as number];
        if (G > R + 30 && G > B + 30) drawnGreen++;
      }
      assert.ok(vegetation > 500, `June has green fields (${vegetation} pixels)`);
      assert.ok(drawnGreen > 0.95 * vegetation, `${drawnGreen} of ${vegetation} vegetation pixels drawn green`);
    } finally {
      await raster.close();
    }
  });

  it('says what is wrong with a non-TIFF, a truncated or a damaged file, and its size', async () => {
    const text = join(dir, 'notes.tif');
    writeFileSync(text, 'not an image at all\n');
    await assert.rejects(
      RasterFile.open(text),
      (e: unknown) =>
        e instanceof RasterError && e.kind === 'not-tiff' && /not a TIFF/.test(e.message) && /20 bytes/.test(e.message),
    );
    await assert.rejects(
      RasterFile.open(join(dir, 'missing.tif')),
      (e: unknown) => e instanceof RasterError && e.kind === 'io',
    );
    const whole = readFileSync(write('whole.tif', base));
    const truncated = join(dir, 'truncated.tif');
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const half = await RasterFile.open(truncated);
    try {
      await assert.rejects(
        half.readWindow({ bands: [2], targetWidth: 100 }),
        (e: unknown) =>
          e instanceof RasterError &&
          e.kind === 'truncated' &&
          /beyond the end/.test(e.message) &&
          /KiB/.test(e.message),
      );
    } finally {
      await half.close();
    }
    const headerOnly = join(dir, 'header-only.tif');
    writeFileSync(headerOnly, whole.subarray(0, 12));
    await assert.rejects(
      RasterFile.open(headerOnly),
      (e: unknown) => e instanceof RasterError && e.kind === 'corrupt' && /12 bytes/.test(e.message),
    );
    const damaged = Buffer.from(whole);
    damaged.fill(0x5a, whole.length - 20_000, whole.length - 10_000);
    const bad = join(dir, 'damaged.tif');
    writeFileSync(bad, damaged);
    const raster = await RasterFile.open(bad);
    try {
      await assert.rejects(
        raster.readWindow({ bands: [2], targetWidth: 400 }),
        (e: unknown) => e instanceof RasterError && e.kind === 'corrupt' && /does not decode/.test(e.message),
      );
    } finally {
      await raster.close();
    }
  });
});
