// The command line's text says what --json says: a possible charge with the balance and what to do,
// each unit's outcome (possibly charged, held, done with its share of valid pixels, empty images
// said plainly), the series' estimate when it is not confirmed, and the projection default the
// code uses (one source for the help and the run).
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatArea, formatCredits, formatDuration } from '../../../src/common/format';
import { DEFAULT_EPSG_RULE, defaultEpsg } from '../../../src/request/projection';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-outcome-text-key-Qx71';
const PROCESS = '/api/satelliteimages/process/composite';
const MINITILE = '/api/satelliteimages/process/minitile';
/** The simulator's today, pinned: its catalogue follows this clock, not the machine's. */
const NOW = Date.parse('2026-11-26T12:00:00Z');
const FIELD_BOX = { west: 10.05, south: 56.05, east: 10.07, north: 56.06 };

describe('CLI: the text output says each outcome and what to do', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-outcome-',
    simulator: { clock: () => NOW },
    files: { 'field.geojson': FIELD },
  });
  const { run } = cli;
  let field: string;
  let dates: string[];
  const sent = (path: string) => cli.sim.requests.filter((r) => r.method === 'POST' && r.path === path);

  before(async () => {
    field = cli.file('field.geojson');
    const found = await run(
      'dates',
      field,
      '--model',
      'Stratus2',
      '--from',
      '2026-10-27',
      '--to',
      '2026-11-26',
      '--json',
    );
    dates = jsonOf<{ coverage: { full: string[] } }>(found).coverage.full;
    assert.ok(dates.length >= 2, `two dates cover the field: ${found.stdout}`);
  });
  afterEach(() => cli.sim.configure({}));

  it("series without --yes prints the estimate, each date's credits and how to proceed, and sends nothing billed", async () => {
    cli.sim.clearLog();
    const r = await run(
      'series',
      field,
      '--model',
      'Stratus2',
      '--dates',
      dates.slice(0, 2).join(','),
      '--resolution',
      '40',
      '--output-directory',
      join(cli.dir, 'unconfirmed'),
    );
    assert.equal(r.code, 8, r.stderr);
    assert.match(r.stdout, /Time series of 2 dates/);
    assert.match(r.stdout, /Cost: \d+(\.\d+)? credits/);
    // Each date with its credits, as the cost panel lists them.
    const listed = /^  Credits by date:\n((?: {4}\S+ {2}.+\n)+)/m.exec(r.stdout);
    assert.ok(listed, r.stdout);
    const rows = (listed[1] as string).trim().split('\n');
    assert.deepEqual(
      rows.map((l) => l.trim().split('  ')[0]),
      [...dates.slice(0, 2)].sort(),
    );
    for (const row of rows) assert.match(row, / {2}\d+(\.\d+)? credits$/);
    // The area is each date's; the size and the time are all the dates' together.
    assert.match(r.stdout, /^ {2}Area billed per date \(service estimate\): \S+ km²$/m);
    assert.match(r.stdout, /^ {2}Files, all dates: \d+ kB$/m);
    assert.match(r.stdout, /^ {2}Processing time, all dates: about \d+ s$/m);
    assert.match(r.stdout, /--yes and --max-cost/);
    assert.doesNotMatch(`${r.stdout}${r.stderr}`, /confirmCostAbove|interactively/, 'no VS Code settings message');
    assert.equal(sent(PROCESS).length, 0);
    // The estimate only: no line per date saying it was not sent, no manifest, and no folder.
    assert.doesNotMatch(r.stdout, /not-sent|Manifest:|Estimated total/);
    assert.equal(existsSync(join(cli.dir, 'unconfirmed')), false, 'the unconfirmed run left its new folder behind');
  });

  it('series: an image paid for with no valid pixel is said to be empty, in text and in --json', async () => {
    cli.sim.configure({ emptyImages: true });
    const args = [
      'series',
      field,
      '--model',
      'Stratus2',
      '--dates',
      dates[0]!,
      '--resolution',
      '40',
      '--yes',
      '--max-cost',
      '100',
    ];
    const text = await run(...args, '--output-directory', join(cli.dir, 'empty-text'));
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, new RegExp(`${dates[0]}\\s+done .*paid, but no valid pixels`));
    assert.match(text.stdout, /1 date was paid for but holds no valid pixels/);
    const json = jsonOf<{ dates: { date: string; status: string; validFraction?: number }[] }>(
      await run(...args, '--output-directory', join(cli.dir, 'empty-json'), '--json'),
    );
    assert.deepEqual(
      json.dates.map((d) => [d.date, d.status, d.validFraction]),
      [[dates[0], 'done', 0]],
    );
  });

  it("series says what it spent: the done dates' estimates, what the service charged; nothing on a rerun that buys nothing", async () => {
    const args = ['series', field, '--model', 'Stratus2', '--dates', dates.slice(0, 2).join(','), '--resolution', '40'];
    const charged = () => cli.sim.requests.reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0);
    const folder = join(cli.dir, 'spent-series');
    cli.sim.clearLog();
    const json = await run(...args, '--yes', '--max-cost', '100', '--output-directory', folder, '--json');
    assert.equal(json.code, 0, json.stderr);
    const result = jsonOf<{ creditsSpent?: number; dates: { status: string; credits?: number }[] }>(json);
    assert.deepEqual(
      result.dates.map((d) => d.status),
      ['done', 'done'],
    );
    const estimates = result.dates.reduce((sum, d) => sum + (d.credits as number), 0);
    assert.ok(estimates > 0);
    assert.equal(result.creditsSpent, Math.round(estimates * 1e6) / 1e6, 'the sum of the dates accepted');
    assert.equal(Math.round(charged() * 1e6) / 1e6, result.creditsSpent, 'what the service charged');
    // The same dates again, into the same folder: nothing sent, nothing spent, no figure said.
    cli.sim.clearLog();
    const again = await run(...args, '--yes', '--max-cost', '100', '--output-directory', folder);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(charged(), 0);
    assert.doesNotMatch(again.stdout, /Spent/);
    // Bought in text: the line says the figure.
    const text = await run(...args, '--yes', '--max-cost', '100', '--output-directory', join(cli.dir, 'spent-text'));
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      new RegExp(`^Spent: ${formatCredits(result.creditsSpent, undefined)} \\(priced right before sending\\)\\.$`, 'm'),
    );
  });

  it('download: an image with data says its share of valid pixels', async () => {
    const r = await run(
      'download',
      field,
      '--model',
      'Stratus2',
      '--date',
      dates[0]!,
      '--resolution',
      '40',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      join(cli.dir, 'with-data'),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Saved .*\.tif {2}\(\d+ % of the image has valid pixels\)$/m);
  });

  it('download: a possible charge is said with the balance and what to do, not "Nothing downloaded."', async () => {
    cli.sim.schedule({ method: 'POST', path: PROCESS, reset: 'after-processing', times: 1 });
    const r = await run(
      'download',
      field,
      '--model',
      'Stratus2',
      '--date',
      dates[1]!,
      '--resolution',
      '40',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      join(cli.dir, 'lost'),
    );
    assert.equal(r.code, 6, r.stderr);
    assert.doesNotMatch(r.stdout, /^Nothing downloaded\.$/m);
    assert.match(
      r.stdout,
      /The composite may have been charged: the request was sent but its answer was lost, and it was not sent again\./,
    );
    assert.match(r.stdout, /Account balance before: .* now: /);
    assert.match(r.stdout, /Check the Orders list and the account before trying again\./);
  });

  it('tiles process: a unit whose answer was lost, and the same unit held on the rerun, each say what to do', async () => {
    const minis = jsonOf<{ tiles: { Guid: string }[] }>(
      await run('tiles', 'search', field, '--mini-tiles', '--json'),
    ).tiles.map((t) => t.Guid);
    const unit = (date: string) => [
      'tiles',
      'process',
      field,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      date,
      '--tile-guids',
      minis[0]!,
      '--resolution',
      '40',
      '--output-directory',
      join(cli.dir, 'tiles'),
    ];
    // A date the simulator says covers the mini-tile: under a budget of 0 a ready unit stops at its price (8).
    let date: string | undefined;
    for (const d of dates) if ((await run(...unit(d), '--yes', '--max-cost', '0')).code === 8 && (date = d)) break;
    assert.ok(date, 'a date of the window covers the mini-tile');
    const args = [...unit(date), '--yes', '--max-cost', '100'];
    cli.sim.schedule({ method: 'POST', path: MINITILE, reset: 'after-processing', times: 1 });
    const first = await run(...args);
    assert.equal(first.code, 6, `${first.stdout}\n${first.stderr}`);
    const line = new RegExp(
      `^possibly charged +${minis[0]}  .*not sent again: check the account balance first; --resend-uncertain sends it again`,
      'm',
    );
    assert.match(first.stdout, line);
    assert.match(first.stdout, /1 possibly charged/);
    const held = await run(...args);
    assert.equal(held.code, 6, held.stderr);
    assert.match(held.stdout, line, 'the held unit says why it was not sent and how to send it');
    assert.equal(sent(MINITILE).length, 1, 'sent once');
  });

  it('--help states the projection default the run uses (one source)', async () => {
    const help = await run('--help');
    const line = help.stdout.split('\n').find((l) => l.includes('--epsg-projection'));
    assert.ok(line?.includes(`default ${DEFAULT_EPSG_RULE}`), line);
    assert.doesNotMatch(line!, /default 4326;/);
    const zone = defaultEpsg(FIELD_BOX);
    assert.equal(zone, 32632, 'the field lies in one UTM zone');
    cli.sim.clearLog();
    const estimate = await run('estimate', field, '--model', 'Stratus2', '--date', dates[0]!);
    assert.equal(estimate.code, 0, estimate.stderr);
    assert.match(estimate.stderr, new RegExp(`Using --epsg-projection ${zone} \\(the default\\)`));
    const available = await run('available', field, '--model', 'Stratus2', '--date', dates[0]!);
    assert.equal(available.code, 0, available.stderr);
    const asked = sent('/api/satelliteimages/process/composite/available').map(
      (r) => (r.body as { EpsgProjection: number }).EpsgProjection,
    );
    assert.deepEqual([...new Set(asked)], [zone], '`available` asks with the same default');
  });

  it('estimate: the figures behind the price are the cost panel\'s (a small file in kB, not "about 0 MB")', async () => {
    const json = await run('estimate', field, '--model', 'Stratus2', '--date', dates[0]!, '--json');
    const { estimate } = jsonOf<{ estimate: Record<string, number> }>(json);
    const mb = estimate.FileSizeEstimateMB as number;
    assert.ok(mb > 0 && mb < 1, `the field's image is under 1 MB: ${mb}`);
    const text = await run('estimate', field, '--model', 'Stratus2', '--date', dates[0]!);
    assert.equal(text.code, 0, text.stderr);
    const lines = text.stdout.split('\n');
    assert.ok(lines.includes(`  File size: ${Math.round(mb * 1000)} kB`), text.stdout);
    // The cost panel's formatting of the same figures.
    assert.ok(lines.includes(`  Area billed (service estimate): ${formatArea(estimate.AreaEstimateKm2, undefined)}`));
    assert.ok(lines.includes(`  Processing time: ${formatDuration(estimate.FastTimeEstimateSeconds, undefined)}`));
  });
});
