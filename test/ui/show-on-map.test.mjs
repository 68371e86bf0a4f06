// Show on Map in a real browser against code-server and the simulator: the demo fields near
// Aarhus on the bundled basemap with their billed boxes, the account's orders and a downloaded
// image's footprint, in the light and the dark theme; and not one request leaves the machine
// (the basemap is the extension's own). Screenshots under test-results/ui/.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands, DEMO_KEY, explorerMenu, extensionContributed, openWorkbench, runFromPalette, shot, toggleLightDarkTheme, webviewWith } from './workbench.mjs';

const isLoopback = (url) => {
  const { protocol, hostname } = new URL(url);
  return !/^https?:$|^wss?:$/.test(protocol) || hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
};

describe('Show on Map in the browser workbench', function () {
  this.timeout(180_000);
  let wb;
  const remote = [];

  before(async function () {
    wb = await openWorkbench();
    // The webview's own files have vscode-cdn.net addresses but never leave the machine: VS Code's
    // service worker answers them from code-server. Anything else off loopback, answered or
    // failed, is a request to the network.
    wb.page.on('response', (response) => {
      if (!isLoopback(response.url()) && !response.fromServiceWorker()) remote.push(response.url());
    });
    wb.page.on('requestfailed', (request) => {
      if (!isLoopback(request.url())) remote.push(`${request.url()} (failed)`);
    });
    // A downloaded image with its STAC sidecar, over the north-east of the demo fields.
    mkdirSync(join(wb.workspace, 'imagery'), { recursive: true });
    writeFileSync(join(wb.workspace, 'imagery', 'fields-2026-06-01.tif'), Buffer.from([0x49, 0x49, 42, 0]));
    const ring = [[10.095, 56.175], [10.125, 56.175], [10.125, 56.195], [10.095, 56.195], [10.095, 56.175]];
    writeFileSync(join(wb.workspace, 'imagery', 'fields-2026-06-01.json'), JSON.stringify({
      type: 'Feature', stac_version: '1.0.0', id: 'fields-2026-06-01', bbox: [10.095, 56.175, 10.125, 56.195],
      geometry: { type: 'Polygon', coordinates: [ring] }, properties: { datetime: '2026-06-01T10:30:00Z' }, links: [], assets: {},
    }));
  });
  after(async () => wb?.stop());

  it('draws the demo fields with billed boxes, orders and an image footprint, light and dark, offline', async () => {
    assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
    await extensionContributed(wb.page);
    await runFromPalette(wb.page, Commands.setApiKey);
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(DEMO_KEY);
    await wb.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
    // The Orders tree loads the account's orders, which the map's orders layer draws.
    await wb.page.locator('.part.activitybar .action-label[aria-label^="Satellite Imagery"]').first().click();

    await explorerMenu(wb.page, 'fields.geojson', 'Satellite Imagery', 'Show on Map');
    const frame = await webviewWith(wb.page, '[data-testid="map-canvas"] canvas', 60_000);
    const canvas = frame.locator('[data-testid="map-canvas"]');
    const drawnLayers = async () => Object.fromEntries(((await canvas.getAttribute('data-layers')) ?? '').split(' ').filter(Boolean).map((entry) => entry.split(':')).map(([id, n]) => [id, Number(n)]));
    let layers = {};
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await wb.page.waitForTimeout(250)) {
      layers = await drawnLayers();
      if (layers.orders > 0 && layers.footprints === 1) break;
    }
    if (!(layers.orders > 0)) await shot(wb.page, 'failed-map-layers');
    assert.ok(layers.aoi >= 2, `the demo fields are not all drawn: ${JSON.stringify(layers)}`);
    assert.equal(layers.billed, layers.aoi, 'one billed box per polygon');
    assert.ok(layers.orders > 0, 'no order drawn');
    assert.equal(layers.footprints, 1);
    assert.match(await frame.locator('[data-testid="map-legend"]').innerText(), /area .* km² · billed .* km²/);
    await wb.page.waitForTimeout(500);
    await shot(wb.page, '10-map-light');

    assert.equal(await toggleLightDarkTheme(wb.page), 'dark');
    await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
    await wb.page.waitForTimeout(800);
    await shot(wb.page, '11-map-dark');
    assert.equal(await toggleLightDarkTheme(wb.page), 'light');

    // The layer list toggles a layer off and on.
    const orders = frame.locator('[data-testid="layer-orders"]');
    await orders.uncheck();
    assert.equal(await orders.isChecked(), false);
    await orders.check();

    // The basemap was fetched (from the extension's files, through the service worker).
    const basemap = await frame.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/dist/basemap/')));
    assert.ok(basemap.length > 0, 'the map fetched no basemap file');
    assert.deepEqual(remote, [], 'the workbench or the map made a request off this machine');
  });
});
