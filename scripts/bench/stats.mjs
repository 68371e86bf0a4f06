#!/usr/bin/env node
// Field-statistics benchmark: FIELDS fields of 1–50 ha over DATES GDAL-written SIZE² × 4-band
// INT16 DEFLATE tiled images (scripts/bench/stats_reference.py makes them); `sat-imagery stats
// --index ndvi` (dist/cli.js, a fresh process, peak memory from /usr/bin/time) against the
// rasterio + numpy reference on the same files in the same run (each image read once, all fields
// rasterised at once, numpy statistics); then one more date, where the rerun must compute only
// that date. Defaults are modest (1024², 12 dates, 300 fields: about a minute); the figure is
// BENCH_STATS_SIZE=5120 BENCH_STATS_DATES=12 BENCH_STATS_FIELDS=1000. `node scripts/bench/run.mjs stats`.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, round } from './bench-util.mjs';

const here = new URL('.', import.meta.url).pathname;
const SIZE = Number(process.env.BENCH_STATS_SIZE ?? 1024);
const DATES = Number(process.env.BENCH_STATS_DATES ?? 12);
const FIELDS = Number(process.env.BENCH_STATS_FIELDS ?? 300);

/** Wall time (ms) and peak resident memory (MiB) of one process, through /usr/bin/time. */
function timed(command, args) {
  const started = process.hrtime.bigint();
  const run = spawnSync('/usr/bin/time', ['-f', 'peak-kb %M', command, ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr}`);
  return { ms, peakMiB: Number(/peak-kb (\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024 };
}

export async function runStatsBench() {
  if (!existsSync(join(root, 'dist', 'cli.js'))) execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
  try {
    const images = join(dir, 'images');
    execFileSync('mkdir', [images]);
    execFileSync('/usr/bin/python3', [join(here, 'stats_reference.py'), 'make', images, String(SIZE), String(DATES + 1), String(FIELDS)], { stdio: 'inherit' });
    // The last date is held back for the incremental run.
    const last = execFileSync('sh', ['-c', `ls ${images}/*.tif | sort | tail -1`], { encoding: 'utf8' }).trim();
    const spare = join(dir, 'spare.tif');
    execFileSync('mv', [last, spare]);
    const fields = join(images, 'fields.geojson');
    const cli = [join(root, 'dist', 'cli.js'), 'stats', fields, images, '--index', 'ndvi'];
    const reference = () => timed('/usr/bin/python3', [join(here, 'stats_reference.py'), 'run', images]);
    // Alternating runs, each ours from an empty cache.
    const oursRuns = [];
    const refRuns = [];
    for (let run = 0; run < 2; run++) {
      rmSync(join(dir, 'full.csv.stats-cache.json'), { force: true });
      oursRuns.push(timed(process.execPath, [...cli, '--csv', join(dir, 'full.csv')]));
      refRuns.push(reference());
    }
    // One more date: the rerun reads only it.
    copyFileSync(spare, last);
    const incrementalMs = timed(process.execPath, [...cli, '--csv', join(dir, 'full.csv')]).ms;
    const oursMs = oursRuns.map((r) => r.ms);
    const refMs = refRuns.map((r) => r.ms);
    const oursPeak = Math.max(...oursRuns.map((r) => r.peakMiB));
    const ours = Math.min(...oursMs);
    const referenceMs = Math.min(...refMs);
    const label = `${FIELDS} fields × ${DATES} dates of ${SIZE}² × 4-band INT16`;
    return [
      { figure: `field statistics, ${label} (ms)`, ours: round(ours), reference: round(referenceMs), ratio: round(ours / referenceMs, 2), target: '≤ 1.0× rasterio + numpy', met: ours <= referenceMs, runs: { ours: oursMs, reference: refMs } },
      { figure: 'field statistics: peak memory (MiB)', ours: round(oursPeak), reference: round(Math.max(...refRuns.map((r) => r.peakMiB))), ratio: null, target: '≤ 512 MiB', met: oursPeak <= 512 },
      { figure: 'field statistics: rerun after one more date (ms)', ours: round(incrementalMs), reference: round(ours), ratio: round(incrementalMs / ours, 2), target: '≤ 0.1× the full run', met: incrementalMs <= 0.1 * ours },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
