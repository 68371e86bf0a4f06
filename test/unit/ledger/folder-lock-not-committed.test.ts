// The folder lock is this machine's: it must never reach a commit by accident (a lock committed
// from another machine would hold the folder for everyone who clones it), and one that did is
// explained with the command that clears it. An output folder inside a Git work tree gets a
// `.gitignore` that keeps the lock and the other files of one run (a download's `.part`, a file
// being replaced) out of `git add`; a `.gitignore` of the person's is left as it is, and a folder
// outside Git gets none.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderLock, LOCK_NAME } from '../../../src/ledger/folder-lock';
import { LEDGER_NAME } from '../../../src/ledger/ledger-journal';
import { PurchaseLedger } from '../../../src/ledger/purchase-ledger';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'core.excludesFile=/dev/null', ...args], { cwd, encoding: 'utf8' });

describe('folder lock: never committed by accident, and explained when it was', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'folder-lock-git-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('an output folder in a Git work tree gets a .gitignore: `git add -A` during a run stages no lock, .part or temporary file', async () => {
    git(dir, 'init', '-q');
    const out = join(dir, 'imagery', '2026');
    mkdirSync(out, { recursive: true });
    const ledger = await PurchaseLedger.open(out, { command: 'test' });
    try {
      writeFileSync(join(out, 'composite-2026-06-02-Stratus2-20m-1a2b3c4d.tif.4242-0a1b2c3d.part'), 'half');
      writeFileSync(join(out, '.sat-imagery-manifest.json.0a1b2c3d4e5f.tmp'), '{');
      writeFileSync(join(out, 'composite-2026-06-02-Stratus2-20m-1a2b3c4d.tif'), 'image');
      git(dir, 'add', '-A');
      const staged = git(dir, 'diff', '--cached', '--name-only').trim().split('\n');
      assert.ok(!staged.some((name) => name.endsWith(LOCK_NAME)), staged.join(', '));
      assert.ok(existsSync(join(out, LEDGER_NAME)), 'the run has its ledger');
      assert.ok(!staged.some((name) => name.endsWith(LEDGER_NAME)), `the ledger stays local: ${staged.join(', ')}`);
      assert.ok(!staged.some((name) => name.endsWith('.part') || name.endsWith('.tmp')), staged.join(', '));
      assert.ok(staged.includes('imagery/2026/composite-2026-06-02-Stratus2-20m-1a2b3c4d.tif'), 'the image is data');
      assert.ok(staged.includes('imagery/2026/.gitignore'), 'the .gitignore itself may be committed');
    } finally {
      await ledger.close();
    }
  });

  it("a folder's own .gitignore is left as it is, and a folder outside Git gets none", async () => {
    git(dir, 'init', '-q');
    const own = join(dir, 'own');
    mkdirSync(own);
    writeFileSync(join(own, '.gitignore'), '*.tif\n');
    await (await PurchaseLedger.open(own, { command: 'test' })).close();
    assert.equal(readFileSync(join(own, '.gitignore'), 'utf8'), '*.tif\n');

    const outside = await mkdtemp(join(tmpdir(), 'folder-lock-no-git-'));
    try {
      await (await PurchaseLedger.open(outside, { command: 'test' })).close();
      assert.equal(existsSync(join(outside, '.gitignore')), false);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('a lock of another machine is refused with its holder and the command that clears it', async () => {
    writeFileSync(
      join(dir, LOCK_NAME),
      JSON.stringify({
        pid: 4242,
        host: 'build-7.example',
        startedAt: '2026-05-01T10:00:00.000Z',
        command: 'sat-imagery series field.geojson',
        token: 't',
      }),
    );
    await assert.rejects(FolderLock.acquire(dir, 'test', { waitMs: 100, pollMs: 20 }), (error: Error) => {
      assert.match(
        error.message,
        /pid 4242 on build-7\.example, since 2026-05-01T10:00:00\.000Z: sat-imagery series field\.geojson/,
      );
      assert.match(error.message, /another machine/);
      assert.ok(error.message.includes(`sat-imagery unlock ${dir} --yes`), error.message);
      return true;
    });
  });
});
