// The Plan code lens as a person meets it: imagery.json open in the editor, a click on "Plan" above
// its first line, the plan in the cost panel (each date to buy with its credits, the total, the
// balance and the file's budget), Apply…, the modal naming the total, Buy, and the panel's summary
// with the plan made after it ("No changes"); a deep area and image path shown whole at 1280 × 720;
// at that size no notification over Apply…, while the plan waits and while its apply runs.
// Screenshots under test-results/ui/.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  assertProceedUncovered,
  noWebviewWith,
  openWorkbench,
  setDemoKey,
  shot,
  runPaletteTitle,
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

/** The simulator's clock: imagery every day, so the dates below are covered on any day. */
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-08', '2026-06-10', '2026-06-12'];
const IMAGERY = JSON.stringify(
  {
    datasets: [
      {
        name: 'rgb',
        area: 'field.wkt',
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        resolution: 20,
        bandnames: 'rgb',
        epsgProjection: 4326,
        dates: DATES,
        fieldStats: { fields: 'plan-fields.geojson', indices: ['B4'] },
      },
    ],
    budget: { maxCredits: 500 },
  },
  null,
  2,
);

/** The field of field.wkt as the one field of the declared field table. */
const FIELDS = JSON.stringify({
  type: 'Feature',
  properties: { name: 'field' },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [10.2205, 56.1105],
        [10.2281, 56.1112],
        [10.2287, 56.1071],
        [10.2212, 56.1064],
        [10.2205, 56.1105],
      ],
    ],
  },
});

/** A lock holding an order whose create was sent and never answered, which its file no longer declares. */
const HELD_LOCK = `${JSON.stringify(
  {
    version: 1,
    images: [],
    orders: [
      {
        order: 'spring-order',
        area: 'field.wkt',
        payloadHash: 'b'.repeat(64),
        payload: { Model: 'Stratus2', StartDate: '2026-06-01' },
        at: '2026-06-14T09:30:00.000Z',
      },
    ],
  },
  null,
  2,
)}\n`;

/** A file whose monthly cap holds none of its dates: every one deferred. */
const CAPPED = JSON.stringify(
  {
    datasets: [{ ...JSON.parse(IMAGERY).datasets[0], name: 'capped', dates: ['2026-06-09', '2026-06-11'] }],
    budget: { maxCreditsPerMonth: 0.03 },
  },
  null,
  2,
);

/** A file of its own for the keyboard test: one date to buy, whatever the other tests bought. */
const KEYBOARD = JSON.stringify(
  { datasets: [{ ...JSON.parse(IMAGERY).datasets[0], name: 'keyboard', dates: ['2026-06-05'] }] },
  null,
  2,
);

/** A file whose area and folder lie deep in the workspace, with hyphens in their names: the plan
 * shows both paths whole at 1280 × 720, each line ending after a separator. */
const DEEP_AREA = 'areas/farm-north-2026/field-boundaries-of-the-season.wkt';
const DEEP_FOLDER = 'imagery/farm-north-2026/true-colour-composites-at-20m';
const DEEP = (() => {
  const { fieldStats: _none, ...dataset } = JSON.parse(IMAGERY).datasets[0];
  return JSON.stringify(
    { datasets: [{ ...dataset, name: 'deep', area: DEEP_AREA, folder: DEEP_FOLDER, dates: ['2026-06-07'] }] },
    null,
    2,
  );
})();

/** A file of its own for the reach test: one date to buy, at a window of 1280 × 720. */
const REACH = JSON.stringify(
  {
    datasets: [
      { ...JSON.parse(DEEP).datasets[0], name: 'reach', area: 'field.wkt', folder: 'reach', dates: ['2026-06-03'] },
    ],
  },
  null,
  2,
);
const APPLY = '[data-testid="apply"]';
const ESTIMATE = '/api/satelliteimages/process/composite/estimate';

