// The secrets audit, named to run after every other integration suite (the runner sorts files).
// A distinctive key is used for a full session (requests, downloads, orders, failures, the cost
// panel); then every place a key could leak to is read: the extension's log files, the user and
// workspace settings, every file under the workspace and the output folder, the extension's
// storage, the webview's HTML and what it rendered, and every error text. The key must be in none,
// even when the server repeats it (in an error message, a field error, a Location header, a file
// name: the simulator's echoKey faults), and neither must a key that was only tried.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { DatesResult, OrderResult } from '../../src/workflows/engine/results';
import { startSimulator } from '../simulator';
import type { Simulator } from '../simulator';
import { extensionApi, setBaseUrl } from './vsc-helpers';

const KEY = `sk-audit-${randomBytes(12).toString('hex')}`;
const TRIED = `sk-tried-${randomBytes(12).toString('hex')}`;
const FIELD = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';
const ELSEWHERE = 'POLYGON((20.1 50.1, 20.12 50.1, 20.12 50.12, 20.1 50.12, 20.1 50.1))';

/** Every file under `dir` whose text contains `needle` (binary files are read as latin1). */
function filesContaining(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (path: string) => {
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (
      info.isFile() &&
      info.size < 64 * 1024 * 1024 &&
      readFileSync(path).toString('latin1').includes(needle)
    ) {
      found.push(path);
    }
  };
  walk(dir);
  return found;
}

/** Every path under `dir` whose name contains `needle`. */
function namesContaining(dir: string, needle: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.includes(needle))
    .map((name) => join(dir, name));
}

