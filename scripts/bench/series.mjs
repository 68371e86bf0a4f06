// Time-series benchmark: 30 dates of a mini-tile-sized composite through the series workflow
// (availability and estimate per date, one confirmation, then the worker pool behind the
// client's shared gate) against the simulator with 200 ms latency and at most 4 concurrent
// requests per key. The processing phase (after the confirmation) is compared with the ideal
// ceil(dates / 4) × the simulator's latency, measured in the same run; failed dates and the
// share of 429 answers are reported, and the planning phase beside its own ideal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireOut, round } from './bench-util.mjs';

const { startSimulator } = requireOut('./test/simulator/index.js');
const { tileAt, miniTilesOf, tileRecord } = requireOut('./test/simulator/tiles.js');
const { createClient } = requireOut('./src/api/client.js');
const { downloadSeries } = requireOut('./src/workflows/series/series-workflow.js');

const DATES = 30;
const LATENCY_MS = 200;
const CONNECTIONS = 4;

function headlessPorts(client, onProceed) {
  const refuse = async (q) => {
    throw new Error(`unexpected prompt ${q.id}`);
  };
  return {
    client,
    ask: { pick: refuse, pickMany: refuse, input: refuse },
    progress: { report: () => undefined },
    notify: { info: async () => undefined, warn: async () => undefined },
    confirmCost: async () => (onProceed(), { action: 'proceed' }),
    signal: new AbortController().signal,
    settings: () => ({ defaults: {} }),
  };
}

export async function runSeriesBench() {
  const seed = 1;
  const account = { MaxConcurrentConnections: CONNECTIONS, EuroCreditAmount: 100_000, CreditAmount: 100_000 };
  const sim = await startSimulator({ seed, faults: {}, account, imageryEveryDay: true });
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-series-'));
  try {
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', maxConcurrentRequests: CONNECTIONS });
    const mini = miniTilesOf(seed, tileAt(seed, 100, 560, 0))[0];
    const area = { name: 'mini.wkt', text: String(tileRecord(mini).DataGeogWkt), format: 'wkt' };
    // An order over the mini-tile, so every date is covered: made through the API, like a person would.
    await client.createOrder({ MiniTileGuids: [mini.guid], Model: 'Stratus2', SatelliteConstellations: ['Sentinel2'], StorageMonths: 1, ApiRequests: 1000, ImageFrequency: 1, ReferenceDate: '2026-01-01', From: '2026-01-01', To: null });
    await client.getApiKeyInfo(); // sizes the gate from MaxConcurrentConnections, as the extension does
    const day = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const dates = Array.from({ length: DATES }, (_, i) => day(DATES - i + 1));
    sim.configure({ latencyMs: LATENCY_MS, maxConcurrentPerKey: CONNECTIONS });
    sim.clearLog();
    let proceededAt = 0;
    const started = performance.now();
    const result = await downloadSeries(headlessPorts(client, () => (proceededAt = performance.now())), area, {
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
    await client.close();
    const processed = sim.requests.filter((r) => r.path === '/api/satelliteimages/process/composite');
    const limited = sim.requests.filter((r) => r.status === 429 || String(r.outcome).startsWith('limit')).length;
    const done = result.dates.filter((d) => d.status === 'done').length;
    const failed = result.dates.length - done;
    const idealMs = Math.ceil(DATES / CONNECTIONS) * LATENCY_MS;
    const processMs = ended - proceededAt;
    const planMs = proceededAt - started;
    const share = limited / Math.max(1, sim.requests.length);
    return [
      { figure: `series: ${DATES} dates, ${CONNECTIONS} connections, ${LATENCY_MS} ms latency: processing wall time (s)`, ours: round(processMs / 1000), reference: round(idealMs / 1000), referenceName: 'ideal', ratio: round(processMs / idealMs), target: '≤ 1.15 of ideal', met: processMs <= 1.15 * idealMs },
      { figure: 'series: planning (availability + estimate per date) wall time (s)', ours: round(planMs / 1000), reference: round((2 * idealMs) / 1000), referenceName: 'ideal', ratio: round(planMs / (2 * idealMs)), target: 'reported', met: true },
      { figure: 'series: failed dates', ours: failed, reference: 0, ratio: null, target: '0', met: failed === 0 && done === DATES && processed.length === DATES },
      { figure: 'series: 429 answers (% of requests)', ours: round(100 * share), reference: 2, ratio: null, target: '≤ 2 %', met: share <= 0.02 },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sim.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await runSeriesBench());
}