describe('The Plan code lens on imagery.json', function () {
  this.timeout(240_000);
  let wb;
  before(async () => {
    wb = await openWorkbench({
      files: {
        'imagery.json': IMAGERY,
        'plan-fields.geojson': FIELDS,
        'spring.imagery.json': JSON.stringify({ datasets: [] }, null, 2),
        'spring.imagery.lock.json': HELD_LOCK,
        'capped.imagery.json': CAPPED,
        'keyboard.imagery.json': KEYBOARD,
        'deep.imagery.json': DEEP,
        'reach.imagery.json': REACH,
        [DEEP_AREA]: readFileSync(join(projectRoot, 'scripts', 'demo-workspace', 'field.wkt'), 'utf8'),
      },
      simulator: { clock: () => NOW, imageryEveryDay: true },
    });
  });
  after(async () => wb?.stop());

  it('shows the plan in the cost panel, and Apply… with the modal buys it and shows no changes', async () => {
    try {
      await planAndApply(wb);
    } catch (error) {
      await shot(wb.page, 'plan-lens-failed').catch(() => {});
      throw error;
    }
  });

  it('a file whose monthly cap holds none of its dates shows them deferred, the month against the cap, and no Apply', async () => {
    try {
      await deferredByTheCap(wb);
    } catch (error) {
      await shot(wb.page, 'plan-lens-deferred-failed').catch(() => {});
      throw error;
    }
  });

  it('Forget… on an order held as uncertain asks in a modal, then the plan no longer lists it', async () => {
    try {
      await forgetHeld(wb);
    } catch (error) {
      await shot(wb.page, 'plan-lens-forget-failed').catch(() => {});
      throw error;
    }
  });

  it('long paths show whole at 1280 × 720, each line ending after a separator, light and dark', async () => {
    try {
      await deepPaths(wb);
    } catch (error) {
      await shot(wb.page, 'plan-lens-deep-paths-failed').catch(() => {});
      throw error;
    }
  });

  it('no notification covers Apply… at 1280 × 720, while the plan waits and while its apply runs', async () => {
    try {
      await applyUncovered(wb);
    } catch (error) {
      await shot(wb.page, 'plan-lens-reach-failed').catch(() => {});
      throw error;
    }
  });

  it('the plan by keyboard alone, light and dark, with no accessibility violation; Escape closes what Apply… opened, then the panel', async () => {
    try {
      await planByKeyboard(wb);
    } catch (error) {
      await shot(wb.page, 'plan-lens-keyboard-failed').catch(() => {});
      throw error;
    }
  });
});

/** Per name of the path in `cell` (a name with the separator after it), the lines its characters
 * lie on: more than one when a line breaks inside the name. The cell's text nodes are read as they
 * are, however the page builds them. */
function namesAcrossLines(cell) {
  return cell.evaluate((td) => {
    const chars = [];
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (let i = 0; i < node.data.length; i++) chars.push([node, i]);
    const names = [];
    let name = { text: '', tops: new Set() };
    for (const [node, i] of chars) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      name.text += node.data[i];
      name.tops.add(Math.round(range.getBoundingClientRect().top));
      if (/[/\\]/.test(node.data[i])) {
        names.push(name);
        name = { text: '', tops: new Set() };
      }
    }
    if (name.text) names.push(name);
    return names.map((n) => ({ name: n.text, lines: n.tops.size }));
  });
}

/** The path in `selector`'s cell is shown whole: its text (as read aloud and copied) is the path,
 * it lies inside the panel with nothing to scroll sideways, and no name is broken across lines. */
async function assertPathWhole(frame, selector, path, what) {
  const [text] = await assertReachableText(frame, selector, what);
  assert.equal(text, path, `${what}: the text a screen reader reaches`);
  const cell = frame.locator(selector);
  assert.equal((await cell.innerText()).trim(), path, `${what}: the text as read and copied`);
  const panel = await (await frame.frameElement()).boundingBox();
  const box = await cell.boundingBox();
  assert.ok(
    panel && box && box.x >= panel.x && box.x + box.width <= panel.x + panel.width + 0.5,
    `${what}: the cell (${Math.round(box?.x)}..${Math.round(box?.x + box?.width)}) runs past the panel (..${Math.round(panel?.x + panel?.width)})`,
  );
  const [scrolled, shown] = await cell.evaluate((td) => {
    const section = td.closest('section');
    return [section.scrollWidth, section.clientWidth];
  });
  assert.ok(scrolled <= shown, `${what}: its table scrolls sideways (${scrolled} px in ${shown})`);
  const broken = (await namesAcrossLines(cell)).filter((n) => n.lines > 1);
  assert.deepEqual(broken, [], `${what}: a line breaks inside a name of ${path}`);
}

