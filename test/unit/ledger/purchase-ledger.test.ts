import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderLock, LOCK_NAME } from '../../../src/ledger/folder-lock';
import { LEDGER_NAME } from '../../../src/ledger/ledger-journal';
import { isOwnName, namePart, paidFileName } from '../../../src/ledger/paid-file-name';
import { PurchaseLedger } from '../../../src/ledger/purchase-ledger';
import { canonicalJson, requestKey } from '../../../src/ledger/request-key';

// The purchase ledger's parts on their own: the key, the journal (torn lines, links), the lock
// (a holder named, a dead holder's lock taken over), the names of paid files.

const KEY = requestKey({ Date: '2026-06-02', Model: 'Stratus2' });

describe('purchase ledger: key, journal, lock, names', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ledger-unit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keys a request by its canonical JSON: key order and undefined fields do not matter, any value does', () => {
    assert.equal(canonicalJson({ b: 1, a: [1, { d: undefined, c: 'x' }] }), '{"a":[1,{"c":"x"}],"b":1}');
    assert.equal(requestKey({ a: 1, b: 2 }), requestKey({ b: 2, a: 1 }));
    assert.notEqual(requestKey({ a: 1, b: 2 }), requestKey({ a: 1, b: 3 }));
    assert.match(KEY, /^[0-9a-f]{64}$/);
  });

  it('records the states in order, flushed, and a second open reads the latest state of each unit', async () => {
    const ledger = await PurchaseLedger.open(dir, { command: 'test' });
    await ledger.sending(KEY, { id: '2026-06-02', kind: 'series', credits: 0.5 });
    await ledger.charged(KEY);
    await writeFile(join(dir, 'image.tif'), 'twelve bytes');
    await ledger.saved(KEY, join(dir, 'image.tif'), 12);
    await ledger.close();
    const lines = (await readFile(join(dir, LEDGER_NAME), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { state: string });
    assert.deepEqual(
      lines.map((l) => l.state),
      ['sending', 'charged', 'saved'],
    );
    const again = await PurchaseLedger.open(dir, { command: 'test' });
    const verdict = await again.verdict(KEY);
    assert.equal(verdict.kind, 'have');
    assert.equal(again.unit(KEY)?.credits, 0.5, 'earlier facts kept');
    assert.equal(again.unit(KEY)?.sha256, createHash('sha256').update('twelve bytes').digest('hex'));
    await rm(join(dir, 'image.tif'));
    assert.equal((await again.verdict(KEY)).kind, 'buy', 'a saved unit whose file is gone is bought again');
    await again.close();
  });

  it('reads past a torn last line and writes the next entry on a line of its own', async () => {
    await writeFile(
      join(dir, LEDGER_NAME),
      `${JSON.stringify({ v: 1, key: KEY, state: 'sending', at: 'x', id: 'a' })}\n{"v":1,"key":"${KEY}","sta`,
    );
    const ledger = await PurchaseLedger.open(dir, { command: 'test' });
    assert.equal(ledger.unit(KEY)?.state, 'sending');
    assert.equal((await ledger.verdict(KEY)).kind, 'held', 'sent with no answer: held');
    await ledger.settle(KEY, 'lost', 'answer lost');
    await ledger.close();
    const read = await PurchaseLedger.read(dir);
    assert.equal(read.get(KEY)?.state, 'lost');
    assert.equal(read.get(KEY)?.reason, 'answer lost');
  });

  it("never writes through a link at the ledger's name", async () => {
    const target = join(dir, 'elsewhere.txt');
    await writeFile(target, 'keep');
    await symlink(target, join(dir, LEDGER_NAME));
    await assert.rejects(PurchaseLedger.open(dir, { command: 'test' }), /sat-imagery-ledger\.jsonl/);
    assert.equal(await readFile(target, 'utf8'), 'keep');
    assert.deepEqual(
      (await readdir(dir)).sort(),
      ['elsewhere.txt', LEDGER_NAME],
      'the lock is released after the refusal',
    );
  });

  it('a second run is refused naming the holder: pid, host, start time, command', async () => {
    const first = await FolderLock.acquire(dir, 'sat-imagery series field.wkt');
    await assert.rejects(FolderLock.acquire(dir, 'other', { waitMs: 300 }), (error: Error) => {
      assert.match(
        error.message,
        new RegExp(
          `in use by another run \\(pid ${process.pid} on ${hostname()}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z: sat-imagery series field.wkt\\)\\. Nothing was sent`,
        ),
      );
      return (error as { kind?: string }).kind === 'folder-busy';
    });
    await first.release();
    const second = await FolderLock.acquire(dir, 'other', { waitMs: 300 });
    await second.release();
    assert.deepEqual(await readdir(dir), []);
  });

  it('a second run waits for the first to end', async () => {
    const first = await FolderLock.acquire(dir, 'first');
    setTimeout(() => void first.release(), 300);
    const second = await FolderLock.acquire(dir, 'second', { waitMs: 3_000 });
    assert.equal(second.holder.command, 'second');
    await second.release();
  });

  it('a lock left by a process that is gone is taken over, by one of two runs at once', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    assert.ok(deadPid > 0);
    await writeFile(
      join(dir, LOCK_NAME),
      JSON.stringify({
        pid: deadPid,
        host: hostname(),
        startedAt: '2026-01-01T00:00:00Z',
        command: 'killed',
        token: 'dead',
      }),
    );
    const both = await Promise.allSettled([
      FolderLock.acquire(dir, 'a', { waitMs: 500 }),
      FolderLock.acquire(dir, 'b', { waitMs: 500 }),
    ]);
    const won = both.filter((b): b is PromiseFulfilledResult<FolderLock> => b.status === 'fulfilled');
    assert.equal(won.length, 1, 'exactly one run took the dead lock over');
    assert.match(
      String((both.find((b) => b.status === 'rejected') as PromiseRejectedResult).reason),
      /in use by another run \(pid/,
    );
    const held = JSON.parse(await readFile(join(dir, LOCK_NAME), 'utf8')) as { token: string };
    assert.equal(held.token, won[0]!.value.holder.token);
    await won[0]!.value.release();
    assert.deepEqual(await readdir(dir), [], 'no stale copy left behind');
  });

  it('a lock of another host is never taken over', async () => {
    await writeFile(
      join(dir, LOCK_NAME),
      JSON.stringify({ pid: 999_999_999, host: 'another-host', startedAt: 'then', command: 'remote', token: 't' }),
    );
    await assert.rejects(FolderLock.acquire(dir, 'a', { waitMs: 200 }), /pid 999999999 on another-host/);
  });

  it("names carry the request hash, never a path or the project's own file names", () => {
    assert.equal(
      paidFileName(['composite', '2026-06-02', 'Stratus2', '20m'], KEY),
      `composite-2026-06-02-Stratus2-20m-${KEY.slice(0, 8)}.tif`,
    );
    const hostile = paidFileName(['composite', '2026-06-02', 'Stratus2/../../x', '20m'], KEY);
    assert.ok(!hostile.includes('/') && !hostile.includes('..'), hostile);
    assert.equal(namePart('../..'), 'x');
    assert.equal(namePart('stac-items.json'), 'stac-items.json');
    assert.ok(
      isOwnName('STAC-ITEMS.json') &&
        isOwnName(LEDGER_NAME) &&
        isOwnName(LOCK_NAME) &&
        isOwnName('sat-imagery-manifest.json'),
    );
    assert.ok(
      !isOwnName(paidFileName(['sat-imagery-ledger'], KEY, '.jsonl')),
      "an image never takes the ledger's name",
    );
  });

  it('appends on a line of its own after a journal a killed run left without its newline', async () => {
    await writeFile(join(dir, LEDGER_NAME), '');
    await appendFile(join(dir, LEDGER_NAME), '{"torn');
    const ledger = await PurchaseLedger.open(dir, { command: 'test' });
    await ledger.sending(KEY, { id: 'a', kind: 'tile' });
    await ledger.close();
    assert.equal((await PurchaseLedger.read(dir)).get(KEY)?.state, 'sending');
  });
});
