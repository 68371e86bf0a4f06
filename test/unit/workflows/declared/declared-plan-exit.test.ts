// plan's exit codes for CI, as terraform plan -detailed-exitcode: 0 no changes, 2 changes to make,
// and a usage error of plan (an unknown option, a bad value, a setting the service's checks refuse)
// exits 11, never 2, so a job that reads 2 as "apply now" is not fooled by a typo. The other verbs
// keep 2 for their usage errors.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-exit-key-7Rw2';
const NOW = Date.UTC(2026, 5, 15, 12);

function imagery(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    datasets: [{ ...rgbDataset(), ...extra }],
  });
}

describe("CLI: plan's exit codes (terraform's -detailed-exitcode)", function () {
  this.timeout(60_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-exit-',
    simulator: { seed: 5, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'imagery.json': imagery() },
  });
  const billed = () => cli.sim.requests.filter((r) => r.charged);

  it('plan with changes exits 2 and prints the plan, not an error', async () => {
    const run = await cli.run('plan', cli.file('imagery.json'), '--json');
    assert.equal(run.code, 2, run.stderr);
    assert.equal(jsonOf<{ changes: boolean }>(run).changes, true);
  });

  it('plan with an unknown option, or an empty value, exits 11 with an error object (exitCode 11), never 2', async () => {
    for (const args of [['--no-such-flag'], ['--out', ' ']]) {
      const run = await cli.run('plan', cli.file('imagery.json'), ...args, '--json');
      assert.equal(run.code, ExitCode.planUsage, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(jsonOf<{ error: { exitCode: number } }>(run).error.exitCode, ExitCode.planUsage);
    }
  });

  it('plan of a dataset whose setting the service refuses exits 11, naming its place in the file', async () => {
    writeFileSync(cli.file('bad-model.imagery.json'), imagery({ model: 'NoSuchModel' }));
    const run = await cli.run('plan', cli.file('bad-model.imagery.json'));
    assert.equal(run.code, ExitCode.planUsage, run.stderr);
    assert.match(run.stderr, /bad-model\.imagery\.json:1:\d+: dataset 'rgb': 'NoSuchModel' is not a model/);
    assert.deepEqual(billed(), []);
  });

  it('a refused dataset option is named with the series flag that sets it, by plan and apply, the exit code kept', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ resolution: 7 }, ExitCode.planUsage, /Resolution 7 m .* \(resolution: sat-imagery series --resolution\)\.$/m],
      [
        { satelliteConstellations: ['Nope'] },
        ExitCode.planUsage,
        /does not support Nope.* \(satelliteConstellations: sat-imagery series --satellite-constellations\)\.$/m,
      ],
      [
        { output: { DataType: 'float99' } },
        ExitCode.planUsage,
        /DataType 'float99' .* \(output\.DataType: sat-imagery series --data-type\)\.$/m,
      ],
      [
        { epsgProjection: 99999 },
        ExitCode.refused,
        /dataset 'rgb': .*EpsgProjection.* \(epsgProjection: sat-imagery series --epsg-projection\)\.$/m,
      ],
    ];
    for (const [extra, code, note] of cases) {
      writeFileSync(cli.file('refused.imagery.json'), imagery(extra));
      const planned = await cli.run('plan', cli.file('refused.imagery.json'));
      assert.equal(planned.code, code, planned.stderr);
      assert.match(planned.stderr, note);
      assert.doesNotMatch(planned.stderr, /--model\b/, 'only the option refused is named');
      const applied = await cli.run('apply', cli.file('refused.imagery.json'), '--yes', '--max-cost', '100');
      assert.equal(applied.code, code === ExitCode.planUsage ? ExitCode.usage : code, applied.stderr);
      assert.match(applied.stderr, note);
    }
    assert.deepEqual(billed(), []);
  });

  it('the other verbs keep 2 for a usage error (apply, verify)', async () => {
    for (const verb of ['apply', 'verify']) {
      const run = await cli.run(verb, cli.file('imagery.json'), '--no-such-flag');
      assert.equal(run.code, ExitCode.usage, `${verb}: ${run.stderr}`);
    }
    assert.deepEqual(billed(), []);
  });

  it('--help lists 11 beside 2', async () => {
    const run = await cli.run('--help');
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^\s+2 {2}usage: .*plan: changes to make; alerts: alerts found$/m);
    assert.match(run.stdout, /^\s+11 {2}plan's and alerts' usage error/m);
  });
});
