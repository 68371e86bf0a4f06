#!/usr/bin/env node
// Field statistics over many small fields: `sat-imagery stats --csv` (dist/cli.js, a fresh process)
// on 100,000 round fields of 32 vertices (an 88 MB GeoJSON) over one small image the simulator's
// writer makes, its peak memory as the max RSS /usr/bin/time gives, held to 1 GiB (the fields were
// once an array per vertex, 1.2 GiB). The best of two runs counts. BENCH_STATS_FIELDS_COUNT sets
// the number of fields. `node scripts/bench/run.mjs stats-fields`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOut, root, round } from './bench-util.mjs';

const FIELDS = Number(process.env.BENCH_STATS_FIELDS_COUNT ?? 100_000);
const VERTICES = 32;
const BBOX = { west: 10.0, south: 56.0, east: 10.16, north: 56.09 };

/** Round fields on a grid over the box, each inside its own cell. */
function fieldsText() {
  const side = Math.ceil(Math.sqrt(FIELDS));
  const dx = (BBOX.east - BBOX.west) / side;
  const dy = (BBOX.north - BBOX.south) / side;
  const features = [];
  for (let i = 0; i < FIELDS; i++) {
    const cx = BBOX.west + ((i % side) + 0.5) * dx;
    const cy = BBOX.south + (Math.floor(i / side) + 0.5) * dy;
    const ring = Array.from({ length: VERTICES }, (_, k) => {
      const angle = (2 * Math.PI * k) / VERTICES;
      return [+(cx + 0.4 * dx * Math.cos(angle)).toFixed(7), +(cy + 0.4 * dy * Math.sin(angle)).toFixed(7)];
    });
    ring.push(ring[0]);
    const geometry = { type: 'Polygon', coordinates: [ring] };
    features.push(JSON.stringify({ type: 'Feature', properties: { id: `f${i}` }, geometry }));
  }
  return `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}\n`;
}

/** Wall time (ms) and peak resident memory (MiB) of one run. */
function measured(dir) {
  const started = process.hrtime.bigint();
  const args = [join(root, 'dist', 'cli.js'), 'stats', 'fields.geojson', 'image-2025-06-20.tif', '--csv', 'table.csv'];
  const run = spawnSync('/usr/bin/time', ['-f', 'peak-kb %M', process.execPath, ...args], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, XDG_CACHE_HOME: join(dir, '.cache') },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (run.status !== 0) throw new Error(`sat-imagery stats failed: ${run.stderr}`);
  rmSync(join(dir, '.cache'), { recursive: true, force: true });
  return { ms, peakMiB: Number(/peak-kb (\d+)/.exec(run.stderr)?.[1] ?? NaN) / 1024 };
}

export async function runStatsFieldsBench() {
  if (!existsSync(join(root, 'dist', 'cli.js')))
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const { buildGeoTiff } = requireOut('./test/simulator/geotiff-image.js');
  const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-bench-stats-fields-'));
  try {
    const image = { bbox: BBOX, epsg: 32632, resolution: 10, bands: ['B4', 'B8'], dataType: 'int16' };
    writeFileSync(join(dir, 'image-2025-06-20.tif'), buildGeoTiff({ ...image, date: '2025-06-20', seed: 3 }));
    writeFileSync(join(dir, 'fields.geojson'), fieldsText());
    const runs = [measured(dir), measured(dir)];
    const peak = Math.min(...runs.map((r) => r.peakMiB));
    return [
      {
        figure: `field statistics: peak memory over ${FIELDS.toLocaleString('en')} fields of ${VERTICES} vertices, one image, max RSS (MiB)`,
        ours: round(peak),
        reference: null,
        ratio: null,
        target: '≤ 1024 MiB',
        met: peak <= 1024,
        runs: { peakMiB: runs.map((r) => round(r.peakMiB)), ms: runs.map((r) => round(r.ms)) },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
