// budget.maxCreditsPerMonth: what the dataset folders' ledgers record as sent this calendar month
// (UTC), plus the plan, held under the cap. Units beyond it are planned `deferred` with the month
// they fit in; apply buys the oldest first up to the cap and charges exactly that (the
// simulator's charge log), says what it deferred, and the next month buys the rest. Through the
// CLI against the simulator, the CLI's clock at the simulator's (pinned).
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { pinnedClock } from '../../../simulator/test-helpers';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-declared-monthly-cap-key-7Hc2';
const DATES = ['2026-07-03', '2026-07-08', '2026-07-13', '2026-07-18'];
/** Earlier this month (July), and the month before: only the first counts. */
const EARLIER = 17;
const JUNE = 40;

interface PlanJson {
  changes: boolean;
  units: { kind: string; date: string; credits?: number; month?: string; reason?: string }[];
  total: { credits: number };
  month?: { month: string; spentCredits: number; maxCredits: number; leftCredits: number; deferredCredits: number };
}

function ledgerLine(key: string, state: string, at: string, credits?: number): string {
  return `${JSON.stringify({ v: 1, key, state, at, id: 'earlier', kind: 'series', ...(credits !== undefined ? { credits } : {}) })}\n`;
}

describe('CLI: imagery as code, the monthly cap', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-cap-',
    simulator: {
      seed: 29,
      clock: pinnedClock('2026-07-25T10:00:00Z'),
      imageryEveryDay: true,
      account: { CreditAmount: 1e6 },
    },
    files: { 'field.geojson': FIELD },
  });

  const charged = () =>
    cli.sim.requests.filter((r) => r.charged).reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0);

  it('defers what the month cannot hold, buys the oldest up to the cap, and the next month the rest', async () => {
    const path = cli.file('imagery.json');
    writeFileSync(path, JSON.stringify({ datasets: [rgbDataset(DATES)] }));
    const priced = jsonOf<PlanJson>(await runAtSimulatorClock(cli, 'plan', path, '--json'));
    const price = priced.units[0]!.credits!;
    assert.ok(price > 0 && priced.units.every((u) => u.credits === price), 'four units at one price');
    // The folder's ledger: a unit sent earlier in July (counted, refused ones not) and one in June.
    mkdirSync(cli.file('rgb'), { recursive: true });
    writeFileSync(
      join(cli.file('rgb'), 'sat-imagery-ledger.jsonl'),
      ledgerLine('a'.repeat(64), 'sending', '2026-07-02T08:00:00.000Z', EARLIER) +
        ledgerLine('a'.repeat(64), 'charged', '2026-07-02T08:00:01.000Z') +
        ledgerLine('b'.repeat(64), 'sending', '2026-07-03T08:00:00.000Z', 500) +
        ledgerLine('b'.repeat(64), 'refused', '2026-07-03T08:00:01.000Z') +
        ledgerLine('c'.repeat(64), 'sending', '2026-06-30T23:59:59.000Z', JUNE) +
        ledgerLine('c'.repeat(64), 'charged', '2026-06-30T23:59:59.500Z'),
    );
    // Room for two units and a half this month.
    const cap = EARLIER + 2.5 * price;
    writeFileSync(path, JSON.stringify({ datasets: [rgbDataset(DATES)], budget: { maxCreditsPerMonth: cap } }));
    const run = await runAtSimulatorClock(cli, 'plan', path, '--json');
    assert.equal(run.code, 2, run.stderr);
    const plan = jsonOf<PlanJson>(run);
    assert.deepEqual(
      plan.units.map((u) => [u.kind, u.date, u.month]),
      [
        ['buy', DATES[0], undefined],
        ['buy', DATES[1], undefined],
        ['deferred', DATES[2], '2026-08'],
        ['deferred', DATES[3], '2026-08'],
      ],
    );
    assert.match(plan.units[2]!.reason!, /beyond the monthly cap .*: bought in 2026-08/);
    assert.deepEqual(plan.month, {
      month: '2026-07',
      spentCredits: EARLIER,
      maxCredits: cap,
      leftCredits: Math.round((cap - EARLIER - 2 * price) * 1e6) / 1e6,
      deferredCredits: 2 * price,
    });
    assert.equal(plan.total.credits, 2 * price, 'the total is what this month buys');
    const text = await runAtSimulatorClock(cli, 'plan', path);
    assert.match(text.stdout, /> deferred\s+rgb field\.geojson 2026-07-13/);
    assert.match(text.stdout, new RegExp(`This month \\(2026-07\\): ${EARLIER} of the cap of ${cap} credits spent`));

    cli.sim.clearLog();
    const apply = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000', '--json');
    assert.equal(apply.code, ExitCode.ok, apply.stderr);
    const result = jsonOf<{ bought: number; deferred: { date: string; month?: string }[] }>(apply);
    assert.equal(result.bought, 2);
    assert.deepEqual(
      result.deferred.map((d) => [d.date, d.month]),
      [
        [DATES[2], '2026-08'],
        [DATES[3], '2026-08'],
      ],
    );
    assert.equal(charged(), 2 * price, 'the charge log holds the two oldest units, exactly');
    const applyText = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000');
    assert.match(
      applyText.stdout,
      /Deferred by the monthly cap: 2 images \(\d+(\.\d+)? credits\), the first bought in 2026-08/,
    );

    // Only deferred units left: changes pending (exit 2), nothing this month.
    const after = await runAtSimulatorClock(cli, 'plan', path, '--json');
    assert.equal(after.code, 2, after.stderr);
    assert.deepEqual(
      jsonOf<PlanJson>(after).units.map((u) => u.kind),
      ['have', 'have', 'deferred', 'deferred'],
    );

    // August: the month's spend starts again, and the deferred units are bought.
    cli.sim.advanceClock(10 * 86_400_000);
    cli.sim.clearLog();
    const august = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000', '--json');
    assert.equal(august.code, ExitCode.ok, august.stderr);
    assert.equal(jsonOf<{ bought: number }>(august).bought, 2);
    assert.equal(charged(), 2 * price);
    const done = await runAtSimulatorClock(cli, 'plan', path, '--json');
    assert.equal(done.code, ExitCode.ok, done.stderr);
    assert.equal(jsonOf<PlanJson>(done).month?.spentCredits, 2 * price);
  });

  it('refuses a cap that is not a positive number, at its place', async () => {
    for (const cap of [0, -5, 'many']) {
      const path = cli.file('bad.imagery.json');
      writeFileSync(path, JSON.stringify({ datasets: [rgbDataset(DATES)], budget: { maxCreditsPerMonth: cap } }));
      cli.sim.clearLog();
      const run = await runAtSimulatorClock(cli, 'plan', path);
      assert.equal(run.code, ExitCode.invalidGeometry, run.stderr);
      assert.match(run.stderr, /bad\.imagery\.json:\d+:\d+: error: budget\.maxCreditsPerMonth/);
      assert.deepEqual(cli.sim.requests, []);
    }
  });
});
