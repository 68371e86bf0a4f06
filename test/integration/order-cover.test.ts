// The order command in a real extension host with the cadence from the settings and options, and
// the cost panel's cheapest-cover comparison: the page shows the cadence and both orders, and the
// tile order picked there is the one created.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { OrderResult } from '../../src/workflows/engine/results';
import { renderedCostPanel, useSimulator } from './vsc-helpers';

const AREA = 'POLYGON((12.0 55.0, 12.3 55.0, 12.3 55.2, 12.0 55.2, 12.0 55.0))';

describe('order command: cadence and cheapest cover in VS Code', () => {
  const env = useSimulator({ account: { EuroCreditAmount: 1_000_000 } });
  let dir: string;
  const config = () => vscode.workspace.getConfiguration('satImagery');

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-cover-'));
    await config().update('defaults.order.imageFrequency', 7, vscode.ConfigurationTarget.Global);
    await config().update('defaults.order.apiRequests', 25, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('defaults.order.imageFrequency', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaults.order.apiRequests', undefined, vscode.ConfigurationTarget.Global);
    (await env.api.estimatePanel())?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('without prompts sends the cadence from the settings, the options overriding', async () => {
    const path = join(dir, 'a.wkt');
    writeFileSync(path, AREA);
    env.sim.clearLog();
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      from: '2030-01-01',
      to: '2030-02-28',
      storageMonths: 4,
      skipConfirmation: true,
    };
    const result = await vscode.commands.executeCommand<OrderResult>(
      'satImagery.estimateOrder',
      vscode.Uri.file(path),
      options,
    );
    assert.equal(result.outcome, 'completed');
    const body = env.sim.requests.find((r) => r.path === '/api/tasking/orders/estimate')!.body as Record<
      string,
      unknown
    >;
    assert.deepEqual([body.ImageFrequency, body.StorageMonths, body.ApiRequests], [7, 4, 25]);
  });

  // Skipped when session 10 stopped: it fails since the branches were merged (closing note); issue #13 stays open until it passes.
  it('shows the cadence and both covers, and creates the tile order picked in the panel', async () => {
    const path = join(dir, 'b.wkt');
    writeFileSync(path, AREA);
    env.sim.clearLog();
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      from: '2030-01-01',
      to: '2030-02-28',
      referenceDate: '2030-01-01',
      imageFrequency: 3,
      storageMonths: 2,
      apiRequests: 9,
      tileDeduplication: false,
      geometryTileOrdering: false,
    };
    const running = vscode.commands.executeCommand<OrderResult>(
      'satImagery.createOrder',
      vscode.Uri.file(path),
      options,
    );
    const { panel, texts } = await renderedCostPanel(
      env.api,
      (t) => 'cover-tiles-per-month' in t && /every 3 days/.test(t['cadence-image-frequency'] ?? ''),
      'the order command',
      30_000,
    );
    assert.match(texts['cadence-image-frequency']!, /every 3 days/);
    assert.match(texts['cadence-storage-months']!, /2 months/);
    assert.equal(texts['cadence-api-requests'], '9');
    assert.match(texts.caveat!, /overlaps none/);
    assert.match(texts['cover-polygon-per-month']!, /\d/);
    assert.match(texts['cover-tiles-per-month']!, /\d/);
    // The modal that asks once more before an order is placed: answered yes here (the browser
    // test order-confirm clicks the real one).
    const ask = env.api.services.askOrderSpend;
    env.api.services.askOrderSpend = async () => true;
    panel.receive({ type: 'proceed', cover: 'tiles' });
    const result = await Promise.resolve(running).finally(() => (env.api.services.askOrderSpend = ask));
    assert.equal(result.outcome, 'completed');
    const created = env.sim.requests
      .filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders')
      .map((r) => r.body as Record<string, unknown>);
    assert.equal(created.length, 1);
    assert.ok(Array.isArray(created[0]!.TileGuids) || Array.isArray(created[0]!.MiniTileGuids), 'a tile order');
    assert.equal(created[0]!.Wkt, undefined);
    assert.deepEqual([created[0]!.ImageFrequency, created[0]!.StorageMonths, created[0]!.ApiRequests], [3, 2, 9]);
  });
});
