import * as assert from 'node:assert/strict';
import { processTiles } from '../../../src/workflows/tiles/process-tiles-workflow';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { isWorkflowError } from '../../../src/request/workflow-error';
import { findAvailableDates } from '../../../src/workflows/dates/find-dates-workflow';
import { runOrder } from '../../../src/workflows/orders/order-workflow';
import type { AoiSource, WorkflowPorts } from '../../../src/workflows/engine/ports';
import { searchTiles } from '../../../src/workflows/tiles/search-tiles-workflow';
import { corpus, tenMegabyteLine } from '../geometry/bad-input-corpus';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../fixtures/workflow-ports';

// Every input of the bad-input corpus, given to every workflow that reads an area: each stops with
// a clear error at a position in the file, and the service never hears of it (the simulator's
// request log stays empty). The options name every setting, so no prompt stands in the way.
const settings = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  epsgProjection: 4326,
  resolution: 20,
  bandnames: 'rgb',
};
const workflows: [string, (ports: WorkflowPorts, source: AoiSource) => Promise<unknown>][] = [
  [
    'download composite',
    (ports, source) =>
      downloadComposite(ports, source, {
        ...settings,
        date: '2026-11-01',
        outputDirectory: '/nonexistent',
        skipConfirmation: true,
      }),
  ],
  ['find available dates', (ports, source) => findAvailableDates(ports, source, settings)],
  [
    'estimate order',
    (ports, source) =>
      runOrder(
        ports,
        source,
        { ...settings, from: '2026-12-01', to: '2027-01-31', skipConfirmation: true },
        'estimate',
      ),
  ],
  [
    'create order',
    (ports, source) =>
      runOrder(ports, source, { ...settings, from: '2026-12-01', to: '2027-01-31', skipConfirmation: true }, 'create'),
  ],
  ['search tiles', (ports, source) => searchTiles(ports, source, { skipConfirmation: true })],
  [
    'process tiles',
    (ports, source) =>
      processTiles(ports, 'tile', source, {
        ...settings,
        date: '2026-11-01',
        outputDirectory: '/nonexistent',
        skipConfirmation: true,
      }),
  ],
];

describe('reliability: bad input never reaches the service', function () {
  this.timeout(120_000);
  const fixture = useSimulatorClient({ simulator: { demoData: true } });

  const inputs = [
    ...corpus(),
    {
      name: '10 MB single-line GeoJSON with an unclosed ring',
      text: tenMegabyteLine('geojson').text,
      format: 'geojson' as const,
    },
    { name: '10 MB single-line WKT with an unclosed ring', text: tenMegabyteLine('wkt').text, format: 'wkt' as const },
  ];

  it(`has at least 200 malformed inputs (${inputs.length})`, () => {
    assert.ok(inputs.length >= 200);
  });

  for (const [name, run] of workflows) {
    it(`${name}: every malformed input stops with its position, and no request is sent`, async () => {
      fixture.sim.clearLog();
      const unclear: string[] = [];
      for (const input of inputs) {
        const source: AoiSource = { text: input.text, name: 'area.geojson', format: input.format };
        try {
          await run(scriptedPorts(fixture.client, {}).ports, source);
          unclear.push(`${input.name}: accepted`);
        } catch (err) {
          if (!isWorkflowError(err) || err.kind !== 'invalid-geometry') unclear.push(`${input.name}: ${String(err)}`);
          else if (!/\(line \d+, column \d+\): \S/.test(err.message))
            unclear.push(`${input.name}: no position in "${err.message.slice(0, 120)}"`);
        }
        assert.deepEqual(
          fixture.sim.requests.map((r) => `${r.method} ${r.path}`),
          [],
          `${input.name}: a request was sent`,
        );
      }
      assert.deepEqual(unclear, []);
    });
  }
});
