// A file checked and then opened: a link or another file swapped in at the moment between is not
// read. The swap is made through the reader's seam between its look and its opening (what a racing
// process could do there), never by a mock of the file system: the files and links are real.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { rename, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTextBounded, setBetweenLookAndOpenForTests } from '../../../src/files/bounded-read';
import { verifyOne } from '../../../src/workflows/declared/declared-verify';
import type { ImageryLock } from '../../../src/workflows/declared/declared-lock';

const INSIDE = 'the image bought here.....';
/** What a lock a repository carries says the image is: the bytes of a file elsewhere. */
const OUTSIDE = 'a file outside the folder!';

describe('bounded read: a swap between the look and the opening', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-swap-'));
  });
  afterEach(() => {
    setBetweenLookAndOpenForTests(undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `swap` once, the first time `path` is about to be opened. */
  function swapOnce(path: string, swap: () => Promise<void>): void {
    let done = false;
    setBetweenLookAndOpenForTests(async (opened) => {
      if (done || opened !== path) return;
      done = true;
      await swap();
    });
  }

  it("verify: the image's folder swapped for a link to elsewhere after the checks is not read, nor matched", async () => {
    const folder = join(dir, 'project');
    mkdirSync(join(folder, 'rgb'), { recursive: true });
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(folder, 'rgb', 'a.tif'), INSIDE);
    writeFileSync(join(dir, 'elsewhere', 'a.tif'), OUTSIDE);
    assert.equal(INSIDE.length, OUTSIDE.length, 'the same size: only the bytes tell them apart');
    const image = {
      file: 'rgb/a.tif',
      bytes: OUTSIDE.length,
      sha256: createHash('sha256').update(OUTSIDE).digest('hex'),
    } as ImageryLock['images'][number];
    swapOnce(join(folder, 'rgb', 'a.tif'), async () => {
      await rename(join(folder, 'rgb'), join(folder, 'rgb-real'));
      await symlink(join(dir, 'elsewhere'), join(folder, 'rgb'));
    });
    // Read through the link, the outside file would match the lock.
    assert.deepEqual(await verifyOne(folder, image), {
      file: 'rgb/a.tif',
      problem: 'changed between its check and its reading (a link or another file put there): not read',
    });
  });

  it('a file that is a link at the opening is refused even though the look saw a regular file', async () => {
    const path = join(dir, 'ledger.jsonl');
    writeFileSync(path, '{}\n');
    writeFileSync(join(dir, 'other'), 'someone else\n');
    swapOnce(path, async () => {
      renameSync(path, join(dir, 'moved'));
      symlinkSync(join(dir, 'other'), path);
    });
    await assert.rejects(readTextBounded(path, 1024, { noFollow: true }), (error: NodeJS.ErrnoException) => {
      assert.equal(error.code, 'ELOOP');
      return true;
    });
  });

  it('another regular file renamed over the one looked at is not read in its place', async () => {
    const path = join(dir, 'sat-imagery.lock');
    writeFileSync(path, '{"pid":1}\n');
    writeFileSync(join(dir, 'other'), '{"pid":2}\n');
    swapOnce(path, async () => rename(join(dir, 'other'), path));
    await assert.rejects(readTextBounded(path, 1024, { noFollow: true }), /changed between its check and its opening/);
  });
});
