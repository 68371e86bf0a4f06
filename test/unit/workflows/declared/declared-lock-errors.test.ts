// A lock that is not JSON, or not a lock of this version (edited by hand, a merge conflict left in
// it), is a local file problem: plan, apply and verify say which file and what to do, exit 10, and
// print no stack trace (which reads as a bug); nothing billed is sent. A --plan file that is JSON
// but not a plan (null, a unit that is not an object) is a usage error (exit 2), said as such.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-lock-key-4Hs7';

const IMAGERY = JSON.stringify({
  datasets: [rgbDataset()],
});

describe('CLI: imagery as code with a broken lock or plan file', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-lock-',
    simulator: { seed: 5 },
    files: { 'field.geojson': FIELD, 'imagery.json': IMAGERY },
  });

  for (const [what, text, said] of [
    ['not JSON', '<<<<<<< HEAD\n{}\n', /imagery\.lock\.json is not valid JSON.*restore it from version control/],
    ['not a lock of this version', '{"version": 2, "images": [], "orders": []}', /imagery\.lock\.json is not a lock/],
  ] as const)
    for (const verb of [['plan'], ['apply', '--yes', '--max-cost', '1000'], ['verify']])
      it(`${verb[0]}: a lock ${what} exits 10 with its name and no stack trace`, async () => {
        writeFileSync(cli.file('imagery.lock.json'), text);
        cli.sim.clearLog();
        const run = await cli.run(verb[0]!, cli.file('imagery.json'), ...verb.slice(1));
        assert.match(run.stderr, said);
        assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
        assert.equal(run.code, ExitCode.localFile, run.stderr);
        assert.deepEqual(
          cli.sim.requests.filter((r) => r.charged),
          [],
        );
      });

  for (const text of [
    'null',
    '{"units": [null], "total": {"credits": 1}}',
    '{"units": [], "total": {"credits": 1}, "orders": [7]}',
  ])
    it(`apply --plan with ${text}: not a plan, exit 2, no stack trace`, async () => {
      rmSync(cli.file('imagery.lock.json'), { force: true });
      writeFileSync(cli.file('saved-plan.json'), text);
      cli.sim.clearLog();
      const run = await cli.run('apply', cli.file('imagery.json'), '--plan', cli.file('saved-plan.json'), '--yes');
      assert.match(run.stderr, /is not a plan written by plan --out/);
      assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
      assert.equal(run.code, ExitCode.usage, run.stderr);
      assert.deepEqual(
        cli.sim.requests.filter((r) => r.charged),
        [],
      );
    });

  it('apply --plan naming a FIFO: not read (it would never end), not a plan, exit 2', async () => {
    rmSync(cli.file('imagery.lock.json'), { force: true });
    rmSync(cli.file('fifo-plan.json'), { force: true });
    execFileSync('mkfifo', [cli.file('fifo-plan.json')]);
    const run = await cli.run('apply', cli.file('imagery.json'), '--plan', cli.file('fifo-plan.json'), '--yes');
    assert.match(run.stderr, /fifo-plan\.json is not a plan written by plan --out \(.*is not a regular file/);
    assert.equal(run.code, ExitCode.usage, run.stderr);
  });
});
