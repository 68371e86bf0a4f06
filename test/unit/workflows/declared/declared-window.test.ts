// A dataset's window in imagery.json: each plan searches the window's dates once, thins them to
// the first date found in each ISO week (the series' own thinning), skips and says the dates that
// cover the area only in part, and a later plan, once the service has a new date, lists only that
// one to buy. Through the CLI against the simulator, the CLI's clock at the simulator's (pinned).
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { call, pinnedClock } from '../../../simulator/test-helpers';
import { jsonOf } from '../../fixtures/cli-helpers';
import { useCliSimulator } from '../../fixtures/cli-fixture';
import { runAtSimulatorClock } from '../../fixtures/cli-at-clock';

const KEY = 'cli-declared-window-key-4Rq8';
const SEARCH = '/api/satelliteimages/search/available';
/** Two fields some kilometres apart: the simulator leaves about one date in six out of each, so
 * some dates cover one field only (the area in part). */
const PARTS = [
  [10.05, 56.05],
  [10.25, 56.15],
].map(([x, y]) => [
  [
    [x!, y!],
    [x! + 0.02, y!],
    [x! + 0.02, y! + 0.01],
    [x!, y! + 0.01],
    [x!, y!],
  ],
]);
const FIELDS = JSON.stringify({ type: 'MultiPolygon', coordinates: PARTS });
const FIELDS_WKT = `MULTIPOLYGON(${PARTS.map((p) => `((${p[0]!.map(([x, y]) => `${x} ${y}`).join(', ')}))`).join(', ')})`;
const FROM = '2026-06-01';

interface PlanJson {
  units: { kind: string; date: string; credits?: number }[];
  notes: string[];
}

/** Monday of a date's ISO week, as a day number: the test's own reading of "one per week". */
function isoWeek(date: string): number {
  const day = Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
  return day - ((day + 3) % 7);
}

