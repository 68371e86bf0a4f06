// A price that rises after it was shown or budgeted, met as a user meets it: `sat-imagery plan`,
// the service's price changes (the simulator's priceFactor and priceRise), then `apply` or `series`
// as separate processes. Every figure asserted is the simulator's own charge log, never the
// product's account of it: what was taken stays within the budget or the plan, and "Spent" is
// exactly what was taken.
import * as assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD, RGB_FLAGS, rgbDataset, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-price-rise-key-7Qx2';
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-05', '2026-06-08', '2026-06-11'];
const PROCESS = '/api/satelliteimages/process/composite';

interface ApplySummary {
  creditsSpent?: number;
  bought: number;
  failed: number;
  series: { dates: { date: string; status: string; error?: string }[] }[];
}

describe('CLI: a price that rises after it was planned is held to the budget and the plan', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-price-rise-',
    // One call at a time: a price that rises "after the first charge" is then the price of the next
    // call, not of one already in flight (which no client could have priced).
    simulator: { seed: 9, clock: () => NOW, imageryEveryDay: true, account: { MaxConcurrentConnections: 1 } },
    files: { 'field.geojson': FIELD, 'imagery.json': JSON.stringify({ datasets: [rgbDataset(DATES)] }) },
  });
  /** Credits the simulator took, to the cent, as its log says them. */
  const taken = () => Math.round(cli.sim.requests.reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0) * 100) / 100;
  const plannedTotal = async (): Promise<number> => {
    const run = await cli.run('plan', cli.file('imagery.json'), '--out', cli.file('plan.json'), '--json');
    assert.equal(run.code, 2, run.stderr);
    const total = (JSON.parse(run.stdout) as { total: { credits: number } }).total.credits;
    assert.ok(total > 0, 'the plan prices the dates');
    return total;
  };

  afterEach(() => {
    cli.sim.state.priceFactor = 1;
    cli.sim.state.priceRise = undefined;
    for (const name of ['imagery.lock.json', 'plan.json', 'rgb', '.cache'])
      rmSync(cli.file(name), { recursive: true, force: true });
  });

  it('apply --yes --max-cost at the plan total, the price doubled since: takes no more than the budget, and Spent is what was taken', async () => {
    const total = await plannedTotal();
    cli.sim.state.priceFactor = 2;
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', String(total), '--json');
    const summary = JSON.parse(run.stdout) as ApplySummary;
    assert.ok(taken() <= total, `took ${taken()} credits of a budget of ${total}`);
    assert.ok(taken() > 0, 'the dates the budget still holds at the new price are bought');
    assert.equal(summary.creditsSpent, taken(), 'Spent is what the service took');
    const refused = summary.series[0]!.dates.filter((d) => d.status === 'failed');
    assert.ok(refused.length > 0, 'the dates above the budget are refused');
    for (const date of refused) assert.match(date.error ?? '', /priced it at [\d.]+ credits just before sending/);
    assert.notEqual(run.code, 0, 'a run that refused dates does not exit 0');
  });

  it('apply --plan holds the run to the plan total although --max-cost allows far more', async () => {
    const total = await plannedTotal();
    cli.sim.state.priceFactor = 2;
    cli.sim.clearLog();
    const run = await cli.run(
      'apply',
      cli.file('imagery.json'),
      '--plan',
      cli.file('plan.json'),
      '--yes',
      '--max-cost',
      '100000',
      '--json',
    );
    assert.ok(taken() <= total, `took ${taken()} credits for a plan of ${total}`);
    const summary = JSON.parse(run.stdout) as ApplySummary;
    assert.equal(summary.creditsSpent ?? 0, taken());
  });

  it('a price that rises during the apply, after its first billed call: held from the next call on', async () => {
    const total = await plannedTotal();
    // Every call after the first charge costs double.
    cli.sim.state.priceRise = { afterCharges: cli.sim.state.imageCharges + 1, factor: 2 };
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', String(total), '--json');
    const summary = JSON.parse(run.stdout) as ApplySummary;
    assert.ok(taken() <= total, `took ${taken()} credits of a budget of ${total}`);
    assert.equal(summary.creditsSpent, taken(), 'Spent counts each date at the price it was sent at');
    assert.ok(summary.failed > 0, 'at least one date is refused');
    assert.equal(
      cli.sim.requests.filter((r) => r.path === PROCESS).length,
      summary.bought,
      'a refused date sends no billed call',
    );
  });

  it('series --max-cost: the same hold during the run, the text output naming the new price', async () => {
    const total = await plannedTotal();
    cli.sim.state.priceRise = { afterCharges: cli.sim.state.imageCharges + 1, factor: 3 };
    cli.sim.clearLog();
    const out = join(cli.dir, 'rgb');
    const run = await cli.run(
      'series',
      cli.file('field.geojson'),
      ...RGB_FLAGS,
      '--dates',
      DATES.join(','),
      '--output-directory',
      out,
      '--yes',
      '--max-cost',
      String(total),
    );
    assert.ok(taken() <= total, `took ${taken()} of ${total}`);
    assert.ok(taken() > 0, `the first date, at the price shown, is bought: ${run.stdout}${run.stderr}`);
    assert.match(
      run.stdout + run.stderr,
      /priced it at [\d.]+ credits just before sending \(it was [\d.]+ credits when priced\)/,
    );
  });

  it('a saved plan edited to a lower total is no licence: the fresh plan differs and nothing is sent', async () => {
    await plannedTotal();
    const saved = JSON.parse(readFileSync(cli.file('plan.json'), 'utf8')) as { total: { credits: number } };
    saved.total.credits = 0.01;
    writeFileSync(cli.file('plan.json'), JSON.stringify(saved));
    cli.sim.clearLog();
    const run = await cli.run(
      'apply',
      cli.file('imagery.json'),
      '--plan',
      cli.file('plan.json'),
      '--yes',
      '--max-cost',
      '1000',
    );
    assert.notEqual(run.code, 0);
    assert.equal(taken(), 0, 'nothing taken');
  });
});
