// budget.maxEuroPerMonth: what the file's orders cost in the calendar month (UTC), held under the
// cap as the images' monthly cap holds its units. The month's spend is what the orders the lock
// holds cost this month (the price an order's create was held to, in the month it was created;
// later, the service's own estimate of its record); new orders are taken in the file's order
// while this month's and next month's orders stay within the cap, and the rest are planned
// `deferred` and not created. Through the CLI against the simulator, the CLI's clock at the
// simulator's (pinned); the money is the simulator's own order records and charge log.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { pinnedClock } from '../../../simulator/test-helpers';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-declared-euro-month-key-4Jd8';

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
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-euro-month-',
    simulator: { seed: 31, clock: pinnedClock('2026-07-10T10:00:00Z') },
    files: { 'field.geojson': FIELD },
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
