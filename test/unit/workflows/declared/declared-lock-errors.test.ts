// A lock that is not JSON, or not a lock of this version (edited by hand, a merge conflict left in
// it), is a local file problem: plan, apply and verify say which file and what to do, exit 10, and
// print no stack trace (which reads as a bug); nothing billed is sent.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-lock-key-4Hs7';

const IMAGERY = JSON.stringify({
  datasets: [
    {
      name: 'rgb',
      area: 'field.geojson',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      resolution: 20,
      bandnames: 'rgb',
      epsgProjection: 4326,
      dates: ['2026-06-10'],
    },
  ],
});

describe('CLI: imagery as code with a broken lock', function () {
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
});
