// Download benchmark: a 1 GiB composite from the simulator over loopback, through the project's
// client, against `curl -o` of the same response in the same run, and against `curl -o` followed
// by `sync FILE`, which is as durable as ours (the client syncs before the final rename): time,
// throughput ratio, peak memory growth, and the files' checksums. Repeated with
// `Connection: close` and with an HTTP/1.0-style close-delimited body (the undici hazard of
// docs/engineering-notes.md, "undici 7 and a server that closes the connection"). `node scripts/bench/download.mjs [MiB] [runs]` runs it alone.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median, requireOut, round, sha256File, startSimulatorProcess, timed } from './bench-util.mjs';

const GiB = 2 ** 30;
const COMPOSITE = '/api/satelliteimages/process/composite';

/** A composite request the simulator's demo data can fulfil: the demo area, on its latest date. */
async function demoRequest(url) {
  const { createClient } = requireOut('./src/api/client.js');
  const { DEMO_AREA } = requireOut('./test/simulator/index.js');
  const client = createClient({ baseUrl: url, getApiKey: () => 'demo-key' });
  const { west, south, east, north } = {
    west: DEMO_AREA.west + 0.02,
    south: DEMO_AREA.south + 0.02,
    east: DEMO_AREA.west + 0.06,
    north: DEMO_AREA.south + 0.05,
  };
  const Wkt = `POLYGON((${west} ${south}, ${east} ${south}, ${east} ${north}, ${west} ${north}, ${west} ${south}))`;
  const to = new Date();
  const from = new Date(to.getTime() - 60 * 86_400_000);
  const found = await client.searchAvailableDates({
    Wkt,
    From: from.toISOString(),
    To: to.toISOString(),
    Model: 'Stratus2',
    SatelliteConstellations: ['Sentinel2'],
  });
  const dates = found
    .flatMap((m) => m.DatesByGeog ?? [])
    .flatMap((g) => g.Dates ?? [])
    .sort();
  if (!dates.length) throw new Error('the simulator offered no date for the demo area');
  await client.close();
  return {
    Wkt,
    Date: `${dates[dates.length - 1]}T00:00:00Z`,
    Model: 'Stratus2',
    SatelliteConstellations: ['Sentinel2'],
    Resolution: 10,
    EpsgProjection: 4326,
    Bandnames: 'rgb',
  };
}

/** `curl -o`; then, for a like-for-like figure, the time `sync FILE` takes to make it durable,
 * which our client does before the file takes its final name (curl does not). */
async function curlDownload(url, body, dir) {
  mkdirSync(dir, { recursive: true });
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, JSON.stringify(body));
  const file = join(dir, 'curl.tif');
  const run = await timed('curl', [
    '-sS',
    '--fail',
    '-o',
    file,
    '-X',
    'POST',
    '-H',
    'x-api-key: demo-key',
    '-H',
    'Content-Type: application/json',
    '--data-binary',
    `@${bodyFile}`,
    `${url}${COMPOSITE}`,
  ]);
  if (run.code !== 0) throw new Error(`curl failed (${run.code})`);
  const sync = await timed('sync', [file]);
  return { ms: run.ms, syncMs: sync.code === 0 ? sync.ms : undefined, file };
}

async function clientDownload(url, body, dir) {
  const outDir = join(dir, 'ours');
  const run = await timed(process.execPath, [
    '--expose-gc',
    join(import.meta.dirname, 'download-child.cjs'),
    JSON.stringify({ url, body, dir: outDir }),
  ]);
  if (run.code !== 0) throw new Error(`the client's download failed or crashed (exit ${run.code})`);
  return JSON.parse(run.stdout);
}

/** Removes a file; the benchmark keeps only the files it still has to compare. */
function drop(file) {
  rmSync(file, { force: true });
}

