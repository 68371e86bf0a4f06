// The CLI as a person or a CI job meets it (installed from the clone: cli-install.test.ts): Ctrl-C in the
// middle of a billed download, the date windows of a series, a key file of another user, and the
// progress bar: drawn on a real terminal (a pseudo-terminal from util-linux `script`), absent when
// the output is piped.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LEDGER_NAME } from '../../../src/ledger/ledger-journal';
import type { Simulator } from '../../simulator/index';
import { allOutput, buildCli, clockEnv, jsonOf, runCli, startCli } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';
import type { CliRun } from '../fixtures/cli-helpers';

const KEY = 'cli-process-key-Zt6q';
const COMPOSITE = '/api/satelliteimages/process/composite';
const NOBODY = 65534;

/** Every file under a folder, with its size (a file renamed away while listing is left out). */
function filesUnder(dir: string): { path: string; size: number }[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return filesUnder(path);
    const size = statSync(path, { throwIfNoEntry: false })?.size;
    return size === undefined ? [] : [{ path, size }];
  });
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('CLI as a process: interrupts, series windows, the key file, the terminal', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-process-',
    simulator: { seed: 7 },
    files: { 'field.geojson': FIELD },
  });
  let sim: Simulator;
  let dir: string;
  let area: string;
  let dates: string[];
  const { env, run } = cli;
  const composites = () => sim.requests.filter((r) => r.method === 'POST' && r.path === COMPOSITE);
  const series = (out: string, ...more: string[]) => [
    'series',
    area,
    '--model',
    'Stratus2',
    '--satellite-constellations',
    'Sentinel2',
    '--output-directory',
    join(dir, out),
    ...more,
  ];

  /** Starts the CLI, sends SIGINT while the `count`th image request is being written to its .part file in `out`. */
  async function interruptAt(args: string[], count: number, out: string, bytesPerSecond: number): Promise<CliRun> {
    sim.clearLog();
    sim.configure({ trickleBytesPerSecond: bytesPerSecond });
    try {
      const started = startCli(args, { cwd: dir, env: env() });
      let ended: CliRun | undefined;
      void started.done.then((r) => (ended = r));
      const deadline = Date.now() + 60_000;
      while (!(composites().length >= count && filesUnder(out).some((f) => f.path.endsWith('.part')))) {
        assert.ok(
          !ended,
          `the run ended before image request ${count} (exit ${ended?.code}): ${ended?.stderr}\n${ended?.stdout}`,
        );
        assert.ok(Date.now() < deadline, `image request ${count} in flight`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The image is trickling in (its .part exists, written in large blocks): interrupt it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      started.child.kill('SIGINT');
      return await started.done;
    } finally {
      sim.configure({});
    }
  }

  before(async () => {
    ({ sim, dir } = cli);
    area = cli.file('field.geojson');
    dates = jsonOf<{ coverage: { full: string[] } }>(
      await run('dates', area, '--model', 'Stratus2', '--from', day(-30), '--to', day(0), '--json'),
    ).coverage.full.sort();
    assert.ok(dates.length >= 4, `the demo field has four dates in 30 days: ${dates.join(', ')}`);
  });

  it('SIGINT mid-series exits 130: the finished date kept, the one in flight reported and recorded as possibly charged, no half file', async () => {
    const out = 'interrupted-series';
    const r = await interruptAt(
      [
        ...series(out, '--dates', dates.slice(0, 3).join(','), '--concurrency', '1', '--yes', '--max-cost', '100'),
        '--json',
      ],
      2,
      join(dir, out),
      20_000,
    );
    assert.equal(r.code, 130, r.stderr);
    const report = jsonOf<{ outcome: string; dates: { date: string; status: string }[]; manifestPath: string }>(r);
    assert.equal(report.outcome, 'cancelled');
    assert.deepEqual(
      report.dates.map((d) => d.status),
      ['done', 'uncertain', 'not-sent'],
    );
    const units = (
      JSON.parse(readFileSync(report.manifestPath, 'utf8')) as {
        units: Record<string, { status: string; file?: string; bytes?: number }>;
      }
    ).units;
    assert.equal(units[dates[0]!]!.status, 'done');
    assert.equal(
      units[dates[1]!]!.status,
      'may-have-been-charged',
      'the manifest holds the cut date as possibly charged',
    );
    assert.equal(units[dates[2]!], undefined);
    const files = filesUnder(join(dir, out));
    assert.deepEqual(
      files.filter((f) => f.path.endsWith('.part')),
      [],
      'no .part left',
    );
    const images = files.filter((f) => f.path.endsWith('.tif'));
    assert.deepEqual(
      images.map((f) => [f.path, f.size]),
      [[units[dates[0]!]!.file, units[dates[0]!]!.bytes]],
      'only the whole image of the finished date',
    );
  });

  it('SIGINT mid-download exits 130, leaves no file at all, and says the image may have been charged', async () => {
    const out = join(dir, 'interrupted-download');
    const r = await interruptAt(
      [
        'download',
        area,
        '--model',
        'Stratus2',
        '--satellite-constellations',
        'Sentinel2',
        '--date',
        dates[0]!,
        '--yes',
        '--max-cost',
        '100',
        '--output-directory',
        out,
        '--json',
      ],
      1,
      out,
      300,
    );
    assert.equal(r.code, 130, r.stderr);
    const printed = jsonOf<{ files: string[]; outcome: string }>(r);
    assert.equal(printed.outcome, 'may-have-been-charged', 'its bytes were flowing: the service ran it');
    assert.deepEqual(printed.files, []);
    assert.deepEqual(
      filesUnder(out).filter((f) => basename(f.path) !== LEDGER_NAME),
      [],
      'nothing but the purchase ledger',
    );
  });

  it('series --from/--to/--every/--max-dates, and --nth: the dates the search found in the window, thinned', async () => {
    const window = ['--from', day(-30), '--to', day(0)];
    const daysApart = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    const weekly: string[] = [];
    for (const d of dates) if (weekly.length === 0 || daysApart(weekly[weekly.length - 1]!, d) >= 7) weekly.push(d);
    const everyNth = dates.filter((_, i) => i % 2 === 0);
    for (const [flags, expected] of [
      [['--every', '7', '--max-dates', '2'], weekly.slice(-2)],
      [['--nth', '2'], everyNth],
    ] as const) {
      sim.clearLog();
      // Without --yes: every date is priced, and nothing billed is sent (exit 8).
      const r = await run(...series('windows', ...window, ...flags), '--json');
      assert.equal(r.code, 8, `${r.stderr}\n${r.stdout}`);
      const estimated = sim.requests
        .filter((q) => q.path === `${COMPOSITE}/estimate`)
        .map((q) => String((q.body as { Date: string }).Date).slice(0, 10))
        .sort();
      assert.deepEqual(estimated, [...expected], `${flags.join(' ')}: the dates priced`);
      assert.deepEqual(composites(), []);
    }
    assert.notDeepEqual(weekly.slice(-2), everyNth, 'the two selections differ');
  });

  it('a key file of another user is refused even with mode 600, and ours is refused when others can read it', async function () {
    if (process.getuid?.() !== 0) this.skip(); // only root can give a file away
    const keyFile = join(dir, 'key-of-nobody');
    writeFileSync(keyFile, `${KEY}\n`);
    chmodSync(keyFile, 0o600);
    chownSync(keyFile, NOBODY, NOBODY);
    sim.clearLog();
    const theirs = await runCli(['models', '--api-key-file', keyFile], {
      cwd: dir,
      env: { SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(theirs.code, 4);
    assert.match(theirs.stderr, /key-of-nobody belongs to another user: refused/);
    assert.equal(sim.requests.length, 0, 'nothing was sent with it');
    chownSync(keyFile, 0, 0);
    chmodSync(keyFile, 0o640);
    const groupReadable = await runCli(['models', '--api-key-file', keyFile], {
      cwd: dir,
      env: { SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(groupReadable.code, 4);
    assert.match(groupReadable.stderr, /can be read by others \(mode 640\)/);
    chmodSync(keyFile, 0o600);
    const ours = await runCli(['models', '--api-key-file', keyFile, '--json'], {
      cwd: dir,
      env: { SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(ours.code, 0, ours.stderr);
  });

  it('piped (not a terminal): no progress bar control codes in stdout or stderr', async () => {
    sim.configure({ trickleBytesPerSecond: 100_000 });
    try {
      const r = await run(...series('piped', '--dates', dates.slice(0, 2).join(','), '--yes', '--max-cost', '100'));
      assert.equal(r.code, 0, r.stderr);
      for (const text of [r.stdout, r.stderr]) {
        assert.ok(!text.includes('\r'), 'no carriage return');
        assert.ok(!text.includes('\x1b['), 'no escape sequence');
      }
      assert.match(r.stdout, /done/);
    } finally {
      sim.configure({});
    }
  });

  it('on a terminal the bar is drawn (n of N dates, bytes) and the key never appears', async () => {
    const bundle = buildCli();
    const args = [
      ...series('tty', '--dates', dates.slice(0, 2).join(','), '--concurrency', '1', '--yes', '--max-cost', '100'),
    ];
    const command = [process.execPath, bundle, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
    sim.configure({ trickleBytesPerSecond: 60_000 });
    let screen = '';
    let code: number | null;
    try {
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...clockEnv(), ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (c: Buffer) => (screen += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (screen += c.toString('utf8')));
      code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    } finally {
      sim.configure({});
    }
    allOutput.push(screen);
    assert.equal(code, 0, screen);
    assert.match(
      screen,
      /\r\x1b\[K\[[#.]{24}\] +\d+% [012] of 2 dates, [\d.]+ (B|KiB|MiB)/,
      `the bar with n of N and the bytes: ${JSON.stringify(screen.slice(0, 3000))}`,
    );
    assert.match(screen, /\r\x1b\[K\[#{24}\] 100% 2 of 2 dates/, 'drawn to the end');
    assert.ok(!screen.includes(KEY), 'the key never reaches the terminal');
  });
});
