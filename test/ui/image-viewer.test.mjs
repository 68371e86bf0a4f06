// The image viewer as a person sees it, in Chromium against code-server: a simulator GeoTIFF with
// its STAC sidecar, opened from the Explorer, in true colour, then its NDVI band with the ramp and
// legend, and the histogram; in the light and the dark theme. Then a series folder (three dates and
// their ItemCollection): the next date opens in place with the same band mapping. Screenshots go
// to test-results/ui/.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  extensionContributed,
  openWorkbench,
  runPaletteTitle,
  shot,
  toggleLightDarkTheme,
  webviewWith,
} from './workbench.mjs';

/** Double-clicks a .tif's row and waits for the viewer. A file opened while the workbench has not
 * yet taken in the extension's custom editor (its activity-bar icon already shown) opens as text,
 * "not displayed … binary" (seen once in CI, the suite's first open after start): that editor is
 * closed and the row opened again, at most twice more. Anything else fails at once. */
async function openInViewer(page, row, selector) {
  for (let attempt = 1; ; attempt++) {
    await row.dblclick();
    try {
      return await webviewWith(page, selector, attempt === 3 ? 60_000 : 30_000);
    } catch (error) {
      const asText = await page
        .getByText('The file is not displayed in the text editor')
        .isVisible()
        .catch(() => false);
      if (!asText || attempt === 3) throw error;
      await runPaletteTitle(page, 'View: Close All Editors');
    }
  }
}

const require = createRequire(import.meta.url);
const { buildGeoTiff } = require(join(projectRoot, 'out', 'test', 'simulator', 'geotiff-image.js'));
const { stacItem, stacItemCollection } = require(join(projectRoot, 'out', 'src', 'workflows', 'stac', 'stac-item.js'));

const BANDS = ['B4', 'B3', 'B2', 'B8', '[B8_B4]'];
const AOI = {
  type: 'Polygon',
  coordinates: [
    [
      [10.112, 56.056],
      [10.138, 56.058],
      [10.141, 56.074],
      [10.118, 56.076],
      [10.112, 56.056],
    ],
  ],
};
const FIELD = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const SERIES_DATES = ['2025-06-10', '2025-06-20', '2025-06-30'];

/** A series folder as Download Time Series leaves it: a GeoTIFF and Item per date, and the ItemCollection. */
function seriesFiles() {
  const files = {};
  const items = SERIES_DATES.map((date, i) => {
    const name = `composite-${date}-Stratus3-10m.tif`;
    files[`series/${name}`] = buildGeoTiff({
      bbox: FIELD,
      epsg: 32632,
      resolution: 10,
      bands: BANDS,
      dataType: 'int16',
      date,
      seed: 5 + i,
    });
    const item = stacItem({
      imageFileName: name,
      geometry: AOI,
      bbox: [10.112, 56.056, 10.141, 56.076],
      date,
      epsg: 32632,
      bands: BANDS,
      model: 'Stratus3',
      constellations: ['Sentinel2'],
      resolution: 10,
      request: { Model: 'Stratus3', Date: date },
    });
    files[`series/${name.replace(/\.tif$/, '.json')}`] = JSON.stringify(item);
    return item;
  });
  files['series/stac-items.json'] = JSON.stringify(stacItemCollection(items));
  return files;
}

