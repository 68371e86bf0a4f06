// budget.maxEuroPerMonth: what the file's orders cost in the calendar month (UTC), held under the
// cap as the images' monthly cap holds its units. The month's spend is what the orders the lock
// holds cost this month (the price an order's create was held to, in the month it was created;
// later, the service's own estimate of its record); new orders are taken in the file's order
// while this month's and next month's orders stay within the cap, and the rest are planned
// `deferred` and not created. Through the CLI against the simulator, the CLI's clock at the
// simulator's (pinned); the money is the simulator's own order records and charge log.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import type { OrderMonthSpend } from '../../../../src/workflows/declared/declared-order-month';
import type { StoredOrder } from '../../../simulator/state';
import { call, pinnedClock } from '../../../simulator/test-helpers';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-declared-euro-month-key-4Jd8';
const ORDERS = '/api/tasking/orders';
const DAY_MS = 86_400_000;

interface PlanJson {
  changes: boolean;
  orders: {
    kind: string;
    order: string;
    guid?: string;
    euroThisMonth?: number;
    euroPerMonth?: number;
    reason?: string;
    month?: string;
  }[];
  stops: string[];
  orderMonth?: OrderMonthSpend;
}

interface ApplyJson {
  orders: { order: string; outcome: string; guid?: string }[];
  deferredOrders?: { order: string; euroThisMonth?: number; reason?: string }[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A recurring order of FIELD from the 1st of July; `storageMonths` tells the file's orders apart. */
function order(name: string, storageMonths: number) {
  return {
    name,
    area: 'field.geojson',
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    from: '2026-07-01',
    to: null,
    storageMonths,
  };
}

describe('CLI: imagery as code, the monthly cap of the orders', function () {
  this.timeout(240_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-euro-month-',
    simulator: { seed: 31, clock: pinnedClock('2026-07-10T10:00:00Z') },
    files: { 'field.geojson': FIELD },
  });

  /** The simulator's record of the file's orders: every order created through the service (the
   * demo's preloaded ones were never charged). */
  const fileOrders = (): StoredOrder[] => cli.sim.state.stored.filter((o) => o.charges !== undefined);
  /** What the simulator billed the file's orders in `month`. */
  const billed = (month: string) =>
    round2(
      fileOrders()
        .flatMap((o) => o.charges ?? [])
        .filter((c) => c.month === month)
        .reduce((sum, c) => sum + c.euros, 0),
    );
  const creates = () => cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS).length;
  const plan = async (path: string) => {
    const run = await runAtSimulatorClock(cli, 'plan', path, '--json');
    assert.equal(run.code, 2, run.stderr);
    return jsonOf<PlanJson>(run);
  };
  const apply = async (path: string) => {
    const run = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000', '--json');
    assert.equal(run.code, ExitCode.ok, run.stderr + run.stdout);
    return jsonOf<ApplyJson>(run);
  };

  it("counts what the file's orders cost in the month, creates the new ones that fit in the file's order and defers the rest, month by month", async () => {
    const path = cli.file('imagery.json');
    // July: order a, created by an apply without a cap.
    writeFileSync(path, JSON.stringify({ orders: [order('a', 3)] }));
    const first = await apply(path);
    assert.deepEqual(
      first.orders.map((o) => [o.order, o.outcome]),
      [['a', 'completed']],
    );
    const guidA = first.orders[0]!.guid!;
    const locked = () =>
      (
        JSON.parse(readFileSync(cli.file('imagery.lock.json'), 'utf8')) as {
          orders: { order: string; price?: { month: string; thisMonth: number }; cancelSeen?: string }[];
        }
      ).orders;
    assert.deepEqual(locked()[0]!.price?.month, '2026-07', 'the lock keeps the price its create was held to');
    assert.equal(locked()[0]!.price?.thisMonth, billed('2026-07'), 'the price is what the simulator billed');

    writeFileSync(path, JSON.stringify({ orders: [order('a', 3), order('b', 4), order('c', 5)] }));
    const priced = await plan(path);
    const price = priced.orders[1]!.euroThisMonth!;
    assert.ok(price > 0, JSON.stringify(priced.orders));
    assert.deepEqual(
      priced.orders.map((o) => [o.kind, o.euroThisMonth]),
      [
        ['exists', undefined],
        ['create', price],
        ['create', price],
      ],
      'b and c cost what a costs (one area, one period)',
    );
    // Room for a, b and half of c, this month and next.
    const cap = round2(2.5 * price);
    writeFileSync(
      path,
      JSON.stringify({ orders: [order('a', 3), order('b', 4), order('c', 5)], budget: { maxEuroPerMonth: cap } }),
    );
    const capped = await plan(path);
    assert.deepEqual(
      capped.orders.map((o) => o.kind),
      ['exists', 'create', 'deferred'],
    );
    assert.equal(
      capped.orders[2]!.reason,
      `the month's orders would reach ${round2(3 * price)} EUR of the file's ${cap} EUR`,
    );
    assert.equal(capped.orders[2]!.month, undefined, 'next month the three do not fit either');
    assert.deepEqual(capped.orderMonth, {
      month: '2026-07',
      spentEuro: billed('2026-07'),
      nextMonthEuro: capped.orderMonth!.nextMonthEuro,
      maxEuro: cap,
      leftEuro: round2(cap - 2 * price),
      deferredEuro: price,
    });
    assert.ok(capped.orderMonth!.nextMonthEuro > 0, 'a renews in August');
    const text = await runAtSimulatorClock(cli, 'plan', path);
    assert.match(
      text.stdout,
      /^> deferred +order c field\.geojson \(.* EUR this month, .* EUR next month\): the month's orders would reach/m,
    );
    assert.match(
      text.stdout,
      new RegExp(
        `Orders this month \\(2026-07\\): ${price} EUR of the cap of ${cap} EUR spent, ${round2(cap - 2 * price)} EUR left after this plan`,
      ),
    );

    cli.sim.clearLog();
    const july = await apply(path);
    assert.deepEqual(
      july.orders.map((o) => [o.order, o.outcome]),
      [['b', 'completed']],
    );
    assert.deepEqual(
      july.deferredOrders?.map((o) => o.order),
      ['c'],
    );
    assert.equal(creates(), 1, 'c was not sent');
    assert.equal(fileOrders().length, 2, 'the simulator holds a and b, not c');
    assert.ok(billed('2026-07') <= cap, `July billed ${billed('2026-07')} of ${cap}`);
    const after = await plan(path);
    assert.equal(after.orderMonth?.spentEuro, billed('2026-07'), "the month's spend is what the simulator billed");
    assert.equal(after.orderMonth?.spentEuro, round2(2 * price));

    // August: a and b are billed on the 1st; b is cancelled afterwards, so August is billed.
    cli.sim.advanceClock(24 * DAY_MS);
    const guidB = july.orders[0]!.guid!;
    assert.equal(
      (await call(cli.sim, 'DELETE', `${ORDERS}/cancel?taskOrderGuid=${guidB}`, undefined, KEY)).status,
      200,
    );
    const august = await plan(path);
    assert.equal(august.orderMonth?.month, '2026-08');
    assert.equal(august.orderMonth?.spentEuro, billed('2026-08'), 'a and b, renewed on the 1st');
    assert.ok(billed('2026-08') > 0);
    assert.deepEqual(
      august.orders.map((o) => o.kind),
      ['exists', 'exists', 'deferred'],
      'b was billed for August: no room for c',
    );
    cli.sim.clearLog();
    await apply(path);
    assert.equal(creates(), 0);
    assert.deepEqual(
      locked().map((o) => [o.order, o.cancelSeen]),
      [
        ['a', undefined],
        ['b', '2026-08'],
      ],
      'apply keeps the month it found b cancelled in',
    );

    // September: b is not renewed, so c fits, and apply creates it.
    cli.sim.advanceClock(31 * DAY_MS);
    const september = await plan(path);
    assert.equal(september.orderMonth?.month, '2026-09');
    assert.equal(september.orderMonth?.spentEuro, billed('2026-09'), 'a alone: b was cancelled before the 1st');
    assert.deepEqual(
      september.orders.map((o) => o.kind),
      ['exists', 'exists', 'create'],
    );
    const created = await apply(path);
    assert.deepEqual(
      created.orders.map((o) => o.order),
      ['c'],
    );
    assert.ok(billed('2026-09') <= cap, `September billed ${billed('2026-09')} of ${cap}`);
    assert.equal(guidA, fileOrders()[0]!.TaskOrderGuid);
  });

  it('refuses a cap that is not a positive number, at its place', async () => {
    for (const cap of [0, -5, 'many']) {
      const path = cli.file('bad.imagery.json');
      writeFileSync(path, JSON.stringify({ orders: [order('a', 3)], budget: { maxEuroPerMonth: cap } }));
      cli.sim.clearLog();
      const run = await runAtSimulatorClock(cli, 'plan', path);
      assert.equal(run.code, ExitCode.invalidGeometry, `${String(cap)}: ${run.stderr}`);
      assert.match(run.stderr, /bad\.imagery\.json:\d+:\d+: error: budget\.maxEuroPerMonth/);
      assert.deepEqual(cli.sim.requests, [], 'nothing sent');
    }
  });
});

