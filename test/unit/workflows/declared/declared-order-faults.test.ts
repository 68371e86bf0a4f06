// Orders in imagery as code when money is at stake: a create whose answer is lost (the connection
// reset after the service made the order) is found by the lost-answer lookup, never created
// again by a second apply, and plan reports it as exists (matched by meaning, with the lock or
// without it), never create; one the account does not list yet is held in the lock without a
// GUID (written before the create left), planned as uncertain and never created again, until the
// list shows it; a create refused for certain is not held; a new order whose price alone is above
// the file's budget.maxEuroPerMonth is deferred, never created (the simulator's charge log stays empty).
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { jsonOf, startCli } from '../../fixtures/cli-helpers';
import { ORDERS, useDeclaredOrders } from '../../fixtures/declared-orders-fixture';
import type { OrderPlan } from '../../fixtures/declared-orders-fixture';

const KEY = 'cli-declared-orders-key-2Kx6';

describe('CLI: imagery as code, orders under faults and budgets', function () {
  this.timeout(120_000);
  const { cli, creates, write, withLaggingList, lockOrders, apply, plan, heldNotCreatedAgain } = useDeclaredOrders(
    KEY,
    'sat-imagery-cli-declared-orders-',
  );

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
      // Still held: apply says so as plan does (6), and sends nothing.
      assert.equal((await apply('resent.imagery.json')).code, ExitCode.mayHaveBeenCharged);
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

  it("a new order above the file's maxEuroPerMonth alone is deferred: apply creates nothing and says so", async () => {
    write('over-budget.imagery.json', { storageMonths: 2 }, { maxEuroPerMonth: 0.01 });
    const planned = await plan('over-budget.imagery.json');
    assert.equal(planned.code, 2, planned.stderr);
    const [deferred] = planned.plan.orders as (OrderPlan['orders'][number] & { reason?: string })[];
    assert.equal(deferred!.kind, 'deferred');
    const price = Math.max(deferred!.euroThisMonth ?? 0, deferred!.euroPerMonth ?? 0);
    assert.ok(price > 0.01, JSON.stringify(planned.plan.orders));
    assert.equal(
      deferred!.reason,
      `it costs ${price} EUR a month, more than the file's monthly cap of 0.01 EUR alone: raise budget.maxEuroPerMonth to create it`,
    );
    assert.deepEqual(planned.plan.stops, []);
    cli.sim.clearLog();
    const run = await apply('over-budget.imagery.json', '--json');
    assert.equal(run.code, ExitCode.ok, run.stderr + run.stdout);
    assert.deepEqual(
      (JSON.parse(run.stdout) as { deferredOrders: { order: string }[] }).deferredOrders.map((o) => o.order),
      ['field-order'],
    );
    assert.equal(creates(), 0, 'no order was created');
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.charged),
      [],
      "the simulator's charge log is empty",
    );
  });
});
