#!/usr/bin/env node
// `npm run bench`: every benchmark side by side with its reference, in one run. Prints a table
// (figure, ours, reference, ratio, target, met) and writes it to bench-results/bench.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const only = process.argv.slice(2);

// The download and batch benchmarks drive the compiled client and simulator (out/).
execFileSync('npm', ['run', '--silent', 'compile-tests'], { cwd: root, stdio: 'inherit' });

const suites = [
  ['activation', async () => (await import('./activation.mjs')).runActivationBench()],
  ['cli', async () => (await import('./cli.mjs')).runCliBench()],
  ['download', async () => (await import('./download.mjs')).runDownloadBench()],
  ['batch', async () => (await import('./batch.mjs')).runBatchBench()],
  ['series', async () => (await import('./series.mjs')).runSeriesBench()],
  ['geometry', async () => (await import('./geometry.mjs')).runGeometryBench()],
  ['raster', async () => (await import('./raster.mjs')).runRasterBench()],
  ['map', async () => (await import('./map.mjs')).runMapBench()],
  ['stats', async () => (await import('./stats.mjs')).runStatsBench()],
  ['stats-fields', async () => (await import('./stats-fields.mjs')).runStatsFieldsBench()],
  ['alerts', async () => (await import('./alerts.mjs')).runAlertsBench()],
  ['stats-chart', async () => (await import('./stats-chart.mjs')).runStatsChartBench()],
  ['declared', async () => (await import('./declared.mjs')).runDeclaredBench()],
  ['declared-window', async () => (await import('./declared-window.mjs')).runDeclaredWindowBench()],
  ['declared-stats', async () => (await import('./declared-stats.mjs')).runDeclaredStatsBench()],
];

const rows = [];
for (const [name, run] of suites) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n--- ${name} ---`);
  try {
    const result = await run();
    for (const row of result) rows.push({ suite: name, ...row });
    console.table(
      result.map(({ figure, ours, reference, ratio, target, met }) => ({
        figure,
        ours,
        reference,
        ratio,
        target,
        met,
      })),
    );
  } catch (err) {
    console.error(`${name} benchmark failed: ${err && err.stack ? err.stack : err}`);
    rows.push({
      suite: name,
      figure: `${name}: benchmark failed`,
      ours: null,
      reference: null,
      ratio: null,
      target: 'runs',
      met: false,
      error: String(err && err.message ? err.message : err),
    });
  }
}

console.log('\n=== benchmark summary ===');
console.table(
  rows.map(({ figure, ours, reference, ratio, target, met }) => ({ figure, ours, reference, ratio, target, met })),
);
const outDir = join(root, 'bench-results');
mkdirSync(outDir, { recursive: true });
const report = { date: new Date().toISOString(), node: process.version, rows };
writeFileSync(join(outDir, 'bench.json'), JSON.stringify(report, null, 2));
console.log(`written: ${join('bench-results', 'bench.json')}`);
const missed = rows.filter((r) => !r.met);
if (missed.length) console.log(`targets missed: ${missed.map((r) => r.figure).join('; ')}`);
