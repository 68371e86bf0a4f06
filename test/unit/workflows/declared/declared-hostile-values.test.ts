// Values a repository's imagery files may hold that no writer of ours puts there, each found by the
// seeded mutation corpus (declared-files-mutation-corpus.test.ts) and kept here by name: plan,
// apply and verify end with a documented exit code and one line that says what is wrong, never a
// stack trace, and bill nothing.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import type { CliRun } from '../../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-hostile-values-key-6Rm2';
const HEX = '0'.repeat(64);
/** Deeper than any stack a recursive walk (JSON.stringify's, a diff's) has room for. */
const DEEP = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;

const VERBS = {
  plan: ['plan'],
  apply: ['apply', '--yes', '--max-cost', '1'],
  verify: ['verify'],
} as const;

describe("CLI: imagery as code with values a repository's files should not hold", function () {
  this.timeout(60_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-hostile-values-',
    simulator: { seed: 29, imageryEveryDay: true },
    files: { 'field.geojson': FIELD },
  });

  function ended(run: CliRun, code: number, said: RegExp): void {
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
    assert.doesNotMatch(run.stderr, /RangeError|TypeError/);
    assert.equal(run.code, code, run.stderr + run.stdout);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('sat-imagery: '));
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0]!, said);
  }

  it('a lock nested 200,000 deep (an order payload kept from an earlier apply): plan, apply and verify exit 10 naming it', async () => {
    writeFileSync(cli.file('deep.imagery.json'), JSON.stringify({ datasets: [] }));
    const order = `{"order":"old","area":"field.geojson","guid":"g","payloadHash":"${HEX}","payload":{"ApiRequests":${DEEP}},"at":"2026-01-01T00:00:00.000Z"}`;
    writeFileSync(cli.file('deep.imagery.lock.json'), `{"version":1,"images":[],"orders":[${order}]}\n`);
    for (const [verb, ...options] of Object.values(VERBS)) {
      cli.sim.clearLog();
      const run = await cli.run(verb, cli.file('deep.imagery.json'), ...options);
      ended(
        run,
        ExitCode.localFile,
        /deep\.imagery\.lock\.json is not a lock of this version \(it is nested more than 128 levels deep\)\.$/,
      );
      assert.deepEqual(
        cli.sim.requests.filter((r) => r.charged),
        [],
      );
    }
  });
});
