// The workflows' options that had no flag: series --nth/--concurrency/--aoi-mode (and --aoi-mode for
// the other composite verbs), tiles search --tile-guids/--tile-guid-for-mini-tiles, and the order
// verbs' --compare-covers. Each verb's --help lists its own; what the simulator received is what the
// flags said.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { jsonOf, runCli } from '../fixtures/cli-helpers';
import { FIELD, nextMonth, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-flags-key-c7Ra';
const COMPOSITE = '/api/satelliteimages/process/composite';

describe('CLI: flags for the workflow options that had none', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-flags-',
    simulator: { seed: 5 },
    files: { 'field.geojson': FIELD },
  });
  let sim: Simulator;
  let dir: string;
  let area: string;
  let dates: string[];
  const { run } = cli;
  const posts = (path: string) => sim.requests.filter((r) => r.method === 'POST' && r.path === path);

  before(async () => {
    ({ sim, dir } = cli);
    area = cli.file('field.geojson');
    dates = jsonOf<{ coverage: { full: string[] } }>(await run('dates', area, '--model', 'Stratus2', '--json')).coverage
      .full;
    assert.ok(dates.length >= 3, 'the demo field has three dates');
  });

  it("each verb's --help lists its flags and not another verb's; a misplaced flag is a usage error", async () => {
    const listed: Record<string, string[]> = {
      series: ['--nth', '--concurrency', '--aoi-mode', '--resend-uncertain', '--every', '--max-dates'],
      download: ['--aoi-mode', '--resend-uncertain'],
      dates: ['--aoi-mode'],
      'tiles search': ['--tile-guids', '--tile-guid-for-mini-tiles', '--mini-tiles'],
      'tiles process': ['--concurrency', '--resend-uncertain', '--tile-guids'],
      'orders estimate': [
        '--compare-covers',
        '--image-frequency',
        '--storage-months',
        '--api-requests',
        '--geometry-tile-ordering',
      ],
      'orders create': ['--compare-covers', '--yes', '--max-cost'],
    };
    const absent: Record<string, string[]> = {
      download: ['--nth', '--concurrency', '--compare-covers'],
      'tiles search': ['--resend-uncertain', '--compare-covers'],
      'orders estimate': ['--aoi-mode', '--nth'],
    };
    for (const [verb, flags] of Object.entries(listed)) {
      const r = await runCli([...verb.split(' '), '--help']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^Usage: sat-imagery ${verb}\\b`), verb);
      for (const flag of flags)
        assert.match(r.stdout, new RegExp(`^  ${flag}\\b`, 'm'), `${verb} --help lists ${flag}`);
      for (const flag of absent[verb] ?? [])
        assert.doesNotMatch(r.stdout, new RegExp(`^  ${flag}\\b`, 'm'), `${verb} --help leaves out ${flag}`);
    }
    // A group's help lists its verbs, not the whole help.
    for (const [group, names] of [
      ['orders', ['list', 'show', 'estimate', 'create', 'cancel']],
      ['tiles', ['search', 'optimize', 'process']],
    ] as const) {
      const r = await runCli([group, '--help']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^Usage: sat-imagery ${group} ${names.join('\\|')} \\[options\\]$`, 'm'));
      for (const name of names) assert.match(r.stdout, new RegExp(`^  ${group} ${name}\\b`, 'm'), `${group} ${name}`);
      assert.doesNotMatch(r.stdout, /^ {2}(download|series|models)\b/m, `${group} --help is not the whole help`);
    }
    for (const args of [
      ['download', area, '--nth', '2'],
      ['tiles', 'search', area, '--compare-covers'],
      ['estimate', area, '--aoi-mode', 'kml'],
      ['series', area, '--model', 'Stratus2', '--dates', dates[0]!, '--nth', '2'],
    ]) {
      const r = await run(...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    }
  });

  it("each verb's --help says what --from and --to mean for it: an order's days only for the order verbs", async () => {
    const meaning: Record<string, [RegExp, RegExp]> = {
      dates: [/start of the window searched for dates \(default 30 days ago\)/, /end of the window searched for dates/],
      estimate: [/window searched for the newest whole-area date when --date is left out/, /\(default now\)/],
      download: [/window searched for the newest whole-area date when --date is left out/, /\(default now\)/],
      series: [/start of the window whose dates the series downloads/, /end of the window whose dates the series/],
      available: [/not used: this verb takes the one --date given/, /not used: this verb takes the one --date given/],
      'tiles process': [/not used: this verb takes the one --date given/, /not used/],
      'orders estimate': [/^first day of the order$/, /^last day of the order \(or --recurring\)$/],
      'orders create': [/^first day of the order$/, /^last day of the order \(or --recurring\)$/],
    };
    for (const [verb, [from, to]] of Object.entries(meaning)) {
      const r = await runCli([...verb.split(' '), '--help']);
      assert.equal(r.code, 0, r.stderr);
      const text = (flag: string): string => {
        const line = r.stdout.split('\n').find((l) => new RegExp(`^  --${flag} YYYY-MM-DD\\b`).test(l));
        assert.ok(line, `${verb} --help lists --${flag}`);
        return line.replace(/^ {2}--\S+ YYYY-MM-DD\s+/, '');
      };
      assert.match(text('from'), from, `${verb}: --from`);
      assert.match(text('to'), to, `${verb}: --to`);
      if (!verb.startsWith('orders '))
        for (const flag of ['from', 'to'])
          assert.doesNotMatch(text(flag), /order/, `${verb}: --${flag} names no order`);
    }
  });

  it('--aoi-mode wkt sends a GeoJSON file as Wkt (estimate, series); without it the file goes as GeoJson', async () => {
    sim.clearLog();
    const base = [
      'estimate',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      dates[0]!,
      '--json',
    ];
    assert.equal((await run(...base)).code, 0);
    assert.equal((await run(...base, '--aoi-mode', 'wkt')).code, 0);
    const [plain, wkt] = posts(`${COMPOSITE}/estimate`).map((r) => r.body as Record<string, unknown>);
    assert.ok(plain!.GeoJson !== undefined && plain!.Wkt === undefined, 'the file format by default');
    assert.ok(typeof wkt!.Wkt === 'string' && wkt!.GeoJson === undefined, '--aoi-mode wkt');
    sim.clearLog();
    const series = await run(
      'series',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--dates',
      dates[0]!,
      '--aoi-mode',
      'wkt',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      join(dir, 'wkt'),
      '--json',
    );
    assert.equal(series.code, 0, series.stderr);
    const sent = posts(COMPOSITE).map((r) => r.body as Record<string, unknown>);
    assert.equal(sent.length, 1);
    assert.match(String(sent[0]!.Wkt), /^POLYGON/);
    assert.equal(sent[0]!.GeoJson, undefined);
  });

  it('series --concurrency 1 keeps one download in flight; --concurrency 2 runs two', async () => {
    const three = dates.slice(0, 3).join(',');
    // One worker: each image trickles for a while, so a second request sent meanwhile would be
    // counted. Two workers: each image waits until two are being answered at once (the
    // simulator's count, not timestamps), so the test does not depend on how fast a loaded
    // machine starts the second.
    const faults = { 1: { trickleBytesPerSecond: 100_000 }, 2: { holdImagesUntilAtOnce: 2 } } as const;
    try {
      for (const workers of [1, 2] as const) {
        sim.configure(faults[workers]);
        sim.clearLog();
        const r = await run(
          'series',
          area,
          '--model',
          'Stratus2',
          '--satellite-constellations',
          'Sentinel2',
          '--dates',
          three,
          '--concurrency',
          String(workers),
          '--yes',
          '--max-cost',
          '100',
          '--output-directory',
          join(dir, `workers-${workers}`),
          '--json',
        );
        assert.equal(r.code, 0, r.stderr);
        assert.equal(posts(COMPOSITE).length, 3);
        assert.equal(sim.mostImagesAtOnce, workers, `images in flight at once with --concurrency ${workers}`);
      }
    } finally {
      sim.configure({});
    }
  });

  it("tiles search --tile-guids selects those among the tiles found; --tile-guid-for-mini-tiles lists that tile's mini-tiles", async () => {
    const found = jsonOf<{ tiles: { Guid: string; MiniTile?: boolean }[] }>(
      await run('tiles', 'search', area, '--json'),
    ).tiles;
    const whole = found.find((t) => t.MiniTile !== true);
    const mini = found.find((t) => t.MiniTile === true) ?? found[0]!;
    assert.ok(whole, 'a whole tile is over the field');
    const chosen = await run(
      'tiles',
      'search',
      area,
      '--tile-guids',
      `${mini.Guid},00000000-0000-4000-8000-00000000dead`,
      '--json',
    );
    assert.equal(chosen.code, 0, chosen.stderr);
    assert.deepEqual(
      jsonOf<{ selected: string[] }>(chosen).selected,
      [mini.Guid],
      'a GUID not over the area is not selected',
    );
    const text = await run('tiles', 'search', area, '--tile-guids', mini.Guid);
    assert.match(text.stdout, new RegExp(`^\\* ${mini.Guid}`, 'm'));
    assert.match(text.stdout, new RegExp(`1 of ${found.length} selected`));
    sim.clearLog();
    const minis = await run('tiles', 'search', area, '--tile-guid-for-mini-tiles', whole.Guid, '--json');
    assert.equal(minis.code, 0, minis.stderr);
    const tiles = jsonOf<{ tiles: { Guid: string; MiniTile?: boolean }[] }>(minis).tiles;
    assert.ok(tiles.length > 1 && tiles.every((t) => t.MiniTile === true), 'the mini-tiles of that tile');
    assert.deepEqual(
      posts('/api/tasking/search/tiles').map((r) => (r.body as { TileGuidForMiniTiles?: string }).TileGuidForMiniTiles),
      [whole.Guid],
    );
  });

  it('orders estimate --compare-covers prices the tile cover beside the area; without it no cover is asked for', async () => {
    const order = [
      'orders',
      'estimate',
      area,
      '--model',
      'Stratus3',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      nextMonth().from,
      '--to',
      nextMonth().to,
    ];
    sim.clearLog();
    const plain = jsonOf<{ covers?: unknown[] }>(await run(...order, '--json'));
    assert.equal(plain.covers, undefined);
    assert.equal(sim.requests.filter((r) => r.path === '/api/tasking/tile/optimize').length, 0);
    const compared = await run(...order, '--compare-covers', '--json');
    assert.equal(compared.code, 0, compared.stderr);
    const covers = jsonOf<{ covers: { id: string; perMonth: number }[] }>(compared).covers;
    assert.deepEqual(
      covers.map((c) => c.id),
      ['polygon', 'tiles'],
    );
    assert.ok(covers.every((c) => c.perMonth > 0));
    assert.equal(sim.requests.filter((r) => r.path === '/api/tasking/tile/optimize').length, 1);
    const text = await run(...order, '--compare-covers');
    assert.match(text.stdout, /Cover Polygon order.*EUR/);
    assert.match(text.stdout, /Cover Tile order.*\(\d+ tiles, \d+ mini-tiles\).*EUR/);
  });
});
