// What a person does on first use, in a real browser against code-server and the simulator:
// set the key, look at the orders, download a composite from the explorer. Each step saves a
// screenshot under test-results/ui/. The steps are one story: when one fails, the ones that
// depend on it are skipped rather than failed again for the same reason.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  Commands,
  DEMO_KEY,
  PROCEED,
  answerQuickInput,
  explorerMenu,
  extensionContributed,
  openCostPanelFromMenu,
  openViewContainer,
  openWorkbench,
  paletteRows,
  paletteTitle,
  runFromPalette,
  shot,
  toggleLightDarkTheme,
  viewRows,
} from './workbench.mjs';

describe('Satellite Imagery in the browser workbench', function () {
  this.timeout(90_000);
  let wb;
  const failed = new Set();
  const needs = (ctx, ...steps) => {
    const missing = steps.filter((s) => failed.has(s));
    if (missing.length) ctx.skip();
  };
  const step = (name, fn) =>
    it(name, async function () {
      try {
        await fn.call(this);
      } catch (error) {
        failed.add(name);
        if (wb) await shot(wb.page, `failed-${name}`).catch(() => {});
        throw error;
      }
    });
  const needService = () => {
    if (!wb.simulator) throw new Error(`the simulator did not start: ${wb.simulatorError?.message ?? 'unknown'}`);
  };

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench();
  });
  after(async () => wb?.stop());

  step('loads the workbench with the extension', async () => {
    await extensionContributed(wb.page);
    await shot(wb.page, '01-workbench');
  });

  step('lists the Satellite Imagery commands in the palette', async function () {
    needs(this, 'loads the workbench with the extension');
    await extensionContributed(wb.page);
    const rows = await paletteRows(wb.page, 'Satellite Imagery');
    await shot(wb.page, '02-palette');
    await wb.page.keyboard.press('Escape');
    for (const id of [Commands.setApiKey, Commands.downloadComposite]) {
      assert.ok(
        rows.some((r) => r.includes(paletteTitle(id))),
        `no "${paletteTitle(id)}" among: ${rows.join(' | ')}`,
      );
    }
  });

  step('sets the API key through the command palette', async function () {
    needs(this, 'lists the Satellite Imagery commands in the palette');
    await runFromPalette(wb.page, Commands.setApiKey);
    const input = wb.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.getAttribute('type'), 'password', 'the key prompt must hide what is typed');
    await input.fill(DEMO_KEY);
    await shot(wb.page, '03-set-key');
    await wb.page.keyboard.press('Enter');
    await input.waitFor({ state: 'hidden' });
  });

  step("shows the simulator's orders in the Orders tree", async function () {
    needs(this, 'sets the API key through the command palette');
    needService();
    const response = await fetch(new URL('/api/tasking/orders', wb.simulator.url), {
      headers: { 'x-api-key': DEMO_KEY },
    });
    const orders = (await response.json()).Data?.TaskOrders ?? [];
    assert.ok(orders.length > 0, 'the demo simulator lists no orders');
    await openViewContainer(wb.page, 'Satellite Imagery');
    // Rows first read "Loading orders…"; wait for one that names a model the simulator holds.
    const models = [...new Set(orders.map((o) => String(o.Model)))];
    const modelPattern = new RegExp(models.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    const orderRows = viewRows(wb.page, 'Orders').filter({ hasText: modelPattern });
    await orderRows.first().waitFor({ state: 'visible', timeout: 30_000 });
    await shot(wb.page, '04-orders');
    const texts = await viewRows(wb.page, 'Orders').allInnerTexts();
    assert.ok(!texts.some((t) => /error|failed/i.test(t)), `the Orders tree shows an error: ${texts.join(' | ')}`);
  });

  step('downloads a composite from the explorer context menu', async function () {
    needs(this, 'sets the API key through the command palette');
    needService();
    const frame = await openCostPanelFromMenu(wb.page, 'field.geojson', '05-context-menu');
    const credits = await frame.locator('[data-testid="credits"]').first().innerText();
    assert.match(credits, /\d/, `the cost webview shows no estimate: ${credits}`);
    // The figures behind the price, as the command line says them too: the field's small file in kB.
    assert.match(await frame.locator('[data-testid="file-size"]').first().innerText(), /^\d+ kB$/);
    assert.match(await frame.locator('[data-testid="time"]').first().innerText(), /^about \d+ s$/);
    await frame.locator(`${PROCEED}:not([disabled])`).first().waitFor({ state: 'visible' });
    // The area on the shared map: the AOI and its billed box drawn on the offline basemap.
    const map = frame.locator('[data-testid="map"]').first();
    await frame
      .locator('[data-testid="map"][data-drawn="true"]')
      .first()
      .waitFor({ state: 'attached', timeout: 30_000 });
    assert.match(await map.getAttribute('data-layers'), /\baoi:1\b.*\bbilled:1\b|\bbilled:1\b.*\baoi:1\b/);
    await map.scrollIntoViewIfNeeded();
    // The scale bar stands above the row of longitude labels along the bottom edge, hiding none.
    const mapBox = await map.boundingBox();
    const scaleBox = await frame.locator('[data-testid="map"] .ol-scale-line').first().boundingBox();
    assert.ok(mapBox && scaleBox, 'the map and its scale bar are shown');
    const clearance = mapBox.y + mapBox.height - (scaleBox.y + scaleBox.height);
    assert.ok(clearance >= 18, `the scale bar is ${clearance} px above the map's bottom edge`);
    await shot(wb.page, '06-cost-webview');
    // The same panel in the dark theme: it takes the theme's colours as the workbench does, the
    // map redrawn in them (one more complete frame).
    const frames = await map.getAttribute('data-frames');
    assert.equal(await toggleLightDarkTheme(wb.page), 'dark');
    await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
    await frame.locator(`${PROCEED}:not([disabled])`).first().waitFor({ state: 'visible' });
    await frame
      .locator(`[data-testid="map"]:not([data-frames="${frames}"])`)
      .first()
      .waitFor({ state: 'attached', timeout: 30_000 });
    await shot(wb.page, '06-cost-webview-dark');
    assert.equal(await toggleLightDarkTheme(wb.page), 'light');
    await frame.locator('body.vscode-light').waitFor({ state: 'attached' });
    await frame.locator(PROCEED).first().click();

    const tiff = await waitForFile(wb.workspace, /\.tiff?$/i, 60_000);
    const parts = relative(wb.workspace, tiff).split('/');
    await wb.page.keyboard.press('Control+Shift+E');
    // The explorer learns of the new folder from its file watcher a moment later, and may draw the
    // folder again (collapsed) while it does: the folders are opened until the file's row shows.
    const row = wb.page.locator('.explorer-folders-view [role="treeitem"]', { hasText: parts.at(-1) });
    for (let attempt = 1; ; attempt++) {
      for (const folder of parts.slice(0, -1)) {
        const folderRow = wb.page.locator('.explorer-folders-view [role="treeitem"]', { hasText: folder }).first();
        await folderRow.waitFor({ state: 'visible', timeout: 15_000 });
        if ((await folderRow.getAttribute('aria-expanded')) === 'false') await folderRow.click();
      }
      try {
        await row.first().waitFor({ state: 'visible', timeout: 10_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await shot(wb.page, '07-geotiff-in-explorer');
  });

  step('cancels in the cost panel: the panel closes and nothing is processed', async function () {
    needs(this, 'downloads a composite from the explorer context menu');
    needService();
    const processCalls = () =>
      wb.simulator.requests.filter((r) => r.path === '/api/satelliteimages/process/composite').length;
    const before = processCalls();
    const frame = await openCostPanelFromMenu(wb.page, 'field.wkt');
    await frame.locator('[data-testid="cancel"]').first().click();
    await wb.page
      .locator('.tabs-container .tab', { hasText: 'Composite of' })
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
    await shot(wb.page, '08-cancelled');
    assert.equal(processCalls(), before, 'Cancel sent a process request');
  });

  // Skipped when session 10 stopped: it fails since the branches were merged (closing note); issue #13 stays open until it passes.
  it('offers the Advanced output step in the wizard (screenshot), without forcing it', async function () {
    needs(this, 'sets the API key through the command palette');
    needService();
    const page = wb.page;
    await explorerMenu(page, 'field.wkt', 'Satellite Imagery');
    await page
      .locator('.context-view.monaco-menu-container [role="menuitem"]', { hasText: 'Download Composite' })
      .last()
      .click();
    const menu = page.locator('.context-view.monaco-menu-container').first();
    if (
      !(await menu.waitFor({ state: 'hidden', timeout: 3000 }).then(
        () => true,
        () => false,
      ))
    )
      await page.keyboard.press('Enter');
    // Answer each prompt with its proposal until the Output step shows.
    const title = page.locator('.quick-input-widget .quick-input-title');
    const deadline = Date.now() + 60_000;
    let atOutput = false;
    while (!atOutput && Date.now() < deadline) {
      const prompt = page.locator('.quick-input-widget input');
      if (!(await prompt.isVisible())) {
        await page.waitForTimeout(200);
        continue;
      }
      // The title reads "Download composite: Output (7/7)"; its placeholder names the step too.
      const shown = (await title.innerText().catch(() => '')).trim();
      atOutput =
        /(^|: )Output \(/.test(shown) ||
        /^Output fields/.test((await prompt.getAttribute('placeholder').catch(() => '')) ?? '');
      if (atOutput) break;
      await answerQuickInput(page);
      // Wait until this step has given way (the widget hidden, or another title): read too early,
      // the answered step's title is still shown, and the next Enter would land on whatever step
      // comes up meanwhile, the Output step included, and accept it unseen.
      await page
        .waitForFunction(
          (answered) => {
            const widget = document.querySelector('.quick-input-widget');
            if (!widget || getComputedStyle(widget).display === 'none') return true;
            return (widget.querySelector('.quick-input-title')?.textContent ?? '').trim() !== answered;
          },
          shown,
          { timeout: 30_000 },
        )
        .catch(() => undefined); // a step that stayed is answered again
    }
    assert.ok(atOutput, 'the Output step did not show');
    const rows = page.locator('.quick-input-widget .quick-input-list [role="option"]');
    await rows.filter({ hasText: 'Advanced output' }).first().waitFor({ state: 'visible' });
    assert.match(await rows.first().innerText(), /Continue/, 'keeping the output fields is the first, proposed answer');
    await shot(page, '09-output-step');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await rows.filter({ hasText: 'uint8' }).first().waitFor({ state: 'visible' });
    assert.match(await title.innerText(), /Data type/);
    await shot(page, '10-advanced-output-data-type');
    await page.keyboard.press('Escape');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  });

  step("shows a time series' dates and their total in the cost panel", async function () {
    needs(this, 'sets the API key through the command palette');
    needService();
    const processCalls = () =>
      wb.simulator.requests.filter((r) => r.path === '/api/satelliteimages/process/composite').length;
    const before = processCalls();
    // The series' own panel, by its dates: a cost panel left open by an earlier step (one that
    // failed on its way) also has a Proceed button, and is not this one.
    const frame = await openCostPanelFromMenu(
      wb.page,
      'field.wkt',
      undefined,
      'Download Time Series',
      '[data-testid="plan-units"]',
    );
    const rows = frame.locator('[data-testid="plan-units"] tbody tr');
    await rows.first().waitFor({ state: 'visible' });
    assert.ok((await rows.count()) > 1, 'the panel lists the dates');
    assert.match(await frame.locator('[data-testid="plan-credits"]').innerText(), /\d/);
    await shot(wb.page, '09-time-series-estimate');
    await frame.locator('[data-testid="cancel"]').first().click();
    await wb.page
      .locator('.tabs-container .tab', { hasText: 'Time series of' })
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
    assert.equal(processCalls(), before, 'nothing billed before Proceed');
  });

  step('compares the polygon order with the cheapest tile cover in the cost panel', async function () {
    needs(this, 'sets the API key through the command palette');
    needService();
    const frame = await openCostPanelFromMenu(
      wb.page,
      'field.geojson',
      undefined,
      'Estimate Tasking Order',
      '[data-testid="covers"]',
    );
    for (const id of ['polygon', 'tiles']) {
      assert.match(
        await frame.locator(`[data-testid="cover-${id}-per-month"]`).first().innerText(),
        /\d/,
        `no monthly price for the ${id} order`,
      );
      await frame.locator(`[data-testid="cover-map-${id}"]`).first().waitFor({ state: 'visible' });
      // Each cover on the shared map: the polygon order with its billed box, the tile order with its tiles.
      await frame
        .locator(`[data-testid="cover-map-${id}"][data-drawn="true"]`)
        .first()
        .waitFor({ state: 'attached', timeout: 30_000 });
      const layers = await frame.locator(`[data-testid="cover-map-${id}"]`).first().getAttribute('data-layers');
      assert.match(layers, id === 'polygon' ? /\bbilled:[1-9]/ : /\btiles:[1-9]/, `${id} cover map: ${layers}`);
    }
    // The demo field overlaps one of the demo orders: the panel says so, and the caveat beside the
    // price does not claim the opposite.
    await frame
      .locator('[data-testid^="warning"]', { hasText: 'overlaps the area of your order' })
      .first()
      .waitFor({ state: 'visible' });
    assert.match(
      await frame.locator('[data-testid="caveat"]').first().innerText(),
      /as if the area overlapped none of them, which the warnings above say may not hold here/,
    );
    // A field of half a km² in one mini-tile of 17 km²: the service's tiles cost more, and the panel says so.
    assert.match(
      await frame.locator('[data-testid="covers-intro"]').first().innerText(),
      /cost more per month than the polygon order here/,
    );
    await frame.locator('[data-testid="cover-pick-tiles"]').first().check();
    await frame.locator(PROCEED, { hasText: 'tiles order' }).first().waitFor({ state: 'visible' });
    await frame.locator('[data-testid="covers"]').first().scrollIntoViewIfNeeded();
    await shot(wb.page, '09-cheapest-cover');
    const creates = () =>
      wb.simulator.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders').length;
    const before = creates();
    await frame.locator('[data-testid="cancel"]').first().click();
    assert.equal(creates(), before, 'Cancel created an order');
  });
});

/** Waits until a file matching `pattern` exists under `dir` (the download lands on disk). */
async function waitForFile(dir, pattern, timeoutMs) {
  const { watch } = await import('node:fs');
  const find = () => {
    const walk = (d) =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(d, e.name)) : pattern.test(e.name) ? [join(d, e.name)] : [],
      );
    return existsSync(dir) ? walk(dir)[0] : undefined;
  };
  return new Promise((resolve, reject) => {
    const found = find();
    if (found) return resolve(found);
    const watcher = watch(dir, { recursive: true }, () => {
      const hit = find();
      if (hit) done(() => resolve(hit));
    });
    const timer = setTimeout(
      () => done(() => reject(new Error(`no file matching ${pattern} appeared in the workspace`))),
      timeoutMs,
    );
    const done = (fn) => {
      clearTimeout(timer);
      watcher.close();
      fn();
    };
  });
}
