// Show on Map in a real browser against code-server and the simulator: the demo fields near
// Aarhus on the bundled basemap (its lakes, rivers and place names too) with their billed boxes,
// the account's orders, and a time series of the fields the command line bought from the demo's
// simulator (UTM GeoTIFFs with their STAC sidecars, the series' stac-items.json and field-stats.csv):
// its images drawn in place under their footprints, the newest on top, and the fields coloured by
// their change since the previous date with the ramp's legend, in the light and the dark theme;
// and not one request leaves the machine (the basemap is the extension's own, the images'
// quick-looks come as bytes in a message). Screenshots under test-results/ui/; the light one is
// README's picture (scripts/readme-picture.mjs).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  Commands,
  DEMO_KEY,
  explorerMenu,
  extensionContributed,
  openWorkbench,
  runFromPalette,
  runPaletteTitle,
  shot,
  toggleLightDarkTheme,
  webviewWith,
} from './workbench.mjs';

const require = createRequire(import.meta.url);
const { startSimulator } = require(join(projectRoot, 'out', 'test', 'simulator', 'index.js'));
const run = promisify(execFile);

/** Three cloud-free dates of the demo's season (seed 1, the demo's) that its catalogue lists for the
 * demo fields: their green peak, when the fields begin to part (one still rising, one falling). */
const SERIES_DATES = ['2026-05-27', '2026-06-09', '2026-06-19'];

/** Every file under `dir`, by its path relative to `dir`. */
function filesUnder(dir, base = dir, found = {}) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, base, found);
    else found[relative(base, path)] = readFileSync(path);
  }
  return found;
}

/**
 * The demo fields' time series bought and measured as a person would with the command line, from
 * the demo's simulator (its landscape: the fields follow the season, the bay, towns and roads) at
 * a pinned June day: one UTM GeoTIFF per date with its STAC sidecar, the series' stac-items.json,
 * and field-stats.csv (series --stats), as workspace files under `imagery/`.
 */
async function demoSeriesFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-ui-map-'));
  const sim = await startSimulator({ seed: 1, demoData: true, clock: () => Date.parse('2026-06-25T12:00:00Z') });
  try {
    cpSync(join(projectRoot, 'scripts', 'demo-workspace', 'fields.geojson'), join(dir, 'fields.geojson'));
    const env = {
      ...process.env,
      SAT_IMAGERY_API_KEY: DEMO_KEY,
      SAT_IMAGERY_BASE_URL: sim.url,
      XDG_CACHE_HOME: join(dir, '.cache'),
    };
    await run(
      process.execPath,
      [
        join(projectRoot, 'dist', 'cli.js'),
        'series',
        'fields.geojson',
        '--model',
        'Stratus2',
        '--satellite-constellations',
        'Sentinel2',
        '--dates',
        SERIES_DATES.join(','),
        '--bandnames',
        'B2,B3,B4,B8',
        '--resolution',
        '20',
        '--stats',
        '--yes',
        '--max-cost',
        '100',
        '--output-directory',
        'imagery',
      ],
      { env, cwd: dir },
    );
    return Object.fromEntries(
      Object.entries(filesUnder(join(dir, 'imagery'))).map(([name, data]) => [`imagery/${name}`, data]),
    );
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

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
    this.timeout(300_000);
    wb = await openWorkbench({ files: await demoSeriesFiles() });
    // The webview's own files have vscode-cdn.net addresses but never leave the machine: VS Code's
    // service worker answers them from code-server. Anything else off loopback, answered or
    // failed, is a request to the network.
    wb.page.on('response', (response) => {
      if (!isLoopback(response.url()) && !response.fromServiceWorker()) remote.push(response.url());
    });
    wb.page.on('requestfailed', (request) => {
      if (!isLoopback(request.url())) remote.push(`${request.url()} (failed)`);
    });
  });
  after(async () => wb?.stop());

  it('draws the demo fields with billed boxes, orders, a series drawn in place and the fields by change, light and dark, offline', async () => {
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
      if (layers.orders > 0 && layers.footprints === 3 && layers.images === 3 && layers.series === 3) break;
    }
    if (!(layers.orders > 0)) await shot(wb.page, 'failed-map-layers');
    assert.ok(layers.aoi >= 2, `the demo fields are not all drawn: ${JSON.stringify(layers)}`);
    assert.equal(layers.billed, layers.aoi, 'one billed box per polygon');
    assert.ok(layers.orders > 0, 'no order drawn');
    assert.equal(layers.footprints, 3, "one footprint per image's sidecar");
    assert.equal(layers.images, 3, 'the downloaded images are not drawn in place');
    assert.equal(layers.series, 3, 'one footprint per date of the series');
    // Newest on top: the last date's image is the one seen.
    assert.match((await canvas.getAttribute('data-images')) ?? '', new RegExp(`${SERIES_DATES.at(-1)}[^ ]*$`));
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
    // The fields coloured by their change since the previous date, from the series' field-stats.csv,
    // with the legend of the ramp.
    await frame.locator('[data-testid="map-colour-by"]').selectOption('change');
    await frame
      .locator('[data-testid="map-values-heading"]', { hasText: 'Change in ndvi mean since the previous valid date' })
      .waitFor({ timeout: 30_000 });
    assert.equal(await frame.locator('[data-testid="map-values-date"]').innerText(), `Latest: ${SERIES_DATES.at(-1)}`);
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await wb.page.waitForTimeout(250))
      if ((await drawnLayers()).fieldValues === 3) break;
    assert.equal((await drawnLayers()).fieldValues, 3, 'the three fields are not coloured');
    // The picture of README and docs/map.md is made from this screenshot (scripts/readme-picture.mjs):
    // no notification over the map.
    await runPaletteTitle(wb.page, 'Notifications: Clear All Notifications');
    await wb.page.waitForTimeout(800);
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
