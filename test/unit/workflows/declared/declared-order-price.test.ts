// An order of an imagery file is held to the price a person saw when its create leaves: apply asks
// the order estimate once more with the exact body right before the create's POST, and refuses the
// create, naming both prices, when it is above what the saved plan showed for the order (whatever
// --max-cost allows) or, without --plan, above what is left of --max-cost. The simulator raises
// the order's price between the plan and the create (its estimate answered with other prices); the
// money is the simulator's own charge log. An order planned at 0.25 EUR was created at 6.27 EUR.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { ORDERS, useDeclaredOrders } from '../../fixtures/declared-orders-fixture';

const KEY = 'cli-declared-order-price-key-5Wc1';
const ESTIMATE = `${ORDERS}/estimate`;
/** The order estimate as a dearer service answers it: 6.27 EUR this month and next. */
const DEARER = { CurrentMonthCost: 6.27, NextMonthCost: 6.27 };

describe('CLI: imagery as code, an order held to the price seen', function () {
  this.timeout(120_000);
  const { cli, creates, write, apply } = useDeclaredOrders(KEY, 'sat-imagery-cli-declared-order-price-');
  const charged = () => cli.sim.requests.filter((r) => r.charged);

  it('apply --plan refuses a create whose fresh estimate is above the price the plan showed, though --max-cost allows it', async () => {
    write('planned.imagery.json', { storageMonths: 21 });
    const out = cli.file('planned.plan.json');
    const planned = await cli.run('plan', cli.file('planned.imagery.json'), '--out', out);
    assert.equal(planned.code, 2, planned.stderr);
    const shown = (
      JSON.parse(readFileSync(out, 'utf8')) as { orders: { euroThisMonth: number; euroPerMonth: number }[] }
    ).orders[0]!;
    const price = Math.max(shown.euroThisMonth, shown.euroPerMonth);
    assert.ok(price < 6.27, `planned at ${price}`);
    cli.sim.clearLog();
    // From now on every order estimate says 6.27 EUR; --max-cost 100000 would allow it.
    cli.sim.schedule({ method: 'POST', path: ESTIMATE, patchData: DEARER, times: 20 });
    const run = await apply('planned.imagery.json', '--plan', out);
    assert.equal(run.code, ExitCode.notConfirmed, run.stderr + run.stdout);
    assert.match(
      run.stderr,
      new RegExp(
        `Order 'field-order' was not created: it costs 6\\.27 EUR now \\(the dearer of this month and next\\), above the ${String(price).replace('.', '\\.')} EUR the plan showed`,
      ),
    );
    assert.equal(creates(), 0, 'no create was sent');
    assert.deepEqual(charged(), [], 'nothing charged');
  });

  it('without --plan, a price that rises between the gate and the create is held to what is left of --max-cost', async () => {
    write('budget.imagery.json', { storageMonths: 22 });
    // The plan's estimate and the order workflow's (checked against --max-cost 5) are the service's
    // own; the one right before the create says 6.27 EUR.
    cli.sim.schedule(
      { method: 'POST', path: ESTIMATE, patchData: {}, times: 2 },
      { method: 'POST', path: ESTIMATE, patchData: DEARER, times: 5 },
    );
    const run = await cli.run('apply', cli.file('budget.imagery.json'), '--yes', '--max-cost', '5');
    assert.equal(run.code, ExitCode.notConfirmed, run.stderr + run.stdout);
    // Named with both prices (the run's spend guard, which prices every billed call again, may say it first).
    assert.match(run.stderr, /6\.27 EUR.* 5 EUR/);
    assert.equal(creates(), 0, 'no create was sent');
    assert.deepEqual(charged(), [], 'nothing charged');
  });

  it('at the price seen, the create goes: one create, charged once', async () => {
    write('same.imagery.json', { storageMonths: 23 });
    const out = cli.file('same.plan.json');
    assert.equal((await cli.run('plan', cli.file('same.imagery.json'), '--out', out)).code, 2);
    cli.sim.clearLog();
    const run = await apply('same.imagery.json', '--plan', out);
    assert.equal(run.code, ExitCode.ok, run.stderr + run.stdout);
    assert.equal(creates(), 1);
    assert.equal(charged().length, 1);
  });
});
