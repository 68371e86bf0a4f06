// `sat-imagery stats` over files a repository could hold, as a process: a FIFO named `*.tif` named
// on the command line, found in a folder, or a STAC asset's href (with and without the row cache,
// whose hash thread reads every new image) is not opened to wait for a writer; it fails alone,
// named with its reason, the other images are measured, and the run exits 1 as for any image that
// cannot be measured, at once and without a stack trace. An ItemCollection of 200,000 assets is
// listed without overflowing the call stack.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExitCode } from '../../../src/cli/exit-codes';
import { buildCli, jsonOf, runCliWithin } from '../fixtures/cli-helpers';
import type { CliRun } from '../fixtures/cli-helpers';
import { fieldsFor, makeImages, writeFields } from './stats-fixture';

/** Long enough for a loaded machine to measure one small image; a FIFO waited on never ends. */
const CEILING_MS = 30_000;

interface StatsJson {
  rows: { image: string }[];
  failures: { image: string; reason: string }[];
}

describe('stats: a FIFO named *.tif and a huge ItemCollection end at once, with their reasons', function () {
  this.timeout(3 * CEILING_MS);
  let dir: string;
  before(async () => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'stats-hostile-'));
    makeImages(dir);
    await writeFields(join(dir, 'utm-2024-05-01.tif'), fieldsFor(200, 150), join(dir, 'fields.geojson'));
    execFileSync('mkfifo', [join(dir, 'pipe-2024-05-02.tif')]);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const stats = (what: string, ...args: string[]) =>
    runCliWithin(CEILING_MS, what, ['stats', 'fields.geojson', ...args, '--json'], { cwd: dir });

  /** The FIFO failed alone and was named; the real image was measured; exit 1, no stack trace. */
  function assertFifoFailedAlone(run: CliRun): void {
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
    assert.equal(run.code, ExitCode.failure, run.stderr);
    const result = jsonOf<StatsJson>(run);
    assert.deepEqual(
      result.failures.map((f) => f.image),
      ['pipe-2024-05-02.tif'],
    );
    assert.match(result.failures[0]!.reason, /is not a regular file; it is not read/);
    assert.match(run.stderr, /^sat-imagery: pipe-2024-05-02\.tif .*is not a regular file/m);
    assert.ok(result.rows.length > 0 && result.rows.every((r) => r.image === 'utm-2024-05-01.tif'));
  }

  it('named on the command line', async () => {
    assertFifoFailedAlone(
      await stats('stats of a FIFO named on the command line', 'utm-2024-05-01.tif', 'pipe-2024-05-02.tif'),
    );
  });

  it('found in a folder, with the row cache (its hash thread reads every new image)', async () => {
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(folder, 'utm-2024-05-01.tif'));
    execFileSync('mkfifo', [join(folder, 'pipe-2024-05-02.tif')]);
    const run = await runCliWithin(
      CEILING_MS,
      'stats --csv of a folder holding a FIFO',
      ['stats', join(dir, 'fields.geojson'), '.', '--csv', 'table.csv', '--json'],
      { cwd: folder, env: { XDG_CACHE_HOME: join(dir, '.cache') } },
    );
    assertFifoFailedAlone(run);
  });

  it("a STAC ItemCollection's asset", async () => {
    const asset = (href: string, datetime: string) => ({
      type: 'Feature',
      properties: { datetime },
      assets: { image: { href, type: 'image/tiff; application=geotiff' } },
    });
    writeFileSync(
      join(dir, 'items.json'),
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          asset('utm-2024-05-01.tif', '2024-05-01T10:00:00Z'),
          asset('pipe-2024-05-02.tif', '2024-05-02T10:00:00Z'),
        ],
      }),
    );
    assertFifoFailedAlone(await stats('stats of an ItemCollection naming a FIFO', 'items.json'));
  });

  it('an ItemCollection of 200,000 assets is listed (no call stack overflow), each image once', async () => {
    const assets: Record<string, { href: string; type: string }> = {};
    for (let i = 0; i < 200_000; i++) assets[`band${i}`] = { href: 'utm-2024-05-01.tif', type: 'image/tiff' };
    writeFileSync(
      join(dir, 'many.json'),
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { datetime: '2024-05-01T10:00:00Z' }, assets }],
      }),
    );
    const run = await stats('stats of an ItemCollection of 200,000 assets', 'many.json');
    assert.doesNotMatch(run.stderr, /call stack|^\s+at /m, 'no stack overflow, no stack trace');
    assert.equal(run.code, ExitCode.ok, run.stderr);
    const result = jsonOf<StatsJson>(run);
    assert.deepEqual(result.failures, []);
    assert.ok(result.rows.length > 0 && result.rows.every((r) => r.image === 'utm-2024-05-01.tif'));
  });
});