describe('CLI: imagery as code, a dataset window', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-window-',
    simulator: { seed: 23, clock: pinnedClock('2026-07-15T10:00:00Z'), account: { CreditAmount: 1e6 } },
    files: { 'fields.geojson': FIELDS },
  });

  /** The simulator's dates in the window up to its today: whole-area ones and part-only ones. */
  async function datesInWindow(): Promise<{ full: string[]; partial: string[] }> {
    const today = new Date(cli.sim.state.now()).toISOString().slice(0, 10);
    const answer = await call(
      cli.sim,
      'POST',
      SEARCH,
      {
        Wkt: FIELDS_WKT,
        From: `${FROM}T00:00:00Z`,
        To: `${today}T23:59:59Z`,
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
      },
      KEY,
    );
    const byPart = (answer.json.Data.ModelImageDates[0].DatesByGeog as { Dates: string[] }[]).map(
      (p) => new Set(p.Dates.map((d) => d.slice(0, 10))),
    );
    const all = [...new Set(byPart.flatMap((p) => [...p]))].sort();
    return {
      full: all.filter((d) => byPart.every((p) => p.has(d))),
      partial: all.filter((d) => !byPart.every((p) => p.has(d))),
    };
  }

  /** The first whole-area date of each ISO week. */
  function weekly(dates: readonly string[]): string[] {
    const seen = new Set<number>();
    return dates.filter((d) => !seen.has(isoWeek(d)) && seen.add(isoWeek(d)));
  }

  function writeFile(extra: Record<string, unknown> = {}): string {
    const path = cli.file('imagery.json');
    const dataset = {
      name: 'season',
      area: 'fields.geojson',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      resolution: 20,
      bandnames: 'rgb',
      epsgProjection: 4326,
      window: { from: FROM, to: 'today', every: 'week' },
      ...extra,
    };
    writeFileSync(path, JSON.stringify({ datasets: [dataset] }, null, 1));
    return path;
  }

  it('plans the first whole-area date of each week in the window, searching once, partial dates skipped and said', async () => {
    const path = writeFile();
    const { full, partial } = await datesInWindow();
    assert.ok(partial.length > 0 && full.length > 5, `the scene has both kinds of date (${full}; ${partial})`);
    cli.sim.clearLog();
    const run = await runAtSimulatorClock(cli, 'plan', path, '--json');
    assert.equal(run.code, 2, run.stderr);
    const plan = jsonOf<PlanJson>(run);
    assert.deepEqual(
      plan.units.filter((u) => u.kind === 'buy').map((u) => u.date),
      weekly(full),
    );
    assert.deepEqual(
      plan.units.map((u) => u.kind),
      weekly(full).map(() => 'buy'),
    );
    assert.equal(cli.sim.requests.filter((r) => r.path === SEARCH).length, 1, 'one date search');
    const note = plan.notes.find((n) => n.includes('only in part'));
    assert.ok(note, `the partial dates are said: ${plan.notes.join(' | ')}`);
    assert.match(note, new RegExp(`season fields\\.geojson: ${partial.length} dates? found cover`));
    assert.match(note, new RegExp(partial[0]!));
  });

  it('a later plan lists only the date the service found since as buy; nothing bought is planned again', async () => {
    const path = writeFile();
    const bought = weekly((await datesInWindow()).full);
    const apply = await runAtSimulatorClock(cli, 'apply', path, '--yes', '--max-cost', '100000', '--json');
    assert.equal(apply.code, ExitCode.ok, apply.stderr);
    assert.equal(jsonOf<{ bought: number }>(apply).bought, bought.length);
    // Days pass on the service's clock (and the CLI's): new dates appear.
    cli.sim.advanceClock(15 * 86_400_000);
    const now = weekly((await datesInWindow()).full);
    const fresh = now.filter((d) => !bought.includes(d));
    assert.ok(fresh.length > 0, 'the service has a new week');
    cli.sim.clearLog();
    const run = await runAtSimulatorClock(cli, 'plan', path, '--json');
    assert.equal(run.code, 2, run.stderr);
    const plan = jsonOf<PlanJson>(run);
    assert.deepEqual(
      plan.units.filter((u) => u.kind === 'buy').map((u) => u.date),
      fresh,
    );
    assert.deepEqual(
      plan.units.filter((u) => u.kind === 'have').map((u) => u.date),
      bought,
    );
    assert.deepEqual(
      cli.sim.requests.filter((r) => r.charged),
      [],
      'a plan charges nothing',
    );
  });

  it('allowed partial images: the part-only dates are planned too, and no note', async () => {
    // A dataset of its own: the earlier test's purchases are another dataset's (extra here).
    const path = writeFile({ name: 'allowing', output: { AllowPartialImage: true } });
    const { full, partial } = await datesInWindow();
    const run = await runAtSimulatorClock(cli, 'plan', path, '--json');
    const plan = jsonOf<PlanJson>(run);
    assert.deepEqual(
      plan.units.filter((u) => u.kind === 'buy').map((u) => u.date),
      weekly([...full, ...partial].sort()),
    );
    assert.ok(!plan.notes.some((n) => n.includes('only in part')));
    assert.deepEqual(new Set(plan.units.map((u) => u.kind)), new Set(['buy', 'extra']));
  });

  it('refuses a window with dates, a from after its to, an unknown every, at their place', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dates: ['2026-06-10'] }, /imagery\.json:\d+:\d+: error: give dates or window, not both/],
      [
        { window: { from: '2026-09-01', to: '2026-06-01' } },
        /error: window\.from 2026-09-01 is after window\.to 2026-06-01/,
      ],
      [{ window: { from: FROM, to: 'today', every: 'fortnight' } }, /error: datasets\.0\.window\.every/],
      [{ window: { from: FROM, to: 'today' }, every: 'week' }, /error: every is the window's: give it inside window/],
    ];
    for (const [extra, said] of cases) {
      const path = writeFile(extra);
      cli.sim.clearLog();
      const run = await runAtSimulatorClock(cli, 'plan', path);
      assert.equal(run.code, ExitCode.invalidGeometry, `${JSON.stringify(extra)}: ${run.stderr}`);
      assert.match(run.stderr, said);
      assert.deepEqual(cli.sim.requests, [], 'nothing sent');
    }
    const future = writeFile({ window: { from: '2027-01-01', to: 'today' } });
    const run = await runAtSimulatorClock(cli, 'plan', future);
    assert.match(run.stderr, /window\.from 2027-01-01 is after today \(2026-07-/);
  });
});
