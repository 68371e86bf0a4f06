// A cloned repository's .vscode/settings.json comes with the repository. In an untrusted
// workspace, no setting that decides where the key or the images go, or that buys more than the
// priced images (an order the service creates by itself, an order's recurring size), may take the
// workspace's value: each is either application/machine scoped or listed in
// capabilities.untrustedWorkspaces.restrictedConfigurations (package.json).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] } };
  contributes: {
    configuration:
      { properties: Record<string, { scope?: string }> } | { properties: Record<string, { scope?: string }> }[];
  };
};

/** Where the key or the images go, and what spends money beyond the priced images. */
const GUARDED = [
  'satImagery.baseUrl',
  'satImagery.outputDirectory',
  'satImagery.confirmCostAbove',
  'satImagery.map.tileUrl',
  'satImagery.defaults.output.uploadUrl',
  'satImagery.defaults.output.automaticOrderCreation',
  'satImagery.defaults.order.imageFrequency',
  'satImagery.defaults.order.storageMonths',
  'satImagery.defaults.order.apiRequests',
  'satImagery.defaults.order.geometryTileOrdering',
];

describe('settings an untrusted workspace cannot set', () => {
  const configuration = pkg.contributes.configuration;
  const properties = Object.assign(
    {},
    ...(Array.isArray(configuration) ? configuration : [configuration]).map((c) => c.properties),
  ) as Record<string, { scope?: string }>;
  const restricted = new Set(pkg.capabilities.untrustedWorkspaces.restrictedConfigurations);

  it('every money- or destination-relevant setting is user-only or restricted', () => {
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    for (const name of GUARDED) {
      const setting = properties[name];
      assert.ok(setting, `${name} is contributed`);
      const userOnly = setting.scope === 'application' || setting.scope === 'machine';
      assert.ok(
        userOnly || restricted.has(name),
        `${name} (scope ${setting.scope ?? 'window'}) can be set by an untrusted workspace`,
      );
    }
  });

  it('every order default is restricted, as README says (found by its name, not listed by hand)', () => {
    const orderDefaults = Object.keys(properties).filter((name) => name.startsWith('satImagery.defaults.order.'));
    assert.ok(orderDefaults.length >= 5, `order defaults found: ${orderDefaults.join(', ')}`);
    const open = orderDefaults.filter((name) => !restricted.has(name));
    assert.deepEqual(open, [], 'order defaults an untrusted workspace could set');
  });

  it('AutomaticOrderCreation (the service may create an order) is restricted by name', () => {
    assert.ok(restricted.has('satImagery.defaults.output.automaticOrderCreation'));
  });

  it('every restricted name is a contributed setting', () => {
    for (const name of restricted) assert.ok(properties[name], `${name} is not contributed`);
  });
});
