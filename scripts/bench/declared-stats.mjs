// Imagery as code keeping field tables (#40): an `apply` that buys one new week for 10 datasets
// that declare `fieldStats` and brings their tables up to date, against the same dates bought by
// `series` alone and measured by `stats` alone, side by side in one run (the command line's
// production bundle, the simulator in this process). Each dataset's table already holds four
// weeks (an apply before, not timed), so the apply measures only the new image of each (the row
// cache gives the others back), as `stats` over the new image alone does. Two rounds, a new week
// each, the order of the two sides swapped in the second so machine load falls on both alike.
// The reference pays a process start per command (20 a round against apply's one): that cost,
// measured here too (`sat-imagery --version`), is said beside the ratio.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, requireOut, root, round, timed } from './bench-util.mjs';

const { startSimulator } = requireOut('./test/simulator/index.js');

const DATASETS = 10;
const FIELDS_PER_DATASET = 12;
const WEEKS = ['2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08'];
const BEFORE = 4;
const NOW = Date.parse('2026-06-15T10:00:00Z');
const REQUEST = ['--model', 'Stratus2', '--satellite-constellations', 'Sentinel2', '--resolution', '20'];

/** Dataset i's area, a box of 0.02° × 0.01°, and its fields, a 4 × 3 grid inside it. */
function area(i) {
  const x = 10.02 + 0.025 * i;
  const box = (w, s, e, n) => [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ];
  const features = Array.from({ length: FIELDS_PER_DATASET }, (_, f) => {
    const w = x + 0.005 * (f % 4);
    const s = 56.05 + 0.0033 * Math.floor(f / 4);
    return {
      type: 'Feature',
      properties: { name: `F${i}-${f}` },
      geometry: { type: 'Polygon', coordinates: box(w + 0.0005, s + 0.0004, w + 0.0045, s + 0.003) },
    };
  });
  return {
    area: JSON.stringify({ type: 'Polygon', coordinates: box(x, 56.05, x + 0.02, 56.06) }),
    fields: JSON.stringify({ type: 'FeatureCollection', features }),
  };
}

function imagery(dates) {
  const datasets = Array.from({ length: DATASETS }, (_, i) => ({
    name: `field-${i}`,
    area: `area-${i}.geojson`,
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    resolution: 20,
    bandnames: 'B4,B8',
    dates,
    fieldStats: { fields: `fields-${i}.geojson`, indices: ['ndvi'], idProperty: 'name' },
  }));
  return JSON.stringify({ datasets });
}

export async function runDeclaredStatsBench() {
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-declared-stats-'));
  const scratch = join(dir, 'bundle');
  execFileSync(process.execPath, [join(root, 'esbuild.mjs'), '--production', `--outdir=${scratch}`], {
    cwd: root,
    stdio: 'inherit',
  });
  const cli = join(scratch, 'cli.js');
  const sim = await startSimulator({
    seed: 5,
    demoData: true,
    clock: () => NOW,
    imageryEveryDay: true,
    account: { MaxConcurrentConnections: 4, CreditAmount: 1e6 },
  });
  const env = {
    PATH: process.env.PATH ?? '',
    SAT_IMAGERY_API_KEY: 'demo-key',
    SAT_IMAGERY_BASE_URL: sim.url,
    XDG_CACHE_HOME: join(dir, '.cache'),
  };
  const run = async (cwd, ...args) => {
    const done = await timed(process.execPath, [cli, ...args], { cwd, env });
    if (done.code !== 0) throw new Error(`sat-imagery ${args.join(' ')} exited ${done.code}: ${done.stdout}`);
    return done.ms;
  };
  try {
    const declared = join(dir, 'declared');
    const alone = join(dir, 'alone');
    for (const folder of [declared, alone]) {
      mkdirSync(folder);
      for (let i = 0; i < DATASETS; i++) {
        const { area: a, fields } = area(i);
        writeFileSync(join(folder, `area-${i}.geojson`), a);
        writeFileSync(join(folder, `fields-${i}.geojson`), fields);
      }
    }
    // The season so far: four weeks bought and their tables written (not timed).
    writeFileSync(join(declared, 'imagery.json'), imagery(WEEKS.slice(0, BEFORE)));
    await run(declared, 'apply', 'imagery.json', '--yes', '--max-cost', '100000');

    const applyOne = async (week) => {
      writeFileSync(join(declared, 'imagery.json'), imagery(WEEKS.slice(0, week + 1)));
      return run(declared, 'apply', 'imagery.json', '--yes', '--max-cost', '100000');
    };
    const seriesThenStats = async (week) => {
      let ms = 0;
      for (let i = 0; i < DATASETS; i++) {
        const out = join(alone, `week-${week}-${i}`);
        ms += await run(
          alone,
          'series',
          `area-${i}.geojson`,
          ...REQUEST,
          '--bandnames',
          'B4,B8',
          '--dates',
          WEEKS[week],
          '--yes',
          '--max-cost',
          '100000',
          '--output-directory',
          out,
        );
        ms += await run(
          alone,
          'stats',
          `fields-${i}.geojson`,
          out,
          '--index',
          'ndvi',
          '--id-property',
          'name',
          '--csv',
          join(out, 'table.csv'),
        );
      }
      return ms;
    };
    const charged = () => sim.requests.filter((r) => r.charged).length;
    let ours = 0;
    let reference = 0;
    const loads = [];
    for (const [turn, week] of [BEFORE, BEFORE + 1].entries()) {
      loads.push(loadavg()[0]);
      const before = charged();
      if (turn === 0) {
        ours += await applyOne(week);
        reference += await seriesThenStats(week);
      } else {
        reference += await seriesThenStats(week);
        ours += await applyOne(week);
      }
      if (charged() - before !== 2 * DATASETS)
        throw new Error(`round ${turn}: ${charged() - before} charged, not ${2 * DATASETS}`);
    }
    const starts = [];
    for (let i = 0; i < 5; i++) starts.push(await run(dir, '--version'));
    const start = median(starts);
    // The reference starts 2 × DATASETS processes a round, apply one.
    const extraStarts = 2 * (2 * DATASETS - 1) * start;
    const ratio = ours / reference;
    const ratioWithoutStarts = ours / (reference - extraStarts);
    return [
      {
        figure: `apply: one new week for ${DATASETS} datasets with fieldStats (${FIELDS_PER_DATASET} fields each; tables of ${BEFORE} weeks), 2 rounds, against series + stats of the same dates (s; load ${loads.map((l) => round(l, 1)).join(', ')} on ${cpus().length} cores; the reference's ${2 * DATASETS - 1} extra process starts a round, ${round(start / 1000, 2)} s each, taken out: ${round(ratioWithoutStarts, 2)}×)`,
        ours: round(ours / 1000, 2),
        reference: round(reference / 1000, 2),
        referenceName: `series (${DATASETS} runs) + stats (${DATASETS} runs), the same dates`,
        ratio: round(ratio, 2),
        target: '≤ 1.2× the same dates bought and measured alone',
        met: ratio <= 1.2,
      },
    ];
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