/** Stores the demo key (each of these tests may run alone, with --grep), clears the notifications,
 * opens `file` from the explorer and clicks its Plan lens. */
async function clickPlanLensOf(page, file) {
  const saved = await setDemoKey(page);
  await runPaletteTitle(page, 'Notifications: Clear All Notifications');
  await saved.waitFor({ state: 'hidden' });
  await page.keyboard.press('Control+Shift+E');
  await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: file }).first().dblclick();
  const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: 'Plan' }).first();
  await lens.waitFor({ state: 'visible', timeout: 30_000 });
  await lens.click();
}

/** The Plan of deep.imagery.json after its one date is bought, at 1280 × 720 beside the side bar:
 * its area and its image's file, both deep paths, whole, in the light theme and the dark one. */
async function deepPaths(wb) {
  const { page } = wb;
  await page.setViewportSize({ width: 1280, height: 720 });
  await clickPlanLensOf(page, 'deep.imagery.json');
  const frame = await webviewWith(page, '[data-testid="title"]:text-is("Plan: deep.imagery.json")', 60_000);
  const apply = frame.locator('[data-testid="apply"]:not([disabled])');
  await apply.waitFor({ state: 'visible', timeout: 60_000 });
  await apply.click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  await dialog.locator('.monaco-button', { hasText: 'Buy' }).click();
  await frame
    .locator('[data-testid="plan-summary"]', { hasText: 'Applied: 1 bought' })
    .waitFor({ state: 'visible', timeout: 120_000 });
  const row = '[data-testid="unit-0"]';
  assert.match(await frame.locator(row).innerText(), /^have\s+deep\s/);
  const file = (await frame.locator(`${row} td.why`).innerText()).trim();
  assert.match(file, new RegExp(`^${DEEP_FOLDER}/composite-2026-06-07-[\\w-]+\\.tif$`), 'the note is the image file');
  for (let pass = 0; pass < 2; pass++) {
    const theme = (await page.locator('.monaco-workbench.vs-dark').count()) ? 'dark' : 'light';
    await frame.locator(`body.vscode-${theme}`).waitFor({ state: 'attached' });
    await page.waitForTimeout(800); // the progress notification slides away
    await shot(page, `plan-lens-09-deep-paths-${theme}`);
    await assertPathWhole(frame, `${row} td:nth-child(3)`, DEEP_AREA, `the area (${theme})`);
    await assertPathWhole(frame, `${row} td.why`, file, `the image's file (${theme})`);
    // The tests after this one start in the light theme, at the workbench's own size.
    await toggleLightDarkTheme(page);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** The plan of reach.imagery.json at 1280 × 720 beside the side bar: the element at Apply…'s centre
 * is Apply… (assertProceedUncovered) while the plan waits for the decision, and while the apply's
 * fresh plan runs with the panel on screen and its progress notification in the window's corner
 * (the service's price held back meanwhile, so that the notification is there at the hit-test). */
async function applyUncovered(wb) {
  assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
  const { page } = wb;
  await page.setViewportSize({ width: 1280, height: 720 });
  await clickPlanLensOf(page, 'reach.imagery.json');
  const frame = await webviewWith(page, '[data-testid="title"]:text-is("Plan: reach.imagery.json")', 60_000);
  await frame.locator(`${APPLY}:not([disabled])`).waitFor({ state: 'visible', timeout: 60_000 });
  await assertProceedUncovered(page, frame, 'Apply… while the plan waits for the decision', APPLY);
  await shot(page, 'plan-lens-10-apply-uncovered');

  wb.simulator.schedule({ method: 'POST', path: ESTIMATE, delayMs: 10_000 });
  await frame.locator(APPLY).click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  await dialog.locator('.monaco-button', { hasText: 'Buy' }).click();
  const progress = page
    .locator('.notifications-toasts .notification-list-item', { hasText: 'reach.imagery.json' })
    .first();
  await progress.waitFor({ state: 'visible', timeout: 30_000 });
  await assertProceedUncovered(page, frame, 'Apply… while the apply runs', APPLY);
  await shot(page, 'plan-lens-11-apply-uncovered-while-applying');
  assert.ok(await progress.isVisible(), 'the progress notification was gone before the hit-test: nothing was tested');
  assert.ok(
    wb.simulator.requests.some((r) => r.path === ESTIMATE && r.finishedAt === undefined),
    'the price was answered before the hit-test: the apply was not running',
  );
  await frame
    .locator('[data-testid="plan-summary"]', { hasText: 'Applied: 1 bought' })
    .waitFor({ state: 'visible', timeout: 120_000 });
  await frame.locator(`${APPLY}[disabled]`).waitFor({ state: 'attached' });
  await frame.locator('[data-testid="cancel"]').click();
  await noWebviewWith(page, APPLY);
  // The tests after this one start at the workbench's own size.
  await page.setViewportSize({ width: 1400, height: 900 });
}

async function planByKeyboard(wb) {
  const { page } = wb;
  const saved = await setDemoKey(page);
  await runPaletteTitle(page, 'Notifications: Clear All Notifications');
  await saved.waitFor({ state: 'hidden' });
  await page
    .locator('.explorer-folders-view [role="treeitem"]', { hasText: 'keyboard.imagery.json' })
    .first()
    .dblclick();
  const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: 'Plan' }).first();
  await lens.waitFor({ state: 'visible', timeout: 30_000 });
  await lens.click();
  const frame = await webviewWith(page, '[data-testid="apply"]:not([disabled])', 60_000);
  for (const theme of ['light', 'dark']) {
    await frame.locator(`body.vscode-${theme}`).waitFor({ state: 'attached' });
    await assertAccessible(frame, `the plan panel (${theme})`);
    const order = await tabOrder(page, frame, frame.locator('h1').first());
    assertInOrder(order, [/^Apply… \([\d.]+ credits?\)$/, /^Close$/], 'the plan panel');
    await assertFocusVisible(page, frame.locator('[data-testid="apply"]'), 'Apply…');
    await page.waitForTimeout(800); // the progress notification slides away
    await shot(page, `plan-lens-08-keyboard-${theme}`);
    // Each pass ends in the other theme: light, dark, then light again.
    assert.equal(await toggleLightDarkTheme(page), theme === 'light' ? 'dark' : 'light');
  }
  // Apply… from the keyboard asks in VS Code's modal; Escape closes it and nothing is bought.
  const charged = () => wb.simulator.requests.filter((r) => r.charged).length;
  const before = charged();
  await frame.locator('[data-testid="apply"]').press('Enter');
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(charged(), before, 'Escape on the question bought nothing');
  // The plan is drawn again, saying Apply… was not confirmed, with the focus on its title: from
  // there, with no other key, Escape on the page closes the panel.
  await frame.locator('[data-testid="plan-summary"]', { hasText: 'not confirmed' }).waitFor({ timeout: 30_000 });
  await frame
    .waitForFunction(() => document.activeElement?.dataset.testid === 'title', undefined, { timeout: 10_000 })
    .catch(async () => {
      const on = await frame.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
      assert.fail(`the focus is not on the plan's title but on ${on}`);
    });
  await page.keyboard.press('Escape');
  await noWebviewWith(page, '[data-testid="apply"]');
}

async function deferredByTheCap(wb) {
  const { page } = wb;
  await clickPlanLensOf(page, 'capped.imagery.json');
  const frame = await webviewWith(page, '[data-testid="plan-month"]', 60_000);
  const rows = await frame.locator('[data-testid^="unit-"]').allInnerTexts();
  assert.equal(rows.length, 2);
  for (const row of rows)
    assert.match(
      row,
      /^deferred \(monthly cap\)\s+capped\s+field\.wkt\s+2026-06-\d\d\s+[\d.]+ credits\s+it costs/,
      row,
    );
  assert.match(await frame.locator('[data-testid="plan-counts"]').innerText(), /^2 deferred$/);
  assert.match(
    await frame.locator('[data-testid="plan-month"]').innerText(),
    /^0 credits spent of the cap of 0\.03 credits; 0\.03 credits left after this plan; 2 images deferred \(0\.08 credits\)$/,
  );
  assert.match(await frame.locator('[data-testid="plan-budget"]').innerText(), /a month for images/);
  assert.equal(
    await frame.locator('[data-testid="apply"]').getAttribute('disabled'),
    '',
    'nothing to apply this month',
  );
  await page.waitForTimeout(800);
  await shot(page, 'plan-lens-07-deferred');
}

async function forgetHeld(wb) {
  const { page } = wb;
  await runPaletteTitle(page, 'Notifications: Clear All Notifications');
  await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'spring.imagery.json' }).first().dblclick();
  const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: 'Plan' }).first();
  await lens.waitFor({ state: 'visible', timeout: 30_000 });
  await lens.click();
  const frame = await webviewWith(page, '[data-testid="forget-0"]', 60_000);
  assert.match(await frame.locator('[data-testid="order-0"]').innerText(), /uncertain \(may exist\)\s+spring-order/);
  await page.waitForTimeout(800);
  await shot(page, 'plan-lens-04-uncertain-order');
  await frame.locator('[data-testid="forget-0"]').click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  const asked = await dialog.innerText();
  assert.match(asked, /Forget order 'spring-order' in the lock\?/);
  assert.match(asked, /you would pay for two/);
  await shot(page, 'plan-lens-05-forget-confirm');
  await dialog.locator('.monaco-button', { hasText: 'Forget it' }).click();
  const summary = frame.locator('[data-testid="plan-summary"]', { hasText: 'Forgot' });
  await summary.waitFor({ state: 'visible', timeout: 60_000 });
  assert.match(await summary.innerText(), /Forgot order 'spring-order'/);
  assert.equal(await frame.locator('[data-testid="order-0"]').count(), 0, 'the plan lists no order');
  await page.waitForTimeout(800);
  await shot(page, 'plan-lens-06-forgotten');
}

