// The cost panel's buttons within a click's reach in a small window (1400 × 757, where the demo
// showed the progress notification lying over a time series' Proceed and Cancel): the element at
// Proceed's centre, as the browser hit-tests it through the workbench and both webview frames, is
// Proceed; a real mouse click there proceeds; the wait is said in the status bar meanwhile.
// Screenshots, light and dark, under test-results/ui/.
import * as assert from 'node:assert/strict';
import {
  PROCEED,
  openCostPanelFromMenu,
  openWorkbench,
  runPaletteTitle,
  setDemoKey,
  shot,
  toggleLightDarkTheme,
} from './workbench.mjs';

/** The element the browser hits at (x, y) of a frame's document, in words, and whether it is
 * `expected` (an element handle) or inside `selector`. */
function hitAt([x, y, expected, selector]) {
  const found = document.elementFromPoint(x, y);
  const what = found
    ? `${found.tagName.toLowerCase()}${[...found.classList].map((c) => `.${c}`).join('')} "${(found.textContent ?? '').trim().slice(0, 60)}"`
    : 'nothing';
  return { ok: expected ? found === expected : Boolean(found?.closest(selector)), what };
}

/** What the browser hits at page point (x, y), level by level down to `frame`: at each level the
 * topmost element must be the next frame's iframe; in `frame`, an element inside `selector`. */
async function hitChain(page, frame, x, y, selector) {
  const chain = [];
  for (let f = frame; f.parentFrame(); f = f.parentFrame()) chain.unshift(f);
  const hits = [];
  let parent = page.mainFrame();
  let offset = { x: 0, y: 0 };
  for (const level of chain) {
    const iframe = await level.frameElement();
    const hit = await parent.evaluate(hitAt, [x - offset.x, y - offset.y, iframe, undefined]);
    hits.push(hit.what);
    if (!hit.ok) return { reached: false, hits };
    const box = await iframe.boundingBox();
    offset = { x: box.x, y: box.y };
    parent = level;
  }
  const own = await frame.evaluate(hitAt, [x - offset.x, y - offset.y, undefined, selector]);
  hits.push(own.what);
  return { reached: own.ok, hits };
}

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
    '[data-testid="series-dates"]',
  );
  const proceed = frame.locator(`${PROCEED}:not([disabled])`).first();
  await proceed.waitFor({ state: 'visible' });
  // The page may draw again once (the balance arrives after the first render): the button is
  // then a new element. Scroll the one that is there when it is there.
  for (let attempt = 1; ; attempt++) {
    try {
      await proceed.scrollIntoViewIfNeeded({ timeout: 5000 });
      break;
    } catch (error) {
      if (attempt === 3 || !/not attached/.test(String(error))) throw error;
      await page.waitForTimeout(300);
    }
  }
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
