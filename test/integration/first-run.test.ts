// The first run in the real host: the walkthrough is not opened by the test host's activation,
// opens when asked as the first activation elsewhere does, and only once (a global state flag).
// (The page itself, its steps checked off by what a person does, and the status bar at
// activation: the UI walk, test/ui/walk.test.mjs.)
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extensionApi } from './vsc-helpers';

/** The tabs VS Code's Welcome editor shows a walkthrough in (an input the API does not type). */
function walkthroughTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => /welcome|walkthrough|get started/i.test(tab.label));
}

describe('The first run', () => {
  after(async () => {
    await vscode.window.tabGroups.close(walkthroughTabs());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the walkthrough once: the test host did not, the first call does, the second does not', async () => {
    const api = await extensionApi();
    assert.deepEqual(walkthroughTabs(), [], 'the test host opened the walkthrough at activation');
    assert.equal(await api.openWalkthroughOnce(), true);
    for (let i = 0; i < 50 && walkthroughTabs().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(walkthroughTabs().length, 1, 'the walkthrough shows');
    await vscode.window.tabGroups.close(walkthroughTabs());
    assert.equal(await api.openWalkthroughOnce(), false);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(walkthroughTabs(), [], 'the walkthrough opened a second time');
  });
});
