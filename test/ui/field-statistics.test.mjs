// Show Field Statistics as a person sees it, in Chromium against code-server: a series folder of
// three dates over two seasons (GeoTIFFs with B4 and B8, their STAC Items and ItemCollection) and
// forty fields; the command from the folder's Explorer menu, each question answered with its
// default; the chart drawn (pixels that are not the background, one line per field), a search, the
// day-of-year view with both seasons, its legend clear of the table in a narrow and a wide
// window, the CSV export through VS Code's save dialog, a date's image
// opened with its field outlined, every column of the table shown at 1280 × 720 whatever the side
// bar's width, and screenshots in the light and the dark theme in test-results/ui/. By keyboard:
// Escape in an export's save dialog saves nothing and gives the focus back to its button, on the
// map coloured by the statistics Escape closes the fields as text, and a layer's checkbox keeps
// the focus when the map's layers are drawn again.
import * as assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  clippedQuickPickTexts,
  explorerMenu,
  extensionContributed,
  openWorkbench,
  runPaletteTitle,
  shot,
  toggleLightDarkTheme,
  webviewWith,
} from './workbench.mjs';
import {
  assertAccessible,
  assertFocusVisible,
  assertInOrder,
  assertReachableText,
  tabOrder,
} from './accessibility.mjs';

const require = createRequire(import.meta.url);
const { buildGeoTiff } = require(join(projectRoot, 'out', 'test', 'simulator', 'geotiff-image.js'));
const { stacItem, stacItemCollection } = require(join(projectRoot, 'out', 'src', 'workflows', 'stac', 'stac-item.js'));

const BANDS = ['B4', 'B3', 'B2', 'B8'];
const BOX = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const AOI = {
  type: 'Polygon',
  coordinates: [
    [
      [10.1, 56.05],
      [10.15, 56.05],
      [10.15, 56.08],
      [10.1, 56.08],
      [10.1, 56.05],
    ],
  ],
};
const DATES = ['2024-06-12', '2025-05-20', '2025-07-02'];

/** Forty small fields in a grid over the images, named field-01 … field-40. */
function fields() {
  const features = [];
  for (let i = 0; i < 40; i++) {
    const x = 10.103 + (i % 8) * 0.0055;
    const y = 56.053 + Math.floor(i / 8) * 0.005;
    features.push({
      type: 'Feature',
      properties: { id: `field-${String(i + 1).padStart(2, '0')}` },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [x, y],
            [x + 0.004, y],
            [x + 0.004, y + 0.0035],
            [x, y + 0.0035],
            [x, y],
          ],
        ],
      },
    });
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}

function seriesFiles() {
  const files = {};
  const items = DATES.map((date, i) => {
    const name = `composite-${date}-Stratus3-10m.tif`;
    files[`stats-series/${name}`] = buildGeoTiff({
      bbox: BOX,
      epsg: 32632,
      resolution: 10,
      bands: BANDS,
      dataType: 'int16',
      date,
      seed: 11 + i,
    });
    const item = stacItem({
      imageFileName: name,
      geometry: AOI,
      bbox: [10.1, 56.05, 10.15, 56.08],
      date,
      epsg: 32632,
      bands: BANDS,
      model: 'Stratus3',
      constellations: ['Sentinel2'],
      resolution: 10,
      request: { Model: 'Stratus3', Date: date },
    });
    files[`stats-series/${name.replace(/\.tif$/, '.json')}`] = JSON.stringify(item);
    return item;
  });
  files['stats-series/stac-items.json'] = JSON.stringify(stacItemCollection(items));
  files['fields.geojson'] = fields();
  return files;
}

/** The names of the files under `dir` (its subfolders too) that match `pattern`, sorted. */
function filesNamed(dir, pattern) {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((path) => pattern.test(basename(path)))
    .sort();
}

/** Pixels of the chart's canvas that differ from its top-left (background) pixel. */
function inkedPixels(frame) {
  return frame.locator('[data-testid="chart"]').evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4)
      if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 30) inked++;
    return inked;
  });
}

