// The cost panel's buttons within a click's reach in a small window (1400 × 757, where the demo
// showed the progress notification lying over a time series' Proceed and Cancel): the element at
// Proceed's centre, as the browser hit-tests it through the workbench and both webview frames, is
// Proceed; a real mouse click there proceeds; the wait is said in the status bar meanwhile.
// And in a 1000 px window's narrow editor group: the spend button's whole label, its amounts in it.
// Screenshots, light and dark, under test-results/ui/.
import * as assert from 'node:assert/strict';
import {
  PROCEED,
  hitChain,
  openCostPanelFromMenu,
  openWorkbench,
  runPaletteTitle,
  setDemoKey,
  shot,
  toggleLightDarkTheme,
} from './workbench.mjs';

describe('The cost panel in a small window', function () {
  this.timeout(180_000);
  let wb;
  before(async function () {
    wb = await openWorkbench({ viewport: { width: 1400, height: 757 } });
  });
  after(async () => wb?.stop());

  it('leaves Proceed uncovered while a time series waits for the decision, and a click there proceeds', async () => {
    try {
      await proceedFromSmallWindow(wb);
    } catch (error) {
      await shot(wb.page, 'reach-failed').catch(() => {});
      throw error;
    }
  });
});

/** Sets the key, opens the area beside the editor, its time series' cost panel; hit-tests and clicks Proceed. */
async function proceedFromSmallWindow(wb) {
  assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
  const { page } = wb;
  // The key's own notification ("API key saved") is the person's to close; only the workflow's is under test.
  const saved = await setDemoKey(page);
  await runPaletteTitle(page, 'Notifications: Clear All Notifications');
  await saved.waitFor({ state: 'hidden' });
  // The area open in the editor, so the panel opens beside it, as in the demo.
  await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'field.wkt' }).first().dblclick();
  await page.locator('.tabs-container .tab', { hasText: 'field.wkt' }).first().waitFor({ state: 'visible' });
  const frame = await openCostPanelFromMenu(
    page,
    'field.wkt',
    undefined,
    'Download Time Series',
    '[data-testid="plan-units"]',
  );
  const proceed = frame.locator(`${PROCEED}:not([disabled])`).first();
  await proceed.waitFor({ state: 'visible' });
  // Drawn once: the same estimate sent again as the page says ready keeps the elements it drew.
  await proceed.scrollIntoViewIfNeeded({ timeout: 5000 });
  // A notification slides in over a moment: let whatever shows settle before hit-testing.
  await page.waitForTimeout(1500);
  await shot(page, 'reach-01-time-series-panel-1400x757');
  assert.equal(await toggleLightDarkTheme(page), 'dark');
  await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
  await page.waitForTimeout(500);
  await shot(page, 'reach-02-time-series-panel-1400x757-dark');
  assert.equal(await toggleLightDarkTheme(page), 'light');
  await frame.locator('body.vscode-light').waitFor({ state: 'attached' });

  const box = await proceed.boundingBox();
  assert.ok(box, 'Proceed has no box on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  assert.ok(x > 0 && x < 1400 && y > 0 && y < 757, `Proceed's centre (${x}, ${y}) is outside the window`);
  const { reached, hits } = await hitChain(page, frame, x, y, PROCEED);
  assert.ok(
    reached,
    `the element at Proceed's centre (${Math.round(x)}, ${Math.round(y)}) is not Proceed: ${hits.join(' > ')}`,
  );

  // The wait is said where it covers nothing: the status bar.
  await page
    .locator('.part.statusbar', { hasText: 'waiting for your decision' })
    .first()
    .waitFor({ state: 'visible', timeout: 5000 });

  const processCalls = () =>
    wb.simulator.requests.filter((r) => r.path === '/api/satelliteimages/process/composite').length;
  const before = processCalls();
  await page.mouse.click(x, y);
  for (const until = Date.now() + 60_000; processCalls() === before && Date.now() < until;)
    await page.waitForTimeout(250);
  assert.ok(processCalls() > before, "a click at Proceed's centre did not proceed");
  await shot(page, 'reach-03-after-proceed');
}

