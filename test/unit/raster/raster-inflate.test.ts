// One block's DEFLATE in one pass through the pool: a whole block, a shorter one (a last strip),
// and damaged or cut streams, which must fail as zlib.inflate() fails on them.
import * as assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { inflateBlock } from '../../../src/raster/inflate';

describe('raster core: inflating a block', () => {
  const block = new Uint8Array(256 * 256 * 8);
  let seed = 9;
  for (let i = 0; i < block.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    block[i] = (i >> 9) + (seed >> 28);
  }
  const packed = deflateSync(block);

  it('gives back a whole block, byte for byte', async () => {
    assert.deepEqual(new Uint8Array(await inflateBlock(packed, block.length)), block);
  });

  it('gives back a block shorter than the layout says (a last strip) whole', async () => {
    const short = block.subarray(0, 256 * 100 * 8);
    assert.deepEqual(new Uint8Array(await inflateBlock(deflateSync(short), block.length)), short);
  });

  it('refuses a stream cut short or damaged', async () => {
    await assert.rejects(inflateBlock(packed.subarray(0, packed.length >> 1), block.length), /unexpected end/i);
    const damaged = Buffer.from(packed);
    damaged.fill(0xff, 2, 40);
    await assert.rejects(inflateBlock(damaged, block.length));
  });
});

describe('raster core: what a block may expand to', () => {
  it('gives back at most the decoded size, however far the stream expands', async () => {
    const bomb = deflateSync(Buffer.alloc(8 * 1024 * 1024));
    assert.equal((await inflateBlock(bomb, 4096)).byteLength, 4096);
  });

  it('refuses a declared size beyond the cap before inflating', async () => {
    await assert.rejects(
      inflateBlock(deflateSync(Buffer.alloc(16)), 1024 ** 3),
      /A block of 1024\.0 MiB decoded is not inflated \(at most 256\.0 MiB\)/,
    );
  });
});
