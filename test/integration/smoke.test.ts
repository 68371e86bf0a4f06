// The extension is installed in the real VS Code host and activates without error.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'sat-imagery-team.sat-imagery';

describe('extension in a real VS Code host', () => {
  it('is present and activates', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is not loaded`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  // Integration tests point the extension at their own simulator this way; the host must give
  // each run a writable, fresh user-data dir for it to work.
  it('keeps a user setting written with ConfigurationTarget.Global', async () => {
    const config = () => vscode.workspace.getConfiguration('satImagery');
    const url = 'http://127.0.0.1:9/smoke';
    await config().update('baseUrl', url, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(config().inspect<string>('baseUrl')?.globalValue, url);
      assert.equal(config().get<string>('baseUrl'), url);
    } finally {
      await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(config().inspect<string>('baseUrl')?.globalValue, undefined);
  });
});
