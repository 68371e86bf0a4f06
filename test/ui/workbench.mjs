// What the UI tests share: the simulator, code-server with the extension in development mode on a
// fresh copy of the demo workspace, one Chromium page, and the moves a person makes in the
// workbench (palette, views, context menus, webviews). Selectors follow
// docs/engineering-notes.md, "A real VS Code without internet"; ids and titles come from the extension itself.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { cpSync, mkdirSync, mkdtempSync, rmSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot, startCodeServer, workbenchUrl } from '../../scripts/code-server.mjs';
import { launchBrowser, screenshot } from '../../scripts/browser.mjs';

const require = createRequire(import.meta.url);
export const DEMO_KEY = 'demo-key';
/** Command, view and setting ids: the compiled src/ui/constants.ts (npm run compile-tests). */
const constants = require(join(projectRoot, 'out', 'src', 'ui', 'constants.js'));
export const { Commands } = constants;
const { Settings } = constants;
const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));

/** "Category: Title" as the command palette shows a contributed command. */
export function paletteTitle(commandId) {
  const command = manifest.contributes?.commands?.find((c) => c.command === commandId);
  if (!command) throw new Error(`package.json contributes no command ${commandId}`);
  return command.category ? `${command.category}: ${command.title}` : command.title;
}

/**
 * Starts everything; returns the handles and a stop() that ends all of it. Opens code-server on a copy of the demo workspace, with the simulator as the service. `files`
 * (name → contents) are written into the workspace before the workbench opens: a file written
 * after the Explorer has listed the folder shows only when the file watcher reports it, which it
 * does not always do in time (the viewer's test saw its GeoTIFF missing from the Explorer).
 * `viewport` is the window's size in CSS pixels; `simulator`, options of the simulator beside the
 * demo data (a pinned `clock`, `imageryEveryDay`).
 */
export async function openWorkbench({
  files = {},
  viewport = { width: 1400, height: 900 },
  simulator: simulatorOptions = {},
} = {}) {
  const workspace = mkdtempSync(join(tmpdir(), 'sat-imagery-ui-workspace-'));
  cpSync(join(projectRoot, 'scripts', 'demo-workspace'), workspace, { recursive: true });
  for (const [name, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, name)), { recursive: true });
    writeFileSync(join(workspace, name), contents);
  }
  let simulator;
  let simulatorError;
  try {
    const { startSimulator } = require(join(projectRoot, 'out', 'test', 'simulator', 'index.js'));
    simulator = await startSimulator({ seed: 1, demoData: true, ...simulatorOptions });
  } catch (error) {
    // The workbench steps still run; the steps that need the service fail with this reason.
    simulatorError = error;
  }
  // The walkthrough opens at the first activation of a fresh profile, as every start here is; these
  // tests start elsewhere (the walk, started as the demo, meets it), so the extension's setting says no.
  const settings = {
    [`${Settings.section}.${Settings.openWalkthroughOnFirstRun}`]: false,
    ...(simulator ? { [`${Settings.section}.${Settings.baseUrl}`]: simulator.url } : {}),
  };
  const server = await startCodeServer({ settings });
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  await page.goto(workbenchUrl(server.port, workspace, [['extensionDevelopmentPath', projectRoot]]));
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  let stopped;
  const stop = () => {
    stopped ??= (async () => {
      await browser.close().catch(() => {});
      await server.stop();
      await simulator?.close();
      rmSync(workspace, { recursive: true, force: true });
    })();
    return stopped;
  };
  // Ctrl-C aborts mocha without its after() hooks; code-server runs in its own process group
  // and would be left behind.
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => stop().finally(() => process.exit(130)));
  process.once('exit', () => rmSync(workspace, { recursive: true, force: true }));
  return { page, workspace, simulator, simulatorError, stop };
}

export const shot = (page, name) => screenshot(page, 'ui', name);

/** Opens the command palette and runs the contributed command by its visible title. */
export async function runFromPalette(page, commandId) {
  await runPaletteTitle(page, paletteTitle(commandId));
}

/** Opens the command palette and returns its input. A webview closed while it held the focus can
 * leave the keyboard in its gone frame, where F1 reaches no one: the focus is then given back to
 * the workbench's own document and F1 pressed again. */
export async function openPalette(page) {
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    const opened = await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : 30_000 }).then(
      () => true,
      (error) => {
        if (attempt >= 3) throw error;
        return false;
      },
    );
    if (opened) return input;
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      window.focus();
    });
  }
}

/** Opens the command palette and runs the command with this title (VS Code's own too). */
export async function runPaletteTitle(page, title) {
  const input = await openPalette(page);
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
}

/** Sets the demo key from the palette as a person does and waits until the extension says it is
 * saved (its key check answered); returns that notification. */
export async function setDemoKey(page) {
  await extensionContributed(page);
  await runFromPalette(page, Commands.setApiKey);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(DEMO_KEY);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
  const saved = page.locator('.notification-toast', { hasText: 'API key saved' }).first();
  await saved.waitFor({ state: 'visible', timeout: 30_000 });
  return saved;
}

/** Switches between the light and the dark theme as a person would, from the palette, and waits
 * until the workbench wears the new one. Returns 'dark' or 'light'. */
export async function toggleLightDarkTheme(page) {
  const wasDark = await page.locator('.monaco-workbench.vs-dark').count();
  await runPaletteTitle(page, 'Toggle between Light/Dark Themes');
  await page.locator(wasDark ? '.monaco-workbench.vs' : '.monaco-workbench.vs-dark').waitFor({ state: 'visible' });
  return wasDark ? 'light' : 'dark';
}

