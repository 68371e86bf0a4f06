// The files an output folder holds for the product (its purchase ledger, its batch manifest, its
// lock, the images it hashes) can be anything a repository put there. A FIFO at any of those
// names is refused or passed over at once, never waited on (each was opened to read without
// O_NONBLOCK, so the run hung on the first one it met).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchManifest, MANIFEST_NAME } from '../../../../src/ledger/batch-manifest';
import { FolderLock, LOCK_NAME } from '../../../../src/ledger/folder-lock';
import { LEDGER_NAME, readJournal } from '../../../../src/ledger/ledger-journal';
import { sha256OfFile } from '../../../../src/ledger/purchase-ledger';
import { fileFacts } from '../../../../src/workflows/stac/file-checksum';

const CEILING_MS = 5_000;

/** `work`'s outcome, or a failure naming what never ended. */
async function within<T>(what: string, work: Promise<T>): Promise<T> {
  let ceiling: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    ceiling = setTimeout(() => reject(new Error(`${what} did not end within ${CEILING_MS / 1000} s`)), CEILING_MS);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(ceiling);
  }
}

describe("an output folder's own files that are FIFOs are never waited on", function () {
  this.timeout(4 * CEILING_MS);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folder-files-hostile-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fifo = (name: string) => {
    execFileSync('mkfifo', [join(dir, name)]);
    return join(dir, name);
  };

  it('the purchase ledger: refused, naming it', async () => {
    const ledger = fifo(LEDGER_NAME);
    await assert.rejects(
      within('reading a ledger that is a FIFO', readJournal(ledger)),
      /sat-imagery-ledger\.jsonl is not a regular file; it is not read/,
    );
  });

  it('the batch manifest: no manifest read, and the batch stops before its first call (a FIFO is not ours to replace)', async () => {
    fifo(MANIFEST_NAME);
    await assert.rejects(
      within('opening a batch whose manifest is a FIFO', BatchManifest.open(dir, 'tiles', {})),
      /it is not a regular file/,
    );
  });

  it("the folder's lock: its holder cannot be read, the folder is said to be busy", async () => {
    fifo(LOCK_NAME);
    await assert.rejects(
      within('taking a folder whose lock is a FIFO', FolderLock.acquire(dir, 'test', { waitMs: 50, pollMs: 10 })),
      /is in use by another run \(its lock file cannot be read\)/,
    );
  });

  it("an image's SHA-256 and its STAC file facts: refused", async () => {
    const image = fifo('a.tif');
    await assert.rejects(within('hashing a FIFO', sha256OfFile(image)), /a\.tif is not a regular file/);
    await assert.rejects(within('the file facts of a FIFO', fileFacts(image)), /a\.tif is not a regular file/);
  });
});
