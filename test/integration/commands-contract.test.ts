// The contributions and the code agree: every contributed command has a handler, every handler
// a contribution, every menu names a contributed command, and activation is lazy.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Commands, Settings } from '../../src/ui/constants';
import { extensionApi, packageJson } from './vsc-helpers';

describe('contributions and handlers', () => {
  before(async () => {
    await extensionApi();
  });

  it('registers a handler for every contributed command and contributes every registered one', async () => {
    const contributed = new Set<string>(packageJson().contributes.commands.map((c: { command: string }) => c.command));
    // VS Code itself adds commands for each contributed view (`satImagery.orders.focus`, ...).
    const viewIds: string[] = Object.values(packageJson().contributes.views as Record<string, Array<{ id: string }>>)
      .flat()
      .map((v) => v.id);
    const isViewCommand = (id: string) => viewIds.some((view) => id.startsWith(`${view}.`));
    const registered = new Set(
      (await vscode.commands.getCommands(true)).filter((id) => id.startsWith('satImagery.') && !isViewCommand(id)),
    );
    assert.deepEqual([...contributed].filter((id) => !registered.has(id)).sort(), [], 'contributed without a handler');
    assert.deepEqual([...registered].filter((id) => !contributed.has(id)).sort(), [], 'handler without a contribution');
  });

  it('contributes every command id of src/ui/constants.ts', () => {
    const contributed = new Set<string>(packageJson().contributes.commands.map((c: { command: string }) => c.command));
    assert.deepEqual(
      Object.values(Commands).filter((id) => !contributed.has(id)),
      [],
    );
  });

  it('names only contributed commands and submenus in its menus', () => {
    const { commands, menus, submenus } = packageJson().contributes;
    const known = new Set<string>(commands.map((c: { command: string }) => c.command));
    const submenuIds = new Set<string>(submenus.map((s: { id: string }) => s.id));
    const unknown: string[] = [];
    for (const [menu, items] of Object.entries(
      menus as Record<string, Array<{ command?: string; submenu?: string }>>,
    )) {
      for (const item of items) {
        if (item.command && !known.has(item.command)) unknown.push(`${menu}: ${item.command}`);
        if (item.submenu && !submenuIds.has(item.submenu)) unknown.push(`${menu}: submenu ${item.submenu}`);
      }
    }
    assert.deepEqual(unknown, []);
  });

  it('puts every workflow command in the Satellite Imagery submenu of the explorer and editors', () => {
    const { menus } = packageJson().contributes;
    const workflowIds = [
      Commands.downloadComposite,
      Commands.downloadTimeSeries,
      Commands.findAvailableDates,
      Commands.estimateOrder,
      Commands.createOrder,
      Commands.searchTiles,
      Commands.processTiles,
      Commands.processMiniTiles,
      // Not workflows, but what a person looks for on the same file: its map, its fields' statistics.
      Commands.showOnMap,
      Commands.showFieldStatistics,
    ];
    assert.deepEqual(
      menus['satImagery.workflows'].map((m: { command: string }) => m.command).sort(),
      [...workflowIds].sort(),
    );
    for (const place of ['explorer/context', 'editor/context', 'editor/title']) {
      const entry = menus[place].find((m: { submenu?: string }) => m.submenu === 'satImagery.workflows');
      assert.ok(entry, `${place} has no Satellite Imagery submenu`);
      assert.match(entry.when, /geojson\|wkt/);
    }
  });

  it('activates only from its contributions, never on start-up', () => {
    const events = packageJson().activationEvents ?? [];
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'), events.join(', '));
  });

  it('gives every setting an explicit scope, and the base URL application scope', () => {
    const properties = packageJson().contributes.configuration.properties as Record<string, { scope?: string }>;
    const unscoped = Object.entries(properties)
      .filter(([, p]) => !p.scope)
      .map(([k]) => k);
    assert.deepEqual(unscoped, []);
    assert.equal(properties[`${Settings.section}.${Settings.baseUrl}`]?.scope, 'application');
    for (const key of Object.values(Settings).filter((k) => k !== Settings.section)) {
      assert.ok(properties[`${Settings.section}.${key}`], `setting ${key} is not contributed`);
    }
  });

  it('declares limited support for untrusted workspaces', () => {
    assert.equal(packageJson().capabilities?.untrustedWorkspaces?.supported, 'limited');
  });
});
