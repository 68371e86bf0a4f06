// The workflow commands in a real extension host against the simulator: each runs end to end with
// options and no prompt; "Find available dates" also runs through its quick picks; an invalid
// geometry sends nothing; a cancelled progress leaves no file.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '../../src/ui/constants';
import type { DownloadRunNode, DownloadUnitNode } from '../../src/ui/tree/downloads-provider';
import type {
  BatchResult,
  CompositeResult,
  DatesResult,
  OrderResult,
  TilesResult,
} from '../../src/workflows/engine/results';
import { nextEvent, useSimulator } from './vsc-helpers';

// Fields inside the demo orders near Aarhus.
const FIELD = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';
const BROKEN = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12))';
const AREA = 'POLYGON((10.02 56.02, 10.18 56.02, 10.18 56.08, 10.02 56.08, 10.02 56.02))';

describe('workflow commands in VS Code', () => {
  const env = useSimulator({ demoData: true });
  let dir: string;
  let out: string;
  const file = (name: string, text: string): vscode.Uri => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return vscode.Uri.file(path);
  };
  const config = () => vscode.workspace.getConfiguration('satImagery');
  const base = { model: 'Stratus2', satelliteConstellations: ['Sentinel2'] };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-wf-'));
    await config().update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    out = mkdtempSync(join(dir, 'out-'));
    env.sim.clearLog();
  });
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  async function wholeAreaDate(uri: vscode.Uri): Promise<string> {
    const dates = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', uri, {
      ...base,
      skipConfirmation: true,
    });
    assert.equal(dates.outcome, 'completed');
    assert.ok(dates.coverage && dates.coverage.full.length > 0, 'no whole-area date in the last 30 days');
    return dates.coverage.full[0]!;
  }

  it('downloads a composite from options, without a prompt', async () => {
    const uri = file('field.wkt', FIELD);
    const date = await wholeAreaDate(uri);
    // The credits shown are reloaded once the download has spent some.
    const creditsShown = nextEvent(
      env.api.services.account.onDidChange,
      (s) => s.kind === 'ready' && s.info?.CreditAmount === env.sim.state.account.CreditAmount,
    );
    const creditsBefore = env.sim.state.account.CreditAmount;
    const result = await vscode.commands.executeCommand<CompositeResult>('satImagery.downloadComposite', uri, {
      ...base,
      date,
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      outputDirectory: out,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed');
    assert.ok(env.sim.state.account.CreditAmount < creditsBefore, 'the download spent credits');
    await creditsShown;
    assert.equal(result.files.length, 1);
    assert.ok(existsSync(result.files[0]!));
    // The STAC Item beside it, with the shape read from the image by the raster bundle.
    const item = JSON.parse(readFileSync(result.files[0]!.replace(/\.tif$/, '.json'), 'utf8')) as {
      properties: Record<string, unknown>;
    };
    assert.equal((item.properties['proj:shape'] as number[]).length, 2, JSON.stringify(item.properties));
    assert.equal(item.properties['proj:epsg'], 4326);
    assert.equal(result.request?.Resolution, 20);
    assert.ok(result.estimate && typeof result.estimate.CreditEstimate === 'number');
    // Listed in the Downloads view as series and batches are, with Open Image on its file.
    const tree = env.api.sidebar.downloadsProvider;
    const row = tree
      .getChildren()
      .find((n): n is DownloadRunNode => n.kind === 'run' && n.run.kind === 'composite' && n.run.folder === out);
    assert.ok(row, 'the composite is in the Downloads view');
    const [unit] = tree.getChildren(row) as DownloadUnitNode[];
    assert.equal(unit!.unit.id, date);
    assert.equal(unit!.path, result.files[0]);
    assert.equal(tree.getTreeItem(unit!).contextValue, 'download.image');
  });

  it('takes one { uri, ...options } object, as a keybinding passes its args', async () => {
    const uri = file('keybinding.wkt', FIELD);
    const result = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', {
      uri,
      ...base,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed');
    assert.equal(result.model, 'Stratus2');
    // And on the active editor's file when the object names none.
    await vscode.window.showTextDocument(uri);
    const active = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', {
      ...base,
      skipConfirmation: true,
    });
    assert.equal(active.outcome, 'completed');
    assert.deepEqual(active.coverage?.full, result.coverage?.full);
  });

  it('finds available dates through its quick picks, accepting the defaults', async () => {
    const uri = file('field.wkt', FIELD);
    const running = vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', uri);
    let settled = false;
    void running.then(
      () => (settled = true),
      () => (settled = true),
    );
    // VS Code gives extensions no event for "a quick pick is showing": accept whatever is showing
    // until the command settles (the model, then the constellations), bounded in time.
    const deadline = Date.now() + 20_000;
    while (!settled && Date.now() < deadline) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await running;
    assert.equal(result.outcome, 'completed');
    assert.equal(result.model, 'Stratus2');
    assert.deepEqual(result.satelliteConstellations, ['Sentinel2']);
    assert.ok(result.text?.includes('Dates with imagery for Stratus2'));
  });

  it('stops on an invalid geometry before any request, showing it at its position', async () => {
    const uri = file('broken.wkt', BROKEN);
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('satImagery.downloadComposite', uri, {
          ...base,
          outputDirectory: out,
          skipConfirmation: true,
        }),
      ),
      /not a valid area of interest/,
    );
    assert.deepEqual(
      env.sim.requests.filter(
        (r) => r.path !== '/api/specification.json' && r.path !== '/api/account/info' && r.path !== '/api/apikey/info',
      ),
      [],
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, uri.fsPath);
  });

  it('estimates an order without creating it, then creates one', async () => {
    const uri = file('order.wkt', FIELD);
    const order = { ...base, from: '2030-01-01', to: '2030-03-31', skipConfirmation: true };
    const estimate = await vscode.commands.executeCommand<OrderResult>('satImagery.estimateOrder', uri, order);
    assert.equal(estimate.outcome, 'completed');
    assert.equal(estimate.order, undefined);
    assert.ok(estimate.estimate);
    const created = await vscode.commands.executeCommand<OrderResult>('satImagery.createOrder', uri, order);
    assert.equal(created.outcome, 'completed');
    assert.equal(typeof created.order?.TaskOrderGuid, 'string');
    assert.equal(env.sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders').length, 1);
  });

  it('searches tiles and processes tiles and mini-tiles into their own files with a manifest', async () => {
    const uri = file('area.wkt', AREA);
    const tiles = await vscode.commands.executeCommand<TilesResult>('satImagery.searchTiles', uri, {
      only: 'tiles',
      skipConfirmation: true,
    });
    assert.equal(tiles.outcome, 'completed');
    assert.ok(tiles.selected.length >= 2);
    const common = {
      ...base,
      resolution: 80,
      bandnames: 'rgb',
      epsgProjection: 4326,
      outputDirectory: out,
      skipConfirmation: true,
    };
    // Each unit needs imagery on its own footprint: take a date found for that footprint.
    const first = tiles.tiles.find((t) => t.Guid === tiles.selected[0])!;
    const tileDate = await wholeAreaDate(file('tile.wkt', String(first.DataGeogWkt)));
    const processed = await vscode.commands.executeCommand<BatchResult>('satImagery.processTiles', uri, {
      ...common,
      date: tileDate,
      tileGuids: [first.Guid],
    });
    assert.equal(processed.outcome, 'completed');
    assert.deepEqual(
      processed.units.map((u) => u.status),
      ['done'],
      JSON.stringify(processed.failed),
    );
    assert.ok(processed.manifestPath && existsSync(processed.manifestPath));
    const minis = await vscode.commands.executeCommand<TilesResult>('satImagery.searchTiles', uri, {
      only: 'minitiles',
      skipConfirmation: true,
    });
    const mini = minis.tiles.find((t) => t.Guid === minis.selected[0])!;
    const miniDate = await wholeAreaDate(file('mini.wkt', String(mini.DataGeogWkt)));
    const miniRun = await vscode.commands.executeCommand<BatchResult>('satImagery.processMiniTiles', undefined, {
      ...common,
      date: miniDate,
      tileGuids: [mini.Guid],
    });
    assert.deepEqual(
      miniRun.units.map((u) => u.status),
      ['done'],
      JSON.stringify(miniRun.failed),
    );
    assert.ok(readdirSync(out).some((name) => name.endsWith('.tif')));

    // Both runs are in the Downloads tree; Open Image on the finished mini-tile opens the viewer.
    const tree = env.api.sidebar.downloadsProvider;
    const runs = tree.getChildren().filter((n): n is DownloadRunNode => n.kind === 'run' && n.run.folder === out);
    assert.deepEqual(runs.map((n) => n.run.kind).sort(), ['miniTiles', 'tiles']);
    const [unit] = tree.getChildren(runs.find((n) => n.run.kind === 'miniTiles')) as DownloadUnitNode[];
    assert.equal(tree.getTreeItem(unit!).contextValue, 'download.image');
    assert.equal(unit!.path, miniRun.units[0]!.file);
    await vscode.commands.executeCommand(Commands.openImage, unit);
    const deadline = Date.now() + 30_000;
    while (!env.api.imageViewers().some((v) => v.path === unit!.path) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    assert.ok(
      env.api.imageViewers().some((v) => v.path === unit!.path),
      'Open Image opened the mini-tile in the viewer',
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
