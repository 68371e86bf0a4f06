// plan --markdown run as a process against the simulator, read back by a CommonMark parser with
// GFM's tables: the same units and exit codes as plan --json, before an apply (to buy, exit 2,
// nothing charged) and after it (have, with the locked files, exit 0); an area file whose name
// holds a `|`, a backtick and a `<` stays one cell; --markdown with --json is a usage error. Under
// a monthly cap (the CLI's clock at the simulator's), deferred units and the month's figures.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import type { PlanUnit } from '../../../src/workflows/declared/declared-plan';
import type { MonthSpend } from '../../../src/workflows/declared/declared-month';
import { pinnedClock } from '../../simulator/test-helpers';
import { runAtSimulatorClock } from '../fixtures/cli-at-clock';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../fixtures/cli-fixture';
import { parsePlanMarkdown } from './plan-markdown-parse';

const KEY = 'cli-plan-markdown-key-8Rw2';
/** The simulator's clock: imagery every day, so the dates are covered whatever today is. */
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-10', '2026-06-12'];
const HOSTILE_AREA = 'field|`x`<b>.geojson';
const IMAGERY = JSON.stringify({
  datasets: [rgbDataset(DATES), { ...rgbDataset(['2026-06-11']), name: 'odd', area: HOSTILE_AREA }],
  budget: { maxCredits: 1000 },
});

describe('CLI: plan --markdown', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-plan-markdown-',
    simulator: { seed: 7, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, [HOSTILE_AREA]: FIELD, 'imagery.json': IMAGERY },
  });
  const charged = () => cli.sim.requests.filter((r) => r.charged);
  const planJson = async () => jsonOf<{ units: PlanUnit[] }>(await cli.run('plan', 'imagery.json', '--json')).units;
  /** Each table's rows as (dataset, what happens, area, date, credits, file). */
  const rowsOf = (markdown: string) =>
    parsePlanMarkdown(markdown)
      .tables.filter((t) => t.heading.startsWith('Dataset '))
      .flatMap((t) => t.rows.map((r) => [t.heading.slice('Dataset '.length), ...r.slice(0, 5)]));
  const expected = (units: PlanUnit[], words: Record<string, string>) =>
    units.map((u) => [
      u.dataset,
      words[u.kind],
      u.area,
      u.date,
      u.credits === undefined || u.kind === 'have' ? '' : String(u.credits),
      u.file ?? '',
    ]);

  it('prints the units plan --json lists, to buy with their credits, behind the marker line; exit 2, nothing charged', async () => {
    cli.sim.clearLog();
    const run = await cli.run('plan', 'imagery.json', '--markdown');
    assert.equal(run.code, 2, run.stderr);
    assert.equal(run.stdout.split('\n')[0], '<!-- sat-imagery plan: imagery.json -->');
    const md = parsePlanMarkdown(run.stdout);
    assert.deepEqual(md.html, ['<!-- sat-imagery plan: imagery.json -->\n']);
    assert.deepEqual(md.markup, []);
    assert.deepEqual(
      md.tables.map((t) => t.heading),
      ['Dataset rgb', 'Dataset odd'],
    );
    const units = await planJson();
    assert.equal(units.length, 3);
    assert.ok(units.every((u) => u.kind === 'buy' && typeof u.credits === 'number'));
    assert.deepEqual(rowsOf(run.stdout), expected(units, { buy: 'to buy' }));
    assert.ok(
      rowsOf(run.stdout).some((r) => r[2] === HOSTILE_AREA),
      'the odd name is one cell, as itself',
    );
    assert.deepEqual(charged(), [], 'a plan is never billed');
  });

  it('after an apply, lists them as have with the locked files and exits 0', async () => {
    const applied = await cli.run('apply', 'imagery.json', '--yes', '--max-cost', '100');
    assert.equal(applied.code, 0, applied.stderr + applied.stdout);
    const run = await cli.run('plan', 'imagery.json', '--markdown');
    assert.equal(run.code, 0, run.stderr);
    const units = await planJson();
    assert.ok(units.every((u) => u.kind === 'have'));
    const locked = (JSON.parse(readFileSync(cli.file('imagery.lock.json'), 'utf8')) as { images: { file: string }[] })
      .images;
    assert.deepEqual(
      rowsOf(run.stdout)
        .map((r) => r[5])
        .sort(),
      locked.map((i) => i.file).sort(),
    );
    assert.deepEqual(rowsOf(run.stdout), expected(units, { have: 'have' }));
    assert.match(run.stdout, /\*\*No changes:\*\* the folders hold everything the file declares \(3 have\)\./);
  });

  it('refuses --markdown with --json as a usage error (exit 11)', async () => {
    const run = await cli.run('plan', 'imagery.json', '--markdown', '--json');
    assert.equal(run.code, 11, run.stderr);
    assert.match(run.stderr, /--markdown and --json/);
  });
});

describe('CLI: plan --markdown under a monthly cap', function () {
  this.timeout(120_000);
  const DATES_JULY = ['2026-07-03', '2026-07-08', '2026-07-13'];
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-plan-markdown-cap-',
    simulator: { seed: 29, clock: pinnedClock('2026-07-25T10:00:00Z'), imageryEveryDay: true },
    files: { 'field.geojson': FIELD },
  });

  it("shows the deferred units with their month and the month's spend against the cap, as plan --json has them", async () => {
    const path = cli.file('imagery.json');
    writeFileSync(path, JSON.stringify({ datasets: [rgbDataset(DATES_JULY)] }));
    const price = jsonOf<{ units: PlanUnit[] }>(await runAtSimulatorClock(cli, 'plan', path, '--json')).units[0]!
      .credits!;
    // Room for one unit and a half this month: the two later dates wait for August.
    writeFileSync(
      path,
      JSON.stringify({ datasets: [rgbDataset(DATES_JULY)], budget: { maxCreditsPerMonth: 1.5 * price } }),
    );
    const json = await runAtSimulatorClock(cli, 'plan', path, '--json');
    const plan = jsonOf<{ units: PlanUnit[]; month: MonthSpend }>(json);
    const run = await runAtSimulatorClock(cli, 'plan', path, '--markdown');
    assert.equal(run.code, 2, run.stderr);
    assert.equal(json.code, 2, json.stderr);
    const rows = parsePlanMarkdown(run.stdout).tables[0]!.rows;
    assert.deepEqual(
      rows.map((r) => [r[0], r[2], r[3]]),
      [
        ['to buy', DATES_JULY[0], String(price)],
        ['deferred', DATES_JULY[1], String(price)],
        ['deferred', DATES_JULY[2], String(price)],
      ],
    );
    // Each deferred unit's why is plan's reason, which names its month.
    assert.deepEqual(
      rows.map((r) => r[5]),
      plan.units.map((u) => u.reason ?? ''),
    );
    assert.match(rows[1]![5]!, /bought in 2026-08/);
    const m = plan.month;
    assert.equal(m.month, '2026-07');
    assert.ok(
      run.stdout.includes(
        `- **This month (2026-07):** ${m.spentCredits} of the cap of ${m.maxCredits} credits spent, ${m.leftCredits} left after this plan; 2 deferred (${m.deferredCredits} credits)\n`,
      ),
      run.stdout,
    );
    assert.match(run.stdout, new RegExp(`\\*\\*Budget:\\*\\* ${m.maxCredits} credits a month\\n`));
  });
});
