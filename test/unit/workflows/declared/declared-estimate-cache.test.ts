// The estimates of plan, kept between processes: a `plan` and then an `apply` (two CLI processes,
// as in a CI job) send each estimate once, counted from the simulator's request log. The cache
// file is the user's (XDG_CACHE_HOME here), owner-only, holds no key and no address; an entry
// past its minutes, a file others could have written, and a link in its place are not used, and
// nothing is written through the link.
import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, rmSync, symlinkSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-cache-key-4Pz8';
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-08', '2026-06-11'];
const ESTIMATE = '/api/satelliteimages/process/composite/estimate';

describe('CLI: plan and apply share their estimates through the user cache folder', function () {
  this.timeout(120_000);
  const imagery = JSON.stringify({
    datasets: [rgbDataset(DATES)],
    budget: { maxCredits: 1000 },
  });
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-cache-',
    simulator: { seed: 9, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'imagery.json': imagery },
  });
  const cacheFile = () => join(cli.dir, '.cache', 'sat-imagery', 'estimates.json');
  const estimates = () => cli.sim.requests.filter((r) => r.method === 'POST' && r.path === ESTIMATE).length;
  const plan = async () => {
    cli.sim.clearLog();
    const run = await cli.run('plan', cli.file('imagery.json'), '--json');
    assert.equal(run.code, 2, run.stderr);
    return estimates();
  };

  afterEach(() => rmSync(join(cli.dir, '.cache'), { recursive: true, force: true }));

  it('a plan, then an apply in another process: the apply plans from the cache, and prices each date again only right before buying it', async () => {
    assert.equal(await plan(), DATES.length, 'the first plan asks one estimate per date');
    const info = statSync(cacheFile());
    assert.equal(info.mode & 0o777, 0o600, 'the cache file is owner-only');
    assert.equal(statSync(join(cli.dir, '.cache', 'sat-imagery')).mode & 0o077, 0, 'its folder too');
    const text = readFileSync(cacheFile(), 'utf8');
    assert.ok(
      !text.includes(KEY) && !text.includes(cli.sim.url) && !text.includes('POLYGON'),
      'no key, no address, no area in the cache',
    );
    cli.sim.clearLog();
    const applied = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100', '--json');
    assert.equal(applied.code, 0, applied.stderr + applied.stdout);
    // Its own plan asks nothing: the estimates are the cache's. Each date bought is priced once more,
    // with the service, right before its billed call (buying/fresh-price.ts).
    const sent = cli.sim.requests.filter((r) => r.method === 'POST');
    const bought = sent.filter((r) => r.charged);
    assert.equal(bought.length, DATES.length, 'each date bought once');
    assert.equal(estimates(), DATES.length, 'one estimate per date bought, none for planning');
    for (const call of bought) {
      const before = sent.slice(0, sent.indexOf(call)).filter((r) => r.path === ESTIMATE);
      assert.ok(
        before.some((r) => JSON.stringify(r.body) === JSON.stringify(call.body)),
        'each billed call was priced with its own body before it left',
      );
    }
    assert.equal(cli.sim.requests.filter((r) => r.charged).length, DATES.length, 'and bought each date once');
    rmSync(cli.file('imagery.lock.json'));
    rmSync(join(cli.dir, 'rgb'), { recursive: true, force: true });
  });

  it('an entry past its minutes is asked again', async () => {
    assert.equal(await plan(), DATES.length);
    const file = JSON.parse(readFileSync(cacheFile(), 'utf8')) as {
      version: number;
      entries: Record<string, { at: number }>;
    };
    for (const entry of Object.values(file.entries)) entry.at -= 6 * 60_000;
    writeFileSync(cacheFile(), JSON.stringify(file), { mode: 0o600 });
    assert.equal(await plan(), DATES.length);
    assert.equal(await plan(), 0, 'and kept again');
  });

  it('a cache file others can write is not read; a link in its place is neither read nor written through', async () => {
    assert.equal(await plan(), DATES.length);
    chmodSync(cacheFile(), 0o666);
    assert.equal(await plan(), DATES.length, 'a file others could have written is not trusted');
    assert.equal(statSync(cacheFile()).mode & 0o777, 0o600, 'it is replaced by an owner-only one');
    const elsewhere = join(cli.dir, 'elsewhere.json');
    writeFileSync(elsewhere, readFileSync(cacheFile()), { mode: 0o600 });
    rmSync(cacheFile());
    symlinkSync(elsewhere, cacheFile());
    const before = readFileSync(elsewhere, 'utf8');
    assert.equal(await plan(), DATES.length, 'the link is not read');
    assert.equal(readFileSync(elsewhere, 'utf8'), before, 'nor written through');
    assert.ok(existsSync(cacheFile()));
  });

  it('a cache file above its size bound is not read', async () => {
    assert.equal(await plan(), DATES.length);
    const file = JSON.parse(readFileSync(cacheFile(), 'utf8')) as { version: number; entries: Record<string, unknown> };
    writeFileSync(cacheFile(), JSON.stringify({ ...file, padding: 'x'.repeat(2 * 1024 * 1024) }), { mode: 0o600 });
    assert.equal(await plan(), DATES.length);
  });
});
