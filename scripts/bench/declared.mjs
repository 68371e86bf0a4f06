// Imagery as code: `plan` over a dataset of 1,000 dates all bought already (1,000 `have` units: the
// folder's ledger read, each date's request key made, each file looked at) against the simulator
// in this process, target ≤ 1 s; and `verify` over 256 MiB of locked images beside `sha256sum` over
// the same files in the same run (both with the files in the page cache), target ≥ 0.8× its
// throughput. Medians of three.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, requireOut, round, sha256File, timed } from './bench-util.mjs';

const { startSimulator } = requireOut('./test/simulator/index.js');
const { SpendGuard } = requireOut('./src/buying/spend-guard.js');
const { createClient } = requireOut('./src/api/client.js');
const { loadDeclaration } = requireOut('./src/workflows/declared/declared-file.js');
const { makePlan } = requireOut('./src/workflows/declared/declared-plan.js');
const { readLock } = requireOut('./src/workflows/declared/declared-lock.js');
const { verifyLock } = requireOut('./src/workflows/declared/declared-verify.js');
const { dateProfile } = requireOut('./src/workflows/series/series-plan.js');
const { compositeRequest } = requireOut('./src/request/request-profile.js');
const { requestKey } = requireOut('./src/ledger/request-key.js');
const { LEDGER_NAME } = requireOut('./src/ledger/ledger-journal.js');

const FIELD =
  '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.07,56.05],[10.07,56.06],[10.05,56.06],[10.05,56.05]]]}';
const UNITS = 1000;
const VERIFY_FILES = 4;
const VERIFY_FILE_BYTES = 64 * 1024 * 1024;

/** The ports a plan runs with here: nobody asked, nothing confirmed. */
export function benchPorts(client) {
  const refuse = async (q) => {
    throw new Error(`unexpected prompt ${q.id}`);
  };
  return {
    client,
    ask: { pick: refuse, pickMany: refuse, input: refuse },
    progress: { report: () => undefined },
    notify: { info: async () => undefined, warn: async () => undefined },
    confirmCost: async () => ({ action: 'cancel' }),
    signal: new AbortController().signal,
    // What the run may spend: what the cost answer confirms (each billed call priced again before it leaves).
    spending: new SpendGuard(),
    settings: () => ({ defaults: {} }),
  };
}

async function planBench(dir) {
  const sim = await startSimulator({ seed: 1, faults: {}, imageryEveryDay: true });
  try {
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
    const day = (n) => new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString().slice(0, 10);
    const dates = Array.from({ length: UNITS }, (_, i) => day(UNITS - i));
    writeFileSync(join(dir, 'field.geojson'), FIELD);
    const dataset = {
      name: 'rgb',
      area: 'field.geojson',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      resolution: 20,
      bandnames: 'rgb',
      epsgProjection: 4326,
      dates,
    };
    writeFileSync(join(dir, 'imagery.json'), JSON.stringify({ datasets: [dataset] }));
    const declaration = await loadDeclaration(join(dir, 'imagery.json'));
    // The folder as 1,000 bought dates leave it: a file per date and its `saved` line in the ledger.
    const folder = join(dir, 'rgb');
    mkdirSync(folder);
    const fields = {
      aoiMode: 'geojson',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      output: {},
    };
    const lines = dates.map((date, i) => {
      const key = requestKey(compositeRequest(dateProfile(declaration.datasetAreas[0][0].aoi, fields, date)));
      const file = `composite-${date}-${i}.tif`;
      writeFileSync(join(folder, file), 'x');
      return JSON.stringify({
        v: 1,
        key,
        state: 'saved',
        at: '2026-01-01T00:00:00.000Z',
        id: date,
        kind: 'series',
        file,
        bytes: 1,
        sha256: '0'.repeat(64),
      });
    });
    writeFileSync(join(folder, LEDGER_NAME), `${lines.join('\n')}\n`);
    const times = [];
    let have = 0;
    // No lock yet: the plan reads the folders' ledgers, as the first plan in a clone does.
    const lock = await readLock(join(dir, 'imagery.lock.json'));
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const { plan } = await makePlan(benchPorts(client), await loadDeclaration(join(dir, 'imagery.json')), lock);
      times.push(performance.now() - started);
      have = plan.units.filter((u) => u.kind === 'have').length;
    }
    await client.close?.();
    const ms = median(times);
    return {
      figure: `plan: ${UNITS} have units (file read, ledger, keys, files looked at; simulator in process), median of 3 (s)`,
      ours: round(ms / 1000, 3),
      reference: 1,
      referenceName: 'target',
      ratio: round(ms / 1000),
      target: '≤ 1 s, all have',
      met: ms <= 1000 && have === UNITS,
    };
  } finally {
    await sim.close();
  }
}

async function verifyBench(dir) {
  const images = [];
  for (let i = 0; i < VERIFY_FILES; i++) {
    const file = `image-${i}.tif`;
    writeFileSync(join(dir, file), randomBytes(VERIFY_FILE_BYTES));
    images.push({
      dataset: 'd',
      area: 'a',
      featureHash: '0'.repeat(64),
      date: '2026-01-01',
      bodyHash: '0'.repeat(64),
      request: {},
      file,
      bytes: VERIFY_FILE_BYTES,
      sha256: await sha256File(join(dir, file)),
      at: '',
    });
  }
  const lock = { version: 1, images, orders: [] };
  const files = images.map((i) => join(dir, i.file));
  await timed('sha256sum', files); // both read from the page cache
  const ours = [];
  const reference = [];
  for (let i = 0; i < 3; i++) {
    reference.push((await timed('sha256sum', files)).ms);
    const started = performance.now();
    const checked = await verifyLock(dir, lock);
    ours.push(performance.now() - started);
    if (checked.some((f) => f.problem)) throw new Error(`verify found a difference: ${JSON.stringify(checked)}`);
  }
  const mb = (VERIFY_FILES * VERIFY_FILE_BYTES) / 1024 / 1024;
  const oursRate = mb / (median(ours) / 1000);
  const refRate = mb / (median(reference) / 1000);
  return {
    figure: `verify: ${VERIFY_FILES} × ${VERIFY_FILE_BYTES / 1024 / 1024} MiB locked images, SHA-256 (MiB/s, median of 3)`,
    ours: round(oursRate),
    reference: round(refRate),
    referenceName: 'sha256sum',
    ratio: round(oursRate / refRate),
    target: '≥ 0.8× sha256sum',
    met: oursRate >= 0.8 * refRate,
  };
}

export async function runDeclaredBench() {
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-declared-'));
  try {
    return [await planBench(join(dir)), await verifyBench(dir)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
