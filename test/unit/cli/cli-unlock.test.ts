// A folder lock committed from another machine, or left by a process of this one that no longer
// runs, never holds a folder for good. The refusal names the holder (host, pid, command, since
// when) and the command that clears it; `sat-imagery unlock FOLDER` explains each lock of the
// folder, clears one only with --yes, and never one of a run of this machine that still runs.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { LOCK_NAME } from '../../../src/ledger/folder-lock';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, RGB_FLAGS, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-unlock-key-7Hs3';
const NOW = Date.UTC(2026, 5, 15, 12);
const COMPOSITE = '/api/satelliteimages/process/composite';

/** A holder on a machine that is not this one, as a repository would carry it. */
const FOREIGN = {
  pid: 4242,
  host: 'build-7.example',
  startedAt: '2026-05-01T10:00:00.000Z',
  command: 'sat-imagery series field.geojson',
  token: 'f0f0f0',
};

interface UnlockJson {
  folder: string;
  locks: {
    file: string;
    host?: string;
    pid?: number;
    command?: string;
    since?: string;
    state: string;
    cleared: boolean;
  }[];
}

describe('CLI: unlock, a folder lock of another machine or of a run gone', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-unlock-',
    simulator: { seed: 5, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD },
  });
  const download = (out: string, ...extra: string[]) =>
    cli.run(
      'download',
      cli.file('field.geojson'),
      ...RGB_FLAGS,
      '--date',
      '2026-06-12',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      out,
      ...extra,
    );
  const lockedFolder = (name: string, holder: object, lockName = LOCK_NAME): string => {
    const out = join(cli.dir, name);
    mkdirSync(out);
    writeFileSync(join(out, lockName), `${JSON.stringify(holder)}\n`);
    return out;
  };

  it('a run in a folder locked on another machine names the holder and `unlock`; unlock explains, clears with --yes, and the run then buys', async () => {
    const out = lockedFolder('committed', FOREIGN);
    const lock = join(out, LOCK_NAME);
    const sent = () => cli.sim.requests.filter((r) => r.method === 'POST' && r.path === COMPOSITE).length;
    const before = sent();

    const refused = await download(out);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(
      refused.stderr,
      /pid 4242 on build-7\.example, since 2026-05-01T10:00:00\.000Z: sat-imagery series field\.geojson/,
    );
    assert.ok(refused.stderr.includes(`sat-imagery unlock ${out} --yes`), refused.stderr);
    assert.doesNotMatch(refused.stderr, /^\s+at /m, 'its own words, without a stack');
    const refusedJson = await download(out, '--json');
    assert.equal(refusedJson.code, 1, refusedJson.stderr);
    assert.equal(jsonOf<{ error: { kind: string } }>(refusedJson).error.kind, 'folder-busy');
    assert.equal(sent(), before, 'nothing billed was sent');

    const explained = await cli.run('unlock', out);
    assert.equal(explained.code, 8, explained.stdout + explained.stderr);
    for (const fact of ['build-7.example', '4242', 'sat-imagery series field.geojson', '2026-05-01T10:00:00.000Z'])
      assert.ok(explained.stdout.includes(fact), `${fact} in: ${explained.stdout}`);
    assert.match(explained.stdout, /another machine/);
    assert.ok(explained.stdout.includes(`sat-imagery unlock ${out} --yes`), explained.stdout);
    assert.ok(existsSync(lock), 'nothing is cleared without --yes');

    const described = jsonOf<UnlockJson>(await cli.run('unlock', out, '--json'));
    assert.deepEqual(described.locks, [
      {
        file: lock,
        host: FOREIGN.host,
        pid: FOREIGN.pid,
        command: FOREIGN.command,
        since: FOREIGN.startedAt,
        state: 'other-machine',
        cleared: false,
      },
    ]);

    const cleared = await cli.run('unlock', out, '--yes');
    assert.equal(cleared.code, 0, cleared.stdout + cleared.stderr);
    assert.match(cleared.stdout, /^Cleared .*sat-imagery\.lock/m);
    assert.equal(existsSync(lock), false);

    const bought = await download(out);
    assert.equal(bought.code, 0, bought.stderr);
    assert.equal(sent(), before + 1);
  });

  it('never clears the lock of a run of this machine that still runs, even with --yes', async () => {
    const out = lockedFolder('live', { ...FOREIGN, pid: process.pid, host: hostname(), token: 'live' });
    const text = readFileSync(join(out, LOCK_NAME), 'utf8');
    const run = await cli.run('unlock', out, '--yes');
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, new RegExp(`pid ${process.pid} on this machine.*still runs`, 's'));
    assert.equal(readFileSync(join(out, LOCK_NAME), 'utf8'), text, 'the lock is kept');
  });

  it('a lock of a process of this machine that no longer runs is explained, and cleared with --yes', async () => {
    const out = lockedFolder('gone', { ...FOREIGN, pid: 2 ** 30, host: hostname(), token: 'gone' });
    const explained = await cli.run('unlock', out);
    assert.equal(explained.code, 8, explained.stdout + explained.stderr);
    assert.match(explained.stdout, /no longer runs/);
    const cleared = await cli.run('unlock', out, '--yes');
    assert.equal(cleared.code, 0, cleared.stdout + cleared.stderr);
    assert.equal(existsSync(join(out, LOCK_NAME)), false);
  });

  /** A process's start as a lock records it on Linux: the boot's id and field 22 of its /proc stat. */
  const startOf = (pid: number, ticks?: string): string => {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return `${boot} ${ticks ?? stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
  };

  it('a lock whose pid now runs another process (one started at another time) is explained as gone, cleared with --yes, and taken over by a run', async function () {
    if (process.platform !== 'linux') this.skip();
    // This test's own pid runs, but not since the start the lock says: the lock's process is gone.
    const reused = {
      ...FOREIGN,
      pid: process.pid,
      host: hostname(),
      token: 'reused',
      processStart: startOf(process.pid, '1'),
    };
    const out = lockedFolder('reused', reused);
    const explained = await cli.run('unlock', out, '--json');
    assert.equal(explained.code, 8, explained.stdout + explained.stderr);
    assert.deepEqual(
      jsonOf<UnlockJson>(explained).locks.map((l) => [l.state, l.cleared]),
      [['reused', false]],
    );
    const said = await cli.run('unlock', out);
    assert.match(
      said.stdout,
      new RegExp(`pid ${process.pid} runs, but it is another process than the run that took the lock`),
    );
    const cleared = await cli.run('unlock', out, '--yes');
    assert.equal(cleared.code, 0, cleared.stdout + cleared.stderr);
    assert.equal(existsSync(join(out, LOCK_NAME)), false);
    const taken = lockedFolder('reused-run', reused);
    const bought = await download(taken);
    assert.equal(bought.code, 0, bought.stdout + bought.stderr);
    assert.equal(existsSync(join(taken, LOCK_NAME)), false, 'the run took the lock over and released it');
  });

  it('a lock with the start of the process that still runs is never cleared', async function () {
    if (process.platform !== 'linux') this.skip();
    const live = { ...FOREIGN, pid: process.pid, host: hostname(), token: 'live', processStart: startOf(process.pid) };
    const out = lockedFolder('live-started', live);
    const run = await cli.run('unlock', out, '--yes', '--json');
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.deepEqual(
      jsonOf<UnlockJson>(run).locks.map((l) => [l.state, l.cleared]),
      [['running', false]],
    );
    assert.equal(existsSync(join(out, LOCK_NAME)), true);
  });

  it("an apply's hold of an imagery file, left by another machine, is cleared the same way", async () => {
    const out = lockedFolder('declared', FOREIGN, 'imagery.lock.json.apply');
    const cleared = await cli.run('unlock', out, '--yes', '--json');
    assert.equal(cleared.code, 0, cleared.stdout + cleared.stderr);
    assert.deepEqual(
      jsonOf<UnlockJson>(cleared).locks.map((l) => [l.file, l.state, l.cleared]),
      [[join(out, 'imagery.lock.json.apply'), 'other-machine', true]],
    );
    assert.equal(existsSync(join(out, 'imagery.lock.json.apply')), false);
  });

  it('a folder without a lock says so; the verb is in the help with its own usage', async () => {
    mkdirSync(join(cli.dir, 'free'));
    const free = await cli.run('unlock', join(cli.dir, 'free'));
    assert.equal(free.code, 0, free.stderr);
    assert.match(free.stdout, /No lock in /);
    const missing = await cli.run('unlock', join(cli.dir, 'no-such-folder'));
    assert.equal(missing.code, 10, missing.stderr);
    assert.match((await cli.run('--help')).stdout, /^ {2}unlock FOLDER /m);
    assert.match((await cli.run('unlock', '--help')).stdout, /^Usage: sat-imagery unlock FOLDER/);
  });
});
