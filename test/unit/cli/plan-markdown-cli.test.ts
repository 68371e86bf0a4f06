// plan --markdown run as a process against the simulator, read back by a CommonMark parser with
// GFM's tables: the same units and exit codes as plan --json, before an apply (to buy, exit 2,
// nothing charged) and after it (have, with the locked files, exit 0); an area file whose name
// holds a `|`, a backtick and a `<` stays one cell; --markdown with --json is a usage error.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { PlanUnit } from '../../../src/workflows/declared/declared-plan';
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
