// A dataset window's `every` other than "week" (declared-window.test.ts), through an imagery file's
// plan: "month" plans the first date found in each calendar month, and a number N the first date
// found, then each date found at least N days after the last one taken (docs/season-window.md).
// After apply, a later plan buys only what the new dates add, never a period already bought, not
// even for a date the service lists late, earlier in that period. Through the CLI at the
// simulator's pinned clock, the simulator's dates scripted (`state.dates.fixedDays`), the money
// read from its own charge log; the expected dates are worked out by hand below.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { dayNumber } from '../../../simulator/dates';
import { pinnedClock } from '../../../simulator/test-helpers';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-declared-window-every-key-5Mv2';
/** The service's dates up to the pinned day (2026-07-15), and those it lists 20 days later. */
const FOUND = [
  ...['2026-05-29', '2026-05-31', '2026-06-01', '2026-06-02', '2026-06-03', '2026-06-05', '2026-06-14'],
  ...['2026-06-20', '2026-06-23', '2026-06-26', '2026-06-30', '2026-07-01', '2026-07-04', '2026-07-06'],
  '2026-07-14',
];
const LATER = ['2026-07-16', '2026-07-20', '2026-07-27', '2026-07-31', '2026-08-01', '2026-08-03'];
/** Listed only after the first apply, each earlier in a period already bought: May's (05-31), and
 * 2 days before 06-14 (a chain without the purchases would take 06-12, 11 days after 06-01). */
const LISTED_LATE = ['2026-05-30', '2026-06-12'];

/** from 2026-05-30 (05-29 is before it), one a calendar month: May's 05-31 and June's 06-01 a day
 * apart, 06-30 not July's, July's 07-01. */
const MONTHLY = ['2026-05-31', '2026-06-01', '2026-07-01'];
/** from 2026-06-01, every 10 days: 06-01; the first from 06-11 is 06-14; from 06-24, 06-26 (not
 * 06-23); from 07-06, 07-06; from 07-16 none by 07-15 (07-14 is 8 days after 07-06). Periods of 10
 * days from 06-01 would take 06-01, 06-14, 06-23, 07-01, 07-14. */
const TEN_DAYS = ['2026-06-01', '2026-06-14', '2026-06-26', '2026-07-06'];

interface PlanJson {
  units: { kind: string; dataset: string; date: string }[];
}

describe('CLI: imagery as code, a window every month or every N days', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-window-every-',
    simulator: { seed: 37, clock: pinnedClock('2026-07-15T10:00:00Z'), account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD },
  });
  const units = (plan: PlanJson, dataset: string, kind: string) =>
    plan.units.filter((u) => u.dataset === dataset && u.kind === kind).map((u) => u.date);
  const charged = () => cli.sim.requests.filter((r) => r.charged);

  before(() => {
    cli.sim.state.dates.fixedDays = [...FOUND, ...LATER].map(dayNumber);
    const { dates: _dates, ...rgb } = rgbDataset();
    const datasets = [
      { ...rgb, name: 'monthly', window: { from: '2026-05-30', to: 'today', every: 'month' } },
      { ...rgb, name: 'ten-days', window: { from: '2026-06-01', to: 'today', every: 10 } },
    ];
    writeFileSync(cli.file('imagery.json'), JSON.stringify({ datasets }, null, 1));
  });

  async function plan(): Promise<PlanJson> {
    cli.sim.clearLog();
    const run = await runAtSimulatorClock(cli, 'plan', 'imagery.json', '--json');
    assert.equal(run.code, 2, `changes to make: ${run.stderr}`);
    assert.deepEqual(charged(), [], 'a plan charges nothing');
    return jsonOf<PlanJson>(run);
  }

  it('"month": the first date found in each calendar month, to buy', async () => {
    const planned = await plan();
    assert.deepEqual(units(planned, 'monthly', 'buy'), MONTHLY);
    assert.deepEqual(
      planned.units.filter((u) => u.dataset === 'monthly').map((u) => u.kind),
      MONTHLY.map(() => 'buy'),
    );
  });

  it('10: the first date found, then each first date at least 10 days after the last one taken', async () => {
    const planned = await plan();
    assert.deepEqual(units(planned, 'ten-days', 'buy'), TEN_DAYS);
    assert.deepEqual(
      planned.units.filter((u) => u.dataset === 'ten-days').map((u) => u.kind),
      TEN_DAYS.map(() => 'buy'),
    );
  });

  it('after apply, 20 days on: only the new month and the next dates of the chain are bought', async () => {
    cli.sim.clearLog();
    const apply = await runAtSimulatorClock(cli, 'apply', 'imagery.json', '--yes', '--max-cost', '100000', '--json');
    assert.equal(apply.code, ExitCode.ok, apply.stderr);
    assert.equal(charged().length, MONTHLY.length + TEN_DAYS.length, 'each planned date bought once');

    cli.sim.advanceClock(20 * 86_400_000);
    cli.sim.state.dates.fixedDays = [...FOUND, ...LATER, ...LISTED_LATE].sort().map(dayNumber);
    const later = await plan();
    // May and July hold a bought date: 05-30, 07-20 and 07-31 buy nothing; August's first is 08-01.
    assert.deepEqual(units(later, 'monthly', 'buy'), ['2026-08-01']);
    assert.deepEqual(units(later, 'monthly', 'have'), MONTHLY);
    // 06-12 is within 10 days of 06-14, bought. From 07-06 (bought): 07-16, then from 07-26, 07-27;
    // from 08-06 none by 08-04.
    assert.deepEqual(units(later, 'ten-days', 'buy'), ['2026-07-16', '2026-07-27']);
    assert.deepEqual(units(later, 'ten-days', 'have'), TEN_DAYS);
    assert.equal(later.units.length, MONTHLY.length + 1 + TEN_DAYS.length + 2, 'no other unit');

    const again = await runAtSimulatorClock(cli, 'apply', 'imagery.json', '--yes', '--max-cost', '100000', '--json');
    assert.equal(again.code, ExitCode.ok, again.stderr);
    assert.equal(charged().length, 3, 'only the three new dates charged');
    cli.sim.clearLog();
    const settled = await runAtSimulatorClock(cli, 'plan', 'imagery.json', '--json');
    assert.equal(settled.code, ExitCode.ok, `nothing left to buy: ${settled.stderr}`);
    assert.deepEqual(
      jsonOf<PlanJson>(settled).units.filter((u) => u.kind !== 'have'),
      [],
    );
  });
});