/**
 * One framing: `reps` pairs of runs, ours and curl back to back (alternating which goes first, so
 * a drift in the machine's load does not always favour one side). Each pair gives a ratio; the
 * median ratio is the figure and the range is shown, because a shared machine is noisy.
 */
async function oneVariant(label, faults, bytes, reps) {
  const sim = await startSimulatorProcess({ demoData: true, faults: { imageBytes: bytes, ...faults } });
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-dl-'));
  try {
    const body = await demoRequest(sim.url);
    const pairs = [];
    let referenceHash;
    let sameBytes = true;
    for (let rep = 0; rep < reps; rep++) {
      const runDir = join(dir, `run-${rep}`);
      let curl;
      let ours;
      if (rep % 2 === 0) {
        curl = await curlDownload(sim.url, body, runDir);
        ours = await clientDownload(sim.url, body, runDir);
      } else {
        ours = await clientDownload(sim.url, body, runDir);
        curl = await curlDownload(sim.url, body, runDir);
      }
      if (curl.syncMs === undefined) throw new Error('sync FILE failed: the durable reference is missing');
      referenceHash ??= await sha256File(curl.file);
      sameBytes &&=
        statSync(ours.path).size === bytes &&
        statSync(curl.file).size === bytes &&
        (await sha256File(ours.path)) === referenceHash;
      drop(ours.path);
      drop(curl.file);
      pairs.push({
        ours: ours.ms,
        curl: curl.ms,
        curlSync: curl.ms + curl.syncMs,
        growth: ours.rssPeakMiB - ours.rssBaseMiB,
      });
    }
    const mib = bytes / 2 ** 20;
    const rate = (ms) => round(mib / (ms / 1000));
    const spread = (values) =>
      values.length > 1 ? ` (${reps} runs: ${round(Math.min(...values))}–${round(Math.max(...values))})` : '';
    const durable = pairs.map((p) => p.curlSync / p.ours); // our throughput as a fraction of the reference's
    const plain = pairs.map((p) => p.curl / p.ours);
    const growth = Math.max(...pairs.map((p) => p.growth));
    return [
      {
        figure: `download ${label}: throughput (MiB/s) against curl -o; sync FILE (both durable), identical bytes: ${sameBytes}${spread(durable)}`,
        ours: rate(median(pairs.map((p) => p.ours))),
        reference: rate(median(pairs.map((p) => p.curlSync))),
        referenceName: 'curl -o; sync FILE',
        ratio: round(median(durable)),
        target: '≥ 0.9 of curl -o; sync FILE, same bytes',
        met: median(durable) >= 0.9 && sameBytes,
      },
      {
        figure: `download ${label}: throughput (MiB/s) against curl -o (not durable)${spread(plain)}`,
        ours: rate(median(pairs.map((p) => p.ours))),
        reference: rate(median(pairs.map((p) => p.curl))),
        referenceName: 'curl -o',
        ratio: round(median(plain)),
        target: 'reported',
        met: true,
      },
      {
        figure: `download ${label}: peak memory growth (MiB), largest of ${reps} runs`,
        ours: round(growth, 1),
        reference: 64,
        ratio: round(growth / 64),
        target: '≤ 64 MiB',
        met: growth <= 64,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sim.stop();
  }
}

export async function runDownloadBench({ bytes = GiB, reps = 3 } = {}) {
  const size = bytes >= GiB ? `${round(bytes / GiB)} GiB` : `${round(bytes / 2 ** 20)} MiB`;
  return [
    ...(await oneVariant(`${size} keep-alive`, {}, bytes, reps)),
    ...(await oneVariant(`${size} Connection: close`, { connectionClose: true }, bytes, reps)),
    ...(await oneVariant(`${size} close-delimited (HTTP/1.0 style)`, { closeDelimited: true }, bytes, reps)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mib = Number(process.argv[2] ?? 1024);
  const reps = Number(process.argv[3] ?? 3);
  console.table(await runDownloadBench({ bytes: mib * 2 ** 20, reps }));
}