/** Saves through the page's button `testId` and VS Code's save dialog, at `target`: the dialog
 * fills in its proposal (ending `proposal`) once it has listed the folder, and a name typed before
 * that is overwritten; then its OK, as a person clicks it (Enter right after typing may only
 * complete the path), and the page says it saved. */
async function saveThroughDialog(page, frame, testId, proposal, target) {
  await frame.locator(`[data-testid="${testId}"]`).click();
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  // The name proposed is the export's own, never the table the folder keeps (field-stats.csv).
  await page
    .waitForFunction(
      (source) => new RegExp(source).test(document.querySelector('.quick-input-widget input')?.value ?? ''),
      proposal.source,
      { timeout: 30_000 },
    )
    .catch(async (error) => {
      const shown = await input.inputValue();
      throw new Error(`the save dialog proposes ${shown}, not a name matching ${proposal}: ${error.message}`);
    });
  await input.fill(target);
  await page.waitForFunction((t) => document.querySelector('.quick-input-widget input')?.value === t, target);
  await page.waitForTimeout(500);
  await page.locator('.quick-input-widget .monaco-button', { hasText: /^OK$/ }).first().click();
  await frame.locator('[data-testid="status"]', { hasText: `Saved ${target}` }).waitFor({ timeout: 30_000 });
  // And the window says so, with Open and Reveal.
  const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: `Exported ` }).filter({
    hasText: target,
  });
  await toast.first().waitFor({ state: 'visible', timeout: 15_000 });
  const buttons = await toast.first().locator('.monaco-button').allInnerTexts();
  assert.deepEqual(
    buttons.map((b) => b.trim()),
    ['Open', 'Reveal'],
  );
  await toast
    .first()
    .locator('.codicon-notifications-clear')
    .click()
    .catch(() => undefined);
}

/** Asserts that `locator` (in the panel's frame) lies wholly inside what the panel shows of it: the
 * panel's viewport (its frame on the page) and the box of `scroller`, the part of the page that
 * scrolls around it. A column cut off on the right fails, as one only a horizontal scroll shows. */
async function assertShownWhole(frame, locator, scroller, what) {
  const panel = await (await frame.frameElement()).boundingBox();
  const around = await frame.locator(scroller).boundingBox();
  const box = await locator.boundingBox();
  assert.ok(panel && around && box, `${what} is on the page`);
  const left = Math.max(panel.x, around.x);
  const top = Math.max(panel.y, around.y);
  const right = Math.min(panel.x + panel.width, around.x + around.width);
  const bottom = Math.min(panel.y + panel.height, around.y + around.height);
  const px = (n) => Math.round(n);
  assert.ok(
    box.x >= left - 0.5 && box.y >= top - 0.5 && box.x + box.width <= right + 0.5 && box.y + box.height <= bottom + 0.5,
    `${what} (${px(box.x)}..${px(box.x + box.width)} × ${px(box.y)}..${px(box.y + box.height)}) is not inside ` +
      `what the panel shows (${px(left)}..${px(right)} × ${px(top)}..${px(bottom)})`,
  );
}

/** Drags the edge between the side bar and the editor area to page x `to` (the side bar keeps at
 * least its minimum width, 170 px). */
async function dragSideBarEdge(page, to) {
  const bar = await page.locator('.part.sidebar').boundingBox();
  assert.ok(bar, 'the side bar is open');
  const edge = bar.x + bar.width;
  await page.mouse.move(edge, 400);
  await page.mouse.down();
  await page.mouse.move(edge - 10, 400, { steps: 2 });
  await page.mouse.move(to, 400, { steps: 5 });
  await page.mouse.up();
}

/** Show Field Statistics from the series folder's Explorer menu, each question answered with its
 * default (the fields file's name typed); returns the page's frame once the chart is drawn. */
