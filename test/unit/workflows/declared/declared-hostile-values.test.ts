// Values a repository's imagery files may hold that no writer of ours puts there, each found by the
// seeded mutation corpus (declared-files-mutation-corpus.test.ts) and kept here by name: plan,
// apply and verify end with a documented exit code and one line that says what is wrong, never a
// stack trace, and bill nothing.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { LEDGER_NAME } from '../../../../src/ledger/ledger-journal';
import { assertStopped, jsonOf } from '../../fixtures/cli-helpers';
import type { CliRun } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-hostile-values-key-6Rm2';
const HEX = '0'.repeat(64);
/** Deeper than any stack a recursive walk (JSON.stringify's, a diff's) has room for. */
const DEEP = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;

/** A date the simulator has imagery for on any day the suite runs (imagery every day, the demo
 * order from six months back). */
const DATE = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

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
    assert.doesNotMatch(run.stderr, /RangeError|TypeError/);
    assertStopped(run, code, said);
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

  /** `name`.imagery.json declaring one image, bought by an apply; its ledger's lines, parsed. */
  async function bought(name: string): Promise<{ file: string; ledger: string; lines: Record<string, unknown>[] }> {
    const file = cli.file(`${name}.imagery.json`);
    writeFileSync(file, JSON.stringify({ datasets: [{ ...rgbDataset([DATE]), name }] }));
    const run = await cli.run('apply', file, ...VERBS.apply.slice(1));
    assert.equal(run.code, ExitCode.ok, run.stderr + run.stdout);
    const ledger = cli.file(`${name}/${LEDGER_NAME}`);
    const lines = readFileSync(ledger, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { file, ledger, lines };
  }
  const jsonLines = (lines: readonly (Record<string, unknown> | string)[]) =>
    `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`;

  it('a ledger line whose sha256 is a number is not taken: apply writes a lock the next plan reads (its unit held, exit 6)', async () => {
    const { file, ledger, lines } = await bought('sha');
    writeFileSync(ledger, jsonLines(lines.map((line) => (line.state === 'saved' ? { ...line, sha256: 12 } : line))));
    const apply = await cli.run('apply', file, ...VERBS.apply.slice(1));
    // Its unit is held (the `charged` line before the one not taken): apply exits 6 as plan does.
    assert.equal(apply.code, ExitCode.mayHaveBeenCharged, apply.stderr + apply.stdout);
    const plan = await cli.run('plan', file, '--json');
    assert.doesNotMatch(plan.stderr, /not a lock/);
    assert.equal(plan.code, ExitCode.mayHaveBeenCharged, plan.stderr + plan.stdout);
    assert.deepEqual(
      jsonOf<{ units: { kind: string }[] }>(plan).units.map((u) => u.kind),
      ['uncertain'],
    );
  });

  it('a ledger line whose credits are nested 200,000 deep is not taken: plan --json and apply end without a stack', async () => {
    const { file, ledger, lines } = await bought('credits');
    const [first] = lines;
    const deep = `{"v":1,"key":"${String(first!.key)}","state":"lost","credits":${DEEP},"at":"2026-01-01T00:00:00.000Z"}`;
    writeFileSync(ledger, jsonLines([...lines, deep]));
    const plan = await cli.run('plan', file, '--json');
    assert.doesNotMatch(plan.stderr, /^\s+at |RangeError/m);
    assert.equal(plan.code, ExitCode.ok, plan.stderr + plan.stdout);
    assert.deepEqual(
      jsonOf<{ units: { kind: string }[] }>(plan).units.map((u) => u.kind),
      ['have'],
    );
    const apply = await cli.run('apply', file, ...VERBS.apply.slice(1));
    assert.doesNotMatch(apply.stderr, /^\s+at |RangeError/m);
    assert.equal(apply.code, ExitCode.ok, apply.stderr + apply.stdout);
  });

  it('an imagery file whose model or constellation is a string of a million characters: exit 3 at its place, in one short line', async () => {
    const long = 'a'.repeat(1_000_000);
    const dataset = { ...rgbDataset([DATE]), name: 'long' };
    const order = { name: 'o', area: 'field.geojson', model: long, from: '2030-01-01', to: '2030-01-31' };
    for (const [file, where] of [
      [{ datasets: [{ ...dataset, satelliteConstellations: [long] }] }, 'datasets.0.satelliteConstellations.0'],
      [{ orders: [order] }, 'orders.0.model'],
    ] as const) {
      writeFileSync(cli.file('long.imagery.json'), JSON.stringify(file));
      cli.sim.clearLog();
      const run = await cli.run('plan', cli.file('long.imagery.json'));
      ended(
        run,
        ExitCode.invalidGeometry,
        new RegExp(`has 1 problem: ${where.replace(/\./g, '\\.')}: at most 256 characters\\.`),
      );
      assert.ok(run.stderr.length < 1_000, run.stderr.slice(0, 300));
      assert.deepEqual(cli.sim.requests, [], 'nothing asked of the service');
    }
  });
});
