// Imagery as code, a season watched (#40): `plan` of 10 datasets, each with a weekly window over a
// 26-week season, against the simulator at 200 ms a request. Each dataset's dates are searched
// once (counted in the simulator's log); the figure is what the plan takes beyond the ideal of
// its round trips: the requests it made (the models and the account, then every search,
// availability check and estimate), sent at the key's connections, each taking the latency.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireOut, round } from './bench-util.mjs';
import { benchPorts } from './declared.mjs';

const { startSimulator } = requireOut('./test/simulator/index.js');
const { createClient } = requireOut('./src/api/client.js');
const { loadDeclaration } = requireOut('./src/workflows/declared/declared-file.js');
const { makePlan } = requireOut('./src/workflows/declared/declared-plan.js');
const { readLock } = requireOut('./src/workflows/declared/declared-lock.js');

const DATASETS = 10;
const LATENCY_MS = 200;
const CONNECTIONS = 4;
const SEARCH = '/api/satelliteimages/search/available';
/** 26 ISO weeks, Monday 2026-04-06 to Sunday 2026-10-04; the service's clock a week later. */
const SEASON = { from: '2026-04-06', to: '2026-10-04', every: 'week' };
const NOW = Date.parse('2026-10-11T10:00:00Z');

function field(i) {
  const x = 10.02 + 0.025 * i;
  const ring = [
    [x, 56.05],
    [x + 0.02, 56.05],
    [x + 0.02, 56.06],
    [x, 56.06],
    [x, 56.05],
  ];
  return JSON.stringify({ type: 'Polygon', coordinates: [ring] });
}

export async function runDeclaredWindowBench() {
  const dir = mkdtempSync(join(tmpdir(), 'sat-bench-window-'));
  const sim = await startSimulator({
    seed: 3,
    demoData: true,
    clock: () => NOW,
    imageryEveryDay: true,
    faults: { latencyMs: LATENCY_MS },
    account: { MaxConcurrentConnections: CONNECTIONS, CreditAmount: 1e6 },
  });
  try {
    const datasets = Array.from({ length: DATASETS }, (_, i) => {
      writeFileSync(join(dir, `field-${i}.geojson`), field(i));
      return {
        name: `field-${i}`,
        area: `field-${i}.geojson`,
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        resolution: 20,
        bandnames: 'rgb',
        epsgProjection: 4326,
        window: SEASON,
      };
    });
    writeFileSync(join(dir, 'imagery.json'), JSON.stringify({ datasets }));
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
    const ports = { ...benchPorts(client), now: () => new Date(NOW) };
    const declaration = await loadDeclaration(join(dir, 'imagery.json'));
    sim.clearLog();
    const started = performance.now();
    const { plan } = await makePlan(ports, declaration, await readLock(join(dir, 'imagery.lock.json')));
    const ms = performance.now() - started;
    await client.close?.();
    const requests = sim.requests.length;
    const searches = sim.requests.filter((r) => r.path === SEARCH).length;
    const buy = plan.units.filter((u) => u.kind === 'buy').length;
    // The models and the account first (the plan needs both), then the rest at the key's connections.
    const ideal = LATENCY_MS * (2 + Math.ceil((requests - 2) / CONNECTIONS));
    const beyond = (ms - ideal) / 1000;
    return [
      {
        figure: `plan: ${DATASETS} datasets × weekly window of 26 weeks, simulator at ${LATENCY_MS} ms (${requests} requests, ${searches} searches, ${buy} to buy): s beyond the ideal of its round trips`,
        ours: round(ms / 1000, 2),
        reference: round(ideal / 1000, 2),
        referenceName: `ideal: ${requests} requests at ${CONNECTIONS} connections × ${LATENCY_MS} ms`,
        ratio: round(beyond, 2),
        target: '≤ 1 s beyond the ideal, one search per dataset, 26 per dataset to buy',
        met: beyond <= 1 && searches === DATASETS && buy === DATASETS * 26,
      },
    ];
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
