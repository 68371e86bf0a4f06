// Local file errors on the command line, as a process: a missing area file, an area file that is
// a folder, a key file that is a folder, a file it may not read, a full disk under the output
// folder. Each is one line (what, which path, why, what to do) with its documented exit code
// (10, or 4 for the key file), never a stack trace.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ExitCode, exitCodeOf } from '../../../src/cli/exit-codes';
import { describeLocalFileError } from '../../../src/cli/file-errors';
import { allOutput, assertStopped, buildCli, runCli } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-file-errors-key-W3r8';
const NOW = Date.parse('2026-06-15T12:00:00Z');

/** True when this machine lets a test mount a small tmpfs in a mount namespace of its own. */
function canMountTmpfs(dir: string): boolean {
  const probe = spawnSync('unshare', ['-m', 'sh', '-c', `mount -t tmpfs -o size=64k tmpfs '${dir}'`], {
    encoding: 'utf8',
  });
  return probe.status === 0;
}

/** A child's exit code and output, the output kept for the no-key check. */
async function captured(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  allOutput.push(stdout, stderr);
  return { code, stdout, stderr };
}

describe('CLI: local file errors are one clear line and a documented exit code', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-files-',
    simulator: { seed: 5, clock: () => NOW },
    files: { 'field.geojson': FIELD },
  });
  const { run } = cli;

  it('a missing area file, and one that is a folder: exit 10, nothing sent', async () => {
    cli.sim.clearLog();
    assertStopped(
      await run('download', cli.file('missing.geojson'), '--model', 'Stratus2'),
      10,
      /^sat-imagery: Could not read the area file .*missing\.geojson: it does not exist \(ENOENT\)\. Check the path\.$/,
    );
    mkdirSync(cli.file('folder.geojson'));
    assertStopped(
      await run('estimate', cli.file('folder.geojson'), '--model', 'Stratus2', '--json'),
      10,
      /folder\.geojson: it is a folder, not a file \(EISDIR\)\. Name the file itself\.$/,
    );
    assert.deepEqual(cli.sim.requests, [], 'nothing sent');
  });

  it('a key file that is a folder only its owner can open: exit 4, one line', async () => {
    const keyFolder = cli.file('key-folder');
    mkdirSync(keyFolder);
    chmodSync(keyFolder, 0o700);
    const r = await runCli(['models', '--api-key-file', keyFolder], {
      cwd: cli.dir,
      env: { SAT_IMAGERY_BASE_URL: cli.sim.url },
    });
    assertStopped(
      r,
      4,
      /Could not read the key file .*key-folder: it is a folder, not a file \(EISDIR\)\. Name the file itself\.$/,
    );
  });

  it('an area file it may not read: exit 10, permission denied', async () => {
    const locked = cli.file('locked.geojson');
    writeFileSync(locked, FIELD);
    chmodSync(locked, 0o000);
    // Root reads any file: as root the CLI runs as nobody, from a folder nobody may enter.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    // The built CLI where nobody may read it.
    const readable = mkdtempSync(join(tmpdir(), 'sat-imagery-cli-nobody-'));
    chmodSync(readable, 0o755);
    cpSync(dirname(buildCli()), readable, { recursive: true });
    const r = await captured(
      spawn(process.execPath, [join(readable, basename(buildCli())), 'estimate', locked, '--model', 'Stratus2'], {
        cwd: '/',
        ...asNobody,
        env: { PATH: process.env.PATH ?? '', ...cli.env() },
      }),
    );
    assertStopped(r, 10, /locked\.geojson: permission denied \(EACCES\)/);
  });

  it('any errno failure of the local disk maps to 10 and one line; permission denied says what to check', () => {
    const denied = Object.assign(new Error("EACCES: permission denied, open '/data/area.geojson'"), {
      code: 'EACCES',
      errno: -13,
      syscall: 'open',
      path: '/data/area.geojson',
    });
    assert.equal(exitCodeOf(denied), ExitCode.localFile);
    assert.equal(
      describeLocalFileError(denied),
      'Could not open /data/area.geojson: permission denied (EACCES). Check its permissions and those of its folder.',
    );
    const network = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' });
    assert.notEqual(exitCodeOf(network), ExitCode.localFile);
  });

  it('a full disk under the output folder after the paid answer: exit 6, said as paid for and not saved, the file named', async function () {
    const out = cli.file('full');
    mkdirSync(out);
    if (!canMountTmpfs(out)) this.skip(); // needs a mount namespace (root, or unprivileged user namespaces)
    const dates = JSON.parse(
      (
        await run(
          'dates',
          cli.file('field.geojson'),
          '--model',
          'Stratus2',
          '--from',
          '2026-05-16',
          '--to',
          '2026-06-15',
          '--json',
        )
      ).stdout,
    ) as { coverage: { full: string[] } };
    const date = dates.coverage.full[0]!;
    cli.sim.configure({ imageBytes: 400_000 });
    try {
      const args = [
        'download',
        cli.file('field.geojson'),
        '--model',
        'Stratus2',
        '--satellite-constellations',
        'Sentinel2',
        '--date',
        date,
        '--yes',
        '--max-cost',
        '50',
        '--output-directory',
        out,
      ];
      const script = `mount -t tmpfs -o size=100k tmpfs '${out}' && exec '${process.execPath}' '${buildCli()}' ${args.map((a) => `'${a}'`).join(' ')}`;
      const r = await captured(
        spawn('unshare', ['-m', 'sh', '-c', script], {
          cwd: cli.dir,
          env: { PATH: process.env.PATH ?? '', ...cli.env() },
        }),
      );
      assert.equal(r.code, 6, r.stderr);
      assert.match(
        r.stdout + r.stderr,
        /was paid for \(about [\d.]+ credits\) but could not be saved: Could not write .*full\/composite-[^ ]+\.tif: the disk is full \(ENOSPC\)/,
      );
    } finally {
      cli.sim.configure({});
    }
    assert.deepEqual(readdirSync(out), [], "the mount was the run's own; nothing left here");
  });
});