/** Waits until the workbench shows the extension's contributions (its activity-bar item). */
export async function extensionContributed(page) {
  await page.locator('.part.activitybar .action-label[aria-label^="Satellite Imagery"]').waitFor({ state: 'visible' });
}

/** The rows the palette offers for a filter text (the palette filters once, when typed into). */
export async function paletteRows(page, text) {
  const input = await openPalette(page);
  await input.fill(`>${text}`);
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await rows.filter({ hasText: text }).first().waitFor({ state: 'visible' });
  return rows.allInnerTexts();
}

/** The texts of the visible quick pick's rows (a label with its description, a detail) that are
 * cut off with an ellipsis: a person cannot read them whole. The clipping box is each line's
 * label container; the name and description inside it are inline, with no width of their own. */
export async function clippedQuickPickTexts(page) {
  return page
    .locator('.quick-input-widget .quick-input-list .monaco-list-row .monaco-icon-label-container')
    .evaluateAll((elements) => elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
}

/** Answers the visible quick input (input box or pick) with text, or accepts its default. */
export async function answerQuickInput(page, text) {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  if (text !== undefined) await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Opens a view container from the activity bar by its title. */
export async function openViewContainer(page, title) {
  await page.locator(`.part.activitybar .action-label[aria-label^="${title}"]`).first().click();
}

/** Tree rows of a view in the side bar, found by the view's name. */
export function viewRows(page, viewName) {
  return page.locator(`.part.sidebar .pane:has(.pane-header[aria-label^="${viewName}"]) [role="treeitem"]`);
}

/** Right-clicks a file in the explorer and walks the context menu through the given titles. The
 * workbench sometimes builds the menu again while it opens (a CI run saw the submenu's row
 * detached under the hover for 30 s): the walk is then begun again, at most twice more, and
 * the last failure is the test's. */
export async function explorerMenu(page, fileName, ...titles) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press('Control+Shift+E');
      const file = page.locator('.explorer-folders-view [role="treeitem"]', { hasText: fileName }).first();
      await file.click({ button: 'right' });
      for (const title of titles) {
        const item = page.locator('.context-view.monaco-menu-container [role="menuitem"]', { hasText: title }).last();
        await item.waitFor({ state: 'visible', timeout: 10_000 });
        await item.hover({ timeout: 10_000 });
        await item.click({ timeout: 10_000 });
      }
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/** The first webview frame that holds `selector`, waited for up to timeoutMs. */
export async function webviewWith(page, selector, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Webview content lives two frames deep and appears only when the extension opens it; there
    // is no page event for "a frame now holds X", so the frames are polled.
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      if (
        await frame
          .locator(selector)
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no webview shows ${selector} within ${timeoutMs} ms`);
}

/** Waits until no webview shows `selector` (its panel closed), up to timeoutMs. */
export async function noWebviewWith(page, selector, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (
    await webviewWith(page, selector, 250).then(
      () => true,
      () => false,
    )
  ) {
    assert.ok(Date.now() < deadline, `a webview still shows ${selector}: its panel did not close`);
    await page.waitForTimeout(250);
  }
}

export const PROCEED = '[data-testid="proceed"]';

/**
 * Right-click `fileName` in the explorer, Satellite Imagery, Download Composite; answer whatever
 * the workflow asks with its proposal, as a person would; resolve with the cost panel's frame.
 */
export async function openCostPanelFromMenu(
  page,
  fileName,
  screenshotName,
  item = 'Download Composite',
  ready = PROCEED,
) {
  await explorerMenu(page, fileName, 'Satellite Imagery');
  if (screenshotName) await shot(page, screenshotName);
  await page.locator('.context-view.monaco-menu-container [role="menuitem"]', { hasText: item }).last().click();
  // A click that lands while the submenu is still opening only highlights the item (seen in CI):
  // the menu then stays open, and Enter runs the highlighted item, as it would for a person.
  const menu = page.locator('.context-view.monaco-menu-container').first();
  const closed = await menu.waitFor({ state: 'hidden', timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (!closed) {
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden', timeout: 5000 });
  }
  const deadline = Date.now() + 60_000;
  let frame;
  while (!frame && Date.now() < deadline) {
    const prompt = page.locator('.quick-input-widget input');
    if (await prompt.isVisible()) await answerQuickInput(page);
    frame = await webviewWith(page, ready, 1000).catch(() => undefined);
  }
  assert.ok(frame, 'the cost webview with a Proceed button did not appear');
  return frame;
}

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
export async function hitChain(page, frame, x, y, selector) {
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

/** Asserts that what the browser hits at the centre of `frame`'s Proceed (or the button `selector`
 * names: the plan's Apply…) is the button itself (no notification or other layer over it), through
 * the workbench and both webview frames. */
export async function assertProceedUncovered(page, frame, what, selector = PROCEED) {
  const button = frame.locator(selector).first();
  await button.scrollIntoViewIfNeeded();
  // A notification slides in over a moment: let whatever shows settle before hit-testing.
  await page.waitForTimeout(1500);
  const box = await button.boundingBox();
  assert.ok(box, `${what}: the button has no box on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // A disabled button takes no pointer events (the page's style), so the browser's hit test
  // passes through it: it takes them for the test, to find what lies over it.
  const undo = await button.evaluate((b) => {
    const before = b.style.pointerEvents;
    b.style.pointerEvents = 'auto';
    return before;
  });
  const { reached, hits } = await hitChain(page, frame, x, y, selector);
  await button.evaluate((b, value) => (b.style.pointerEvents = value), undo).catch(() => undefined);
  assert.ok(
    reached,
    `${what}: the element at the button's centre (${Math.round(x)}, ${Math.round(y)}) is not the button: ${hits.join(' > ')}`,
  );
}
