// Hostile and broken TIFFs (issue 22, "The host"): each must end, within a time and a memory
// bound, in a valid view or a RasterError that names the problem; never a loop, a bare
// RangeError, or gigabytes allocated on a size the file only declares.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { LONG, SHORT } from '../../simulator/geotiff';
import { entryAt, nextPointerAt, tinyTiff, withDirectoryPair } from './hostile-tiffs';
import { RasterProbe } from './raster-probe';
import type { ProbeResult } from './raster-probe';

describe('raster core: hostile files end quickly, in a clear error', function () {
  this.timeout(30_000);
  let dir: string;
  const probe = new RasterProbe({ timeMs: 5_000, memoryMb: 512 });
  before(() => (dir = mkdtempSync(join(tmpdir(), 'raster-hostile-'))));
  after(async () => {
    await probe.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  let n = 0;
  const open = (bytes: Buffer, targetWidth = 128): Promise<ProbeResult> => {
    const file = join(dir, `case-${n++}.tif`);
    writeFileSync(file, bytes);
    return probe.probe(file, targetWidth);
  };
  const refused = (result: ProbeResult, kind: string, pattern: RegExp) => {
    assert.equal(result.outcome, 'error', JSON.stringify(result));
    assert.deepEqual(
      result.outcome === 'error' && [result.name, result.kind],
      ['RasterError', kind],
      JSON.stringify(result),
    );
    assert.match(result.outcome === 'error' ? result.message : '', pattern);
  };
  const small = () => tinyTiff({ width: 16, height: 16 });

  it('opens the plain file these are made from', async () => {
    const result = await open(small());
    assert.deepEqual(result.outcome === 'valid' && [result.width, result.height], [16, 16], JSON.stringify(result));
  });

  it('a directory pointing to itself is a loop, found before geotiff.js walks it', async () => {
    const file = small();
    file.writeUInt32LE(8, nextPointerAt(file));
    refused(await open(file), 'corrupt', /directory 2 at byte 8 is one already read .*loop/);
  });

  it('two directories pointing to each other are a loop', async () => {
    refused(await open(withDirectoryPair(small())), 'corrupt', /directory 3 at byte 8 is one already read .*loop/);
  });

  it('a 1 MiB tile declared as 1 GiB is refused before anything is allocated', async () => {
    const tile = deflateSync(Buffer.alloc(1024 * 1024, 7));
    const stored = Buffer.concat([tile, Buffer.alloc(1024 * 1024 - tile.length)]);
    const result = await open(
      tinyTiff({
        width: 16384,
        height: 16384,
        tile: 16384,
        bits: 32,
        deflate: true,
        storedBlock: stored,
        entries: [{ tag: 339, type: SHORT, values: [3] }],
      }),
    );
    refused(
      result,
      'unsupported',
      /blocks of 16384 × 16384 pixels \(1024\.0 MiB each when decoded\), more than the 256\.0 MiB/,
    );
    assert.ok(result.peakGrowthMb < 200, `${result.peakGrowthMb} MB`);
  });

  it('a 302-byte image of 1 × 2³¹ pixels is refused by its declared strip', async () => {
    const file = tinyTiff({ width: 1, height: 16 });
    file.writeUInt32LE(2 ** 31, entryAt(file, 257) + 8);
    file.writeUInt32LE(2 ** 31, entryAt(file, 278) + 8);
    assert.ok(file.length < 400);
    refused(await open(file), 'unsupported', /blocks of 1 × 2147483648 pixels/);
  });

  it('the same image in one-row strips needs a block table larger than the file', async () => {
    const file = tinyTiff({ width: 1, height: 16 });
    file.writeUInt32LE(2 ** 31, entryAt(file, 257) + 8);
    file.writeUInt32LE(1, entryAt(file, 278) + 8);
    refused(await open(file), 'corrupt', /2147483648 blocks, but its block table lists 1/);
  });

  it('a legal file of 16 × 16 tiles, 4096² without overviews: a full view is refused at once, a small one drawn', async () => {
    const file = tinyTiff({ width: 4096, height: 4096, tile: 16, deflate: true, shareBlocks: true });
    const whole = await open(file, 1024);
    refused(whole, 'unsupported', /needs 65536 blocks of 16 × 16 pixels, more than the 32768 a view reads/);
    assert.ok(whole.ms < 3_000, `${whole.ms} ms`);
    const coarse = await open(file, 64);
    assert.deepEqual(coarse.outcome === 'valid' && [coarse.width, coarse.height], [64, 64], JSON.stringify(coarse));
  });

  it('a tag counting 0xFFFFFFFF values is named, not a bare RangeError', async () => {
    const file = small();
    file.writeUInt32LE(0xffffffff, entryAt(file, 279) + 4);
    refused(
      await open(file),
      'corrupt',
      /StripByteCounts in directory 1 declares 4294967295 values \(16384\.0 MiB\) that do not fit in the file/,
    );
  });

  it('TileWidth 0 is named', async () => {
    refused(
      await open(tinyTiff({ width: 32, height: 32, tile: 16, entries: [{ tag: 322, type: SHORT, values: [0] }] })),
      'corrupt',
      /blocks of 0 × 16 pixels \(TileWidth × TileLength\)/,
    );
  });

  it('SamplesPerPixel 0 is named', async () => {
    refused(
      await open(tinyTiff({ width: 16, height: 16, entries: [{ tag: 277, type: SHORT, values: [0] }] })),
      'corrupt',
      /SamplesPerPixel is 0 in directory 1/,
    );
  });

  it('bands of 8, 16 and 32 bits are refused with a word, not drawn as 8 bits', async () => {
    const file = tinyTiff({
      width: 16,
      height: 16,
      bands: 3,
      entries: [{ tag: 258, type: SHORT, values: [8, 16, 32] }],
    });
    refused(await open(file), 'unsupported', /bands of different sample sizes \(BitsPerSample 8, 16, 32\)/);
  });

  it('an image of 0 pixels is named', async () => {
    refused(
      await open(tinyTiff({ width: 16, height: 16, entries: [{ tag: 256, type: LONG, values: [0] }] })),
      'corrupt',
      /an image of 0 × 16 pixels/,
    );
  });
});