async function openStatistics(page) {
  await extensionContributed(page);
  await explorerMenu(page, 'stats-series', 'Show Field Statistics');
  // The fields: type the file's name and wait for the pick to keep only its row (Enter before
  // that took the first area file listed, the demo's broken.geojson); the index (NDVI, checked),
  // the rule and the id: the defaults.
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill('fields.geojson');
  const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  await rows.filter({ hasText: 'fields.geojson' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(
    () => document.querySelectorAll('.quick-input-widget .quick-input-list .monaco-list-row').length === 1,
    undefined,
    { timeout: 30_000 },
  );
  await page.keyboard.press('Enter');
  for (let i = 0; i < 3; i++) {
    await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForTimeout(300);
    await shot(page, `stats-00-question-${i + 1}`);
    // Each choice is read whole: the rules' explanations included.
    assert.deepEqual(await clippedQuickPickTexts(page), [], `question ${i + 1}: a choice is cut off`);
    await page.keyboard.press('Enter');
  }
  return webviewWith(page, '[data-testid="chart"][data-lines]', 90_000);
}

describe('field statistics in the browser workbench', function () {
  this.timeout(180_000);
  let wb;
  const messages = [];

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({ files: seriesFiles(), viewport: { width: 1600, height: 900 } });
    wb.page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  });
  after(async () => wb?.stop());
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    console.log(messages.filter((m) => /stat|error|warn/i.test(m)).join('\n'));
    await shot(wb.page, 'stats-failed').catch(() => {});
  });

  it("draws a series folder's fields, searches, overlays the seasons, exports CSV, in both themes", async () => {
    const { page, workspace } = wb;
    const frame = await openStatistics(page);
    await page.waitForTimeout(500);
    assert.match(await frame.locator('[data-testid="field-count"]').innerText(), /^40 of 40 fields · 5 selected/);
    assert.equal(await frame.locator('[data-testid="chart"]').getAttribute('data-lines'), '40', 'one line per field');
    assert.ok((await inkedPixels(frame)) > 2000, 'the chart is drawn');
    assert.equal(
      await frame.locator('[data-testid="stats-table"] tbody tr').count(),
      5 * 3,
      'the five selected fields, three dates each',
    );
    await shot(page, 'stats-01-light');

    // Search: the list keeps the fields found; the thin lines are those fields.
    await frame.locator('[data-testid="field-search"]').fill('field-1');
    await frame.locator('[data-testid="field-count"]', { hasText: '10 of 40 fields' }).waitFor();
    assert.equal(
      await frame.locator('[data-testid="chart"]').getAttribute('data-lines'),
      String(10 + 5),
      'the ten found as thin lines, the five selected in colour',
    );
    assert.equal(await frame.locator('.stats-list-row').first().innerText(), 'field-10');
    await shot(page, 'stats-01b-search-light');
    await frame.locator('[data-testid="select-found"]').click();
    await frame.locator('[data-testid="field-count"]', { hasText: '10 selected' }).waitFor();
    // Ten fields on six colours: the seventh on is told apart by its point's shape, in the legend
    // as in the chart (by day of year a line's dash is its season's, so the dash cannot do it).
    const markers = () =>
      frame.locator('[data-testid="legend"] .stats-swatch').evaluateAll((s) => s.map((c) => c.dataset.marker));
    assert.deepEqual(await markers(), [...Array(6).fill('circle'), ...Array(4).fill('square')]);

    // By day of year: each season of each selected field is a line of its own.
    await frame.locator('[data-testid="mode"]').selectOption('doy');
    await frame.locator('[data-testid="seasons"]', { hasText: 'Seasons: 2024, 2025' }).waitFor();
    assert.deepEqual(
      await markers(),
      [...Array(6).fill('circle'), ...Array(4).fill('square')],
      'the same shapes by day of year',
    );
    assert.equal(
      await frame.locator('.stats-list-row[data-field="field-16"] .stats-swatch').getAttribute('data-marker'),
      'square',
      "the field list's swatch is the legend's",
    );
    assert.equal(await frame.locator('[data-testid="chart"]').getAttribute('data-lines'), String(10 * 2));
    await shot(page, 'stats-02-day-of-year-light');
    // The legend (ten fields, the seasons, the notes) stays clear of the table, whether the table
    // is beside the chart (a wide panel) or below it (a narrow one, a 1000 px window).
    for (const [width, height] of [
      [1000, 700],
      [1600, 900],
    ]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(800);
      await shot(page, `stats-02b-legend-and-table-${width}px`);
      const legend = await frame.locator('[data-testid="legend"]').boundingBox();
      const table = await frame.locator('.stats-side').boundingBox();
      assert.ok(legend && table, 'the legend and the table are on screen');
      const overlap =
        legend.x < table.x + table.width &&
        table.x < legend.x + legend.width &&
        legend.y < table.y + table.height &&
        table.y < legend.y + legend.height;
      assert.ok(
        !overlap,
        `at ${width} px the legend ${JSON.stringify(legend)} overlaps the table ${JSON.stringify(table)}`,
      );
    }

    // Export CSV: VS Code's save dialog, a name typed in the workspace.
    const target = join(workspace, 'exported-stats.csv');
    await saveThroughDialog(page, frame, 'export-csv', /[\\/]field-stats-export-\d{4}-\d{2}-\d{2}\.csv$/, target);
    assert.ok(existsSync(target), target);
    const lines = readFileSync(target, 'utf8').split('\r\n');
    assert.equal(
      lines[0],
      'field,date,index,mean,median,std,min,max,p10,p25,p75,p90,valid_pixels,nodata_pixels,valid_fraction,image',
    );
    assert.equal(lines.length - 2, 40 * 3, 'every field and date, not only those shown');
    assert.match(lines[1] ?? '', /^field-01,2024-06-12,ndvi,-?\d/);

    // Export PNG: the chart as shown, its title above and the ten swatches under it.
    const png = join(workspace, 'exported-chart.png');
    await saveThroughDialog(page, frame, 'export-png', /[\\/]field-stats-export-\d{4}-\d{2}-\d{2}\.png$/, png);
    const bytes = readFileSync(png);
    assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
    const canvas = await frame.locator('[data-testid="chart"]').evaluate((c) => [c.width, c.height]);
    assert.equal(bytes.readUInt32BE(16), canvas[0], 'as wide as the chart');
    assert.ok(bytes.readUInt32BE(20) > canvas[1], 'taller than the chart: the title and the legend');
    copyFileSync(png, join(projectRoot, 'test-results', 'ui', 'stats-02c-exported-chart.png'));

    // A date in the table (as a point of the chart) opens its image beside the chart, the field outlined.
    await frame.locator('.stats-link').first().click();
    const viewer = await webviewWith(page, '[data-testid="outline"]:text("Outlined: field-10")', 60_000);
    await viewer.locator('[data-testid="view-status"]', { hasText: /^Showing/ }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    await shot(page, 'stats-05-image-with-field-outlined');

    await frame.locator('[data-testid="mode"]').selectOption('time');
    assert.equal(await toggleLightDarkTheme(page), 'dark');
    await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
    await page.waitForTimeout(800);
    assert.ok((await inkedPixels(frame)) > 2000, 'the chart is drawn in the dark theme');
    await shot(page, 'stats-03-dark');
    await frame.locator('[data-testid="mode"]').selectOption('doy');
    await page.waitForTimeout(300);
    await shot(page, 'stats-04-day-of-year-dark');
    assert.equal(await toggleLightDarkTheme(page), 'light');
  });

  it('the statistics by keyboard alone, light and dark, with no accessibility violation; the chart in words', async () => {
    const { page } = wb;
    // The panel the test before left open draws the same chart: closed first, so the frame found is
    // the new panel's, not one that the new run replaces (a frame then detached under the checks).
    await page.keyboard.press('Escape');
    await runPaletteTitle(page, 'View: Close All Editors');
    await page.locator('.editor-group-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });
    const frame = await openStatistics(page);
    for (const theme of ['light', 'dark']) {
      await frame.locator(`body.vscode-${theme}`).waitFor({ state: 'attached' });
      await page.waitForTimeout(300);
      await assertAccessible(frame, `the statistics (${theme})`);
      const order = await tabOrder(page, frame, frame.locator('h1').first(), { click: true, max: 30 });
      assertInOrder(
        order,
        [/^Index$/, /^Horizontal axis$/, /^Export CSV…$/, /^Export PNG…$/, /^Search fields$/],
        'the statistics',
      );
      await assertFocusVisible(page, frame.locator('[data-testid="export-csv"]'), 'Export CSV…');
      await shot(page, `stats-06-keyboard-${theme}`);
      // What the chart draws, as text a screen reader reaches: the table of the selected fields
      // (every statistic, a row per date) and the legend naming each line.
      const rows = await assertReachableText(frame, '[data-testid="stats-table"] tbody tr', 'the statistics table');
      assert.equal(rows.length, 5 * 3, 'the five selected fields, three dates each');
      await assertReachableText(frame, '[data-testid="stats-table"] thead th', "the table's headers");
      await assertReachableText(frame, '[data-testid="legend"]', "the chart's legend");
      // Each pass ends in the other theme: light, dark, then light again.
      assert.equal(await toggleLightDarkTheme(page), theme === 'light' ? 'dark' : 'light');
    }
    // What the panel opens from the keyboard is VS Code's save dialog (Export CSV…, Export PNG…):
    // Escape closes it, nothing is written, and the panel stays with the focus on the button.
    const saved = () => filesNamed(wb.workspace, /^field-stats-export-/);
    const before = saved();
    const exportCsv = frame.locator('[data-testid="export-csv"]');
    await exportCsv.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('.quick-input-widget');
    await dialog.locator('input').waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await dialog.locator('.quick-input-title').innerText(), /Export the field statistics as CSV/);
    await shot(page, 'stats-07-export-dialog-by-keyboard');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await frame.locator('[data-testid="chart"][data-lines]').waitFor({ state: 'attached' });
    // The focus comes back to the panel, on the button (not on the page's body: Tab would start
    // again from the top).
    await frame
      .waitForFunction(() => document.activeElement?.dataset.testid === 'export-csv', undefined, { timeout: 10_000 })
      .catch(async () => {
        const on = await frame.evaluate(() => document.activeElement?.tagName);
        assert.fail(`the focus is not back on Export CSV… but on ${on}`);
      });
    assert.equal(await frame.locator('[data-testid="status"]').innerText(), '', 'the page says nothing was saved');
    assert.deepEqual(saved(), before, 'Escape in the save dialog wrote no file');
  });

  it('the map coloured by the statistics by keyboard: Escape closes the fields as text', async () => {
    const { page } = wb;
    await page.keyboard.press('Escape');
    await runPaletteTitle(page, 'View: Close All Editors');
    await page.locator('.editor-group-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });
    // The statistics write the series folder's table (field-stats.csv): the map colours
    // fields.geojson's fields from it.
    await openStatistics(page);
    await explorerMenu(page, 'fields.geojson', 'Satellite Imagery', 'Show on Map');
    const frame = await webviewWith(page, '[data-testid="map-colour-by"]', 60_000);
    // The colours chosen from the keyboard: the change since the previous valid date.
    const choice = frame.locator('[data-testid="map-colour-by"]');
    await choice.focus();
    await page.keyboard.press('ArrowDown');
    const summary = frame.locator('summary', { hasText: 'The fields as text' });
    await summary.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await choice.inputValue(), 'change');
    assert.ok(await choice.evaluate((e) => document.activeElement === e), 'the focus stays on the choice');
    await assertAccessible(frame, 'the map coloured by the statistics');
    await summary.focus();
    await page.keyboard.press('Enter');
    const lines = frame.locator('details[open] [data-testid="map-values-lines"] li');
    await lines.first().waitFor({ state: 'visible' });
    assert.equal(await lines.count(), 40, 'a line of text per field');
    await page.waitForTimeout(500);
    await shot(page, 'stats-08-map-fields-as-text');
    await page.keyboard.press('Escape');
    await frame.locator('details:not([open]) [data-testid="map-values-lines"]').waitFor({ state: 'attached' });
    assert.ok(await summary.evaluate((e) => document.activeElement === e), 'the focus is back on the summary');
  });

  it("the map keeps the keyboard's focus on a layer's checkbox when its layers are drawn again", async () => {
    const { page, workspace } = wb;
    await page.keyboard.press('Escape');
    await runPaletteTitle(page, 'View: Close All Editors');
    await page.locator('.editor-group-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });
    await explorerMenu(page, 'field.wkt', 'Satellite Imagery', 'Show on Map');
    const box = '[data-testid="layer-workspace"]';
    const frame = await webviewWith(page, box, 60_000);
    // Each read in one go: the host sends a few layers, each drawing the list anew.
    const count = () =>
      frame.evaluate((selector) => document.querySelector(selector)?.closest('label')?.textContent, box);
    const focused = () =>
      frame.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
    const before = await count();
    await frame.locator(box).focus();
    assert.equal(await focused(), 'layer-workspace', "the layer's checkbox has the focus");
    // Another AOI file saved in the workspace: the host sends its layer again, the list is drawn anew.
    copyFileSync(join(workspace, 'field.geojson'), join(workspace, 'another-field.geojson'));
    await frame.waitForFunction(
      ([selector, was]) => document.querySelector(selector)?.closest('label')?.textContent !== was,
      [box, before],
      { timeout: 30_000 },
    );
    assert.notEqual(await count(), before, 'the other AOI files layer counts the new file');
    assert.equal(await focused(), 'layer-workspace', "the focus stays on the layer's checkbox");
  });

  it('every column of the table shows at 1280 × 720, the side bar open, at its narrowest or closed, light and dark', async () => {
    const { page } = wb;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.keyboard.press('Escape');
    await runPaletteTitle(page, 'View: Close All Editors');
    await page.locator('.editor-group-container .tab').first().waitFor({ state: 'detached', timeout: 15_000 });
    const frame = await openStatistics(page);
    const valid = frame.locator('[data-testid="stats-table"] thead th', { hasText: /^valid$/ });
    const layouts = [
      ['side-bar-open', async () => undefined],
      // 1050 px of panel: the table beside the chart lost its "valid" past the panel's right edge.
      ['side-bar-narrowest', () => dragSideBarEdge(page, 48 + 170)],
      ['side-bar-closed', () => runPaletteTitle(page, 'View: Toggle Primary Side Bar Visibility')],
    ];
    for (const [layout, arrange] of layouts) {
      const before = await frame.evaluate(() => innerWidth);
      await arrange();
      if (layout !== 'side-bar-open') await frame.waitForFunction((w) => innerWidth !== w, before);
      // The page places the table from a ResizeObserver: two frames later it is where it goes.
      await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      for (let pass = 0; pass < 2; pass++) {
        const theme = (await page.locator('.monaco-workbench.vs-dark').count()) ? 'dark' : 'light';
        await frame.locator(`body.vscode-${theme}`).waitFor({ state: 'attached' });
        const width = await frame.evaluate(() => innerWidth);
        const placed = (await frame.locator('.stats-body.stats-stacked').count()) ? 'under' : 'beside';
        await shot(page, `stats-07-${layout}-${theme}`);
        await assertShownWhole(
          frame,
          valid,
          '.stats-side',
          `${layout}, ${theme}: the table's last column, "valid", in a ${width} px panel (the table ${placed} the chart)`,
        );
        if (pass === 0) await toggleLightDarkTheme(page);
      }
    }
  });
});
