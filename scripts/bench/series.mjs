// Time-series benchmark: 30 dates of a mini-tile-sized composite through the series workflow
// (availability and estimate per date, one confirmation, then the worker pool behind the
// client's shared gate) against the simulator with 200 ms latency and at most 4 concurrent
// requests per key. The per-date time is measured in the same run (one date alone, three times,
// the median); the processing phase of the 30 dates (after the confirmation) is compared with the
// ideal ceil(dates / connections) × that per-date time. Failed dates and the share of 429
// answers are reported, and the planning phase beside its own ideal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { idealRow, idealWallMs, limitedRow, median, requireOut, round } from './bench-util.mjs';

const { startSimulator } = requireOut('./test/simulator/index.js');
const { SpendGuard } = requireOut('./src/buying/spend-guard.js');
const { tileAt, miniTilesOf, tileRecord } = requireOut('./test/simulator/tiles.js');
const { createClient } = requireOut('./src/api/client.js');
const { downloadSeries } = requireOut('./src/workflows/series/series-workflow.js');

const DATES = 30;
const LATENCY_MS = 200;
const CONNECTIONS = 4;

function headlessPorts(client, onProceed, onAllDone = () => undefined) {
  const refuse = async (q) => {
    throw new Error(`unexpected prompt ${q.id}`);
  };
  return {
    client,
    ask: { pick: refuse, pickMany: refuse, input: refuse },
    // The batch runner reports "n of n dates" when the last date is written.
    progress: { report: ({ message }) => /^(\d+) of \1 dates/.test(message ?? '') && onAllDone() },
    notify: { info: async () => undefined, warn: async () => undefined },
    confirmCost: async () => (onProceed(), { action: 'proceed' }),
    signal: new AbortController().signal,
    // What the run may spend: what the cost answer confirms (each billed call priced again before it leaves).
    spending: new SpendGuard(),
    settings: () => ({ defaults: {} }),
  };
}

/** One series over `dates`, after a fresh folder; the processing phase is timed from Proceed. */
async function runOnce(client, sim, area, dates) {
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-series-'));
  try {
    sim.clearLog();
    let proceededAt = 0;
    let writtenAt = 0;
    const started = performance.now();
    const ports = headlessPorts(
      client,
      () => (proceededAt = performance.now()),
      () => (writtenAt = performance.now()),
    );
    const result = await downloadSeries(ports, area, {
      dates,
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      bandnames: 'rgb',
      resolution: 160,
      epsgProjection: 4326,
      outputDirectory: dir,
      concurrency: CONNECTIONS,
    });
    const ended = performance.now();
    // unitsMs: Proceed to the last date written (without the folder's ItemCollection at the end).
    return {
      result,
      requests: [...sim.requests],
      processMs: ended - proceededAt,
      unitsMs: writtenAt - proceededAt,
      planMs: proceededAt - started,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSeriesBench() {
  const seed = 1;
  const account = { MaxConcurrentConnections: CONNECTIONS, EuroCreditAmount: 100_000, CreditAmount: 100_000 };
  const sim = await startSimulator({ seed, faults: {}, account, imageryEveryDay: true });
  try {
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', maxConcurrentRequests: CONNECTIONS });
    const mini = miniTilesOf(seed, tileAt(seed, 100, 560, 0))[0];
    const area = { name: 'mini.wkt', text: String(tileRecord(mini).DataGeogWkt), format: 'wkt' };
    // An order over the mini-tile, so every date is covered: made through the API, like a person would.
    await client.createOrder({
      MiniTileGuids: [mini.guid],
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 1,
      ApiRequests: 1000,
      ImageFrequency: 1,
      ReferenceDate: '2026-01-01',
      From: '2026-01-01',
      To: null,
    });
    await client.getApiKeyInfo(); // sizes the gate from MaxConcurrentConnections, as the extension does
    const day = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const dates = Array.from({ length: DATES }, (_, i) => day(DATES - i + 1));
    sim.configure({ latencyMs: LATENCY_MS, maxConcurrentPerKey: CONNECTIONS });
    // The per-date time: one date alone, from Proceed to its file written (other dates than the
    // series', so nothing is warm); the 30 dates are timed to the end, ItemCollection included.
    const singles = [];
    for (const n of [DATES + 5, DATES + 6, DATES + 7])
      singles.push((await runOnce(client, sim, area, [day(n)])).unitsMs);
    const perDateMs = median(singles);
    const run = await runOnce(client, sim, area, dates);
    await client.close();
    const { result, requests, processMs, planMs } = run;
    const processed = requests.filter((r) => r.path === '/api/satelliteimages/process/composite');
    const done = result.dates.filter((d) => d.status === 'done').length;
    const failed = result.dates.length - done;
    const idealMs = idealWallMs(DATES, CONNECTIONS, perDateMs);
    return [
      {
        figure: `series: one date alone, ${LATENCY_MS} ms latency: Proceed to file written, median of 3 (s)`,
        ours: round(perDateMs / 1000, 3),
        reference: round(LATENCY_MS / 1000, 3),
        referenceName: 'latency',
        ratio: round(perDateMs / LATENCY_MS),
        target: 'reported',
        met: true,
      },
      idealRow(
        `series: ${DATES} dates, ${CONNECTIONS} connections, ${LATENCY_MS} ms latency: processing wall time (s)`,
        processMs,
        idealMs,
      ),
      // The network alone (no local work at all): a floor, reported beside the target's ideal.
      {
        ...idealRow(
          'series: the same against the latency alone, ceil(dates / connections) × latency (s)',
          processMs,
          idealWallMs(DATES, CONNECTIONS, LATENCY_MS),
        ),
        referenceName: 'latency floor',
        target: 'reported',
        met: true,
      },
      // Planning is two calls per date (availability, then estimate), each one latency.
      {
        ...idealRow(
          'series: planning (availability + estimate per date) wall time (s)',
          planMs,
          idealWallMs(DATES, CONNECTIONS, 2 * LATENCY_MS),
        ),
        target: 'reported',
        met: true,
      },
      {
        figure: 'series: failed dates',
        ours: failed,
        reference: 0,
        ratio: null,
        target: '0',
        met: failed === 0 && done === DATES && processed.length === DATES,
      },
      limitedRow('series: 429 answers (% of requests)', requests),
    ];
  } finally {
    await sim.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await runSeriesBench());
}
