// `sat-imagery series --every week` run again keeps the dates its folder bought: when the service
// later lists a date earlier in a week already bought, the rerun buys nothing in that week (the
// bought date is had, not another date of its week bought), as an imagery file's window does
// (declared-window-bought.test.ts). Through the CLI at the simulator's pinned clock, the
// simulator's dates scripted (`state.dates.fixedDays`), the money read from its charge log.
import * as assert from 'node:assert/strict';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { dayNumber } from '../../../simulator/dates';
import { pinnedClock } from '../../../simulator/test-helpers';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, RGB_FLAGS, useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-series-rerun-bought-week-key-5Qd8';
/** Wednesdays from June: one date a week, each bought by the first run. */
const WEEKLY = ['2026-06-03', '2026-06-10', '2026-06-17', '2026-06-24'];
/** Found later: a Tuesday and a Monday before bought Wednesdays, in their weeks. */
const EARLIER_IN_BOUGHT_WEEKS = ['2026-06-09', '2026-06-22'];

interface SeriesJson {
  dates: { date: string; status: string }[];
}

describe('CLI: series --every week run again keeps the dates it bought', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-series-rerun-week-',
    simulator: { seed: 37, clock: pinnedClock('2026-07-15T10:00:00Z'), account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD },
  });
  const scriptDates = (dates: readonly string[]) => {
    cli.sim.state.dates.fixedDays = [...dates].sort().map(dayNumber);
  };
  const charged = () => cli.sim.requests.filter((r) => r.charged);
  const series = () =>
    runAtSimulatorClock(
      cli,
      'series',
      cli.file('field.geojson'),
      ...RGB_FLAGS,
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-28',
      '--every',
      'week',
      '--output-directory',
      cli.file('weekly'),
      '--yes',
      '--max-cost',
      '100000',
      '--json',
    );

  it('buys nothing in a bought week when the service later lists an earlier date in it', async () => {
    scriptDates(WEEKLY);
    cli.sim.clearLog();
    const first = await series();
    assert.equal(first.code, ExitCode.ok, first.stderr);
    assert.equal(charged().length, WEEKLY.length, 'one image a week bought');

    scriptDates([...WEEKLY, ...EARLIER_IN_BOUGHT_WEEKS]);
    cli.sim.clearLog();
    const again = await series();
    assert.equal(again.code, ExitCode.ok, again.stderr);
    assert.deepEqual(charged(), [], 'the rerun charges nothing');
    const report = jsonOf<SeriesJson>(again);
    assert.deepEqual(
      report.dates.map((d) => d.date),
      WEEKLY,
      'the bought dates, no earlier date of their weeks',
    );
    assert.deepEqual(
      report.dates.map((d) => d.status),
      WEEKLY.map(() => 'skipped'),
      JSON.stringify(report.dates),
    );
  });
});
