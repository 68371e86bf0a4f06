// The row cache decides results (a row taken from it is printed as computed), so a cache file is
// read only when it is the user's own regular file: a symbolic link at its name (to a file someone
// else wrote) or a file others may write is no cache, and everything is computed again.
import * as assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RowCache } from '../../../src/stats/index';
import type { CachedRow } from '../../../src/stats/incremental';

const ROW: CachedRow = {
  field: 'f1',
  date: '2024-05-01',
  index: 'ndvi',
  mean: 0.5,
  valid_pixels: 10,
  nodata_pixels: 0,
  valid_fraction: 1,
};
const GROUP = { image: 'i1', measure: 'm1' };

describe('stats: a row cache that is not the user’s own regular file is not read', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'stats-row-cache-checks-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const savedCache = async (name: string): Promise<string> => {
    const path = join(dir, name);
    const cache = await RowCache.load(undefined);
    cache.group(GROUP).put('f1', ROW);
    await cache.save(path);
    assert.deepEqual((await RowCache.load(path)).group(GROUP).get('f1'), ROW, 'the file itself is read');
    return path;
  };

  it('a link at the cache’s name is not followed', async () => {
    const target = await savedCache('target.json');
    const link = join(dir, 'link.json');
    symlinkSync(target, link);
    assert.equal((await RowCache.load(link)).group(GROUP).get('f1'), undefined);
  });

  it('a cache file others may write is not read', async () => {
    const path = await savedCache('shared.json');
    chmodSync(path, 0o666);
    assert.equal((await RowCache.load(path)).group(GROUP).get('f1'), undefined);
  });

  it('is written owner-only', async () => {
    const path = await savedCache('private.json');
    assert.equal(statSync(path).mode & 0o777, 0o600);
  });
});
