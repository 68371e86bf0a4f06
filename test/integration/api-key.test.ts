// The key: checked before it is kept, stored only in SecretStorage, sent on every request,
// followed across windows through secrets.onDidChange, and removed by clearApiKey.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SetApiKeyResult } from '../../src/ui/commands/setApiKey';
import { SECRET_API_KEY } from '../../src/ui/constants';
import { nextEvent, useSimulator } from './vsc-helpers';

describe('API key', () => {
  const env = useSimulator({ setKey: false, keys: { valid: ['demo-key'], revoked: ['old-key'] } });
  const secrets = () => env.api.services.context.secrets;
  const statusText = () => env.api.statusBarItem.text;

  it('starts without a key: status bar says so and the trees make no request', async () => {
    assert.equal(await secrets().get(SECRET_API_KEY), undefined);
    assert.match(statusText(), /No API key/);
    env.sim.clearLog();
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    assert.equal(env.api.sidebar.orders.state.kind, 'no-key');
    assert.equal(env.sim.requests.length, 0);
  });

  it('refuses a key the service rejects and keeps nothing', async () => {
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('satImagery.setApiKey', 'old-key');
    assert.equal(result.stored, false);
    assert.match(result.message ?? '', /key/i);
    assert.ok(!(result.message ?? '').includes('old-key'), 'the error text shows the key');
    assert.equal(await secrets().get(SECRET_API_KEY), undefined);
  });

  it('refuses a malformed key before any request', async () => {
    env.sim.clearLog();
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('satImagery.setApiKey', 'has spaces in it');
    assert.equal(result.stored, false);
    assert.equal(env.sim.requests.length, 0);
  });

  it('checks a good key with the account endpoint, stores it and shows the credits', async () => {
    env.sim.clearLog();
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('satImagery.setApiKey', 'demo-key');
    assert.deepEqual({ stored: result.stored, verified: result.verified }, { stored: true, verified: true });
    assert.equal(await secrets().get(SECRET_API_KEY), 'demo-key');
    const check = env.sim.requests.find((r) => r.path === '/api/account/info');
    assert.ok(check, 'the key was not checked');
    assert.equal(check.headers['x-api-key'], '<redacted:valid>');
    assert.match(statusText(), /10[,.\s]?000 credits/);
    assert.match(result.credits ?? '', /credits/);
  });

  it('checks the key with the models list where the service has no /api/apikey/info', async () => {
    env.sim.clearLog();
    // Neither account endpoint: the older /api/apikey/info nor the newer /api/account/info.
    env.sim.schedule(
      { method: 'GET', path: '/api/apikey/info', status: 404 },
      { method: 'GET', path: '/api/account/info', status: 404 },
    );
    const result = await vscode.commands.executeCommand<SetApiKeyResult>('satImagery.setApiKey', 'demo-key');
    assert.deepEqual(
      { stored: result.stored, verified: result.verified, credits: result.credits },
      { stored: true, verified: true, credits: undefined },
    );
    const seen = env.sim.requests.map((r) => `${r.method} ${r.path} ${r.status}`);
    assert.ok(seen.includes('GET /api/apikey/info 404'), seen.join(', '));
    assert.ok(seen.includes('GET /api/account/info 404'), seen.join(', '));
    assert.ok(seen.includes('GET /api/tasking/models 200'), seen.join(', '));
    assert.match(statusText(), /Key set/);
  });

  it("sends the stored key with the trees' requests", async () => {
    env.sim.clearLog();
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const list = env.sim.requests.find((r) => r.path === '/api/tasking/orders');
    assert.ok(list);
    assert.equal(list.headers['x-api-key'], '<redacted:valid>');
    assert.equal(env.api.sidebar.orders.state.kind, 'loaded');
    // This simulator holds no orders: the tree says so rather than staying blank.
    const roots = env.api.sidebar.ordersProvider.getChildren();
    assert.deepEqual(
      roots.map((n) => (n.kind === 'message' ? n.tone : n.kind)),
      ['empty'],
    );
  });

  it("shows the account's credits and limits on request", async () => {
    const state = await vscode.commands.executeCommand<{
      kind: string;
      info?: { CreditAmount?: number; MaxConcurrentConnections?: number };
    }>('satImagery.showAccount');
    assert.equal(state.kind, 'ready');
    assert.equal(state.info?.CreditAmount, env.sim.state.account.CreditAmount);
    assert.equal(state.info?.MaxConcurrentConnections, env.sim.state.account.MaxConcurrentConnections);
    await vscode.commands.executeCommand('satImagery.showLog'); // opens the channel; must not throw
  });

  it('follows a key removed by another window (secrets.onDidChange)', async () => {
    const noKey = nextEvent(env.api.services.account.onDidChange, (state) => state.kind === 'no-key');
    await secrets().delete(SECRET_API_KEY); // what another window's clearApiKey does to the shared storage
    await noKey;
    assert.match(statusText(), /No API key/);
    assert.equal(env.api.services.apiKey.hasKey, false);
  });

  it('follows a key stored by another window', async () => {
    const ready = nextEvent(env.api.services.account.onDidChange, (state) => state.kind === 'ready');
    await secrets().store(SECRET_API_KEY, 'demo-key');
    await ready;
    assert.match(statusText(), /credits/);
  });

  it('clears the key: storage empty, trees empty, requests refused locally', async () => {
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    const result = await vscode.commands.executeCommand<{ cleared: boolean }>('satImagery.clearApiKey');
    assert.equal(result.cleared, true);
    assert.equal(await secrets().get(SECRET_API_KEY), undefined);
    assert.match(statusText(), /No API key/);
    await vscode.commands.executeCommand('satImagery.refreshOrders');
    assert.equal(env.api.sidebar.orders.state.kind, 'no-key');
    await assert.rejects(env.api.services.getClient({ quiet: true }), (err: Error) => /No API key/.test(err.message));
  });

  it('logs each request with its path and status, never the key', async () => {
    await vscode.commands.executeCommand('satImagery.setApiKey', 'demo-key');
    await vscode.commands.executeCommand('satImagery.refreshModels');
    const text = await readOwnLog(env.api.services.context.logUri);
    assert.match(text, /\[http\] GET \/api\/tasking\/models/);
    assert.ok(!text.includes('demo-key'), 'the key is in the log');
  });
});

/** The LogOutputChannel's file: VS Code keeps it under the extension host's log folder. */
async function readOwnLog(logUri: vscode.Uri): Promise<string> {
  const root = vscode.Uri.joinPath(logUri, '..', '..');
  const texts: string[] = [];
  const walk = async (dir: vscode.Uri, depth: number): Promise<void> => {
    for (const [name, type] of await vscode.workspace.fs.readDirectory(dir)) {
      const child = vscode.Uri.joinPath(dir, name);
      if (type === vscode.FileType.Directory && depth < 4) await walk(child, depth + 1);
      else if (name.endsWith('Satellite Imagery.log'))
        texts.push(new TextDecoder().decode(await vscode.workspace.fs.readFile(child)));
    }
  };
  await walk(root, 0);
  assert.ok(texts.length > 0, `no "Satellite Imagery.log" under ${root.fsPath}`);
  return texts.join('\n');
}
