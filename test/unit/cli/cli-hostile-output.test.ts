// Issue 22, section 3, on the command line as a process: what a server wrote reaches the terminal
// without its control characters (an error text, `orders list`, `account`), in text and in --json;
// a pre-signed --upload-url's signature is never printed; an output folder that is (or lies under)
// a symbolic link inside the current folder is refused before anything billed; a `.part` left by
// a run killed with SIGKILL is removed by the next run in that folder.
import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { jsonOf, startCli } from '../fixtures/cli-helpers';
import type { CliRun } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-hostile-key-7Hq2';
/** The simulator's "now", pinned: the dates below exist whatever day the test runs. */
const NOW = Date.parse('2026-06-15T12:00:00Z');
/** Clears the screen, sets the window title, plants a link, moves the cursor up, overwrites the
 * line, and turns the rest of the line around; a C1 CSI (0x9b) too. */
const HOSTILE =
  'Stratus2\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.invalid\x07link\x1b]8;;\x07\x1b[1A\rSaved \u202etxt.exe\x9b31m\u0000';
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const BILLED = /^\/api\/satelliteimages\/process\/(composite|tile|minitile)$/;

describe('CLI: hostile server text, the upload signature, linked output folders, stale .part files', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-hostile-',
    simulator: { seed: 5, clock: () => NOW, specVariant: { accountInfo: 'apikey' } },
    files: { 'field.geojson': FIELD },
  });
  let sim: Simulator;
  let dir: string;
  let area: string;
  let date: string;
  const { run } = cli;
  const billed = () => sim.requests.filter((r) => r.method === 'POST' && BILLED.test(r.path));

  before(async () => {
    ({ sim, dir } = cli);
    area = cli.file('field.geojson');
    const found = jsonOf<{ coverage: { full: string[] } }>(
      await run('dates', area, '--model', 'Stratus2', '--from', '2026-05-16', '--to', '2026-06-15', '--json'),
    );
    date = found.coverage.full[0]!;
    assert.match(date, /^2026-0[56]-\d\d$/);
  });
  beforeEach(() => sim.clearLog());

  function assertPrintable(r: CliRun): void {
    for (const [name, text] of [
      ['stdout', r.stdout],
      ['stderr', r.stderr],
    ] as const) {
      const at = RAW.exec(text);
      assert.equal(
        at,
        null,
        `${name} holds a raw control character ${JSON.stringify(at?.[0])}: ${JSON.stringify(text.slice(0, 600))}`,
      );
    }
  }

  it("orders list and account: the server's control characters are shown escaped, in text and in --json (the data kept)", async () => {
    sim.state.stored[0]!.Model = HOSTILE;
    Object.assign(sim.state.account, { Notice: HOSTILE });
    for (const verb of [['orders', 'list'], ['account']]) {
      const text = await run(...verb);
      assert.equal(text.code, 0, text.stderr);
      assertPrintable(text);
      assert.ok(text.stdout.includes('Stratus2\\u001b[2J\\u001b]0;pwned\\u0007'), text.stdout);
      assert.ok(text.stdout.includes('\\u202etxt.exe\\u009b31m\\u0000'), text.stdout);
      const json = await run(...verb, '--json');
      assert.equal(json.code, 0, json.stderr);
      assertPrintable(json);
      const parsed = jsonOf<{ orders?: { Model: string }[]; account?: { Notice: string } }>(json);
      assert.equal(
        verb[0] === 'account' ? parsed.account?.Notice : parsed.orders?.[0]?.Model,
        HOSTILE,
        'JSON still says exactly what the server sent',
      );
    }
  });

  it('an error text from the server: escaped on stderr and in the --json error', async () => {
    const refusal = {
      method: 'GET',
      path: '/api/tasking/models',
      status: 400,
      code: 992,
      message: `Refused: ${HOSTILE}`,
    };
    sim.schedule(refusal);
    const text = await run('models');
    assert.equal(text.code, 9, text.stderr);
    assertPrintable(text);
    assert.match(text.stderr, /Refused: Stratus2\\u001b\[2J/);
    sim.schedule(refusal);
    const json = await run('models', '--json');
    assert.equal(json.code, 9, json.stderr);
    assertPrintable(json);
    assert.ok(jsonOf<{ error: { message: string } }>(json).error.message.includes(`Refused: ${HOSTILE}`));
  });

  it('--upload-url: the service gets the whole pre-signed URL; no output shows its query', async () => {
    const signature = '0123456789abcdef0123456789abcdef0123456789abcdef';
    const credential = 'AKIAEXAMPLE%2F20260615%2Feu-west-1%2Fs3%2Faws4_request';
    const target = `https://uploads.example.com/field.tif?X-Amz-Credential=${credential}&X-Amz-Signature=${signature}&token=opaque-secret-0042`;
    for (const json of [true, false]) {
      const r = await run(
        'download',
        area,
        '--model',
        'Stratus2',
        '--satellite-constellations',
        'Sentinel2',
        '--date',
        date,
        '--upload-url',
        target,
        '--yes',
        '--max-cost',
        '50',
        '--output-directory',
        join(dir, 'up'),
        ...(json ? ['--json'] : []),
      );
      assert.equal(r.code, 0, r.stderr);
      const composite = sim.requests
        .filter((q) => q.method === 'POST' && q.path === '/api/satelliteimages/process/composite')
        .at(-1);
      assert.equal((composite?.body as { UploadUrl?: string }).UploadUrl, target);
      for (const secret of [signature, 'AKIAEXAMPLE', 'opaque-secret-0042', decodeURIComponent(credential)])
        assert.ok(!`${r.stdout}${r.stderr}`.includes(secret), `${secret} printed: ${r.stdout}`);
      if (json) assert.equal(jsonOf<{ uploadedTo: string }>(r).uploadedTo, 'https://uploads.example.com/field.tif');
    }
    const other = await run(
      'download',
      area,
      '--model',
      'Stratus2',
      '--date',
      date,
      '--upload-url',
      'not a url?X-Amz-Signature=abcdef0123456789',
      '--json',
    );
    assert.ok(!`${other.stdout}${other.stderr}`.includes('abcdef0123456789'), other.stderr);
  });

  it('an output folder that is a symbolic link, or lies under one inside the current folder, is refused before anything billed', async () => {
    const elsewhere = join(dir, '..', `${dir.split('/').pop()}-elsewhere`);
    mkdirSync(elsewhere, { recursive: true });
    symlinkSync(elsewhere, join(dir, 'imagery'));
    symlinkSync(elsewhere, join(dir, 'linked'));
    for (const out of ['imagery', join(dir, 'imagery'), join('linked', 'sub')]) {
      sim.clearLog();
      const r = await run(
        'download',
        area,
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
      );
      assert.equal(r.code, 2, `${out}: ${r.stderr}`);
      assert.match(r.stderr, /is a symbolic link \(to .*-elsewhere\).*Nothing was sent/, out);
      assert.deepEqual(billed(), [], `${out}: nothing billed`);
      for (const verb of [
        ['series', area, '--dates', date],
        ['tiles', 'process', area, '--mini-tiles', '--date', date],
      ]) {
        const again = await run(
          ...verb,
          '--model',
          'Stratus2',
          '--satellite-constellations',
          'Sentinel2',
          '--yes',
          '--max-cost',
          '50',
          '--output-directory',
          out,
        );
        assert.equal(again.code, 2, `${verb[0]} ${out}: ${again.stderr}`);
        assert.match(again.stderr, /symbolic link/);
      }
      assert.deepEqual(billed(), [], `${out}: nothing billed by series or tiles either`);
    }
    assert.deepEqual(readdirSync(elsewhere), [], 'nothing written through the link');
  });

  it('SIGKILL mid-download in tiles process leaves a .part; the next run in that folder removes it', async () => {
    const guid = jsonOf<{ tiles: { Guid: string }[] }>(await run('tiles', 'search', area, '--mini-tiles', '--json'))
      .tiles[0]!.Guid;
    const out = join(dir, 'killed');
    const args = [
      'tiles',
      'process',
      area,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      date,
      '--tile-guids',
      guid,
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      out,
      '--json',
    ];
    sim.configure({ imageBytes: 4_000_000, trickleBytesPerSecond: 200_000 });
    let killed: CliRun;
    try {
      const started = startCli(args, { cwd: dir, env: cli.env() });
      const deadline = Date.now() + 60_000;
      const parts = (): string[] => {
        try {
          return readdirSync(out).filter((name) => name.endsWith('.part'));
        } catch {
          return [];
        }
      };
      while (parts().length === 0) {
        assert.ok(Date.now() < deadline, 'a .part appears');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      started.child.kill('SIGKILL');
      killed = await started.done;
    } finally {
      sim.configure({});
    }
    assert.equal(killed.code, null, 'killed, not ended');
    const left = readdirSync(out).filter((name) => name.endsWith('.part'));
    assert.equal(left.length, 1, `the dead run's .part is there: ${readdirSync(out).join(', ')}`);
    assert.match(left[0]!, /\.\d+-[0-9a-f]{8}\.part$/, 'it names its writer');
    sim.clearLog();
    const rerun = await run(...args);
    assertPrintable(rerun);
    assert.deepEqual(
      readdirSync(out).filter((name) => name.endsWith('.part')),
      [],
      `removed by the rerun (exit ${rerun.code}): ${rerun.stderr}`,
    );
    assert.deepEqual(billed(), [], 'the unit the killed run sent is held as possibly charged, not sent again');
  });
});
