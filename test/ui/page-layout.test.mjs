// The pages at 1280 × 720, where the first-time walk found them wanting: the chart's time axis
// with day labels over three weeks (it said only "Nov"), and on the map a colour image drawn
// above a grey two-band one of the same date. Screenshots under test-results/ui/.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  answerQuickInput,
  explorerMenu,
  openWorkbench,
  runPaletteTitle,
  setDemoKey,
  shot,
  webviewWith,
} from './workbench.mjs';

const require = createRequire(import.meta.url);
const { buildGeoTiff } = require(join(projectRoot, 'out', 'test', 'simulator', 'geotiff-image.js'));
const { stacItem, stacItemCollection } = require(join(projectRoot, 'out', 'src', 'workflows', 'stac', 'stac-item.js'));

const NOW = Date.UTC(2026, 5, 15, 12);
const BOX = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const RING = [
  [BOX.west, BOX.south],
  [BOX.east, BOX.south],
  [BOX.east, BOX.north],
  [BOX.west, BOX.north],
  [BOX.west, BOX.south],
];
/** Three weeks of November: the axis once said only "Nov". */
const WEEKS = ['2025-11-03', '2025-11-10', '2025-11-17', '2025-11-24'];

/** A GeoTIFF over BOX with these bands, and its STAC sidecar. */
function image(name, date, bands, seed) {
  const tif = buildGeoTiff({ bbox: BOX, epsg: 32632, resolution: 10, bands, dataType: 'int16', date, seed });
  const item = stacItem({
    imageFileName: name.split('/').pop(),
    geometry: { type: 'Polygon', coordinates: [RING] },
    bbox: [BOX.west, BOX.south, BOX.east, BOX.north],
    date,
    epsg: 32632,
    bands,
    model: 'Stratus3',
    constellations: ['Sentinel2'],
    resolution: 10,
    request: { Model: 'Stratus3', Date: date },
  });
  return { tif, item };
}

function files() {
  const out = {};
  const items = WEEKS.map((date, i) => {
    const name = `weeks/composite-${date}-Stratus3-10m.tif`;
    const { tif, item } = image(name, date, ['B4', 'B3', 'B2', 'B8'], 3 + i);
    out[name] = tif;
    return item;
  });
  out['weeks/stac-items.json'] = JSON.stringify(stacItemCollection(items));
  const field = (id, x) => ({
    type: 'Feature',
    properties: { id },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [x, 56.055],
          [x + 0.01, 56.055],
          [x + 0.01, 56.065],
          [x, 56.065],
          [x, 56.055],
        ],
      ],
    },
  });
  out['week-fields.geojson'] = JSON.stringify({
    type: 'FeatureCollection',
    features: [field('north-field', 10.11), field('south-field', 10.13)],
  });
  // Two images of one date on one footprint: a two-band pair whose path sorts last, and colour.
  for (const [name, bands] of [
    ['overlap/a-colour-2026-06-01.tif', ['B4', 'B3', 'B2']],
    ['overlap/b-nir-pair-2026-06-01.tif', ['B8', 'B4']],
  ]) {
    const { tif, item } = image(name, '2026-06-01', bands, 7);
    out[name] = tif;
    out[name.replace(/\.tif$/, '.json')] = JSON.stringify(item);
  }
  return out;
}

describe('the pages at 1280 × 720', function () {
  this.timeout(240_000);
  let wb;
  before(async () => {
    wb = await openWorkbench({
      files: files(),
      viewport: { width: 1280, height: 720 },
      simulator: { clock: () => NOW, imageryEveryDay: true },
    });
    const saved = await setDemoKey(wb.page);
    await runPaletteTitle(wb.page, 'Notifications: Clear All Notifications');
    await saved.waitFor({ state: 'hidden' });
  });
  after(async () => wb?.stop());
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await shot(wb.page, 'layout-failed').catch(() => {});
  });

  it('statistics: day labels on the time axis over three weeks', async () => {
    const { page } = wb;
    await explorerMenu(page, 'weeks', 'Show Field Statistics');
    await answerQuickInput(page, 'week-fields.geojson');
    for (let i = 0; i < 3; i++) {
      await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForTimeout(300);
      await page.keyboard.press('Enter');
    }
    const frame = await webviewWith(page, '[data-testid="chart"][data-ticks]', 90_000);
    await page.waitForTimeout(500);
    await shot(page, 'layout-01-stats-1280px');
    const ticks = (await frame.locator('[data-testid="chart"]').getAttribute('data-ticks')).split('|');
    assert.ok(
      ticks.filter((t) => /^\d{1,2} Nov/.test(t)).length >= 3,
      `the time axis over three weeks says ${ticks.join(', ')}`,
    );
  });

  it('the map draws the colour image above the grey two-band one of the same date', async () => {
    const { page } = wb;
    await explorerMenu(page, 'fields.geojson', 'Satellite Imagery', 'Show on Map');
    const frame = await webviewWith(page, '[data-testid="map-canvas"][data-images*="overlap/"]', 90_000);
    const order = () => frame.locator('[data-testid="map-canvas"]').getAttribute('data-images');
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await page.waitForTimeout(250))
      if ((await order()).split(' ').filter((k) => k.startsWith('overlap/')).length === 2) break;
    await page.waitForTimeout(800);
    await shot(page, 'layout-04-map-colour-on-top');
    const overlap = (await order()).split(' ').filter((k) => k.startsWith('overlap/'));
    assert.deepEqual(overlap, ['overlap/b-nir-pair-2026-06-01.tif', 'overlap/a-colour-2026-06-01.tif'], 'bottom first');
  });
});
