#!/usr/bin/env node
// Field alerts from the table (#40): a field table as `sat-imagery stats` writes it (table.ts's
// CSV) of FIELDS fields × 52 weekly dates × 2 indices (ndvi and ndwi), made here once per size,
// read and run through the alert rules (alertsOfTable, alerts-child.cjs, a fresh process per run,
// its peak RSS its own), against the floor of any reader of the same file in the same run: the
// file read as one string and split into lines. Two alternating runs each; the faster counts, and
// the larger peak. 1,000 fields: ≤ 300 ms; 10,000 fields: ≤ 3 s and ≤ 512 MiB. Each run's CPU time
// is kept beside its wall time (bench.json's runs, and a row of the ratio of the two CPU times):
// on a shared machine the wall time is mostly the others' load.
// `node scripts/bench/run.mjs alerts`.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOut, round } from './bench-util.mjs';

const here = new URL('.', import.meta.url).pathname;
const DATES = 52;
const INDICES = ['ndvi', 'ndwi'];
const WORK = process.env.BENCH_ALERTS_DIR ?? join(tmpdir(), 'sat-imagery-bench', 'alerts');

/** A made-up season: each field's curve rises and falls, with noise, clouds (a low valid share)
 * on some dates and a harvest (a drop) in late summer for some fields. */
function rowsOfDate(fields, d) {
  const date = new Date(Date.UTC(2025, 3, 7) + d * 7 * 86_400_000).toISOString().slice(0, 10);
  const rows = [];
  for (let f = 0; f < fields; f++) {
    const noise = Math.sin(f * 12.9898 + d * 78.233) * 43758.5453;
    const jitter = (noise - Math.floor(noise) - 0.5) * 0.04;
    const cloudy = (f * 7 + d * 13) % 17 === 0;
    const harvested = f % 5 === 0 && d >= 30 + (f % 7);
    const curve = 0.2 + 0.6 * Math.sin((Math.PI * d) / DATES);
    const pixels = 400 + (f % 300);
    const valid = cloudy ? Math.floor(pixels * 0.2) : pixels;
    for (const [i, index] of INDICES.entries()) {
      const mean = (harvested ? 0.15 : curve) * (i === 0 ? 1 : -0.5) + jitter;
      rows.push({
        field: `field-${f}`,
        date,
        index,
        mean,
        median: mean + 0.01,
        std: 0.05 + jitter,
        min: mean - 0.2,
        max: mean + 0.2,
        p10: mean - 0.1,
        p25: mean - 0.05,
        p75: mean + 0.05,
        p90: mean + 0.1,
        valid_pixels: valid,
        nodata_pixels: pixels - valid,
        valid_fraction: valid / pixels,
        image: `imagery/${date}.tif`,
      });
    }
  }
  return rows;
}

/** The table of `fields` fields, written once (date by date, as the table's writer orders it). */
function tableOf(fields) {
  const file = join(WORK, `field-stats-${fields}x${DATES}x${INDICES.length}.csv`);
  if (existsSync(file)) return file;
  mkdirSync(WORK, { recursive: true });
  const { csvPieces } = requireOut('./src/stats/table.js');
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w');
  for (let d = 0; d < DATES; d++) {
    const pieces = [...csvPieces(rowsOfDate(fields, d))];
    writeSync(fd, (d === 0 ? pieces : pieces.slice(1)).join(''));
  }
  closeSync(fd);
  renameSync(partial, file);
  return file;
}

function child(mode, file) {
  const out = execFileSync(process.execPath, [join(here, 'alerts-child.cjs'), mode, file], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** Alternating runs of ours and the reference on the table of `fields` fields. */
function measured(fields) {
  const file = tableOf(fields);
  const ours = [];
  const reference = [];
  for (let run = 0; run < 2; run++) {
    ours.push(child('alerts', file));
    reference.push(child('reference', file));
  }
  if (reference[0].count !== fields * DATES * INDICES.length)
    throw new Error(`the reference read ${reference[0].count} rows`);
  if (ours[0].count === 0) throw new Error('no alerts over a season with harvests and clouds');
  return { ours, reference };
}

const fastest = (runs) => Math.min(...runs.map((r) => r.ms));

function timeRow(fields, runs, limitMs) {
  const ours = fastest(runs.ours);
  const reference = fastest(runs.reference);
  return {
    figure: `alerts from the table, ${fields.toLocaleString('en')} fields × ${DATES} dates × 2 indices (ms)`,
    ours: round(ours),
    reference: round(reference),
    referenceName: 'the file read and split into lines',
    ratio: round(ours / reference, 2),
    target: `≤ ${limitMs} ms`,
    met: ours <= limitMs,
    runs: { ours: runs.ours, reference: runs.reference },
  };
}

/** The CPU times of the fastest runs, beside each other. */
function cpuRow(fields, runs) {
  const ours = Math.min(...runs.ours.map((r) => r.cpuMs));
  const reference = Math.min(...runs.reference.map((r) => r.cpuMs));
  return {
    figure: `alerts from the table, ${fields.toLocaleString('en')} fields: CPU time, user + system (ms)`,
    ours: round(ours),
    reference: round(reference),
    referenceName: 'the file read and split into lines',
    ratio: round(ours / reference, 2),
    target: 'reported',
    met: true,
  };
}

export async function runAlertsBench() {
  const small = measured(1000);
  const large = measured(10_000);
  const peak = Math.max(...large.ours.map((r) => r.peakMiB));
  return [
    timeRow(1000, small, 300),
    cpuRow(1000, small),
    timeRow(10_000, large, 3000),
    cpuRow(10_000, large),
    {
      figure: 'alerts from the table, 10,000 fields: peak memory, max RSS (MiB)',
      ours: round(peak),
      reference: round(Math.max(...large.reference.map((r) => r.peakMiB))),
      ratio: null,
      target: '≤ 512 MiB',
      met: peak <= 512,
    },
  ];
}
