// Show on Map in a real browser against code-server and the simulator: the demo fields near
// Aarhus on the bundled basemap (its lakes, rivers and place names too) with their billed boxes,
// the account's orders, and a downloaded image (a UTM GeoTIFF) drawn in place under its
// footprint, in the light and the dark theme; and not one request leaves the machine (the basemap
// is the extension's own, the image's quick-look comes as bytes in a message). Screenshots under
// test-results/ui/.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  Commands,
  DEMO_KEY,
  explorerMenu,
  extensionContributed,
  openWorkbench,
  runFromPalette,
  shot,
  toggleLightDarkTheme,
  webviewWith,
} from './workbench.mjs';

const require = createRequire(import.meta.url);
const { buildGeoTiff } = require(join(projectRoot, 'out', 'test', 'simulator', 'geotiff-image.js'));
const { stacItem } = require(join(projectRoot, 'out', 'src', 'workflows', 'stac', 'stac-item.js'));

const isLoopback = (url) => {
  const { protocol, hostname } = new URL(url);
  return (
    !/^https?:$|^wss?:$/.test(protocol) || hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]'
  );
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
    // A downloaded image with its STAC sidecar over the north of the demo fields: a GeoTIFF in UTM
    // 32N (as the service delivers), made by the simulator's writer.
    mkdirSync(join(wb.workspace, 'imagery'), { recursive: true });
    const bbox = { west: 10.05, south: 56.1, east: 10.15, north: 56.2 };
    writeFileSync(
      join(wb.workspace, 'imagery', 'fields-2026-06-01.tif'),
      buildGeoTiff({
        bbox,
        epsg: 32632,
        resolution: 20,
        bands: ['B4', 'B3', 'B2'],
        dataType: 'int16',
        date: '2026-06-01',
        seed: 4,
      }),
    );
    const ring = [
      [bbox.west, bbox.south],
      [bbox.east, bbox.south],
      [bbox.east, bbox.north],
      [bbox.west, bbox.north],
      [bbox.west, bbox.south],
    ];
    writeFileSync(
      join(wb.workspace, 'imagery', 'fields-2026-06-01.json'),
      JSON.stringify(
        stacItem({
          imageFileName: 'fields-2026-06-01.tif',
          geometry: { type: 'Polygon', coordinates: [ring] },
          bbox: [bbox.west, bbox.south, bbox.east, bbox.north],
          date: '2026-06-01',
          epsg: 32632,
          bands: ['B4', 'B3', 'B2'],
          model: 'Stratus2',
          constellations: ['Sentinel2'],
          resolution: 20,
          request: {},
        }),
      ),
    );
    // A time series' folder: its ItemCollection, three dates over one footprint west of the image.
    mkdirSync(join(wb.workspace, 'series'), { recursive: true });
    const seriesBox = [10.0, 56.05, 10.05, 56.08];
    const seriesRing = [
      [10.0, 56.05],
      [10.05, 56.05],
      [10.05, 56.08],
      [10.0, 56.08],
      [10.0, 56.05],
    ];
    const dated = ['2026-05-02', '2026-05-12', '2026-05-22'].map((date) =>
      stacItem({
        imageFileName: `composite-${date}.tif`,
        geometry: { type: 'Polygon', coordinates: [seriesRing] },
        bbox: seriesBox,
        date,
        epsg: 32632,
        bands: ['B4', 'B3', 'B2'],
        model: 'Stratus2',
        constellations: ['Sentinel2'],
        resolution: 20,
        request: {},
      }),
    );
    writeFileSync(
      join(wb.workspace, 'series', 'stac-items.json'),
      JSON.stringify({ type: 'FeatureCollection', features: dated, links: [] }),
    );
  });
  after(async () => wb?.stop());

  it('draws the demo fields with billed boxes, orders and a downloaded image in place, light and dark, offline', async () => {
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
    const drawnLayers = async () =>
      Object.fromEntries(
        ((await canvas.getAttribute('data-layers')) ?? '')
          .split(' ')
          .filter(Boolean)
          .map((entry) => entry.split(':'))
          .map(([id, n]) => [id, Number(n)]),
      );
    let layers = {};
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await wb.page.waitForTimeout(250)) {
      layers = await drawnLayers();
      if (layers.orders > 0 && layers.footprints === 1 && layers.images === 1 && layers.series === 3) break;
    }
    if (!(layers.orders > 0)) await shot(wb.page, 'failed-map-layers');
    assert.ok(layers.aoi >= 2, `the demo fields are not all drawn: ${JSON.stringify(layers)}`);
    assert.equal(layers.billed, layers.aoi, 'one billed box per polygon');
    assert.ok(layers.orders > 0, 'no order drawn');
    assert.equal(layers.footprints, 1);
    assert.equal(layers.images, 1, 'the downloaded image is not drawn in place');
    assert.equal(layers.series, 3, 'one footprint per date of the series');
    assert.match(await frame.locator('[data-testid="map-legend"]').innerText(), /area .* km² · billed .* km²/);
    // The key names every kind on the map and each order status, each with its own colour.
    const key = frame.locator('[data-testid="map-key"] li');
    const entries = await key.allInnerTexts();
    for (const label of [
      'Area of interest',
      'Billed bounding box',
      'Order: active',
      'Order: in review or preparing',
      'Order: ended, completed or cancelled',
      'Order: failed',
      'Downloaded image (footprint)',
      'Time series date',
    ]) {
      assert.ok(
        entries.some((e) => e.includes(label)),
        `the key has no "${label}": ${entries.join(' | ')}`,
      );
    }
    const swatch = async (label) =>
      key.filter({ hasText: label }).first().locator('.map-key-swatch').getAttribute('data-colour');
    const statusColours = await Promise.all(
      ['Order: active', 'Order: in review', 'Order: ended', 'Order: failed'].map(swatch),
    );
    assert.equal(new Set(statusColours).size, 4, `order statuses share a colour: ${statusColours.join(' ')}`);
    assert.notEqual(await swatch('Area of interest'), await swatch('Billed bounding box'));
    // A footprint is often the billed box itself: its colour is its own, not a billed box's or a
    // pending order's yellow, and it is drawn as a wide band that shows beside the box's dashes.
    const footprint = await swatch('Downloaded image (footprint)');
    for (const other of ['Billed bounding box', 'Order: in review', 'Area of interest'])
      assert.notEqual(footprint, await swatch(other), `the footprint looks like "${other}"`);
    const bandWidth = await key
      .filter({ hasText: 'Downloaded image (footprint)' })
      .first()
      .locator('.map-key-swatch')
      .evaluate((box) => parseFloat(getComputedStyle(box).borderTopWidth));
    assert.ok(bandWidth >= 3, `the footprint's swatch is a ${bandWidth} px line`);
    // A pending order's yellow is close to a billed box's orange, in a light theme above all: the
    // two differ without their hue, in line and fill, in the key and on the map alike (the map's
    // looks as its styles draw them, data-looks).
    const keyLook = (label) =>
      key
        .filter({ hasText: label })
        .first()
        .locator('.map-key-swatch')
        .evaluate((box) => {
          const style = getComputedStyle(box);
          return {
            line: style.borderTopStyle,
            filled: !/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/.test(style.backgroundColor),
            dash: box.dataset.dash,
            stroke: box.dataset.stroke,
          };
        });
    const billedKey = await keyLook('Billed bounding box');
    const pendingKey = await keyLook('Order: in review');
    assert.notEqual(
      pendingKey.line,
      billedKey.line,
      `a pending order's key line is ${pendingKey.line} as a billed box's`,
    );
    assert.notEqual(pendingKey.dash, billedKey.dash, 'a pending order is dashed as a billed box is');
    assert.notEqual(
      pendingKey.filled,
      billedKey.filled,
      'a pending order and a billed box are both filled or both empty',
    );
    const looks = JSON.parse((await canvas.getAttribute('data-looks')) ?? '{}');
    for (const [label, drawn] of [
      ['Billed bounding box', looks.billed?.billed],
      ['Order: in review', looks.orders?.['order:pending']],
    ]) {
      assert.ok(drawn, `the map draws no "${label}": ${JSON.stringify(looks)}`);
      const shown = await keyLook(label);
      assert.equal(drawn.dash.join(' '), shown.dash, `"${label}": the map's dash is not the key's`);
      assert.equal(drawn.stroke, shown.stroke, `"${label}": the map's line colour is not the key's`);
      assert.equal(drawn.fill !== '', shown.filled, `"${label}": filled on the map and not in the key, or the reverse`);
    }
    // The map has room: it opens as a tab of the active editor group, not in a narrow half beside it.
    const mapBox = await canvas.boundingBox();
    assert.ok(mapBox && mapBox.width > 700, `the map is ${mapBox?.width} px wide in a 1400 px window`);
    await wb.page.waitForTimeout(500);
    await shot(wb.page, '10-map-light');

    assert.equal(await toggleLightDarkTheme(wb.page), 'dark');
    await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
    await wb.page.waitForTimeout(800);
    await shot(wb.page, '11-map-dark');
    // Zoomed out to the account's orders east of the fields (the pending one among them), in both themes.
    for (let i = 0; i < 2; i++) {
      await frame.locator('.ol-zoom-out').click();
      await wb.page.waitForTimeout(400);
    }
    await wb.page.waitForTimeout(600);
    await shot(wb.page, '11b-map-orders-dark');
    assert.equal(await toggleLightDarkTheme(wb.page), 'light');
    await frame.locator('body.vscode-light').waitFor({ state: 'attached' });
    await wb.page.waitForTimeout(800);
    await shot(wb.page, '11c-map-orders-light');

    // The image's layer has its own toggle.
    const imageToggle = frame.locator('[data-testid="layer-images"]');
    await imageToggle.uncheck();
    await wb.page.waitForTimeout(500);
    await shot(wb.page, '12-map-image-hidden');
    await imageToggle.check();

    // The layer list toggles a layer off and on.
    const orders = frame.locator('[data-testid="layer-orders"]');
    await orders.uncheck();
    assert.equal(await orders.isChecked(), false);
    await orders.check();

    // The basemap is drawn, read by message: the page itself fetched none of its files.
    let scales = '';
    for (const until = Date.now() + 15_000; !scales && Date.now() < until; await wb.page.waitForTimeout(200))
      scales = ((await canvas.getAttribute('data-basemap')) ?? '').trim();
    assert.ok(scales, 'no basemap scale drawn');
    // Its lakes and rivers (1:50m: there is no 1:10m water) and the place names around the fields:
    // the large places' file and the cells of smaller ones in view, none farther away.
    let files = [];
    for (
      const until = Date.now() + 15_000;
      !files.includes('places/19_14.json') && Date.now() < until;
      await wb.page.waitForTimeout(200)
    )
      files = ((await canvas.getAttribute('data-basemap-files')) ?? '').split(' ').filter(Boolean);
    for (const file of ['water-50m.json', 'places/world.json', 'places/index.json', 'places/19_14.json'])
      assert.ok(files.includes(file), `${file} not read: ${files.join(' ')}`);
    assert.deepEqual(
      files.filter((f) => /^places\/\d/.test(f) && !['places/18_14.json', 'places/19_14.json'].includes(f)),
      [],
      'a cell of places far from the fields was read',
    );
    const fetched = await frame.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.includes('/dist/basemap/')),
    );
    assert.deepEqual(fetched, [], 'the page fetched basemap files itself');
    assert.deepEqual(remote, [], 'the workbench or the map made a request off this machine');
  });
});
