// The incremental cache's parts: an image's sha256 remembered by the file's identity (size,
// inode, modification and change times) is taken again only while the file is unchanged — a
// file rewritten in place to the same size with its modification time put back is hashed anew;
// the rows' keys made per image are the keys made row by row; and a cache file keeps its rows
// exactly (the compact form read back), a damaged row in it being no row.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RowCache, measureOf, readFields } from '../../../src/stats/index';
import { contentHash, rowKey, rowKeys } from '../../../src/stats/incremental';
import type { CachedRow } from '../../../src/stats/incremental';

describe('stats: the incremental cache', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'stats-incremental-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('hashes a file again when it is rewritten in place to the same size and modification time', async () => {
    const image = join(dir, 'a-2024-05-01.tif');
    writeFileSync(image, 'first content!');
    const cachePath = join(dir, 'one.csv.stats-cache.json');
    const first = await RowCache.load(cachePath);
    assert.equal(await first.contentHash(image), await contentHash(image));
    await first.save(cachePath);
    const before = statSync(image, { bigint: true });
    // Same length, same modification time: only the change time (which no one can set) differs.
    writeFileSync(image, 'other content!');
    // To the nanosecond (Node's utimes rounds through a float of seconds; GNU touch does not).
    const ns = before.mtimeNs;
    execFileSync('touch', ['-m', '-d', `@${ns / 1_000_000_000n}.${String(ns % 1_000_000_000n).padStart(9, '0')}`, image]);
    assert.equal(statSync(image, { bigint: true }).mtimeNs, before.mtimeNs);
    assert.equal(statSync(image, { bigint: true }).size, before.size);
    const again = await RowCache.load(cachePath);
    const hash = await again.contentHash(image);
    assert.equal(hash, await contentHash(image));
    assert.notEqual(hash, JSON.parse(readFileSync(cachePath, 'utf8')).hashes[image].sha256, 'the changed file kept its old hash');
  });

  it('makes per image the same keys as row by row', () => {
    const fields = readFields(JSON.stringify({ type: 'FeatureCollection', features: ['a', 'b"quoted"'].map((id, k) => ({ type: 'Feature', properties: { id }, geometry: { type: 'Polygon', coordinates: [[[k, 0], [k + 0.5, 0], [k + 0.5, 0.5], [k, 0]]] } })) }), 'f.geojson', 'geojson');
    const measures = [measureOf('ndvi'), measureOf('(B8-B4)/2', true)];
    for (const image of [{ path: '/x/s-2024-05-01.tif' }, { path: '/x/undated.tif', stacDate: '2024-06-02' }]) {
      const keys = rowKeys('abc', image, fields, 'exact', measures);
      assert.deepEqual(keys, fields.map((f) => measures.map((m) => rowKey('abc', image, f, 'exact', m))));
    }
  });

  it('reads back the rows it saved, and passes over a damaged one', async () => {
    const cachePath = join(dir, 'rows.csv.stats-cache.json');
    const full: CachedRow = { field: 'f,1', date: '2024-05-01', index: 'ndvi', mean: 0.5, median: 0.5, std: 0.1, min: -0.25, max: 1, p10: 0.1, p25: 0.2, p75: 0.7, p90: 0.9, valid_pixels: 10, nodata_pixels: 2, valid_fraction: 10 / 12 };
    const empty: CachedRow = { field: 'tiny', date: '2024-05-01', index: 'ndvi', valid_pixels: 0, nodata_pixels: 0, valid_fraction: undefined };
    const cache = await RowCache.load(cachePath);
    cache.put('k1', full);
    cache.put('k2', empty);
    await cache.save(cachePath);
    const read = await RowCache.load(cachePath);
    assert.deepEqual(read.get('k1'), full);
    assert.deepEqual(read.get('k2'), { field: 'tiny', date: '2024-05-01', index: 'ndvi', valid_pixels: 0, nodata_pixels: 0 });
    const saved = JSON.parse(readFileSync(cachePath, 'utf8'));
    saved.rows.k1[3] = 'not a number';
    writeFileSync(cachePath, JSON.stringify(saved));
    const damaged = await RowCache.load(cachePath);
    assert.equal(damaged.get('k1'), undefined);
    assert.deepEqual(damaged.get('k2'), read.get('k2'));
  });
});
