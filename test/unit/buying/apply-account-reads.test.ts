// An apply of two datasets and one order reads the account once: the plan's reading is the one
// every series and the order's create are held to, less what the run spent since (its spend
// guard). Counted from the simulator's request log of one `sat-imagery apply` process.
import * as assert from 'node:assert/strict';
import { FIELD, WIDE, fieldOrder, rgbDataset, useCliSimulator } from '../fixtures/cli-fixture';
import { jsonOf } from '../fixtures/cli-helpers';

const KEY = 'cli-apply-account-key-3Lw9';
const NOW = Date.UTC(2026, 5, 15, 12);
const ACCOUNT = ['/api/account/info', '/api/apikey/info'];

describe('CLI: an apply of two datasets and one order reads the account once', function () {
  this.timeout(120_000);
  // The month after the simulator's pinned day.
  const period = { from: '2026-07-01', to: '2026-07-31' };
  const imagery = {
    datasets: [
      rgbDataset(['2026-06-08', '2026-06-11']),
      { ...rgbDataset(['2026-06-10']), name: 'wide', area: 'wide.geojson' },
    ],
    orders: [fieldOrder(period)],
  };
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-apply-account-',
    simulator: { seed: 9, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'wide.geojson': WIDE, 'imagery.json': JSON.stringify(imagery) },
  });

  it('one account read for the plan, both series and the order; everything bought', async () => {
    cli.sim.clearLog();
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100000', '--json');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const summary = jsonOf<{ bought: number; orders: { outcome: string }[] }>(run);
    assert.equal(summary.bought, 3, 'three dates bought');
    assert.deepEqual(
      summary.orders.map((o) => o.outcome),
      ['completed'],
      'the order created',
    );
    const reads = cli.sim.requests.filter((r) => r.method === 'GET' && ACCOUNT.includes(r.path));
    assert.equal(reads.length, 1, `account reads: ${reads.map((r) => r.path).join(', ')}`);
  });
});
