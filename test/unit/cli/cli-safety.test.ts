import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import { PurchaseLedger } from '../../../src/ledger/purchase-ledger';
import type { LedgerUnit } from '../../../src/ledger/purchase-ledger';
import type { Simulator } from '../../simulator/index';
import { datesCoveringTiles } from '../../simulator/test-helpers';
import { miniTilesOf, tilesInBbox } from '../../simulator/tiles';
import { allOutput, jsonOf, runCli, startCli } from '../fixtures/cli-helpers';
import type { CliRun } from '../fixtures/cli-helpers';
import { FIELD, nextMonth, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-safety-key-Q8zL2w';
/** The same ring left open: an error at line 1, column 77. */
const OPEN_RING = '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.07,56.05],[10.07,56.06],[10.05,56.06]]]}';

/** A server that repeats the key it was sent in its error text, as a careless service might. */
async function startEchoServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ Succeeded: false, Data: null, Error: { Code: 401, Message: `API key ${key} is not valid` } }),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('CLI: exit codes, the key, the budget guard, resuming a series', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-safety-',
    simulator: { seed: 2 },
    files: { 'fields.geojson': FIELD },
  });
  let sim: Simulator;
  let dir: string;
  let area: string;
  const { env, run } = cli;
  const billedCalls = () =>
    sim.requests.filter(
      (r) =>
        r.method === 'POST' &&
        (/^\/api\/satelliteimages\/process\/(composite|tile|minitile)$/.test(r.path) ||
          r.path === '/api/tasking/orders'),
    );
  let dates: string[];

  before(async () => {
    ({ sim, dir } = cli);
    area = cli.file('fields.geojson');
    dates = jsonOf<{ coverage: { full: string[] } }>(await run('dates', area, '--model', 'Stratus2', '--json')).coverage
      .full;
    assert.ok(dates.length >= 3, 'the demo area has at least three dates');
  });

  it('usage errors exit 2: unknown verb, unknown option, a value that does not parse, the key as a flag', async () => {
    for (const args of [
      ['fly'],
      ['models', '--colour'],
      ['download', area, '--resolution', 'ten'],
      ['models', '--api-key', KEY],
      ['models', '--model', 'Stratus2'],
    ]) {
      const r = await run(...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^sat-imagery: /m);
    }
  });

  it('an invalid area exits 3 with the problem at its line and column, and sends nothing', async () => {
    sim.clearLog();
    const r = await runCli(['download', '-', '--model', 'Stratus2', '--json'], {
      cwd: dir,
      stdin: OPEN_RING,
      env: env(),
    });
    assert.equal(r.code, 3);
    assert.match(r.stderr, /^<stdin>:1:77: error: .*not closed/m);
    assert.equal(jsonOf<{ error: { exitCode: number } }>(r).error.exitCode, 3);
    assert.equal(sim.requests.length, 0);
  });

  it('auth failures exit 4: no key, a key file others can read, a refused key', async () => {
    const none = await runCli(['models'], { cwd: dir, env: { SAT_IMAGERY_BASE_URL: sim.url } });
    assert.equal(none.code, 4);
    const keyFile = join(dir, 'key');
    writeFileSync(keyFile, `${KEY}\n`);
    chmodSync(keyFile, 0o644);
    const open = await runCli(['models', '--api-key-file', keyFile], {
      cwd: dir,
      env: { SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(open.code, 4);
    assert.match(open.stderr, /can be read by others/);
    chmodSync(keyFile, 0o600);
    const ok = await runCli(['models', '--api-key-file', keyFile, '--json'], {
      cwd: dir,
      env: { SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(ok.code, 0, ok.stderr);
    const refused = await runCli(['models'], {
      cwd: dir,
      env: { SAT_IMAGERY_API_KEY: 'not-the-key', SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(refused.code, 4);
  });

  it('not available exits 5, the service refusing exits 9, a dead service exits 7, plain http off loopback exits 2', async () => {
    assert.equal(
      (await run('download', area, '--model', 'Stratus3', '--date', dates[0]!, '--yes', '--max-cost', '100')).code,
      5,
    );
    assert.equal((await run('orders', 'show', '00000000-0000-4000-8000-000000000000')).code, 9);
    const dead = await runCli(['models'], {
      cwd: dir,
      env: { SAT_IMAGERY_API_KEY: KEY, SAT_IMAGERY_BASE_URL: 'http://127.0.0.1:9' },
    });
    assert.equal(dead.code, 7);
    const plain = await runCli(['models', '--base-url', 'http://example.com'], {
      cwd: dir,
      env: { SAT_IMAGERY_API_KEY: KEY },
    });
    assert.equal(plain.code, 2);
    assert.match(plain.stderr, /plain http/);
  });

  it('a billed verb without --yes, or without a budget, or above it, prints the estimate, exits 8 and sends nothing billed', async () => {
    sim.clearLog();
    const base = [
      'download',
      area,
      '--model',
      'Stratus2',
      '--date',
      dates[0]!,
      '--satellite-constellations',
      'Sentinel2',
    ];
    const noYes = await run(...base, '--max-cost', '100', '--json');
    assert.equal(noYes.code, 8);
    const stopped = jsonOf<{ stopped: { cost: number; reason: string }; estimate: { CreditEstimate: number } }>(noYes);
    assert.ok(stopped.stopped.cost > 0);
    assert.match(stopped.stopped.reason, /--yes/);
    const noBudget = await run(...base, '--yes');
    assert.equal(noBudget.code, 8);
    assert.match(noBudget.stdout, /Cost: [\d.]+ credits[\s\S]*Not sent: no budget/);
    const above = await run(...base, '--yes', '--max-cost', String(stopped.stopped.cost / 2));
    assert.equal(above.code, 8);
    assert.match(above.stdout, /above the budget/);
    const order = await run(
      'orders',
      'create',
      area,
      '--model',
      'Stratus3',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      nextMonth().from,
      '--to',
      nextMonth().to,
    );
    assert.equal(order.code, 8);
    const tiles = await run('tiles', 'process', area, '--model', 'Stratus2', '--date', dates[0]!, '--max-cost', '100');
    assert.equal(tiles.code, 8);
    // The batch's derived price is said before it stops, as download's estimate is.
    assert.match(tiles.stdout, /\d credits?\b/, tiles.stdout);
    assert.match(tiles.stdout, /Not sent: not confirmed: add --yes/);
    // An area that does not read is said first (exit 3), not hidden behind the missing --yes.
    const broken = join(dir, 'broken-tiles.geojson');
    writeFileSync(broken, '{"type":"Polygon","coordinates":[[[10,56],[10.1,56],[10.1,56.1],[10,56.1]]]}');
    const unread = await run('tiles', 'process', broken, '--model', 'Stratus2', '--date', dates[0]!);
    assert.equal(unread.code, 3, unread.stderr);
    assert.deepEqual(billedCalls(), []);
    assert.ok(
      sim.requests.some((r) => r.path === '/api/satelliteimages/process/composite/estimate'),
      'the estimate itself was asked',
    );
  });

  it('tiles process prices the batch first: above the budget nothing is sent, within it every unit goes and the spend stays under the price', async () => {
    const wide = join(dir, 'wide.geojson');
    writeFileSync(
      wide,
      '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.12,56.05],[10.12,56.09],[10.05,56.09],[10.05,56.05]]]}',
    );
    sim.clearLog();
    const credits = sim.state.account.CreditAmount;
    // A date on which every mini-tile the run sends has imagery (the newest full date of the demo
    // area need not cover them: on some days one has none, and the run exits 5). The units are the
    // mini-tiles over the area's box, as the command line picks them; a whole tile's date is not theirs.
    const box = { west: 10.05, south: 56.05, east: 10.12, north: 56.09 };
    const guids = tilesInBbox(sim.state.seed, box)
      .flatMap((tile) => miniTilesOf(sim.state.seed, tile))
      .filter(
        ({ bbox }) => bbox.west < box.east && bbox.east > box.west && bbox.south < box.north && bbox.north > box.south,
      )
      .map((t) => t.guid);
    // ... and one the date search lists as ready for the demo area (today's images may not be).
    const date = datesCoveringTiles(sim, 'Stratus2', guids).find((d) => d < sim.state.todayIso() && dates.includes(d));
    assert.ok(date, 'a date covers the tiles under the area');
    const args = [
      'tiles',
      'process',
      wide,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      date,
      '--concurrency',
      '1',
      '--yes',
      '--output-directory',
      join(dir, 'budget'),
      '--json',
    ];
    const refused = await run(...args, '--max-cost', '1');
    assert.equal(refused.code, 8, refused.stderr);
    const stopped = jsonOf<{ stopped: { cost: number; reason: string } }>(refused).stopped;
    assert.ok(stopped.cost > 1, `the derived price ${stopped.cost} is above the budget`);
    assert.match(stopped.reason, /above the budget of 1/);
    assert.deepEqual(billedCalls(), []);
    assert.equal(sim.state.account.CreditAmount, credits);
    const sent = await run(...args, '--max-cost', String(Math.ceil(stopped.cost)));
    assert.equal(sent.code, 0, `${sent.stderr}\n${sent.stdout}\n${date}`);
    const batch = jsonOf<{ units: { id: string; status: string }[] }>(sent);
    assert.ok(batch.units.length >= 2, 'the area has several mini-tiles');
    assert.deepEqual(batch.units.map((u) => u.id).sort(), [...guids].sort(), 'the units are the mini-tiles dated here');
    assert.equal(batch.units.filter((u) => u.status === 'done').length, batch.units.length);
    assert.equal(billedCalls().length, batch.units.length);
    assert.ok(credits - sim.state.account.CreditAmount <= stopped.cost, 'spent no more than the derived price');
  });

  it('a series killed during a download skips finished dates on the rerun and never re-sends the lost one unasked', async () => {
    const out = join(dir, 'series');
    const chosen = dates.slice(0, 3).sort();
    const args = [
      'series',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--dates',
      chosen.join(','),
      '--concurrency',
      '1',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      out,
      '--json',
    ];
    sim.clearLog();
    // One date after another (never all at once, ending together), slow images of a set size, so the kill lands while a date is downloading after another one
    // finished (some days' images are small enough to come whole between two looks).
    sim.configure({ trickleBytesPerSecond: 40_000, imageBytes: 120_000 });
    const first = startCli(args, { cwd: dir, env: env() });
    let ended: CliRun | undefined;
    void first.done.then((r) => (ended = r));
    // The folder's purchase ledger is the record: a date `saved` is done, one `sending` or
    // `charged` was cut off and may have been charged.
    const deadline = Date.now() + 60_000;
    let units = new Map<string, string>();
    const readLedger = async () =>
      new Map(
        [...(await PurchaseLedger.read(out).catch(() => new Map<string, LedgerUnit>())).values()].map((u) => [
          u.id ?? '',
          u.state,
        ]),
      );
    const withStatus = (...states: string[]) => chosen.filter((d) => states.includes(units.get(d) ?? ''));
    for (;;) {
      assert.ok(
        Date.now() < deadline,
        `the series finished one date while another was in flight (ledger: ${[...units].join(', ')})`,
      );
      units = await readLedger();
      assert.ok(
        !ended,
        `the run ended (exit ${ended?.code}) before one date was saved while another was in flight: ${[...units].join(', ')}\n${ended?.stderr}\n${ended?.stdout}`,
      );
      if (withStatus('saved').length >= 1 && withStatus('sending', 'charged').length >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    first.child.kill('SIGKILL');
    await first.done;
    sim.configure({});
    units = await readLedger();
    const done = withStatus('saved');
    const lost = withStatus('sending', 'charged');
    const rest = chosen.filter((d) => !done.includes(d) && !lost.includes(d));
    const sentBeforeKill = billedCalls()
      .map((r) => (r.body as { Date: string }).Date.slice(0, 10))
      .sort();
    // A date is recorded `sending` before its billed call leaves, so the kill may land on either
    // side of the call: a `saved` or `charged` date was sent, a `sending` one may have been.
    const mustHaveBeenSent = [...done, ...withStatus('charged')];
    assert.ok(
      mustHaveBeenSent.every((d) => sentBeforeKill.includes(d)) &&
        sentBeforeKill.every((d) => done.includes(d) || lost.includes(d)),
      `sent before the kill: ${sentBeforeKill.join(', ')}; ledger: ${[...units].join(', ')}`,
    );

    const rerun = await runCli(args, { cwd: dir, env: env() });
    assert.equal(rerun.code, 6, rerun.stderr);
    const report = jsonOf<{ dates: { date: string; status: string }[] }>(rerun);
    assert.deepEqual(
      report.dates.map((d) => [d.date, d.status]),
      chosen.map((d) => [d, done.includes(d) ? 'skipped' : lost.includes(d) ? 'uncertain' : 'done']),
    );
    assert.deepEqual(
      billedCalls()
        .map((r) => (r.body as { Date: string }).Date.slice(0, 10))
        .sort(),
      [...sentBeforeKill, ...rest].sort(),
    );

    const resent = await runCli([...args, '--resend-uncertain'], { cwd: dir, env: env() });
    assert.equal(resent.code, 0, resent.stderr);
    const final = jsonOf<{ dates: { date: string; status: string; file?: string }[] }>(resent);
    assert.deepEqual(
      final.dates.map((d) => d.status),
      chosen.map((d) => (lost.includes(d) ? 'done' : 'skipped')),
    );
    for (const d of final.dates) assert.ok(d.file && existsSync(d.file), `${d.date} has its file`);
    assert.equal(
      billedCalls().length,
      sentBeforeKill.length + rest.length + lost.length,
      'each date sent once, the lost one once more on request',
    );
  });

  it('never prints the key, even when the server repeats it in an error', async () => {
    const echo = await startEchoServer();
    try {
      const r = await runCli(['models', '--json'], {
        cwd: dir,
        env: { SAT_IMAGERY_API_KEY: KEY, SAT_IMAGERY_BASE_URL: echo.url },
      });
      assert.equal(r.code, 4);
      assert.match(r.stderr, /API key \[(redacted|api-key)\] is not valid/);
    } finally {
      echo.server.close();
    }
    const leaks = allOutput.filter((text) => text.includes(KEY));
    assert.deepEqual(leaks, [], 'no stdout or stderr of any run holds the key');
  });
});
