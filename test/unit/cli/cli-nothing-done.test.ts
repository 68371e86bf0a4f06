// What the command line says when a run sends nothing: a download whose composite the folder holds
// already says nothing was sent, bought or written (not "13.5 KiB written"), and a billed download
// that was not confirmed says so in --json ("stopped", with why), not "cancelled", a word for a
// run someone interrupted. The simulator's charge log is the witness that nothing was bought.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../fixtures/cli-at-clock';

const KEY = 'cli-nothing-done-key-Wp42';
/** The simulator's today, pinned: its catalogue follows this clock, not the machine's. */
const NOW = Date.parse('2026-11-26T12:00:00Z');

describe('CLI: a run that sends nothing says so', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-nothing-',
    simulator: { clock: () => NOW },
    files: { 'field.geojson': FIELD },
  });
  const charges = () => cli.sim.requests.filter((r) => r.charged !== undefined);
  // At the simulator's clock: the download's window is the last days before the CLI's today.
  const download = (folder: string, ...more: string[]) =>
    runAtSimulatorClock(
      cli,
      'download',
      cli.file('field.geojson'),
      '--model',
      'Stratus2',
      '--resolution',
      '40',
      '--output-directory',
      join(cli.dir, folder),
      ...more,
    );

  it('a rerun of a download the folder holds says nothing was sent, bought or written', async () => {
    const first = await download('bought', '--yes', '--max-cost', '5');
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /written\./, 'the first run wrote the image');
    cli.sim.clearLog();

    const again = await download('bought', '--yes', '--max-cost', '5');
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(charges(), [], 'the rerun bought nothing');
    assert.match(again.stdout, /Nothing was sent, bought or written\./);
    assert.doesNotMatch(again.stdout, /\d B written|iB written|^Saved /m);
    const json = jsonOf<{ outcome: string; bytes: number; boughtBefore?: boolean; files: string[] }>(
      await download('bought', '--yes', '--max-cost', '5', '--json'),
    );
    assert.equal(json.outcome, 'completed');
    assert.equal(json.boughtBefore, true);
    assert.equal(json.bytes, 0, 'no byte written in this run');
    assert.equal(json.files.length, 1, 'the file it holds is named');
  });

  it("an unconfirmed download's --json says it stopped and why, not 'cancelled'", async () => {
    cli.sim.clearLog();
    const run = await download('unconfirmed', '--json');
    assert.equal(run.code, 8, run.stderr);
    const json = jsonOf<{ outcome: string; stopped?: { reason: string; cost: number }; files: string[] }>(run);
    assert.equal(json.outcome, 'stopped');
    assert.match(json.stopped?.reason ?? '', /--yes and --max-cost/);
    assert.ok((json.stopped?.cost ?? 0) > 0, 'the price it stopped at');
    assert.deepEqual(json.files, []);
    assert.deepEqual(charges(), []);
    const folder = join(cli.dir, 'unconfirmed');
    assert.deepEqual(existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.tif')) : [], []);
  });
});
