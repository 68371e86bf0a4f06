// Issue 22 §1 on the command line, run as a process against the simulator: the budget holds every
// part of the price (the image's credits and the order AutomaticOrderCreation lets the service
// create), `estimate` prints every part, and a price no budget can mean (negative, a series date
// below zero, an order priced in two currencies) is refused before anything billed is sent.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, RGB_FLAGS, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-cost-decision-key-8Qw2';
const NOW = Date.UTC(2026, 5, 15, 12);
const DATE = '2026-06-12';
const COMPOSITE = '/api/satelliteimages/process/composite';
const ORDERS = '/api/tasking/orders';
/** Far from the demo orders near Aarhus: imagery, but no order (AutomaticOrderCreation would create one). */
const UNORDERED = 'POLYGON((12 55, 12.05 55, 12.05 55.05, 12 55.05, 12 55))';

interface Price {
  images?: { credits: number };
  order?: { createdBy: string; currency: string; currentMonth?: number; perMonth?: number };
}

describe('CLI: one cost decision for every part of the price (issue 22 §1)', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-cost-',
    simulator: { seed: 5, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'unordered.wkt': UNORDERED },
  });
  let sim: Simulator;
  const { run } = cli;
  const image = (area: string) => [cli.file(area), ...RGB_FLAGS];
  const posts = (path: string) => sim.requests.filter((r) => r.method === 'POST' && r.path === path);
  const charged = () => sim.requests.filter((r) => r.charged);

  before(() => ({ sim } = cli));
  beforeEach(() => sim.clearLog());

  it('estimate prints the automatic order beside the credits (first month, each month, currency), in text and --json', async () => {
    const json = await run(
      'estimate',
      ...image('unordered.wkt'),
      '--date',
      DATE,
      '--automatic-order-creation',
      '--json',
    );
    assert.equal(json.code, 0, json.stderr);
    const price = jsonOf<{ price: Price }>(json).price;
    assert.ok(price.images!.credits > 0, JSON.stringify(price));
    assert.equal(price.order!.createdBy, 'AutomaticOrderCreation');
    assert.equal(price.order!.currency, 'EUR');
    assert.ok(price.order!.currentMonth! > 0 && typeof price.order!.perMonth === 'number', JSON.stringify(price));
    const text = await run('estimate', ...image('unordered.wkt'), '--date', DATE, '--automatic-order-creation');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`Cost: ${price.images!.credits} credits`));
    assert.match(
      text.stdout,
      new RegExp(
        `Order the service would create \\(AutomaticOrderCreation\\): this month ${price.order!.currentMonth} EUR, each following month ${price.order!.perMonth} EUR`,
      ),
    );
    assert.deepEqual([posts(COMPOSITE).length, charged().length], [0, 0], 'an estimate sends nothing billed');
  });

  it('download --automatic-order-creation holds the order to --max-cost too: under it for the credits, over it for the order, nothing is sent', async () => {
    const estimate = jsonOf<{ cost: number; automaticOrder: { currentMonth: number; perMonth: number } }>(
      await run('estimate', ...image('unordered.wkt'), '--date', DATE, '--automatic-order-creation', '--json'),
    );
    const orderCost = Math.max(estimate.automaticOrder.currentMonth, estimate.automaticOrder.perMonth);
    const budget = Math.round((estimate.cost + 0.5) * 100) / 100;
    assert.ok(orderCost > budget, `the test needs an order dearer than the budget (${orderCost} vs ${budget})`);
    const orders = sim.state.stored.length;
    sim.clearLog();
    const r = await run(
      'download',
      ...image('unordered.wkt'),
      '--date',
      DATE,
      '--automatic-order-creation',
      '--yes',
      '--max-cost',
      String(budget),
      '--output-directory',
      join(cli.dir, 'auto'),
      '--json',
    );
    assert.equal(r.code, 8, r.stdout + r.stderr);
    const stopped = jsonOf<{ stopped: { reason: string; price: Price } }>(r).stopped;
    assert.match(stopped.reason, /tasking order the service would create .* above the budget/);
    assert.equal(stopped.price.order!.currentMonth, estimate.automaticOrder.currentMonth);
    assert.deepEqual(
      [posts(COMPOSITE).length, charged().length, sim.state.stored.length],
      [0, 0, orders],
      'no process call, no charge, no order',
    );
  });

  it('download refuses a negative credit estimate under any budget, and sends nothing billed', async () => {
    sim.schedule({ method: 'POST', path: `${COMPOSITE}/estimate`, patchData: { CreditEstimate: -50 } });
    const r = await run(
      'download',
      ...image('field.geojson'),
      '--date',
      DATE,
      '--yes',
      '--max-cost',
      '1',
      '--output-directory',
      join(cli.dir, 'negative'),
      '--json',
    );
    assert.equal(r.code, 8, r.stdout + r.stderr);
    assert.match(r.stdout, /-50 credits.*below zero/);
    assert.deepEqual([posts(COMPOSITE).length, charged().length], [0, 0]);
  });

  it('series: a date priced below zero does not offset the others; the run is refused and nothing is billed', async () => {
    const dates = ['2026-06-10', '2026-06-11', '2026-06-12'];
    sim.schedule({ method: 'POST', path: `${COMPOSITE}/estimate`, patchData: { CreditEstimate: -10 } });
    const r = await run(
      'series',
      ...image('field.geojson'),
      '--dates',
      dates.join(','),
      '--yes',
      '--max-cost',
      '3',
      '--output-directory',
      join(cli.dir, 'series'),
      '--json',
    );
    assert.equal(r.code, 8, r.stdout + r.stderr);
    assert.match(r.stdout, /-10 credits.*below zero/);
    assert.equal(posts(`${COMPOSITE}/estimate`).length, 3, 'every date was priced');
    assert.deepEqual([posts(COMPOSITE).length, charged().length], [0, 0]);
  });
});

describe('CLI: an order priced in two currencies is refused (issue 22 §1)', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-currency-',
    simulator: { seed: 5, clock: () => NOW, specVariant: { orderEstimateShape: 'nested' } },
    files: { 'unordered.wkt': UNORDERED },
  });

  it('orders create: this month in EUR and each month in USD: not created, whatever the budget', async () => {
    const { sim } = cli;
    const before = sim.state.stored.length;
    sim.clearLog();
    sim.schedule({
      method: 'POST',
      path: `${ORDERS}/estimate`,
      patchData: { RecurringCostsEstimate: { CurrencyCode: 'USD', TotalCost: 4, TotalCostEuro: 4 } },
    });
    const r = await cli.run(
      'orders',
      'create',
      cli.file('unordered.wkt'),
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      '2026-07-01',
      '--to',
      '2026-08-31',
      '--yes',
      '--max-cost',
      '100000',
      '--json',
    );
    assert.equal(r.code, 8, r.stdout + r.stderr);
    assert.match(r.stdout, /EUR .* USD/);
    assert.equal(sim.requests.filter((q) => q.method === 'POST' && q.path === ORDERS).length, 0);
    assert.equal(sim.state.stored.length, before);
  });
});
