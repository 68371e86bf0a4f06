// A billed unit whose answer was lost may have been charged: the CLI exits 6, the manifest says so,
// a rerun holds that unit back, and only --resend-uncertain sends it again (once). For the tiles of
// `tiles process` and the parts of a `download` split above the key's maximum area, as for `series`.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { jsonOf } from '../fixtures/cli-helpers';
import { WIDE, useCliSimulator } from '../fixtures/cli-fixture';
import { datesCoveringTiles } from '../../simulator/test-helpers';

const KEY = 'cli-resend-key-pP02';

interface Batch {
  outcome: string;
  units: { id: string; status: string; file?: string }[];
  manifestPath: string;
}

describe('CLI: --resend-uncertain for tiles process and download', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-resend-',
    simulator: { seed: 4 },
    files: { 'wide.geojson': WIDE },
  });
  let sim: Simulator;
  let dir: string;
  let wide: string;
  let dates: string[];
  const { run } = cli;
  const sent = (path: string) => sim.requests.filter((r) => r.method === 'POST' && r.path === path);
  const manifest = (path: string) =>
    (JSON.parse(readFileSync(path, 'utf8')) as { units: Record<string, { status: string }> }).units;

  before(async () => {
    ({ sim, dir } = cli);
    wide = cli.file('wide.geojson');
    dates = jsonOf<{ coverage: { full: string[] } }>(await run('dates', wide, '--model', 'Stratus2', '--json')).coverage
      .full;
  });

  it('tiles process: a tile whose answer was lost exits 6, is held on the rerun, and goes once more with --resend-uncertain', async () => {
    const minis = jsonOf<{ tiles: { Guid: string }[] }>(
      await run('tiles', 'search', wide, '--mini-tiles', '--json'),
    ).tiles.map((t) => t.Guid);
    assert.ok(minis.length >= 2, 'the area has two mini-tiles');
    const chosen = minis.slice(0, 2);
    const path = '/api/satelliteimages/process/minitile';
    // A date the simulator says covers both mini-tiles whole: the area's newest date need not.
    const covering = datesCoveringTiles(sim, 'Stratus2', chosen)[0]!;
    const args = [
      'tiles',
      'process',
      wide,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      covering,
      '--tile-guids',
      chosen.join(','),
      '--concurrency',
      '1',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      join(dir, 'tiles'),
      '--json',
    ];
    sim.clearLog();
    sim.schedule({ method: 'POST', path, reset: 'after-processing', times: 1 });
    const first = await run(...args);
    assert.equal(first.code, 6, first.stderr);
    const batch = jsonOf<Batch>(first);
    const lost = batch.units.filter((u) => u.status === 'may-have-been-charged').map((u) => u.id);
    assert.equal(lost.length, 1);
    assert.equal(manifest(batch.manifestPath)[lost[0]!]!.status, 'may-have-been-charged');
    assert.equal(sent(path).length, 2);

    const rerun = await run(...args);
    assert.equal(rerun.code, 6, rerun.stderr);
    assert.deepEqual(
      jsonOf<Batch>(rerun)
        .units.map((u) => [u.id, u.status])
        .sort(),
      chosen.map((g) => [g, lost.includes(g) ? 'may-have-been-charged' : 'skipped']).sort(),
    );
    assert.equal(sent(path).length, 2, 'the lost tile is not sent unasked');

    const resent = await run(...args, '--resend-uncertain');
    assert.equal(resent.code, 0, resent.stderr);
    const final = jsonOf<Batch>(resent);
    assert.deepEqual(
      final.units.map((u) => [u.id, u.status]).sort(),
      chosen.map((g) => [g, lost.includes(g) ? 'done' : 'skipped']).sort(),
    );
    for (const u of final.units) assert.ok(u.file && existsSync(u.file), `${u.id} has its file`);
    assert.equal(sent(path).length, 3, 'the lost tile sent once more, on request');
  });

  it('download of an area in parts: a lost part exits 6, is held on the rerun, and goes once more with --resend-uncertain', async () => {
    const path = '/api/satelliteimages/process/composite';
    const max = sim.state.account.MaxCompositeAreaKm2;
    sim.state.account.MaxCompositeAreaKm2 = 8;
    try {
      // A date every part has whole, as the availability check of the parts judges it.
      let whole: string | undefined;
      for (const d of dates) {
        if (
          (await run('available', wide, '--model', 'Stratus2', '--satellite-constellations', 'Sentinel2', '--date', d))
            .code === 0
        ) {
          whole = d;
          break;
        }
      }
      assert.ok(whole, `one of ${dates.join(', ')} covers every part`);
      const args = [
        'download',
        wide,
        '--model',
        'Stratus2',
        '--satellite-constellations',
        'Sentinel2',
        '--date',
        whole,
        '--yes',
        '--max-cost',
        '500',
        '--output-directory',
        join(dir, 'parts'),
        '--json',
      ];
      sim.clearLog();
      sim.schedule({ method: 'POST', path, reset: 'after-processing', times: 1 });
      const first = await run(...args);
      assert.equal(first.code, 6, `${first.stderr}\n${first.stdout}`);
      const parts = jsonOf<{ outcome: string; parts: Batch }>(first).parts;
      assert.ok(parts.units.length >= 2, 'the area went in parts');
      const lost = parts.units.filter((u) => u.status === 'may-have-been-charged').map((u) => u.id);
      assert.equal(lost.length, 1);
      assert.equal(manifest(parts.manifestPath)[lost[0]!]!.status, 'may-have-been-charged');
      const count = parts.units.length;
      assert.equal(sent(path).length, count);

      const rerun = await run(...args);
      assert.equal(rerun.code, 6, rerun.stderr);
      assert.equal(sent(path).length, count, 'the lost part is not sent unasked');

      const resent = await run(...args, '--resend-uncertain');
      assert.equal(resent.code, 0, resent.stderr);
      const final = jsonOf<{ parts: Batch }>(resent).parts;
      assert.deepEqual(
        final.units.filter((u) => u.status === 'done').map((u) => u.id),
        lost,
      );
      assert.equal(final.units.filter((u) => u.status === 'skipped').length, count - 1);
      assert.equal(sent(path).length, count + 1, 'the lost part sent once more, on request');
      // What was spent is said only when the run bought every part itself: not here.
      assert.equal(jsonOf<{ creditsSpent?: number }>(first).creditsSpent, undefined);
      assert.equal(jsonOf<{ creditsSpent?: number }>(resent).creditsSpent, undefined);
      // Every part bought in one run: the sum priced, which is what the service charged.
      sim.clearLog();
      const fresh = args.map((a) => (a === join(dir, 'parts') ? join(dir, 'parts-fresh') : a));
      const all = await run(...fresh);
      assert.equal(all.code, 0, all.stderr);
      const spent = jsonOf<{ creditsSpent?: number; estimate: { CreditEstimate: number } }>(all);
      const charged = sim.requests.reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0);
      assert.equal(spent.creditsSpent, spent.estimate.CreditEstimate);
      assert.ok(Math.abs(charged - spent.estimate.CreditEstimate) < 1e-9, `${charged} charged`);
    } finally {
      sim.state.account.MaxCompositeAreaKm2 = max;
    }
  });
});