describe('secrets audit: the API key appears nowhere but SecretStorage', function () {
  this.timeout(120_000);
  let sim: Simulator;
  let dir: string;
  const errors: string[] = [];
  const capture = async (run: Thenable<unknown>) => {
    try {
      await run;
    } catch (err) {
      errors.push(err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err));
    }
  };

  before(async () => {
    sim = await startSimulator({ demoData: true, keys: { valid: [KEY], revoked: ['sk-revoked-key'] } });
    await setBaseUrl(sim.url);
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-audit-'));
    await vscode.workspace
      .getConfiguration('satImagery')
      .update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.commands.executeCommand('satImagery.clearApiKey');
    await vscode.workspace
      .getConfiguration('satImagery')
      .update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    await setBaseUrl(undefined);
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a whole session with the key, its failures included', async () => {
    const api = await extensionApi();
    const stored = await vscode.commands.executeCommand<{ stored: boolean }>('satImagery.setApiKey', KEY);
    assert.equal(stored.stored, true);
    const field = vscode.Uri.file(join(dir, 'field.wkt'));
    writeFileSync(field.fsPath, FIELD);
    const elsewhere = vscode.Uri.file(join(dir, 'elsewhere.wkt'));
    writeFileSync(elsewhere.fsPath, ELSEWHERE);
    const out = join(dir, 'imagery');
    const base = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      outputDirectory: out,
    };
    // The cadence given, so the order estimate goes straight to the cost panel without prompts.
    const orderBase = {
      model: base.model,
      satelliteConstellations: base.satelliteConstellations,
      referenceDate: '2030-01-01',
      imageFrequency: 1,
      storageMonths: 1,
      apiRequests: 1,
      geometryTileOrdering: false,
    };

    await vscode.commands.executeCommand('satImagery.refreshOrders');
    await vscode.commands.executeCommand('satImagery.refreshModels');
    const dates = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', field, {
      model: base.model,
      satelliteConstellations: base.satelliteConstellations,
      skipConfirmation: true,
    });
    const date = dates.coverage!.full[0]!;
    await vscode.commands.executeCommand('satImagery.downloadComposite', field, {
      ...base,
      date,
      skipConfirmation: true,
    });
    // Failures: not covered by any order (1006), an unknown model, a refused order.
    const uncovered = await vscode.commands.executeCommand<{ outcome: string; reason?: string }>(
      'satImagery.downloadComposite',
      elsewhere,
      { ...base, date, skipConfirmation: true },
    );
    assert.equal(uncovered.outcome, 'not-available');
    errors.push(String(uncovered.reason));
    await capture(
      vscode.commands.executeCommand('satImagery.downloadComposite', field, {
        ...base,
        model: 'Stratus-2',
        date,
        skipConfirmation: true,
      }),
    );
    sim.schedule({ method: 'POST', path: '/api/tasking/orders/estimate', status: 400, code: 994 });
    await capture(
      vscode.commands.executeCommand('satImagery.estimateOrder', field, {
        ...orderBase,
        from: '2030-01-01',
        to: '2030-02-28',
        skipConfirmation: true,
      }),
    );
    sim.schedule({ method: 'GET', path: '/api/tasking/orders', status: 401 });
    await capture(vscode.commands.executeCommand('satImagery.refreshOrders'));
    const [row] = await Promise.resolve(api.sidebar.ordersProvider.getChildren());
    assert.ok(row && row.kind === 'message' && row.tone === 'error', 'the Orders tree shows the refusal');
    errors.push(String(api.sidebar.ordersProvider.getTreeItem(row).label));

    // A server that repeats the key it was sent.
    sim.schedule({ method: 'GET', path: '/api/tasking/orders', echoKey: 'message', status: 400, code: 992 });
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const [echoRow] = await Promise.resolve(api.sidebar.ordersProvider.getChildren());
    assert.ok(
      echoRow && echoRow.kind === 'message' && echoRow.tone === 'error',
      'the Orders tree shows the echoing refusal',
    );
    const echoItem = api.sidebar.ordersProvider.getTreeItem(echoRow);
    errors.push(`${String(echoItem.label)} ${String(echoItem.tooltip)} ${String(echoItem.description)}`);
    assert.match(errors.at(-1)!, /\[api-key\] may not do this/, 'the echoed message is shown, redacted');
    sim.schedule({ method: 'GET', path: '/api/tasking/models', echoKey: 'location' });
    await vscode.commands.executeCommand('satImagery.refreshModels');
    const [modelsRow] = await Promise.resolve(api.sidebar.modelsProvider.getChildren());
    if (modelsRow) errors.push(JSON.stringify(api.sidebar.modelsProvider.getTreeItem(modelsRow)));
    sim.schedule({ method: 'POST', path: '/api/tasking/orders/estimate', echoKey: 'field-error' });
    await capture(
      vscode.commands.executeCommand('satImagery.estimateOrder', field, {
        ...orderBase,
        from: '2030-01-01',
        to: '2030-02-28',
        skipConfirmation: true,
      }),
    );
    sim.schedule({ method: 'POST', path: '/api/satelliteimages/process/composite', echoKey: 'file-name' });
    const echoed = await vscode.commands.executeCommand<{ files: string[] }>('satImagery.downloadComposite', field, {
      ...base,
      date,
      skipConfirmation: true,
    });
    assert.equal(echoed.files.length, 1, 'the image whose file name held the key was saved');
    errors.push(JSON.stringify(echoed));
    // A key being tried, which the server refuses and repeats.
    sim.schedule({ method: 'GET', path: '/api/account/info', echoKey: 'message', status: 401, code: 401 });
    const tried = await vscode.commands.executeCommand<{ stored: boolean; message?: string }>(
      'satImagery.setApiKey',
      TRIED,
    );
    assert.equal(tried.stored, false);
    errors.push(String(tried.message));
    assert.equal(await api.services.apiKey.get(), KEY, 'the stored key is unchanged');

    // The cost panel, shown for real: an order estimate waiting for a decision.
    const pending = vscode.commands.executeCommand<OrderResult>('satImagery.estimateOrder', field, {
      ...orderBase,
      from: '2030-01-01',
      to: '2030-02-28',
    });
    let panel = await api.estimatePanel();
    for (let i = 0; i < 100 && !panel?.shown; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      panel = await api.estimatePanel();
    }
    assert.ok(panel?.shown, 'the estimate panel showed the estimate');
    const webviewTexts = [
      panel.panel.webview.html,
      JSON.stringify(panel.shown),
      JSON.stringify(panel.lastRendered ?? {}),
    ];
    panel.receive({ type: 'cancel' });
    assert.equal((await pending).outcome, 'cancelled');

    // A key the service refuses is rejected with a message, not echoed.
    const refused = await Promise.resolve(
      vscode.commands.executeCommand<{ stored: boolean }>('satImagery.setApiKey', 'sk-revoked-key'),
    ).catch((err: Error) => {
      errors.push(err.message);
      return { stored: false };
    });
    assert.equal(refused.stored, false);
    assert.ok(errors.length >= 4, `the failures above were reported (${errors.length}): ${errors.join(' | ')}`);

    // Now read everything the session could have written.
    const context = api.services.context;
    const userDir = dirname(dirname(context.globalStorageUri.fsPath)); // <user data>/User
    const logsRoot = dirname(dirname(context.logUri.fsPath));
    const leaks = [
      ...filesContaining(logsRoot, KEY).map((f) => `log file ${f}`),
      ...filesContaining(join(userDir, 'settings.json'), KEY).map((f) => `user settings ${f}`),
      ...filesContaining(context.globalStorageUri.fsPath, KEY).map((f) => `global storage ${f}`),
      ...(context.storageUri
        ? filesContaining(context.storageUri.fsPath, KEY).map((f) => `workspace storage ${f}`)
        : []),
      ...(vscode.workspace.workspaceFolders ?? []).flatMap((folder) =>
        filesContaining(folder.uri.fsPath, KEY).map((f) => `workspace file ${f}`),
      ),
      ...filesContaining(dir, KEY).map((f) => `output or AOI folder ${f}`),
      ...webviewTexts.filter((t) => t.includes(KEY)).map(() => 'the webview'),
      ...errors.filter((t) => t.includes(KEY)).map((t) => `error text: ${t.slice(0, 80)}`),
      ...sim.requests
        .filter((r) => JSON.stringify([r.body ?? '', r.query]).includes(KEY))
        .map((r) => `request body or query of ${r.method} ${r.path}`),
    ];
    for (const secret of [TRIED]) {
      leaks.push(
        ...filesContaining(logsRoot, secret).map((f) => `tried key in log file ${f}`),
        ...filesContaining(dir, secret).map((f) => `tried key in ${f}`),
        ...errors.filter((t) => t.includes(secret)).map((t) => `tried key in error text: ${t.slice(0, 80)}`),
      );
    }
    leaks.push(...namesContaining(dir, KEY).map((f) => `file name ${f}`));
    assert.deepEqual(leaks, []);
    // The audit looked at real material: the log has request lines, a file was downloaded.
    assert.ok(
      filesContaining(logsRoot, '/api/tasking/orders').length > 0,
      'the log files were found and hold request lines',
    );
    assert.ok(
      readdirSync(out).some((f) => f.endsWith('.tif')),
      'the session downloaded an image',
    );
    // Every request carried the key only in x-api-key (the simulator redacts it in its log).
    assert.ok(sim.requests.length > 10);
    for (const r of sim.requests) {
      const where = Object.entries(r.headers).filter(
        ([name, value]) => name !== 'x-api-key' && String(value).includes(KEY),
      );
      assert.deepEqual(where, [], `${r.method} ${r.path}`);
    }
  });
});
