// The caps of an imagery file: at most 1,000 dates per dataset (named, found by a search, or kept
// by maxDates) and 5,000 units per file, and no date the calendar does not have. Each refusal comes
// before any request (a file of 5,000 dates sent 5,003; one of 100,000 was still sending after
// 90 s), exits as a bad imagery file does (3), and says the cap and why at its place in the file.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-caps-key-8Vt3';
const NOW = Date.UTC(2026, 5, 15, 12);

/** `count` consecutive days back from the pinned clock, oldest first. */
function daysBack(count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(NOW - (count - i) * 86_400_000).toISOString().slice(0, 10));
}

describe('CLI: imagery as code, the caps on dates and units', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-caps-',
    simulator: { seed: 17, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e9 } },
    files: { 'field.geojson': FIELD },
  });
  beforeEach(() => cli.sim.clearLog());

  /** plan and apply of the file both refuse it as a bad imagery file, before any request. */
  async function refusedBeforeAnyRequest(name: string, file: unknown, said: RegExp): Promise<void> {
    writeFileSync(cli.file(name), JSON.stringify(file, null, 1));
    for (const args of [['plan'], ['apply', '--yes', '--max-cost', '1000000']]) {
      const run = await cli.run(args[0]!, cli.file(name), ...args.slice(1));
      assert.equal(run.code, ExitCode.invalidGeometry, `${args[0]}: ${run.stderr}`);
      assert.match(run.stderr, said, args[0]);
      assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
    }
    assert.deepEqual(
      cli.sim.requests.map((r) => `${r.method} ${r.path}`),
      [],
      'no request at all',
    );
  }

  it('a dataset of 1,001 dates is refused at its dates, naming the cap and why', async () => {
    await refusedBeforeAnyRequest(
      'many.imagery.json',
      { datasets: [rgbDataset(daysBack(1001))] },
      /many\.imagery\.json:\d+:\d+: error: datasets\.0\.dates: at most 1000 dates per dataset \(each date is an estimate and a billed call; split a larger need into several imagery files\)/,
    );
  });

  it('100,000 dates are refused at once', async () => {
    const started = Date.now();
    const dates = Array.from({ length: 100_000 }, (_, i) => new Date(Date.UTC(1800, 0, 1) + i * 86_400_000));
    await refusedBeforeAnyRequest(
      'huge.imagery.json',
      { datasets: [rgbDataset(dates.map((d) => d.toISOString().slice(0, 10)))] },
      /at most 1000 dates per dataset/,
    );
    assert.ok(Date.now() - started < 20_000, `refused in ${Date.now() - started} ms`);
  });

  it('six datasets of 1,000 dates (6,000 units) are refused, naming the cap of 5,000 units', async () => {
    const dates = daysBack(1000);
    await refusedBeforeAnyRequest(
      'units.imagery.json',
      { datasets: Array.from({ length: 6 }, (_, i) => ({ ...rgbDataset(dates), name: `rgb${i}` })) },
      /6000 units declared \(each dataset's dates times its area files\), above the cap of 5000 per imagery file \(each date is an estimate/,
    );
  });

  it('maxDates above the cap is refused', async () => {
    const { dates: _dates, ...dataset } = rgbDataset();
    await refusedBeforeAnyRequest(
      'max.imagery.json',
      { datasets: [{ ...dataset, from: '2026-01-01', to: '2026-06-01', maxDates: 5000 }] },
      /datasets\.0\.maxDates: at most 1000 dates per dataset/,
    );
  });

  it('an impossible calendar date (2026-02-31) is refused at its line and column', async () => {
    writeFileSync(
      cli.file('feb.imagery.json'),
      `{\n  "datasets": [\n    ${JSON.stringify(rgbDataset(['2026-02-27', '2026-02-31']))}\n  ]\n}\n`,
    );
    const run = await cli.run('plan', cli.file('feb.imagery.json'));
    assert.equal(run.code, ExitCode.invalidGeometry, run.stderr);
    const column = `    ${JSON.stringify(rgbDataset(['2026-02-27', '2026-02-31']))}`.indexOf('"2026-02-31"') + 1;
    assert.match(
      run.stderr,
      new RegExp(`feb\\.imagery\\.json:3:${column}: error: datasets\\.0\\.dates\\.1: a day the calendar has`),
    );
    assert.deepEqual(cli.sim.requests, [], 'no request at all');
  });

  for (const field of ['from', 'to'] as const) {
    it(`an impossible order date (${field}: 2026-02-31) is refused at its line and column`, async () => {
      const order = { name: 'watch', area: 'field.geojson', model: 'Stratus2', from: '2026-02-01', to: '2026-03-31' };
      const line = `    ${JSON.stringify({ ...order, [field]: '2026-02-31' })}`;
      writeFileSync(cli.file('order-feb.imagery.json'), `{\n  "orders": [\n${line}\n  ]\n}\n`);
      for (const [verb, ...flags] of [['plan'], ['apply', '--yes', '--max-cost', '1000000']]) {
        const run = await cli.run(verb!, cli.file('order-feb.imagery.json'), ...flags);
        assert.equal(run.code, ExitCode.invalidGeometry, `${verb}: ${run.stderr}`);
        assert.match(
          run.stderr,
          new RegExp(
            `order-feb\\.imagery\\.json:3:${line.indexOf('"2026-02-31"') + 1}: error: orders\\.0\\.${field}: a day the calendar has`,
          ),
          verb,
        );
      }
      assert.deepEqual(cli.sim.requests, [], 'no request at all');
    });
  }

  it('a search that finds more than 1,000 dates is refused before any estimate, at the dataset', async () => {
    const { dates: _dates, ...dataset } = rgbDataset();
    writeFileSync(
      cli.file('range.imagery.json'),
      JSON.stringify({ datasets: [{ ...dataset, from: '2020-01-01', to: '2026-06-10' }] }),
    );
    const run = await cli.run('apply', cli.file('range.imagery.json'), '--yes', '--max-cost', '1000000');
    assert.equal(run.code, ExitCode.invalidGeometry, run.stderr);
    assert.match(
      run.stderr,
      /range\.imagery\.json:1:\d+: dataset 'rgb': its search found \d{4} dates, above the cap of 1000 per dataset \(each date is an estimate and a billed call; .*\): set maxDates/,
    );
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.path.includes('estimate') || r.path.endsWith('/process/composite')),
      [],
      'nothing priced, nothing bought',
    );
  });

  it("a later dataset's search past the cap is refused before an earlier dataset is checked or priced", async () => {
    const { dates: _dates, ...dataset } = rgbDataset();
    const few = { ...dataset, name: 'few', window: { from: '2026-06-01', to: '2026-06-10' } };
    const many = { ...dataset, name: 'many', folder: 'many', from: '2020-01-01', to: '2026-06-10' };
    writeFileSync(cli.file('two.imagery.json'), JSON.stringify({ datasets: [few, many] }));
    const run = await cli.run('plan', cli.file('two.imagery.json'));
    assert.equal(run.code, ExitCode.invalidGeometry, run.stderr);
    assert.match(run.stderr, /two\.imagery\.json:1:\d+: dataset 'many': its search found \d{4} dates, above the cap/);
    assert.equal(cli.sim.requests.filter((r) => r.path.endsWith('/search/available')).length, 2, 'both searched');
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.path.includes('composite')).map((r) => r.path),
      [],
      'no date of the first dataset checked or priced',
    );
  });
});