describe('CLI: imagery as code, an order held to the monthly cap when its create leaves', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: `${KEY}-rise`,
    prefix: 'sat-imagery-cli-declared-euro-rise-',
    simulator: { seed: 37, clock: pinnedClock('2026-07-10T10:00:00Z') },
    files: { 'field.geojson': FIELD },
  });

  it('refuses a create whose fresh price no longer fits what the cap leaves: nothing sent, nothing charged', async () => {
    const path = cli.file('rise.imagery.json');
    writeFileSync(path, JSON.stringify({ orders: [order('rise', 3)] }));
    const priced = jsonOf<PlanJson>(await runAtSimulatorClock(cli, 'plan', path, '--json'));
    const price = priced.orders[0]!.euroThisMonth!;
    const cap = round2(1.5 * price);
    const dearer = round2(2 * price);
    writeFileSync(path, JSON.stringify({ orders: [order('rise', 3)], budget: { maxEuroPerMonth: cap } }));
    cli.sim.clearLog();
    // The plan's estimate and the order workflow's are the service's own; the one right before the
    // create says twice the price, which --max-cost 100000 would allow.
    cli.sim.schedule(
      { method: 'POST', path: `${ORDERS}/estimate`, patchData: {}, times: 2 },
      {
        method: 'POST',
        path: `${ORDERS}/estimate`,
        patchData: { CurrentMonthCost: dearer, NextMonthCost: dearer },
        times: 5,
      },
    );
    const run = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000');
    cli.sim.clearScheduled();
    assert.equal(run.code, ExitCode.notConfirmed, run.stderr + run.stdout);
    assert.match(
      run.stderr,
      new RegExp(
        `Order 'rise' was not created: it costs ${dearer} EUR this month now, and the month's orders would reach ${dearer} EUR of the file's ${cap} EUR; nothing was sent for it`,
      ),
    );
    assert.equal(cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS).length, 0, 'no create');
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.charged),
      [],
      'nothing charged',
    );
    assert.deepEqual(
      cli.sim.state.stored.filter((o) => o.charges !== undefined),
      [],
    );
  });
});
