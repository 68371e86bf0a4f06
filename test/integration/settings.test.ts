// Where the key may go: the base URL comes only from user settings, and plain http is refused
// unless the address is loopback. The other settings are read at call time.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { baseUrlFromInspection, baseUrlProblem } from '../../src/ui/base-url';
import { DEFAULT_BASE_URL } from '../../src/ui/constants';
import { setBaseUrl, useSimulator } from './vsc-helpers';

describe('settings', () => {
  const env = useSimulator();
  const config = () => vscode.workspace.getConfiguration('satImagery');

  afterEach(async () => {
    await setBaseUrl(env.sim.url);
  });

  it('refuses to let a workspace choose the base URL', async () => {
    await assert.rejects(
      Promise.resolve(config().update('baseUrl', 'https://evil.example', vscode.ConfigurationTarget.Workspace)),
    );
    assert.equal(env.api.services.settings.baseUrl(), env.sim.url.replace(/\/+$/, ''));
  });

  it('ignores workspace and folder values of the base URL even when they get through', () => {
    const inspected = {
      defaultValue: DEFAULT_BASE_URL,
      globalValue: undefined,
      workspaceValue: 'https://evil.example',
      workspaceFolderValue: 'https://evil.example',
    };
    assert.equal(baseUrlFromInspection(inspected), DEFAULT_BASE_URL);
    assert.equal(baseUrlFromInspection({ ...inspected, globalValue: 'https://mine.example/' }), 'https://mine.example');
  });

  it('accepts https anywhere and http only on loopback', () => {
    assert.equal(baseUrlProblem('https://api.clearsky.vision'), undefined);
    assert.equal(baseUrlProblem('http://127.0.0.1:8080'), undefined);
    assert.equal(baseUrlProblem('http://localhost:8080'), undefined);
    assert.equal(baseUrlProblem('http://[::1]:8080'), undefined);
    assert.match(baseUrlProblem('http://api.example.com') ?? '', /plain http/);
    assert.match(baseUrlProblem('http://127.0.0.1.evil.example') ?? '', /plain http/);
    assert.match(baseUrlProblem('ftp://example.com') ?? '', /not supported/);
    assert.match(baseUrlProblem('not a url') ?? '', /not a valid address/);
  });

  it('sends nothing to an http address off the loopback, and says why in the tree', async () => {
    await setBaseUrl('http://imagery.example.com');
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const state = env.api.sidebar.orders.state;
    assert.equal(state.kind, 'error');
    assert.match(state.kind === 'error' ? state.message : '', /plain http/);
  });

  it('uses a changed base URL at the next request', async () => {
    await setBaseUrl(env.sim.url);
    env.sim.clearLog();
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    assert.equal(env.api.sidebar.orders.state.kind, 'loaded');
    assert.ok(env.sim.requests.some((r) => r.path === '/api/tasking/orders'));
  });

  it('reads the defaults and limits at call time', async () => {
    const settings = env.api.services.settings;
    try {
      await config().update('defaults.satelliteConstellations', ['Sentinel2'], vscode.ConfigurationTarget.Global);
      await config().update('defaults.resolution', 20, vscode.ConfigurationTarget.Global);
      await config().update('requestTimeoutSeconds', 30, vscode.ConfigurationTarget.Global);
      assert.equal(settings.minimumDownloadRate(), 16, 'the default floor');
      await config().update('minimumDownloadRate', 0, vscode.ConfigurationTarget.Global);
      assert.equal(settings.minimumDownloadRate(), 0, 'the floor turned off');
      assert.deepEqual(settings.defaults().satelliteConstellations, ['Sentinel2']);
      assert.equal(settings.defaults().resolution, 20);
      assert.equal(settings.requestTimeoutSeconds(), 30);
      assert.equal(settings.confirmCostAbove(), undefined);
    } finally {
      for (const key of [
        'defaults.satelliteConstellations',
        'defaults.resolution',
        'requestTimeoutSeconds',
        'minimumDownloadRate',
      ]) {
        await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      }
    }
  });

  it('puts downloads under the workspace by default', () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test host opened no folder');
    assert.equal(env.api.services.settings.outputDirectory(), `${folder}/imagery`);
  });
});