async function planAndApply(wb) {
  assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
  const { page } = wb;
  const saved = await setDemoKey(page);
  await runPaletteTitle(page, 'Notifications: Clear All Notifications');
  await saved.waitFor({ state: 'hidden' });
  // imagery.json itself: capped.imagery.json, listed before it, contains its name too.
  await page
    .locator('.explorer-folders-view [role="treeitem"]', { hasText: /^imagery\.json/ })
    .first()
    .dblclick();
  const lens = page.locator('.codelens-decoration a', { hasText: 'Plan' }).first();
  await lens.waitFor({ state: 'visible', timeout: 30_000 });
  await lens.click();

  const frame = await webviewWith(page, '[data-testid="unit-2"]', 60_000);
  const apply = frame.locator('[data-testid="apply"]:not([disabled])');
  await apply.waitFor({ state: 'visible' });
  const rows = await frame.locator('[data-testid^="unit-"]').allInnerTexts();
  assert.equal(rows.length, 3);
  for (const [i, row] of rows.entries())
    assert.match(row, new RegExp(`^buy\\s+rgb\\s+field\\.wkt\\s+${DATES[i]}\\s+[\\d.]+ credits`), row);
  assert.match(await frame.locator('[data-testid="plan-budget"]').innerText(), /500 credits/);
  // The declared field table, in the command line's plan's words.
  assert.equal(
    await frame.locator('[data-testid="plan-table-0"]').innerText(),
    'field table rgb: 3 images to add (rgb/field-stats.csv)',
  );
  await page.waitForTimeout(800); // the progress notification slides away
  await shot(page, 'plan-lens-01-plan');

  const charged = () => wb.simulator.requests.filter((r) => r.charged).length;
  assert.equal(charged(), 0, 'a plan is never billed');
  await apply.click();
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  assert.match(await dialog.innerText(), /Apply the plan of imagery\.json: 3 images for [\d.]+ credits\?/);
  await shot(page, 'plan-lens-02-confirm');
  await dialog.locator('.monaco-button', { hasText: 'Buy' }).click();

  const summary = frame.locator('[data-testid="plan-summary"]', { hasText: 'Applied' });
  await summary.waitFor({ state: 'visible', timeout: 120_000 });
  assert.match(await summary.innerText(), /Applied: 3 bought, 0 uncertain, 0 failed.*No changes/);
  assert.match(
    await summary.innerText(),
    /Field table rgb: 3 images added \(3 rows\) to field-stats\.csv and field-stats\.parquet\./,
  );
  assert.equal(await frame.locator('[data-testid="plan-tables"]').count(), 0, 'the table is up to date');
  assert.equal(await frame.locator('[data-testid="plan-total"]').innerText(), 'No changes');
  assert.equal(charged(), 3, 'each date charged once');
  await page.waitForTimeout(800);
  await shot(page, 'plan-lens-03-applied');
}
