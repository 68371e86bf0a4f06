// Every verb's outcome maps to the exit code the documents list: one table of cases, each a real
// run of the command line against the simulator, and the tables of README.md (short) and
// docs/command-line.md (in full) checked against the codes the CLI declares. The simulator's clock is pinned, and every date is one the simulator
// says has (or lacks) imagery, so the table holds on any day the suite runs.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode, exitCodeHelp } from '../../../src/cli/exit-codes';
import type { ScheduledFault, Simulator } from '../../simulator/index';
import { datesCoveringTiles, datesWithoutImagery, pinnedClock } from '../../simulator/test-helpers';
import { jsonOf, runCli, startCli } from '../fixtures/cli-helpers';
import type { CliRun } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-exit-codes-key-93d1';
const FIELD_BOX = { west: 10.05, south: 56.05, east: 10.07, north: 56.06 };
const COMPOSITE = '/api/satelliteimages/process/composite';
const MINITILE = '/api/satelliteimages/process/minitile';

const EXIT_TABLES = ['README.md', 'docs/command-line.md'];

/** The rows of a document's exit-code table: code → meaning. */
function documentedExitCodes(file = 'docs/command-line.md'): Map<number, string> {
  const text = readFileSync(join(__dirname, '..', '..', '..', '..', file), 'utf8');
  assert.ok(text.includes('| Exit | Meaning |'), `${file} has an exit-code table`);
  const table = text.slice(text.indexOf('| Exit | Meaning |'));
  const rows = new Map<number, string>();
  for (const line of table.split('\n').slice(2)) {
    const m = /^\| (\d+) \| (.+) \|$/.exec(line);
    if (!m) break;
    rows.set(Number(m[1]), m[2]!);
  }
  return rows;
}

interface Ctx {
  area: string;
  bad: string;
  dir: string;
  /** A date on which the simulator's imagery covers the field. */
  covered: string;
  /** A date without imagery over the field. */
  empty: string;
  /** The field's first mini-tile, and a date that covers it whole. */
  miniTile: string;
  miniTileDate: string;
}

interface Case {
  name: string;
  expected: number;
  args: (c: Ctx) => string[];
  fault?: ScheduledFault;
  key?: string;
  /** Sends SIGINT once the simulator has received a request to this path. */
  interruptAt?: string;
}

const billed = (c: Ctx, out: string) => ['--yes', '--max-cost', '100', '--output-directory', join(c.dir, out)];

const CASES: Case[] = [
  { name: 'models: done', expected: ExitCode.ok, args: () => ['models', '--json'] },
  {
    name: 'download with an unknown flag: usage',
    expected: ExitCode.usage,
    args: (c) => ['download', c.area, '--model', 'Stratus2', '--no-such-flag'],
  },
  {
    name: "plan with an unknown flag: plan's usage error (2 is plan's changes)",
    expected: ExitCode.planUsage,
    args: (c) => ['plan', join(c.dir, 'imagery.json'), '--no-such-flag', '--json'],
  },
  {
    name: 'dates of an area file that is not there: local file',
    expected: ExitCode.localFile,
    args: (c) => [
      'dates',
      join(c.dir, 'no-such-area.geojson'),
      '--model',
      'Stratus2',
      '--from',
      c.empty,
      '--to',
      c.covered,
    ],
  },
  {
    name: 'dates of an invalid area: invalid geometry',
    expected: ExitCode.invalidGeometry,
    args: (c) => ['dates', c.bad, '--model', 'Stratus2', '--from', c.empty, '--to', c.covered],
  },
  {
    name: 'models with a key the service refuses: authentication',
    expected: ExitCode.auth,
    key: 'not-a-key-of-this-service',
    args: () => ['models'],
  },
  {
    name: 'available for a model with no order: not available',
    expected: ExitCode.notAvailable,
    args: (c) => ['available', c.area, '--model', 'Stratus3', '--date', c.covered, '--json'],
  },
  {
    name: 'download on a date without imagery: not available',
    expected: ExitCode.notAvailable,
    args: (c) => [
      'download',
      c.area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      c.empty,
      ...billed(c, 'd-empty'),
      '--json',
    ],
  },
  {
    name: 'tiles process of a mini-tile without imagery that day: not available (was 130)',
    expected: ExitCode.notAvailable,
    args: (c) => [
      'tiles',
      'process',
      c.area,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      c.empty,
      '--tile-guids',
      c.miniTile,
      ...billed(c, 't-empty'),
      '--json',
    ],
  },
  {
    name: 'series over a window without imagery: not available',
    expected: ExitCode.notAvailable,
    args: (c) => [
      'series',
      c.area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      c.empty,
      '--to',
      c.empty,
      ...billed(c, 's-empty'),
      '--json',
    ],
  },
  {
    name: 'download whose billed answer is lost: may have been charged',
    expected: ExitCode.mayHaveBeenCharged,
    fault: { method: 'POST', path: COMPOSITE, reset: 'after-processing', times: 1 },
    args: (c) => [
      'download',
      c.area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      c.covered,
      ...billed(c, 'd-lost'),
      '--json',
    ],
  },
  {
    name: 'tiles process whose billed answer is lost: may have been charged',
    expected: ExitCode.mayHaveBeenCharged,
    fault: { method: 'POST', path: MINITILE, reset: 'after-processing', times: 1 },
    args: (c) => [
      'tiles',
      'process',
      c.area,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      c.miniTileDate,
      '--tile-guids',
      c.miniTile,
      ...billed(c, 't-lost'),
      '--json',
    ],
  },
  {
    name: 'models while the service fails: network or service',
    expected: ExitCode.network,
    fault: { method: 'GET', status: 500, times: 50 },
    args: () => ['models', '--json'],
  },
  {
    name: 'download without --yes: not confirmed',
    expected: ExitCode.notConfirmed,
    args: (c) => [
      'download',
      c.area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      c.covered,
      '--json',
    ],
  },
  {
    name: 'orders show of an unknown order: refused',
    expected: ExitCode.refused,
    args: () => ['orders', 'show', '00000000-0000-4000-8000-000000000000', '--json'],
  },
  {
    name: 'download interrupted while the service processes: interrupted',
    expected: ExitCode.interrupted,
    fault: { method: 'POST', path: COMPOSITE, delayMs: 30_000, times: 1 },
    interruptAt: COMPOSITE,
    args: (c) => [
      'download',
      c.area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      c.covered,
      ...billed(c, 'd-int'),
      '--json',
    ],
  },
];