describe('image viewer in the browser workbench', function () {
  this.timeout(120_000);
  let wb;
  const messages = [];

  before(async function () {
    this.timeout(180_000);
    // Written before the workbench opens, so the Explorer lists them from the start.
    const item = stacItem({
      imageFileName: 'field-composite.tif',
      geometry: AOI,
      bbox: [10.112, 56.056, 10.141, 56.076],
      date: '2025-06-20',
      epsg: 32632,
      bands: BANDS,
      model: 'Stratus3',
      constellations: ['Sentinel2'],
      resolution: 10,
      request: { Model: 'Stratus3', Date: '2025-06-20', Bandnames: BANDS.join(',') },
    });
    wb = await openWorkbench({
      files: {
        ...seriesFiles(),
        'field-composite.tif': buildGeoTiff({
          bbox: { west: 10.1, south: 56.05, east: 10.15, north: 56.08 },
          epsg: 32632,
          resolution: 10,
          bands: BANDS,
          dataType: 'int16',
          date: '2025-06-20',
          seed: 3,
        }),
        'field-composite.json': JSON.stringify(item),
      },
    });
    wb.page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  });
  after(async () => wb?.stop());
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    console.log(messages.filter((m) => /viewer|error|warn/i.test(m)).join('\n'));
    await shot(wb.page, 'viewer-failed').catch(() => {});
  });

  it('opens the GeoTIFF from the Explorer in true colour, then its NDVI band with a legend, in both themes', async () => {
    const { page } = wb;
    // The workbench knows the viewer once it has read the extension's contributions.
    await extensionContributed(page);
    await page.keyboard.press('Control+Shift+E');
    const row = page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'field-composite.tif' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    const frame = await openInViewer(page, row, '[data-testid="channel-band-0"]');
    assert.equal(await frame.locator('[data-testid="channel-band-0"]').innerText(), 'B4');
    assert.equal(await frame.locator('[data-testid="meta-epsg"]').innerText(), 'EPSG:32632');
    // The first view is the whole image, framed to the size the panel settles to, not a crop of it.
    const [width, height] = ((await frame.locator('[data-testid="meta-size"]').innerText()).match(/\d+/g) ?? []).map(
      Number,
    );
    const whole = new RegExp(`^Showing columns 0–${width}, rows 0–${height} `);
    const status = frame.locator('[data-testid="view-status"]');
    let said = '';
    for (const until = Date.now() + 10_000; !whole.test(said) && Date.now() < until; await page.waitForTimeout(200))
      said = await status.innerText();
    assert.match(said, whole);
    // A panel that changes size before the person zooms or pans is framed again: still the whole image.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 1000, height: 620 });
    await page.waitForTimeout(1_500); // the panel's new size, and the view it asks for
    said = '';
    for (const until = Date.now() + 10_000; !whole.test(said) && Date.now() < until; await page.waitForTimeout(200))
      said = await status.innerText();
    await page.setViewportSize(size);
    assert.match(said, whole, 'framed again after a resize');
    await page.waitForTimeout(500);
    await shot(page, 'viewer-01-true-colour');

    await frame.locator('[data-testid="preset"]').selectOption({ label: '[B8_B4] (index)' });
    await frame.locator('[data-testid="legend-low"]').waitFor({ state: 'visible' });
    assert.equal(await frame.locator('[data-testid="channel-band-0"]').innerText(), '[B8_B4]');
    assert.match(await frame.locator('[data-testid="legend-high"]').innerText(), /^-?\d\.\d{3}$/);
    await shot(page, 'viewer-02-ndvi-legend');
    await frame
      .locator('.viewer-side section')
      .nth(1)
      .screenshot({ path: join(projectRoot, 'test-results', 'ui', 'viewer-03-histogram.png') });

    // Keyboard: focus the image, zoom in twice, read the pixel under the cursor.
    await frame.locator('.viewer-canvas').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('Shift+ArrowRight');
    await frame.locator('[data-testid="pixel-place"]').waitFor({ state: 'visible' });
    assert.match(
      await frame.locator('[data-testid="pixel-place"]').innerText(),
      /^Pixel \d+, \d+ · 56\.\d+°, 10\.\d+° \(lat, lon\)/,
    );

    assert.equal(await toggleLightDarkTheme(page), 'dark');
    await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    await shot(page, 'viewer-04-ndvi-dark');
    await frame.locator('[data-testid="preset"]').selectOption({ label: 'True colour (B4, B3, B2)' });
    await frame.locator('[data-testid="legend-low"]').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    await shot(page, 'viewer-05-true-colour-dark');
    await frame
      .locator('.viewer-side section')
      .nth(1)
      .screenshot({ path: join(projectRoot, 'test-results', 'ui', 'viewer-06-histogram-dark.png') });
    assert.equal(await toggleLightDarkTheme(page), 'light');
  });

  it('steps to the next date of a series with the same band mapping, by key and by button', async () => {
    const { page } = wb;
    await extensionContributed(page);
    // Quick Open, as a person opens a file by name; the viewer is the default editor of a .tif.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill(`composite-${SERIES_DATES[0]}`);
    await page
      .locator('.quick-input-widget .quick-input-list [role="option"]', { hasText: `composite-${SERIES_DATES[0]}` })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    await page.keyboard.press('Enter');
    let frame = await webviewWith(page, `[data-testid="series-date"]:text("${SERIES_DATES[0]} · 1 of 3")`, 60_000);
    assert.equal(await frame.locator('[data-testid="series-previous"]').isDisabled(), true, 'no date before the first');
    await frame.locator('[data-testid="preset"]').selectOption({ label: '[B8_B4] (index)' });
    await frame.locator('[data-testid="legend-high"]').waitFor({ state: 'visible' });
    const cutOffs = async (f) => [
      await f.locator('[data-testid="stretch-low-0"]').inputValue(),
      await f.locator('[data-testid="stretch-high-0"]').inputValue(),
    ];
    const first = await cutOffs(frame);

    // ] on the image: the next date takes this one's place, with the index band and its cut-offs.
    await frame.locator('.viewer-canvas').focus();
    await page.keyboard.press(']');
    frame = await webviewWith(page, `[data-testid="series-date"]:text("${SERIES_DATES[1]} · 2 of 3")`, 60_000);
    await frame.locator('[data-testid="legend-high"]').waitFor({ state: 'visible' });
    assert.equal(await frame.locator('[data-testid="preset"] option:checked').innerText(), '[B8_B4] (index)');
    assert.equal(await frame.locator('[data-testid="channel-band-0"]').innerText(), '[B8_B4]');
    assert.deepEqual(await cutOffs(frame), first);
    await shot(page, 'viewer-07-series-next-date');
    assert.equal(
      await page.locator('.tabs-container .tab', { hasText: `composite-${SERIES_DATES[0]}` }).count(),
      0,
      "the first date's tab gave its place",
    );

    // The button does the same, up to the last date.
    await frame.locator('[data-testid="series-next"]').click();
    frame = await webviewWith(page, `[data-testid="series-date"]:text("${SERIES_DATES[2]} · 3 of 3")`, 60_000);
    assert.equal(await frame.locator('[data-testid="series-next"]').isDisabled(), true, 'no date after the last');
    assert.equal(await frame.locator('[data-testid="channel-band-0"]').innerText(), '[B8_B4]');
  });
});
