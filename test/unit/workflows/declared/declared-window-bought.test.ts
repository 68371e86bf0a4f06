// A window's thinning keeps what was bought: when the service later lists a date earlier in a week
// already bought, that week plans nothing new (no second image in it, the bought date still `have`),
// whether the purchase is known from the folder's ledger or, with the ledger gone, from the lock.
// Through the CLI at the simulator's pinned clock, the simulator's dates scripted
// (`state.dates.fixedDays`), the money read from the simulator's own charge log.
import * as assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { pinnedClock } from '../../../simulator/test-helpers';
import { dayNumber } from '../../../simulator/dates';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-declared-window-bought-key-8Tn3';
/** Wednesdays from June: one date a week, each bought by the first apply. */
const WEEKLY = ['2026-06-03', '2026-06-10', '2026-06-17', '2026-06-24', '2026-07-01', '2026-07-08'];
/** Found later: a Tuesday before a bought Wednesday, and a Monday before another, in their weeks. */
const EARLIER_IN_BOUGHT_WEEKS = ['2026-06-09', '2026-07-06'];

interface PlanJson {
  units: { kind: string; date: string }[];
}

describe('CLI: imagery as code, a window keeps the dates it bought', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-window-bought-',
    simulator: { seed: 31, clock: pinnedClock('2026-07-15T10:00:00Z'), account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD },
  });

  const scriptDates = (dates: readonly string[]) => {
    cli.sim.state.dates.fixedDays = [...dates].sort().map(dayNumber);
  };
  const charged = () => cli.sim.requests.filter((r) => r.charged);
  const kinds = (plan: PlanJson, kind: string) => plan.units.filter((u) => u.kind === kind).map((u) => u.date);

  /** Plans and applies with the earlier dates listed: nothing to buy, nothing charged. */
  async function assertNothingNew(path: string, what: string): Promise<void> {
    cli.sim.clearLog();
    const run = await runAtSimulatorClock(cli, 'plan', path, '--json');
    const plan = jsonOf<PlanJson>(run);
    assert.deepEqual(kinds(plan, 'buy'), [], `${what}: nothing to buy (${run.stderr})`);
    assert.deepEqual(kinds(plan, 'have'), WEEKLY, `${what}: the bought dates are had`);
    assert.deepEqual(
      plan.units.map((u) => u.kind),
      WEEKLY.map(() => 'have'),
      `${what}: no other unit (no extra)`,
    );
    assert.equal(run.code, ExitCode.ok, `${what}: no changes pending`);
    const apply = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000', '--json');
    assert.equal(apply.code, ExitCode.ok, apply.stderr);
    assert.deepEqual(charged(), [], `${what}: apply charges nothing`);
  }

  it('plans nothing in a bought week when the service later lists an earlier date in it', async () => {
    const path = cli.file('imagery.json');
    const { dates: _dates, ...dataset } = rgbDataset();
    writeFileSync(
      path,
      JSON.stringify({ datasets: [{ ...dataset, window: { from: '2026-06-01', to: 'today', every: 'week' } }] }),
    );
    scriptDates(WEEKLY);
    cli.sim.clearLog();
    const first = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000', '--json');
    assert.equal(first.code, ExitCode.ok, first.stderr);
    assert.equal(charged().length, WEEKLY.length, 'one image a week bought');

    scriptDates([...WEEKLY, ...EARLIER_IN_BOUGHT_WEEKS]);
    await assertNothingNew(path, 'with the ledger');
    // The ledger gone, the lock still says what was bought (its images on the disk).
    rmSync(join(cli.file('rgb'), 'sat-imagery-ledger.jsonl'));
    await assertNothingNew(path, 'from the lock');
  });
});
