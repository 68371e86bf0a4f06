// The order verbs price an order from either estimate shape the service answers (live-service
// notes): the flat CurrentMonthCost/NextMonthCost with a Costs breakdown, and the newer
// CurrentMonthCosts/RecurringCostsEstimate blocks with TotalCost. The budget (--max-cost) is held
// to the larger month in both; nothing is created above it.
import * as assert from 'node:assert/strict';
import type { Simulator } from '../../simulator/index';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-order-costs-key-3Jd9';

type Estimate = Record<string, unknown> & {
  CurrentMonthCosts?: { TotalCost: number };
  RecurringCostsEstimate?: { TotalCost: number };
  CurrentMonthCost?: number;
  NextMonthCost?: number;
};

/** This month's and a following month's total, read here from the raw answer of each shape. */
function months(estimate: Estimate, shape: 'flat' | 'nested'): { current: number; next: number } {
  if (shape === 'nested')
    return { current: estimate.CurrentMonthCosts!.TotalCost, next: estimate.RecurringCostsEstimate!.TotalCost };
  return { current: estimate.CurrentMonthCost!, next: estimate.NextMonthCost! };
}

const monthStart = (ahead: number): string => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)).toISOString().slice(0, 10);
};
const tenthOfNextMonth = (): string =>
  new Date(Date.parse(`${monthStart(1)}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
const dayBefore = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

for (const shape of ['flat', 'nested'] as const) {
  describe(`CLI: orders priced from the ${shape} estimate shape`, function () {
    this.timeout(120_000);
    const cli = useCliSimulator({
      key: KEY,
      prefix: `sat-imagery-cli-order-${shape}-`,
      simulator: { seed: 3, specVariant: { orderEstimateShape: shape } },
      files: { 'field.geojson': FIELD },
    });
    let sim: Simulator;
    let area: string;
    const { run } = cli;
    // From the first of this month to the 10th of the next: both months are billed, differently on
    // any day (a whole next month could cost what a whole month does on the 1st).
    const order = () => [
      area,
      '--model',
      'Stratus3',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      monthStart(0),
      '--to',
      dayBefore(tenthOfNextMonth()),
    ];
    const creates = () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders');

    before(async () => {
      ({ sim } = cli);
      area = cli.file('field.geojson');
    });

    it('orders estimate gives the larger month as its cost, and prints both months', async () => {
      const r = await run('orders', 'estimate', ...order(), '--json');
      assert.equal(r.code, 0, r.stderr);
      const result = jsonOf<{ outcome: string; cost: number; estimate: Estimate }>(r);
      assert.equal(result.outcome, 'estimated');
      assert.equal(
        'CurrentMonthCosts' in result.estimate,
        shape === 'nested',
        'the simulator answered the shape under test',
      );
      const { current, next } = months(result.estimate, shape);
      assert.ok(current > 0 && next > 0 && current !== next, `both months priced, differently: ${current}, ${next}`);
      assert.equal(result.cost, Math.max(current, next));
      const text = await run('orders', 'estimate', ...order());
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, new RegExp(`This month: ${current} EUR`));
      assert.match(text.stdout, new RegExp(`Next month: ${next} EUR`));
    });

    it('orders create holds --max-cost to that figure: just below it nothing is created, at it the order is', async () => {
      const estimate = jsonOf<{ cost: number; estimate: Estimate }>(
        await run('orders', 'estimate', ...order(), '--json'),
      );
      const { current } = months(estimate.estimate, shape);
      const before = sim.state.orders.length;
      const euros = sim.state.account.EuroCreditAmount;
      sim.clearLog();
      const below = await run(
        'orders',
        'create',
        ...order(),
        '--yes',
        '--max-cost',
        String(Math.round((estimate.cost - 0.01) * 100) / 100),
        '--json',
      );
      assert.equal(below.code, 8, below.stderr);
      const stopped = jsonOf<{ stopped: { cost: number; reason: string } }>(below).stopped;
      assert.equal(stopped.cost, estimate.cost);
      assert.match(stopped.reason, /above the budget/);
      assert.deepEqual(creates(), [], 'nothing billed was sent');
      assert.equal(sim.state.orders.length, before);

      const at = await run('orders', 'create', ...order(), '--yes', '--max-cost', String(estimate.cost), '--json');
      assert.equal(at.code, 0, at.stderr);
      assert.equal(creates().length, 1);
      assert.equal(sim.state.orders.length, before + 1);
      const charged = Math.round((euros - sim.state.account.EuroCreditAmount) * 100) / 100;
      assert.equal(charged, current, "this month's cost was charged");
      assert.ok(charged <= estimate.cost, 'nothing billed above the budget');
    });
  });
}
