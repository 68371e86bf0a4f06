// An apply whose cost gate stops a billed call says so: a new order whose price is above
// --max-cost (the check before the apply counts the images' credits only) is not created and the
// apply exits 8 (not confirmed) with outcome "stopped" and the reason, never 0 "completed"; an
// uncertain unit re-sent with --resend-uncertain above --max-cost is named as stopped too.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, nextMonth, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-stopped-key-8Wm3';
/** The simulator's clock: imagery every day, so the date below is covered on any day the suite runs. */
const NOW = Date.UTC(2026, 5, 15, 12);
const COMPOSITE = '/api/satelliteimages/process/composite';
const ORDERS = '/api/tasking/orders';

const DATASET = rgbDataset();

interface Summary {
  outcome: string;
  orders: { order: string; outcome: string }[];
  stopped?: { reason: string };
}

describe('CLI: an apply stopped by its cost gate (an order)', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-stopped-order-',
    simulator: { seed: 11 },
    files: { 'field.geojson': FIELD },
  });

  beforeEach(() => cli.sim.clearLog());

  it('exits 8 with outcome stopped when a new order costs more than --max-cost', async () => {
    const period = nextMonth();
    const order = { name: 'o', area: 'field.geojson', model: 'Stratus2', satelliteConstellations: ['Sentinel2'] };
    writeFileSync(
      cli.file('order.imagery.json'),
      JSON.stringify({ orders: [{ ...order, from: period.from, to: period.to, storageMonths: 2 }] }),
    );
    const run = await cli.run('apply', cli.file('order.imagery.json'), '--yes', '--max-cost', '0.01', '--json');
    assert.equal(
      cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS).length,
      0,
      'no order was created',
    );
    const summary = jsonOf<Summary>(run);
    assert.equal(summary.outcome, 'stopped', run.stdout);
    assert.match(summary.stopped?.reason ?? '', /max-cost/);
    assert.equal(run.code, ExitCode.notConfirmed, run.stderr + run.stdout);
  });
});

describe('CLI: an apply stopped by its cost gate (an uncertain image)', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-stopped-',
    simulator: { seed: 11, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD },
  });
  const charged = (path: string) => cli.sim.requests.filter((r) => r.charged && r.path === path);

  beforeEach(() => cli.sim.clearLog());
  afterEach(() => cli.sim.clearScheduled());

  it('names the stop when re-sending an uncertain unit is above --max-cost', async () => {
    writeFileSync(cli.file('imagery.json'), JSON.stringify({ datasets: [DATASET] }));
    cli.sim.schedule({ method: 'POST', path: COMPOSITE, reset: 'after-processing', times: 1 });
    const lost = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '1000', '--json');
    assert.equal(lost.code, ExitCode.mayHaveBeenCharged, lost.stderr + lost.stdout);
    assert.equal(charged(COMPOSITE).length, 1, 'one composite, charged, its answer lost');
    cli.sim.clearLog();

    const run = await cli.run(
      'apply',
      cli.file('imagery.json'),
      '--yes',
      '--max-cost',
      '0.000001',
      '--resend-uncertain',
      '--json',
    );
    assert.deepEqual(charged(COMPOSITE), [], 'nothing billed was sent');
    const summary = jsonOf<Summary>(run);
    assert.equal(summary.outcome, 'stopped', run.stdout);
    assert.match(summary.stopped?.reason ?? '', /max-cost/);
  });
});
