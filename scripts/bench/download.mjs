// Download benchmark: a 1 GiB composite from the simulator over loopback, through the project's
// client, against `curl -o` of the same response in the same run: time, throughput ratio, peak
// memory growth, and the two files' checksums. Repeated with `Connection: close` and with an
// HTTP/1.0-style close-delimited body (the undici hazard of known-hazards.md).
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireOut, round, sha256File, startSimulatorProcess, timed } from './bench-util.mjs';

const GiB = 2 ** 30;
const COMPOSITE = '/api/satelliteimages/process/composite';

/** A composite request the simulator's demo data can fulfil: the demo area, on its latest date. */
async function demoRequest(url) {
  const { createClient } = requireOut('./src/api/client.js');
  const { DEMO_AREA } = requireOut('./test/simulator/index.js');
  const client = createClient({ baseUrl: url, getApiKey: () => 'demo-key' });
  const { west, south, east, north } = { west: DEMO_AREA.west + 0.02, south: DEMO_AREA.south + 0.02, east: DEMO_AREA.west + 0.06, north: DEMO_AREA.south + 0.05 };
  const Wkt = `POLYGON((${west} ${south}, ${east} ${south}, ${east} ${north}, ${west} ${north}, ${west} ${south}))`;
  const to = new Date();
  const from = new Date(to.getTime() - 60 * 86_400_000);
  const found = await client.searchAvailableDates({ Wkt, From: from.toISOString(), To: to.toISOString(), Model: 'Stratus2', SatelliteConstellations: ['Sentinel2'] });
  const dates = found.flatMap((m) => m.DatesByGeog ?? []).flatMap((g) => g.Dates ?? []).sort();
  if (!dates.length) throw new Error('the simulator offered no date for the demo area');
  await client.close();
  return { Wkt, Date: `${dates[dates.length - 1]}T00:00:00Z`, Model: 'Stratus2', SatelliteConstellations: ['Sentinel2'], Resolution: 10, EpsgProjection: 4326, Bandnames: 'rgb' };
}

/** `curl -o`; then, for a like-for-like figure, the time `sync FILE` takes to make it durable,
 * which our client does before the file takes its final name (curl does not). */
async function curlDownload(url, body, dir) {
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, JSON.stringify(body));
  const file = join(dir, 'curl.tif');
  const run = await timed('curl', ['-sS', '--fail', '-o', file, '-X', 'POST', '-H', 'x-api-key: demo-key', '-H', 'Content-Type: application/json', '--data-binary', `@${bodyFile}`, `${url}${COMPOSITE}`]);
  if (run.code !== 0) throw new Error(`curl failed (${run.code})`);
  const sync = await timed('sync', [file]);
  return { ms: run.ms, syncMs: sync.code === 0 ? sync.ms : undefined, file };
}

async function clientDownload(url, body, dir) {
  const outDir = join(dir, 'ours');
  const run = await timed(process.execPath, ['--expose-gc', join(import.meta.dirname, 'download-child.cjs'), JSON.stringify({ url, body, dir: outDir })]);
  if (run.code !== 0) throw new Error(`the client's download failed or crashed (exit ${run.code})`);
  return JSON.parse(run.stdout);
}

async function oneVariant(label, faults, bytes) {
  const sim = await startSimulatorProcess({ demoData: true, faults: { imageBytes: bytes, ...faults } });
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-dl-'));
  try {
    const body = await demoRequest(sim.url);
    const curl = await curlDownload(sim.url, body, dir);
    const ours = await clientDownload(sim.url, body, dir);
    const sameSize = statSync(ours.path).size === bytes && statSync(curl.file).size === bytes;
    const sameBytes = sameSize && (await sha256File(ours.path)) === (await sha256File(curl.file));
    const mib = bytes / 2 ** 20;
    const ratio = curl.ms / ours.ms; // our throughput as a fraction of curl's
    const growth = ours.rssPeakMiB - ours.rssBaseMiB;
    return [
      {
        figure: `download ${label}: throughput (MiB/s), identical bytes: ${sameBytes}`,
        ours: round(mib / (ours.ms / 1000)),
        reference: round(mib / (curl.ms / 1000)),
        referenceName: 'curl -o',
        ratio: round(ratio),
        target: '≥ 0.9 of curl, same bytes',
        met: ratio >= 0.9 && sameBytes,
      },
      { figure: `download ${label}: peak memory growth (MiB)`, ours: round(growth, 1), reference: 64, ratio: round(growth / 64), target: '≤ 64 MiB', met: growth <= 64 },
      ...(curl.syncMs === undefined
        ? []
        : [
            {
              figure: `download ${label}: throughput against curl -o + sync FILE (both durable)`,
              ours: round(mib / (ours.ms / 1000)),
              reference: round(mib / ((curl.ms + curl.syncMs) / 1000)),
              referenceName: 'curl -o; sync FILE',
              ratio: round((curl.ms + curl.syncMs) / ours.ms),
              target: 'reported',
              met: true,
            },
          ]),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sim.stop();
  }
}

export async function runDownloadBench({ bytes = GiB } = {}) {
  const size = bytes >= GiB ? `${round(bytes / GiB)} GiB` : `${round(bytes / 2 ** 20)} MiB`;
  return [
    ...(await oneVariant(`${size} keep-alive`, {}, bytes)),
    ...(await oneVariant(`${size} Connection: close`, { connectionClose: true }, bytes)),
    ...(await oneVariant(`${size} close-delimited (HTTP/1.0 style)`, { closeDelimited: true }, bytes)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mib = Number(process.argv[2] ?? 1024);
  console.table(await runDownloadBench({ bytes: mib * 2 ** 20 }));
}
