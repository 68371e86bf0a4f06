// Orders in imagery as code when money is at stake: a create whose answer is lost (the connection
// reset after the service made the order) is found by the lost-answer lookup, never created
// again by a second apply, and plan reports it as exists (matched by meaning, with the lock or
// without it), never create; one the account does not list yet is held in the lock without a
// GUID (written before the create left), planned as uncertain and never created again, until the
// list shows it; a create refused for certain is not held; a file whose budget.maxEuroPerMonth is below a new order's price
// stops apply before any billed call (the simulator's charge log stays empty).
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { jsonOf, startCli } from '../../fixtures/cli-helpers';
import { FIELD, nextMonth, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-orders-key-2Kx6';
const ORDERS = '/api/tasking/orders';

interface OrderPlan {
  orders: { kind: string; order: string; guid?: string; euroThisMonth?: number; euroPerMonth?: number }[];
  stops: string[];
}

describe('CLI: imagery as code, orders under faults and budgets', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-orders-',
    simulator: { seed: 13 },
    files: { 'field.geojson': FIELD },
  });
  const creates = () => cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS).length;
  /** Each test's order has a storageMonths of its own: the account keeps every order the file's
   * tests made, and the plan finds an order by meaning, so a shared one would be found as `exists`. */
  const write = (name: string, order: Record<string, unknown>, budget?: Record<string, number>) => {
    const period = nextMonth();
    writeFileSync(
      cli.file(name),
      JSON.stringify({
        orders: [
          {
            name: 'field-order',
            area: 'field.geojson',
            model: 'Stratus2',
            satelliteConstellations: ['Sentinel2'],
            from: period.from,
            to: period.to,
            ...order,
          },
        ],
        ...(budget ? { budget } : {}),
      }),
    );
  };
  /** The account's order list shows a new order only an hour after it was made: a list that lags its writes. */
  const withLaggingList = async (run: () => Promise<void>) => {
    cli.sim.configure({ orderListDelayMs: 3_600_000 });
    try {
      await run();
    } finally {
      cli.sim.configure({});
    }
  };
  const lockOrders = (name: string) =>
    (JSON.parse(readFileSync(cli.file(name), 'utf8')) as { orders: { order: string; guid?: string }[] }).orders;
  const apply = (name: string, ...extra: string[]) =>
    cli.run('apply', cli.file(name), '--yes', '--max-cost', '100000', ...extra);
  const plan = async (name: string) => {
    const run = await cli.run('plan', cli.file(name), '--json');
    return { code: run.code, plan: jsonOf<OrderPlan>(run), stderr: run.stderr };
  };

  /** The plan holds the file's order as uncertain, and the next apply creates none beyond `created`. */
  const heldNotCreatedAgain = async (name: string, created: number) => {
    assert.deepEqual(
      (await plan(name)).plan.orders.map((o) => o.kind),
      ['uncertain'],
    );
    const again = await apply(name);
    assert.equal(again.code, ExitCode.ok, again.stderr + again.stdout);
    assert.equal(creates(), created, 'never created twice');
  };

  beforeEach(() => cli.sim.clearLog());
  afterEach(() => cli.sim.clearScheduled());

  it('a create whose answer is lost is found by meaning, not created again by a second apply, and plan says exists', async () => {
    write('lost.imagery.json', { storageMonths: 3 });
    cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
    const first = await apply('lost.imagery.json', '--json');
    const posts = cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS);
    assert.deepEqual(
      posts.map((r) => [r.outcome, Boolean(r.charged)]),
      [['fault:reset', true]],
      'one create, made and charged, its answer lost',
    );
    // The lost-answer lookup finds it by meaning: the order is known, recorded, not sent again.
    assert.equal(first.code, ExitCode.ok, first.stderr + first.stdout);
    const found = jsonOf<{ orders: { order: string; outcome: string; guid?: string }[] }>(first).orders;
    assert.equal(found.length, 1);
    assert.match(found[0]!.guid ?? '', /^[0-9a-f-]{36}$/);
    const after = await plan('lost.imagery.json');
    assert.equal(after.code, ExitCode.ok, after.stderr);
    assert.deepEqual(
      after.plan.orders.map((o) => [o.kind, o.guid]),
      [['exists', found[0]!.guid]],
    );
    const second = await apply('lost.imagery.json', '--json');
    assert.equal(second.code, ExitCode.ok, second.stderr);
    assert.equal(creates(), 1, `the second apply creates nothing: ${second.stdout}`);
    // A run killed before the lock was written: the account's orders alone match it by meaning.
    rmSync(cli.file('lost.imagery.lock.json'));
    const unlocked = await plan('lost.imagery.json');
    assert.equal(unlocked.code, ExitCode.ok, unlocked.stderr);
    assert.deepEqual(
      unlocked.plan.orders.map((o) => [o.kind, o.guid]),
      [['exists', found[0]!.guid]],
    );
  });

  it('a create whose answer is lost and which the list does not show yet is held as uncertain, never created twice', async () => {
    write('unlisted.imagery.json', { storageMonths: 4 });
    // The service makes the order, the answer is lost, and its list shows the order only an hour later.
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      const first = await apply('unlisted.imagery.json', '--json');
      assert.equal(first.code, ExitCode.mayHaveBeenCharged, first.stderr + first.stdout);
      assert.deepEqual(jsonOf<{ orders: { order: string; outcome: string; guid?: string }[] }>(first).orders, [
        { order: 'field-order', outcome: 'unknown' },
      ]);
      assert.equal(creates(), 1);
      const lock = () =>
        (
          JSON.parse(readFileSync(cli.file('unlisted.imagery.lock.json'), 'utf8')) as {
            orders: { order: string; guid?: string; payloadHash: string }[];
          }
        ).orders;
      assert.deepEqual(
        lock().map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
        'the lock holds the order without a GUID',
      );
      const held = await plan('unlisted.imagery.json');
      assert.equal(held.code, ExitCode.mayHaveBeenCharged, held.stderr);
      assert.deepEqual(
        held.plan.orders.map((o) => o.kind),
        ['uncertain'],
      );
      const text = await cli.run('plan', cli.file('unlisted.imagery.json'));
      assert.match(
        text.stdout,
        /\? uncertain +order field-order field\.geojson: its create was sent and its answer lost/,
      );
      const second = await apply('unlisted.imagery.json', '--json');
      assert.equal(second.code, ExitCode.ok, second.stderr + second.stdout);
      assert.equal(creates(), 1, `the second apply creates nothing: ${second.stdout}`);
      // An hour on, the list shows it: plan says exists, and apply keeps its GUID in the lock.
      cli.sim.advanceClock(3_600_000);
      const listed = await plan('unlisted.imagery.json');
      assert.equal(listed.plan.orders[0]?.kind, 'exists', JSON.stringify(listed.plan.orders));
      const guid = listed.plan.orders[0]?.guid;
      assert.match(guid ?? '', /^[0-9a-f-]{36}$/);
      const third = await apply('unlisted.imagery.json');
      assert.equal(third.code, ExitCode.ok, third.stderr + third.stdout);
      assert.deepEqual(
        lock().map((o) => [o.order, o.guid]),
        [['field-order', guid]],
      );
      assert.equal(creates(), 1);
    });
  });

  it('apply killed while its create is in flight leaves the order held as uncertain: the next apply creates nothing', async () => {
    write('killed.imagery.json', { storageMonths: 6 });
    await withLaggingList(async () => {
      // The service makes the order at once and holds its answer; the CLI is killed meanwhile.
      cli.sim.schedule({ method: 'POST', path: ORDERS, slowProcessingMs: 60_000, times: 1 });
      const { child, done } = startCli(
        ['apply', cli.file('killed.imagery.json'), '--yes', '--max-cost', '100000', '--json'],
        { cwd: cli.dir, env: cli.env() },
      );
      const deadline = Date.now() + 30_000;
      while (creates() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.equal(creates(), 1, 'the create was sent');
      child.kill('SIGKILL');
      assert.equal((await done).code, null, 'killed in flight');
      await heldNotCreatedAgain('killed.imagery.json', 1);
    });
  });

  it('an order created with its GUID in the lock, which the list does not show yet, exists: never created twice', async () => {
    write('lagging.imagery.json', { storageMonths: 7 });
    await withLaggingList(async () => {
      const first = await apply('lagging.imagery.json', '--json');
      assert.equal(first.code, ExitCode.ok, first.stderr + first.stdout);
      const guid = jsonOf<{ orders: { guid?: string }[] }>(first).orders[0]?.guid;
      assert.match(guid ?? '', /^[0-9a-f-]{36}$/);
      const after = await plan('lagging.imagery.json');
      assert.equal(after.code, ExitCode.ok, after.stderr);
      assert.deepEqual(
        after.plan.orders.map((o) => [o.kind, o.guid]),
        [['exists', guid]],
      );
      const second = await apply('lagging.imagery.json');
      assert.equal(second.code, ExitCode.ok, second.stderr + second.stdout);
      assert.equal(creates(), 1, 'one order, however long the list lags');
      assert.deepEqual(
        lockOrders('lagging.imagery.lock.json').map((o) => [o.order, o.guid]),
        [['field-order', guid]],
      );
    });
  });

  it('a create answered 503 after the service made it stays held as uncertain: the next apply creates nothing', async () => {
    write('gateway.imagery.json', { storageMonths: 8 });
    await withLaggingList(async () => {
      // The order is made and charged, and the client hears only "503 Service Unavailable".
      cli.sim.schedule({ method: 'POST', path: ORDERS, status: 503, answerAfterProcessing: true, times: 20 });
      const first = await apply('gateway.imagery.json');
      assert.notEqual(first.code, ExitCode.ok, first.stdout);
      const made = creates();
      assert.ok(made >= 1, 'the create was sent');
      assert.deepEqual(
        lockOrders('gateway.imagery.lock.json').map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
        'a 503 is no refusal: the order stays held',
      );
      cli.sim.clearScheduled();
      await heldNotCreatedAgain('gateway.imagery.json', made);
    });
  });

  it('apply interrupted before its create leaves holds nothing; interrupted while it is in flight, holds it: never created twice', async () => {
    // Every read of the order list is slow: the plan's, and the create's own look before it sends.
    write('interrupted.imagery.json', { storageMonths: 9 });
    cli.sim.schedule({ method: 'GET', path: ORDERS, delayMs: 2_000, times: 10 });
    const gets = () => cli.sim.requests.filter((r) => r.method === 'GET' && r.path === ORDERS).length;
    const interruptWhen = async (name: string, ready: () => boolean) => {
      const { child, done } = startCli(['apply', cli.file(name), '--yes', '--max-cost', '100000'], {
        cwd: cli.dir,
        env: cli.env(),
      });
      const deadline = Date.now() + 30_000;
      while (!ready() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.ok(ready(), 'the moment to interrupt came');
      child.kill('SIGINT');
      return done;
    };
    // The create's own read of the list (the second GET) is under way: its POST has not left.
    const before = await interruptWhen('interrupted.imagery.json', () => gets() >= 2);
    assert.equal(before.code, ExitCode.interrupted, before.stderr);
    assert.equal(creates(), 0, 'no create was sent');
    assert.deepEqual(lockOrders('interrupted.imagery.lock.json'), []);
    cli.sim.clearScheduled();
    assert.deepEqual(
      (await plan('interrupted.imagery.json')).plan.orders.map((o) => o.kind),
      ['create'],
    );
    // Interrupted while the service holds the create's answer (the order made): held as uncertain.
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, slowProcessingMs: 60_000, times: 1 });
      const inFlight = await interruptWhen('interrupted.imagery.json', () => creates() === 1);
      assert.equal(inFlight.code, ExitCode.interrupted, inFlight.stderr);
      assert.deepEqual(
        lockOrders('interrupted.imagery.lock.json').map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
      );
      await heldNotCreatedAgain('interrupted.imagery.json', 1);
    });
  });

  it('a second attempt refused says nothing of the first: a 503 after the order was made, then a 400, keeps it held', async () => {
    write('resent.imagery.json', { storageMonths: 11 });
    await withLaggingList(async () => {
      cli.sim.schedule(
        { method: 'POST', path: ORDERS, status: 503, answerAfterProcessing: true, times: 1 },
        { method: 'POST', path: ORDERS, status: 400, code: 992, message: 'Refused the second time.', times: 1 },
      );
      const run = await apply('resent.imagery.json');
      assert.notEqual(run.code, ExitCode.ok, run.stdout);
      assert.deepEqual(
        cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS).map((r) => Boolean(r.charged)),
        [true, false],
        'the first attempt made the order, the second was refused',
      );
      assert.deepEqual(
        lockOrders('resent.imagery.lock.json').map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
      );
      assert.equal((await apply('resent.imagery.json')).code, ExitCode.ok);
      assert.equal(creates(), 2, 'nothing more was sent');
    });
  });

  it('two applies of one file at once: the second is refused naming the first, and the order is created once', async () => {
    write('twice.imagery.json', { storageMonths: 12 });
    cli.sim.schedule({ method: 'GET', path: ORDERS, delayMs: 1_500, times: 4 });
    const first = startCli(['apply', cli.file('twice.imagery.json'), '--yes', '--max-cost', '100000'], {
      cwd: cli.dir,
      env: cli.env(),
    });
    const held = cli.file('twice.imagery.lock.json.apply');
    const deadline = Date.now() + 30_000;
    while (!existsSync(held) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.ok(existsSync(held), 'the first apply holds the file');
    const second = await apply('twice.imagery.json');
    assert.equal(second.code, ExitCode.failure, second.stderr);
    assert.match(
      second.stderr,
      /twice\.imagery\.lock\.json is in use by another run \(pid \d+ .*sat-imagery apply\)\. Nothing was sent\./,
    );
    assert.equal((await first.done).code, ExitCode.ok);
    assert.equal(creates(), 1);
    assert.equal(existsSync(held), false, 'released');
  });

  it('two orders with one payload: the lock entry of one is never taken for the other', async () => {
    write('pair.imagery.json', { storageMonths: 13 });
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      assert.equal((await apply('pair.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      const file = JSON.parse(readFileSync(cli.file('pair.imagery.json'), 'utf8')) as {
        orders: Record<string, unknown>[];
      };
      file.orders.push({ ...file.orders[0], name: 'second-order' });
      writeFileSync(cli.file('pair.imagery.json'), JSON.stringify(file));
      assert.deepEqual(
        (await plan('pair.imagery.json')).plan.orders.map((o) => [o.kind, o.order]),
        [
          ['uncertain', 'field-order'],
          ['create', 'second-order'],
        ],
      );
    });
  });

  it('an order held as uncertain is still shown when the file renames or removes it', async () => {
    write('renamed.imagery.json', { storageMonths: 10 });
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      assert.equal((await apply('renamed.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      const text = readFileSync(cli.file('renamed.imagery.json'), 'utf8');
      // Renamed, the same payload: the entry under the old name is this order, uncertain.
      writeFileSync(cli.file('renamed.imagery.json'), text.replace('"field-order"', '"the-field"'));
      const renamed = await plan('renamed.imagery.json');
      assert.equal(renamed.code, ExitCode.mayHaveBeenCharged, renamed.stderr);
      assert.deepEqual(
        renamed.plan.orders.map((o) => [o.kind, o.order]),
        [['uncertain', 'the-field']],
      );
      assert.equal((await apply('renamed.imagery.json')).code, ExitCode.ok);
      assert.equal(creates(), 1, 'the renamed order is not created again');
      // Removed from the file: the lock's entry is shown, and plan says something may be charged.
      writeFileSync(cli.file('renamed.imagery.json'), JSON.stringify({ orders: [] }));
      const removed = await plan('renamed.imagery.json');
      assert.equal(removed.code, ExitCode.mayHaveBeenCharged, removed.stderr);
      assert.deepEqual(
        removed.plan.orders.map((o) => [o.kind, o.order]),
        [['uncertain', 'field-order']],
      );
    });
  });

  it('forget takes an uncertain order out of the lock only with --yes; the next plan creates it', async () => {
    write('forget.imagery.json', { storageMonths: 14 });
    // The connection is reset before the service made the order: nothing was made, but the client cannot know.
    cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'before-processing', times: 1 });
    assert.equal((await apply('forget.imagery.json')).code, ExitCode.mayHaveBeenCharged);
    assert.deepEqual(
      lockOrders('forget.imagery.lock.json').map((o) => [o.order, o.guid]),
      [['field-order', undefined]],
    );
    const text = await cli.run('plan', cli.file('forget.imagery.json'));
    assert.match(text.stdout, /'sat-imagery forget field-order --yes'/);
    // Without --yes: what forgetting risks, and nothing changed.
    const asked = await cli.run('forget', 'field-order', cli.file('forget.imagery.json'));
    assert.equal(asked.code, ExitCode.notConfirmed, asked.stderr + asked.stdout);
    assert.match(asked.stdout, /held as uncertain: its create was sent on .* and its answer lost/);
    assert.match(asked.stdout, /you would pay for two/);
    assert.equal(lockOrders('forget.imagery.lock.json').length, 1);
    // A name the lock does not hold as uncertain is a usage error naming those it holds.
    const other = await cli.run('forget', 'no-such-order', cli.file('forget.imagery.json'));
    assert.equal(other.code, ExitCode.usage, other.stderr);
    assert.match(
      other.stderr,
      /holds no order 'no-such-order' without a GUID: nothing to forget \(held as uncertain: field-order\)/,
    );
    const forgot = await cli.run('forget', 'field-order', cli.file('forget.imagery.json'), '--yes', '--json');
    assert.equal(forgot.code, ExitCode.ok, forgot.stderr + forgot.stdout);
    assert.equal(jsonOf<{ outcome: string }>(forgot).outcome, 'forgotten');
    assert.deepEqual(lockOrders('forget.imagery.lock.json'), []);
    assert.equal(creates(), 1, 'forget sends no create');
    const again = await plan('forget.imagery.json');
    assert.deepEqual(
      again.plan.orders.map((o) => o.kind),
      ['create'],
    );
  });

  it('forget never takes out an order the account lists: it exists, and the lock keeps it', async () => {
    write('listed.imagery.json', { storageMonths: 15 });
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      assert.equal((await apply('listed.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      // An hour on, the list shows the order the lost create made.
      cli.sim.advanceClock(3_600_000);
      const run = await cli.run('forget', 'field-order', cli.file('listed.imagery.json'), '--yes', '--json');
      assert.equal(run.code, ExitCode.ok, run.stderr + run.stdout);
      const answer = jsonOf<{ outcome: string; guid?: string }>(run);
      assert.equal(answer.outcome, 'exists');
      assert.match(answer.guid ?? '', /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        lockOrders('listed.imagery.lock.json').map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
        'the lock keeps it until apply writes its GUID',
      );
      assert.equal((await apply('listed.imagery.json')).code, ExitCode.ok);
      assert.equal(creates(), 1, 'never created twice');
    });
  });

  it('a create the service refuses leaves nothing held in the lock, and plan says create again', async () => {
    write('refused.imagery.json', { storageMonths: 5 });
    cli.sim.schedule({ method: 'POST', path: ORDERS, status: 400, code: 992, message: 'Refused for the test.' });
    const run = await apply('refused.imagery.json');
    assert.notEqual(run.code, ExitCode.ok, run.stdout);
    assert.match(run.stderr, /Refused for the test/);
    assert.equal(creates(), 1);
    const locked = JSON.parse(readFileSync(cli.file('refused.imagery.lock.json'), 'utf8')) as { orders: unknown[] };
    assert.deepEqual(locked.orders, [], 'a refused create is not held');
    const again = await plan('refused.imagery.json');
    assert.deepEqual(
      again.plan.orders.map((o) => o.kind),
      ['create'],
    );
  });

  it("a new order above the file's maxEuroPerMonth stops apply before any billed call", async () => {
    write('over-budget.imagery.json', { storageMonths: 2 }, { maxEuroPerMonth: 0.01 });
    const planned = await plan('over-budget.imagery.json');
    assert.equal(planned.code, 2, planned.stderr);
    assert.equal(planned.plan.orders[0]!.kind, 'create');
    assert.ok(
      Math.max(planned.plan.orders[0]!.euroThisMonth ?? 0, planned.plan.orders[0]!.euroPerMonth ?? 0) > 0.01,
      JSON.stringify(planned.plan.orders),
    );
    assert.ok(
      planned.plan.stops.some((s) => s.includes('budget of 0.01')),
      JSON.stringify(planned.plan.stops),
    );
    cli.sim.clearLog();
    const run = await apply('over-budget.imagery.json', '--json');
    assert.equal(run.code, ExitCode.notConfirmed, run.stderr + run.stdout);
    assert.equal(creates(), 0, 'no order was created');
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.charged),
      [],
      "the simulator's charge log is empty",
    );
  });
});
