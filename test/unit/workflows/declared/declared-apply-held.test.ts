// apply after an earlier run left a unit held as possibly charged (its answer lost; a kill or a
// full disk leaves the same ledger state): it exits 6 as plan does for the same folder, never
// "0 uncertain … No changes" with 0, so a CI job does not show green while units may have been
// charged. At its start, under the folder's lock, it removes the `.part` and manifest temporary
// files of earlier runs (only the product's own names, never a link or what it points to) and
// says so in one line, though it buys nothing.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { jsonOf, notesOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-held-key-4Qp9';
const NOW = Date.UTC(2026, 5, 15, 12);
const PROCESS = '/api/satelliteimages/process/composite';

interface ApplySummary {
  outcome: string;
  bought: number;
  uncertain: number;
  heldBefore: number;
}

describe('CLI: apply with units an earlier run left held as possibly charged', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-held-',
    simulator: { seed: 23, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e6 } },
    files: {
      'field.geojson': FIELD,
      'imagery.json': JSON.stringify({ datasets: [rgbDataset(['2026-06-08', '2026-06-10'])] }),
      'outside.txt': 'not the product’s\n',
    },
  });
  const charged = () => cli.sim.requests.filter((r) => r.charged);
  const apply = (...extra: string[]) =>
    cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100', ...extra);

  it('exits 6 with the held unit counted, as plan does, and removes only the stale files of its own names', async () => {
    // The first date's answer is lost after the service made (and charged) it.
    cli.sim.schedule({ method: 'POST', path: PROCESS, reset: 'after-processing', times: 1 });
    const first = await apply('--json');
    assert.equal(first.code, ExitCode.mayHaveBeenCharged, first.stderr + first.stdout);
    assert.equal(charged().length, 2, 'both dates charged, one answer lost');

    const folder = cli.file('rgb');
    const stale = ['field-2026-06-08-0123abcd.tif.part', '.sat-imagery-manifest.json.0123456789ab.tmp'];
    for (const name of stale) writeFileSync(join(folder, name), 'half of something');
    const foreign = ['notes.part', 'sat-imagery-manifest.json.tmp'];
    for (const name of foreign) writeFileSync(join(folder, name), 'a person’s file');
    const link = join(folder, 'field-2026-06-09-89abcdef.tif.part');
    symlinkSync(cli.file('outside.txt'), link);
    mkdirSync(join(folder, 'sub-01234567.tif.part'));

    cli.sim.clearLog();
    const again = await apply('--json');
    assert.equal(again.code, ExitCode.mayHaveBeenCharged, again.stderr + again.stdout);
    const summary = jsonOf<ApplySummary>(again);
    assert.deepEqual(
      [summary.outcome, summary.bought, summary.uncertain, summary.heldBefore],
      ['may-have-been-charged', 0, 1, 1],
    );
    assert.deepEqual(charged(), [], 'nothing bought again');
    const said = notesOf(again.stderr).filter((note) => /Removed/.test(note));
    assert.equal(said.length, 1, again.stderr);
    assert.match(said[0]!, /Removed 2 files an earlier run left unfinished \(rgb\/.*, rgb\/.*\)\.$/);
    for (const name of stale) assert.ok(!existsSync(join(folder, name)), `${name} removed`);
    for (const name of foreign) assert.ok(existsSync(join(folder, name)), `${name} kept`);
    assert.ok(existsSync(link), 'a link of such a name is left');
    assert.ok(existsSync(join(folder, 'sub-01234567.tif.part')), 'a folder of such a name is left');
    assert.equal(readFileSync(cli.file('outside.txt'), 'utf8'), 'not the product’s\n');

    const text = await apply();
    assert.equal(text.code, ExitCode.mayHaveBeenCharged, text.stderr);
    assert.match(text.stdout, /^Apply: 0 bought, 1 uncertain \(1 held from an earlier run\), 0 failed\./m);
    assert.match(text.stdout, /^No changes made, but 1 held as uncertain: they may have been charged already/m);
    assert.doesNotMatch(text.stdout, /^No changes\.$/m);

    const plan = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(plan.code, ExitCode.mayHaveBeenCharged, 'plan agrees');
    assert.deepEqual(charged(), [], 'nothing bought again');
  });
});
