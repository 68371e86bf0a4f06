// The incremental cache's parts: an image's sha256 remembered by the file's identity (size,
// inode, modification and change times) is taken again only while the file is unchanged — a
// file rewritten in place to the same size with its modification time put back is hashed anew;
// an image's key changes with its content, what dates it and the pixel rule, an index's with its
// name and bands; and a cache file keeps its rows exactly (the compact form read back), under
// their image, index and field, a damaged row in it being no row.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLUMNS, RowCache, csvPieces, measureOf } from '../../../src/stats/index';
import { contentHashOffThread, imageKey, measureKey } from '../../../src/stats/incremental';
import type { CachedRow } from '../../../src/stats/incremental';

/** The file's sha256 by Node's own hash of the whole file: the reference the cache's is held to. */
const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('stats: the incremental cache', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'stats-incremental-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes a file again when it is rewritten in place to the same size and modification time', async () => {
    const image = join(dir, 'a-2024-05-01.tif');
    writeFileSync(image, 'first content!');
    const cachePath = join(dir, 'one.csv.stats-cache.json');
    const first = await RowCache.load(cachePath);
    assert.equal(await (await first.hashOf(image)).sha256, sha256Of(image));
    await first.save(cachePath);
    const before = statSync(image, { bigint: true });
    // Same length, same modification time: only the change time (which no one can set) differs.
    writeFileSync(image, 'other content!');
    // To the nanosecond (Node's utimes rounds through a float of seconds; GNU touch does not).
    const ns = before.mtimeNs;
    execFileSync('touch', [
      '-m',
      '-d',
      `@${ns / 1_000_000_000n}.${String(ns % 1_000_000_000n).padStart(9, '0')}`,
      image,
    ]);
    assert.equal(statSync(image, { bigint: true }).mtimeNs, before.mtimeNs);
    assert.equal(statSync(image, { bigint: true }).size, before.size);
    const again = await RowCache.load(cachePath);
    const hash = await (await again.hashOf(image)).sha256;
    assert.equal(hash, sha256Of(image));
    assert.notEqual(
      hash,
      JSON.parse(readFileSync(cachePath, 'utf8')).hashes[image].sha256,
      'the changed file kept its old hash',
    );
  });

  it('hashes a file not remembered on a thread of its own, and says whether it is new, changed or unchanged', async () => {
    const image = join(dir, 'b-2024-05-02.tif');
    writeFileSync(image, Buffer.alloc(3 * 1024 * 1024 + 17, 7));
    const cachePath = join(dir, 'thread.csv.stats-cache.json');
    const first = await RowCache.load(cachePath);
    const fresh = await first.hashOf(image);
    assert.equal(fresh.file, 'new');
    assert.equal(await fresh.sha256, sha256Of(image));
    await first.save(cachePath);
    const known = await (await RowCache.load(cachePath)).hashOf(image);
    assert.equal(known.file, 'unchanged');
    assert.equal(await known.sha256, sha256Of(image));
    writeFileSync(image, 'rewritten');
    const changed = await (await RowCache.load(cachePath)).hashOf(image);
    assert.equal(changed.file, 'changed');
    assert.equal(await changed.sha256, sha256Of(image));
    await assert.rejects(contentHashOffThread(join(dir, 'not-there.tif')), /ENOENT/);
    const stop = new AbortController();
    const hashing = contentHashOffThread(image, stop.signal);
    stop.abort(new Error('stopped by the test'));
    await assert.rejects(hashing, /stopped by the test/);
  });

  it('keys an image by its content, what dates it and the rule, an index by its name and bands', () => {
    const image = { path: '/x/s-2024-05-01.tif' };
    const keys = [
      imageKey('abc', image, 'exact'),
      imageKey('abd', image, 'exact'),
      imageKey('abc', { path: '/x/s-2024-05-02.tif' }, 'exact'),
      imageKey('abc', { ...image, stacDate: '2024-05-03' }, 'exact'),
      imageKey('abc', image, 'centre'),
    ];
    assert.equal(new Set(keys).size, keys.length);
    assert.equal(
      imageKey('abc', { path: '/y/s-2024-05-01.tif' }, 'exact'),
      keys[0],
      'the same content and date in another folder',
    );
    const measures = [
      measureKey(measureOf('ndvi')),
      measureKey(measureOf('ndwi')),
      measureKey(measureOf('(B8-B4)/2', true)),
      measureKey(measureOf('(B8-B3)/2', true)),
    ];
    assert.equal(new Set(measures).size, measures.length);
    assert.equal(measureKey(measureOf('ndvi')), measures[0]);
  });

  it('reads back the rows it saved, and passes over a damaged one', async () => {
    const cachePath = join(dir, 'rows.csv.stats-cache.json');
    const full: CachedRow = {
      field: 'f,1',
      date: '2024-05-01',
      index: 'ndvi',
      mean: 0.5,
      median: 0.5,
      std: 0.1,
      min: -0.25,
      max: 1,
      p10: 0.1,
      p25: 0.2,
      p75: 0.7,
      p90: 0.9,
      valid_pixels: 10,
      nodata_pixels: 2,
      valid_fraction: 10 / 12,
    };
    const empty: CachedRow = {
      field: 'tiny',
      date: '2024-05-01',
      index: 'ndvi',
      valid_pixels: 0,
      nodata_pixels: 0,
      valid_fraction: undefined,
    };
    const cache = await RowCache.load(cachePath);
    const group = { image: 'i1', measure: 'm1' };
    cache.group(group).put('f1', full);
    cache.group(group).put('f2', empty);
    cache.group({ image: 'i2', measure: 'm1' }).put('f1', { ...full, date: '2024-05-11' });
    await cache.save(cachePath);
    const read = await RowCache.load(cachePath);
    assert.deepEqual(read.group(group).get('f1'), full);
    assert.deepEqual(read.group(group).get('f2'), {
      field: 'tiny',
      date: '2024-05-01',
      index: 'ndvi',
      valid_pixels: 0,
      nodata_pixels: 0,
    });
    assert.deepEqual(read.group({ image: 'i2', measure: 'm1' }).get('f1'), { ...full, date: '2024-05-11' });
    assert.equal(read.group({ image: 'i1', measure: 'm2' }).get('f1'), undefined);
    assert.equal(read.group({ image: 'i2', measure: 'm1' }).get('f2'), undefined);
    const saved = JSON.parse(readFileSync(cachePath, 'utf8'));
    saved.images.i1.m1.f1[3] = 'not a number';
    writeFileSync(cachePath, JSON.stringify(saved));
    const damaged = await RowCache.load(cachePath);
    assert.equal(damaged.group(group).get('f1'), undefined);
    assert.deepEqual(damaged.group(group).get('f2'), read.group(group).get('f2'));
  });

  it('the table and the cache are written in pieces, never as one string, to the bytes of the whole', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      field: `f${i}`,
      date: '2024-05-01',
      index: 'ndvi',
      mean: i / 7,
      valid_pixels: i,
      nodata_pixels: 0,
      valid_fraction: 1,
      image: 'a.tif',
    }));
    const pieces = [...csvPieces(rows)];
    assert.equal(pieces.length, 1 + Math.ceil(10_000 / 4096), 'a header, then pieces of 4,096 lines');
    const lines = pieces.join('').split('\r\n');
    assert.equal(lines[0], COLUMNS.join(','));
    assert.equal(lines[1], 'f0,2024-05-01,ndvi,0,,,,,,,,,0,0,1,a.tif');
    assert.equal(lines[10_000], `f9999,2024-05-01,ndvi,${9999 / 7},,,,,,,,,9999,0,1,a.tif`);
    assert.equal(lines.length, 10_002);
    // The cache's pieces make the JSON text of the whole, keys in code-unit order.
    const cachePath = join(dir, 'pieces.csv.stats-cache.json');
    const cache = await RowCache.load(cachePath);
    const row = rows[1]!;
    const { image: _image, ...cached } = row;
    cache.group({ image: 'i"2', measure: 'm\\1' }).put('f"1', cached);
    cache.group({ image: 'i1', measure: 'm2' }).put('f2', cached);
    cache.group({ image: 'i1', measure: 'm1' }).put('f1', cached);
    cache.group({ image: 'i3', measure: 'm1' });
    await cache.save(cachePath);
    const text = readFileSync(cachePath, 'utf8');
    const cells = [row.field, row.date, row.index, row.mean, ...Array(8).fill(null), 1, 0, 1];
    assert.equal(
      text,
      `${JSON.stringify({
        version: 3,
        images: {
          'i"2': { 'm\\1': { 'f"1': cells } },
          i1: { m1: { f1: cells }, m2: { f2: cells } },
          i3: { m1: {} },
        },
        hashes: {},
      })}\n`,
    );
  });

  it('a cache path that is no regular file (a FIFO, a device) is no cache, and is not read', async function () {
    this.timeout(5000);
    // It was read whole before its size was looked at: a FIFO never ended, /dev/zero filled the memory.
    const fifo = join(dir, 'fifo.csv.stats-cache.json');
    execFileSync('mkfifo', [fifo]);
    const cache = await RowCache.load(fifo);
    assert.equal(cache.group({ image: 'i1', measure: 'm1' }).get('f1'), undefined);
  });
});
