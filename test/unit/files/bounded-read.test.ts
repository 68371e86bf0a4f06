// Sidecars and collections are read with a size limit, and only from regular files: a
// `stac-items.json` linked to /dev/zero, a FIFO, or a file larger than the limit end at once
// (issue 22: today's main read 600 MB of /dev/zero before failing, and waits on a FIFO forever).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readJsonBounded, readTextBounded } from '../../../src/files/bounded-read';
import { seriesOf } from '../../../src/ui/webview/viewer/series-steps';
import { writeItemCollection } from '../../../src/workflows/stac/stac-collection';
import { ITEM_COLLECTION_NAME } from '../../../src/files/stac-names';

describe('sidecars and collections: read within a size limit, regular files only', function () {
  this.timeout(5_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'bounded-read-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a small file whole', async () => {
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    assert.equal(await readTextBounded(join(dir, 'a.json'), 100), '{"a":1}');
    assert.deepEqual(await readJsonBounded(join(dir, 'a.json'), 100), { a: 1 });
  });

  it('refuses a link to /dev/zero, a FIFO and a file over the limit, at once', async () => {
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    writeFileSync(join(dir, 'big.json'), `"${'x'.repeat(2000)}"`);
    await assert.rejects(
      readTextBounded(join(dir, 'zero.json'), 1000),
      /zero\.json is not a regular file; it is not read\./,
    );
    await assert.rejects(readTextBounded(join(dir, 'fifo.json'), 1000), /fifo\.json is not a regular file/);
    await assert.rejects(
      readTextBounded(join(dir, 'big.json'), 1000),
      /big\.json is 2 KiB, more than the 1 KiB read\./,
    );
    assert.equal(await readJsonBounded(join(dir, 'big.json'), 1000), undefined);
  });

  it("the viewer's series steps: a stac-items.json linked to /dev/zero or a FIFO is no series, found at once", async () => {
    symlinkSync('/dev/zero', join(dir, ITEM_COLLECTION_NAME));
    const started = Date.now();
    const before = process.memoryUsage.rss();
    assert.equal(await seriesOf(join(dir, 'a.tif')), undefined);
    assert.ok(
      Date.now() - started < 1000 && process.memoryUsage.rss() - before < 64 * 1024 * 1024,
      `${Date.now() - started} ms`,
    );
    rmSync(join(dir, ITEM_COLLECTION_NAME));
    execFileSync('mkfifo', [join(dir, ITEM_COLLECTION_NAME)]);
    assert.equal(await seriesOf(join(dir, 'a.tif')), undefined);
  });

  it('the STAC ItemCollection leaves out an Item linked to /dev/zero, and says why', async () => {
    writeFileSync(join(dir, 'a.tif'), '');
    symlinkSync('/dev/zero', join(dir, 'a.json'));
    const lines: string[] = [];
    assert.equal(await writeItemCollection(dir, [join(dir, 'a.tif')], (line) => lines.push(line)), undefined);
    assert.match(lines.join('\n'), /leaves out a\.tif: its Item could not be read \(.*a\.json is not a regular file/);
  });
});
