import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCK_NAME } from '../../../../src/ledger/folder-lock';
import { LEDGER_NAME } from '../../../../src/ledger/ledger-journal';
import { startCli } from '../../fixtures/cli-helpers';
import { FIELD, RGB_FLAGS, useCliSimulator } from '../../fixtures/cli-fixture';

// The fault matrix's ledger states: the command line killed (SIGKILL) while a date is `sending`,
// `charged` (its answer arriving) or just `saved`, then run again in the same folder. Checked
// against the simulator's charge log: no date is paid twice, the dead run's lock is taken over, a
// date that may have been paid for is held and named, and only naming it buys it again.

const KEY = 'ledger-kill-key';
const PROCESS = '/api/satelliteimages/process/composite';
const NOW = Date.UTC(2026, 5, 20, 12);
const DATES = ['2026-06-02', '2026-06-05'];

describe('purchase ledger: a run killed at each state (CLI as a process, SIGKILL)', function () {
  this.timeout(90_000);
  const fixture = useCliSimulator({
    key: KEY,
    prefix: 'ledger-kill-',
    simulator: { imageryEveryDay: true, clock: () => NOW, account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD },
  });
  const chargesOf = (date: string) =>
    fixture.sim.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === PROCESS &&
        r.charged &&
        String((r.body as { Date?: string }).Date).startsWith(date),
    ).length;
  const series = (out: string, ...more: string[]) => [
    'series',
    'field.geojson',
    ...RGB_FLAGS,
    '--output-directory',
    out,
    '--dates',
    DATES.join(','),
    '--concurrency',
    '1',
    '--yes',
    '--max-cost',
    '100',
    ...more,
  ];
  const journal = (out: string) =>
    existsSync(join(out, LEDGER_NAME)) ? readFileSync(join(out, LEDGER_NAME), 'utf8') : '';

  /** Starts the series and kills it with SIGKILL once the journal shows `state` for the first
   * date and the simulator has charged it. */
  async function killAt(out: string, state: string): Promise<void> {
    const { child, done } = startCli(series(out), { cwd: fixture.dir, env: fixture.env() });
    const deadline = Date.now() + 30_000;
    while (
      !journal(out)
        .split('\n')
        .some((line) => line.includes(`"state":"${state}"`)) ||
      chargesOf(DATES[0]!) === 0
    ) {
      assert.ok(Date.now() < deadline, `the journal never showed ${state}: ${journal(out)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    const ended = await done;
    assert.equal(ended.code, null, 'killed, not finished');
  }

  const cases: Array<{ state: string; faults: () => void; held: boolean }> = [
    // Processing held well past the kill: the date is charged at the simulator, its answer never read.
    {
      state: 'sending',
      faults: () => fixture.sim.schedule({ method: 'POST', path: PROCESS, slowProcessingMs: 3_000 }),
      held: true,
    },
    // The image arriving slowly: the kill cuts it off mid-body.
    {
      state: 'charged',
      faults: () => fixture.sim.configure({ imageBytes: 2 * 1024 * 1024, trickleBytesPerSecond: 256 * 1024 }),
      held: true,
    },
    // Every answer slow, so the second date's checks before its billed call leave a window of
    // seconds (not a third of one, which a loaded machine's polling could miss) after the first
    // date is saved: three, as 1.5 was missed once on a machine running two VS Code hosts beside.
    { state: 'saved', faults: () => fixture.sim.configure({ latencyMs: 3_000 }), held: false },
  ];
  for (const c of cases) {
    it(`killed at '${c.state}': the rerun takes the dead run's lock over and pays no date twice`, async () => {
      fixture.sim.clearLog();
      fixture.sim.configure({});
      const out = join(fixture.dir, `killed-${c.state}`);
      c.faults();
      await killAt(out, c.state);
      fixture.sim.configure({});
      assert.equal(chargesOf(DATES[0]!), 1, 'the first date was paid once by the killed run');
      const lockLeft = existsSync(join(out, LOCK_NAME));
      assert.ok(lockLeft, 'the killed run left its lock');

      const rerun = await fixture.run(...series(out), '--json');
      assert.doesNotMatch(rerun.stderr, /in use by another run/);
      assert.equal(chargesOf(DATES[0]!), 1, `the first date is not paid again: ${rerun.stdout}${rerun.stderr}`);
      assert.equal(chargesOf(DATES[1]!), 1, 'the second date paid once');
      assert.equal(rerun.code, c.held ? 6 : 0, `${rerun.stdout}\n${rerun.stderr}`);
      const result = JSON.parse(rerun.stdout) as { dates: Array<{ date: string; status: string; error?: string }> };
      const first = result.dates.find((d) => d.date === DATES[0])!;
      assert.equal(first.status, c.held ? 'uncertain' : 'skipped');
      if (c.held) {
        assert.match(first.error ?? '', /may have been charged .* not sent again unless you choose to resend it/);
        const chosen = await fixture.run(...series(out, '--resend-uncertain'), '--json');
        assert.equal(chosen.code, 0, chosen.stderr);
        assert.equal(chargesOf(DATES[0]!), 2, 'bought again only when named');
      }
      assert.ok(!existsSync(join(out, LOCK_NAME)), 'the lock is gone after the run');
      assert.deepEqual(
        (await readdir(out)).filter((f) => f.endsWith('.part')),
        [],
        "the killed run's .part is removed by the next run",
      );
    });
  }
});