// A 1000 px window with the area open and the cost panel beside it: a panel about 350 px wide. The
// spend button's label, its longest (a composite whose area no order covers, with automatic order
// creation on: the image's credits and the order's month), is whole: nothing of it clipped inside
// the button, the button within the panel.
describe('The cost panel in a narrow editor group', function () {
  this.timeout(180_000);
  let wb;
  before(async function () {
    wb = await openWorkbench({
      viewport: { width: 1000, height: 757 },
      files: {
        // A field near Odense, outside the demo orders' area near Aarhus: no order covers it.
        'odense-field.wkt':
          'POLYGON ((10.4205 55.4105, 10.4281 55.4112, 10.4287 55.4071, 10.4212 55.4064, 10.4205 55.4105))\n',
        '.vscode/settings.json': JSON.stringify({ 'satImagery.defaults.output.automaticOrderCreation': true }),
      },
    });
  });
  after(async () => wb?.stop());

  it("shows the spend button's whole label, with its amount, in a 1000 px window's narrow editor group", async () => {
    try {
      await spendLabelWhole(wb);
    } catch (error) {
      await shot(wb.page, 'narrow-failed').catch(() => {});
      throw error;
    }
  });
});

/** What the browser shows of the button: the label's width against the room inside it (its
 * shadow root's base, which clips), and its right edge against the panel's. */
function buttonFit(button) {
  const inner = button.shadowRoot?.querySelector('[part="base"]') ?? button;
  return {
    label: (button.textContent ?? '').trim(),
    scrollWidth: inner.scrollWidth,
    clientWidth: inner.clientWidth,
    right: button.getBoundingClientRect().right,
    panelWidth: document.documentElement.clientWidth,
  };
}

async function spendLabelWhole(wb) {
  assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
  const { page } = wb;
  const saved = await setDemoKey(page);
  await runPaletteTitle(page, 'Notifications: Clear All Notifications');
  await saved.waitFor({ state: 'hidden' });
  await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'odense-field.wkt' }).first().dblclick();
  await page.locator('.tabs-container .tab', { hasText: 'odense-field.wkt' }).first().waitFor({ state: 'visible' });
  // The panel opens as a tab of the active group: the editor split in two makes that group narrow.
  await runPaletteTitle(page, 'View: Split Editor Right');
  await page.locator('.editor-group-container').nth(1).waitFor({ state: 'visible' });
  const frame = await openCostPanelFromMenu(page, 'odense-field.wkt');
  const proceed = frame.locator(`${PROCEED}:not([disabled])`).first();
  await proceed.waitFor({ state: 'visible' });
  const amounts = [];
  for (const id of ['credits', 'automatic-order-current-month']) {
    const shown = (await frame.locator(`[data-testid="${id}"]`).first().innerText()).trim();
    const amount = shown.match(/\d[\d.,\s]*\d|\d/)?.[0];
    assert.ok(amount, `the panel shows no amount as ${id}: ${shown}`);
    amounts.push(amount);
  }
  const panel = await frame.evaluate(() => document.documentElement.clientWidth);
  assert.ok(panel < 500, `the cost panel is ${panel} px wide: not a narrow editor group`);
  await proceed.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  for (const theme of ['light', 'dark']) {
    await shot(page, `narrow-01-cost-panel-1000px-${theme}`);
    const fit = await proceed.evaluate(buttonFit);
    for (const amount of amounts)
      assert.ok(fit.label.includes(amount), `the button's label "${fit.label}" does not carry the amount ${amount}`);
    assert.ok(
      fit.scrollWidth <= fit.clientWidth,
      `the button clips its label "${fit.label}": ${fit.scrollWidth} px of text in ${fit.clientWidth} px`,
    );
    assert.ok(fit.right <= fit.panelWidth, `the button ends at ${fit.right} px, past the ${fit.panelWidth} px panel`);
    if (theme === 'light') {
      assert.equal(await toggleLightDarkTheme(page), 'dark');
      await frame.locator('body.vscode-dark').waitFor({ state: 'attached' });
      await page.waitForTimeout(500);
    }
  }
  assert.equal(await toggleLightDarkTheme(page), 'light');
}