describe('CLI: every outcome exits with the code README lists', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-exit-',
    simulator: { seed: 1, clock: pinnedClock('2026-09-16T10:00:00Z') },
    files: {
      'field.geojson': FIELD,
      'bad.geojson': '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.07,56.05],[10.07,56.06]]]}',
    },
  });
  let sim: Simulator;
  let ctx: Ctx;

  before(async () => {
    sim = cli.sim;
    const search = jsonOf<{ tiles: { Guid: string }[] }>(
      await cli.run('tiles', 'search', cli.file('field.geojson'), '--mini-tiles', '--json'),
    );
    const miniTile = search.tiles[0]!.Guid;
    const covered = datesCoveringTiles(sim, 'Stratus2', [miniTile]);
    const empty = datesWithoutImagery(sim, 'Stratus2', FIELD_BOX);
    assert.ok(
      covered.length > 0 && empty.length > 0,
      'the simulator has a covered and an empty day in its last months',
    );
    ctx = {
      area: cli.file('field.geojson'),
      bad: cli.file('bad.geojson'),
      dir: cli.dir,
      covered: covered[0]!,
      empty: empty[0]!,
      miniTile,
      miniTileDate: covered[0]!,
    };
  });
  afterEach(() => sim.clearScheduled());

  for (const file of EXIT_TABLES)
    it(`${file}'s table lists exactly the codes the CLI declares, with the --help meanings`, () => {
      const documented = documentedExitCodes(file);
      assert.deepEqual(
        [...documented.keys()].sort((a, b) => a - b),
        Object.values(ExitCode).sort((a, b) => a - b),
      );
      assert.deepEqual(
        exitCodeHelp.map(([code]) => code).sort((a, b) => a - b),
        [...documented.keys()].sort((a, b) => a - b),
      );
      for (const [code, meaning] of exitCodeHelp) {
        const first = meaning.split(/[:(]/)[0]!.trim().toLowerCase();
        assert.ok(
          documented.get(code)!.toLowerCase().startsWith(first),
          `exit ${code}: ${file} says '${documented.get(code)}', --help '${meaning}'`,
        );
      }
    });

  it('the cases cover every code but the unexpected failure', () => {
    const covered = new Set(CASES.map((c) => c.expected));
    for (const code of Object.values(ExitCode))
      if (code !== ExitCode.failure) assert.ok(covered.has(code), `a case exits ${code}`);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      if (c.fault) sim.schedule(c.fault);
      const env = { ...cli.env(), ...(c.key ? { SAT_IMAGERY_API_KEY: c.key } : {}) };
      let r: CliRun;
      if (c.interruptAt) {
        sim.clearLog();
        const started = startCli(c.args(ctx), { cwd: cli.dir, env });
        const deadline = Date.now() + 60_000;
        while (!sim.requests.some((q) => q.path === c.interruptAt)) {
          assert.ok(Date.now() < deadline, `a request to ${c.interruptAt} arrived`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        started.child.kill('SIGINT');
        r = await started.done;
      } else {
        r = await runCli(c.args(ctx), { cwd: cli.dir, env });
      }
      assert.equal(
        r.code,
        c.expected,
        `exit ${r.code}, expected ${c.expected} (${documentedExitCodes().get(c.expected)})\n${r.stderr}\n${r.stdout}`,
      );
    });
  }
});
