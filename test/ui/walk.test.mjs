// The walk of a first-time user through the demo, started as `npm start` starts it (the demo
// workspace inside the project's repository, its own simulator): the walkthrough that opens on the
// first activation (and not again after a reload), set the key, open an AOI and see a file's
// problems, find dates, a composite through the cost panel and Proceed, a time series and an
// order estimate up to their cost panels, a tile search, the map, the image in the viewer, the
// demo's imagery.json planned, the account, and the walkthrough's steps checked off by all that
// (and, before the first purchase, left open by a composite cancelled at its price and by the
// Downloads view opened).
// Every step (each wizard prompt included) is screenshotted into test-results/ui/walk/, in the
// dark theme and then the light one, at a small window (1280×720), and asserts what the step shows.
// Each cost panel (composite, series, order, tiles), the map and the viewer is checked with
// axe-core and the keyboard (test/ui/accessibility.mjs).
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { launchBrowser, screenshot } from '../../scripts/browser.mjs';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  Commands,
  DEMO_KEY,
  answerQuickInput,
  assertProceedUncovered,
  clippedQuickPickTexts,
  explorerMenu,
  extensionContributed,
  noWebviewWith,
  openPalette,
  openViewContainer,
  runFromPalette,
  viewRows,
  webviewWith,
} from './workbench.mjs';
import {
  assertAccessible,
  assertFocusVisible,
  assertInOrder,
  assertReachableText,
  tabOrder,
} from './accessibility.mjs';

const PROCEED = '[data-testid="proceed"]';
const CANCEL = '[data-testid="cancel"]';

/** Starts scripts/start-demo.mjs (what `npm start` runs) on a fresh workspace inside the repository. */
async function startDemo(workspace) {
  const child = spawn(process.execPath, [join(projectRoot, 'scripts', 'start-demo.mjs')], {
    cwd: projectRoot,
    env: { ...process.env, SAT_IMAGERY_DEMO_WORKSPACE: workspace },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      output += text;
      const m = /Open:\s+(\S+)/.exec(output);
      if (m) resolve(m[1]);
    });
    exited.then((code) => reject(new Error(`the demo exited (${code}) before it was ready:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exited;
  };
  process.once('exit', () => child.kill('SIGKILL'));
  return { url, output, stop };
}

describe('a first-time walk through the demo (npm start), dark and light, at 1280×720', function () {
  this.timeout(120_000);
  let demo;
  let browser;
  let page;
  let workspace;
  const failed = new Set();
  let theme = 'start';
  let counter = 0;
  const shot = (name) => screenshot(page, 'ui/walk', `${theme}-${String(++counter).padStart(2, '0')}-${name}`);
  const step = (name, needs, fn) =>
    it(name, async function () {
      if (needs.some((n) => failed.has(n))) this.skip();
      try {
        await fn.call(this);
      } catch (error) {
        failed.add(name);
        await shot(`failed-${name}`).catch(() => {});
        // A prompt left open (they ignore focus-out) would stand in the next step's way.
        for (let i = 0; i < 3; i++) await page.keyboard.press('Escape').catch(() => {});
        throw error;
      }
    });

  before(async function () {
    this.timeout(300_000);
    // Inside the repository, as the demo's own folder is: git would find the parent repository.
    workspace = mkdtempSync(join(projectRoot, '.vscode-test', 'walk-workspace-'));
    demo = await startDemo(workspace);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(demo.url);
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  });
  after(async () => {
    await browser?.close().catch(() => {});
    await demo?.stop();
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  /** Closes the editors and any notification, so each step starts from the same place. */
  async function tidy() {
    await page.keyboard.press('Escape');
    await runPaletteText('View: Close All Editors');
    await runPaletteText('Notifications: Clear All Notifications');
  }

  async function runPaletteText(title, { waitHidden = true } = {}) {
    const input = await openPalette(page);
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().click();
    if (waitHidden) await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /** Runs a workflow from the explorer's Satellite Imagery menu on `file`. */
  async function fromMenu(file, item) {
    await explorerMenu(page, file, 'Satellite Imagery');
    await page.locator('.context-view.monaco-menu-container [role="menuitem"]', { hasText: item }).last().click();
    const menu = page.locator('.context-view.monaco-menu-container').first();
    if (
      !(await menu.waitFor({ state: 'hidden', timeout: 3000 }).then(
        () => true,
        () => false,
      ))
    )
      await page.keyboard.press('Enter');
  }

  /**
   * Answers each prompt with its proposal, as a first-time user would, screenshotting each one
   * (its title asserted to name the workflow), until `ready` shows in a webview (or `done()`).
   * Returns the titles seen and the webview's frame.
   */
  async function answerUntil(workflow, ready, { done, answers = {} } = {}) {
    const titles = [];
    const title = page.locator('.quick-input-widget .quick-input-title');
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (ready) {
        const frame = await webviewWith(page, ready, 500).catch(() => undefined);
        if (frame) return { titles, frame };
      }
      if (done && (await done())) return { titles };
      const prompt = page.locator('.quick-input-widget input');
      if (!(await prompt.isVisible())) continue;
      const shown = (await title.innerText().catch(() => '')).trim();
      if (!shown || titles.at(-1) === shown) {
        await page.waitForTimeout(200);
        continue;
      }
      assert.match(
        shown,
        /^[A-Z][\w ]+: .+ \(\d+\/\d+\)$/,
        `a prompt of ${workflow} names its workflow, its step and where it stands: ${shown}`,
      );
      titles.push(shown);
      await shot(
        `${workflow.toLowerCase().replace(/\W+/g, '-')}-${shown
          .replace(/^[^:]+: /, '')
          .replace(/\(\d+\/\d+\)/, '')
          .toLowerCase()}`,
      );
      // Each choice is read whole: a label, its description and its detail, none cut off.
      assert.deepEqual(await clippedQuickPickTexts(page), [], `${shown}: a choice is cut off`);
      const answer = Object.entries(answers).find(([pattern]) => new RegExp(pattern).test(shown))?.[1];
      if (answer) await answer();
      else await answerQuickInput(page);
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
        .catch(() => undefined);
    }
    throw new Error(`${workflow}: ${ready ?? 'the result'} did not show; prompts seen: ${titles.join(' | ')}`);
  }

  /** Opens `file` (a path in the workspace) from the Explorer, unfolding its folders. */
  async function openImage(file) {
    const parts = relative(workspace, file).split('/');
    await page.keyboard.press('Control+Shift+E');
    for (const folder of parts.slice(0, -1)) {
      const row = page.locator('.explorer-folders-view [role="treeitem"]', { hasText: folder }).first();
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
    }
    await page
      .locator('.explorer-folders-view [role="treeitem"]', { hasText: parts.at(-1) })
      .first()
      .dblclick();
  }

  /** The area open in the editor and its map beside it, as a person has them after Show on Map. */
  async function openAreaAndMap(aoi) {
    await page.keyboard.press('Control+Shift+E');
    await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: aoi }).first().dblclick();
    await fromMenu(aoi, 'Show on Map');
    await webviewWith(page, '[data-testid="map-canvas"] canvas', 60_000);
  }

  /** The width of the webview that holds `frame`, as the workbench lays it out. */
  async function panelWidth(frame) {
    let outer = frame;
    while (outer.parentFrame()?.parentFrame()) outer = outer.parentFrame();
    const box = await (await outer.frameElement()).boundingBox();
    return box?.width ?? 0;
  }

  /** The progress notification's text while a prompt shows: never a stale "Loading…"/"Searching…". */
  async function progressText() {
    return (await page.locator('.notifications-toasts .notification-list-item-message').allInnerTexts()).join(' | ');
  }

  step("opens on the product: the walkthrough, the account's item, not git's prompt", [], async () => {
    await extensionContributed(page);
    // The first activation opens the walkthrough, and the workspace's areas show the account's
    // item, the sidebar never opened.
    await walkthroughPage().waitFor({ state: 'visible', timeout: 30_000 });
    await statusBarItem(/No API key/).waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await page.locator('.part.sidebar .composite.title', { hasText: 'Satellite Imagery' }).count(), 0);
    await page.waitForTimeout(4000); // git's prompt came a few seconds after the workbench
    await shot('walkthrough');
    const toasts = await page.locator('.notifications-toasts .notification-list-item-message').allInnerTexts();
    assert.ok(
      !toasts.some((t) => /parent folders|git repository/i.test(t)),
      `a git prompt greets the user: ${toasts.join(' | ')}`,
    );
  });

  for (const pass of [
    { theme: 'dark', aoi: 'field.geojson' },
    { theme: 'light', aoi: 'fields.geojson' },
  ]) {
    const t = pass.theme;
    const name = (text) => `${t}: ${text}`;
    let image;

    if (t === 'light')
      step(name('the walkthrough does not open again after a reload'), [], async () => {
        await tidy();
        const reloaded = page.waitForEvent('load');
        await runPaletteText('Developer: Reload Window', { waitHidden: false });
        await reloaded;
        await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
        await extensionContributed(page);
        await statusBarItem(/credits|No API key/).waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForTimeout(4000); // it opened about a second after activation the first time
        assert.equal(await walkthroughPage().count(), 0, 'the walkthrough opened again');
      });

    step(name('sets the API key'), [], async () => {
      // Each pass wears its theme, chosen as a person would (the Color Theme picker).
      if (counter > 0) await tidy();
      const wanted = t === 'dark' ? 'Dark Modern' : 'Light Modern';
      await runPaletteText('Preferences: Color Theme', { waitHidden: false });
      const picker = page.locator('.quick-input-widget input');
      await picker.waitFor({ state: 'visible' });
      await picker.fill(wanted);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: wanted }).first().click();
      await page
        .locator(t === 'dark' ? '.monaco-workbench.vs-dark' : '.monaco-workbench.vs')
        .waitFor({ state: 'visible' });
      theme = t;
      counter = 0;
      await runFromPalette(page, Commands.setApiKey);
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible' });
      assert.equal(await input.getAttribute('type'), 'password');
      await input.fill(DEMO_KEY);
      // The pointer left on the theme picker's row would show a tooltip over the prompt's title
      // (the walkthrough's picture of this step is made from this screenshot).
      await page.mouse.move(800, 600);
      await page.waitForTimeout(300);
      await shot('set-api-key');
      await page.keyboard.press('Enter');
      await input.waitFor({ state: 'hidden' });
      // The key's check answers with a notification, awaited here so that the next step's Clear
      // All takes it away: it came later, over the Problems panel of the walkthrough's picture.
      await page
        .locator('.notification-toast', { hasText: 'API key saved' })
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
    });

    step(name("sees the problems of the demo's broken area"), [name('sets the API key')], async () => {
      await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'broken.geojson' }).first().dblclick();
      await page.locator('.tabs-container .tab', { hasText: 'broken.geojson' }).first().waitFor({ state: 'visible' });
      await runPaletteText('Notifications: Clear All Notifications');
      await runPaletteText('View: Toggle Problems');
      const problems = page.locator('.markers-panel .monaco-list-row');
      await problems.first().waitFor({ state: 'visible', timeout: 20_000 });
      await shot('problems');
      await runPaletteText('View: Toggle Problems');
      await tidy();
    });

    step(name('opens an AOI'), [name('sets the API key')], async () => {
      await page.keyboard.press('Control+Shift+E');
      await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: pass.aoi }).first().dblclick();
      await page.locator('.tabs-container .tab', { hasText: pass.aoi }).first().waitFor({ state: 'visible' });
      await page.locator('.editor-instance .view-lines', { hasText: 'Feature' }).first().waitFor({ state: 'visible' });
      await shot('aoi-open');
    });

    step(name('finds the available dates'), [name('opens an AOI')], async () => {
      const stale = [];
      await runFromPalette(page, Commands.findAvailableDates);
      await answerUntil('Find available dates', undefined, {
        done: async () =>
          (await page
            .locator('.editor-instance .view-lines')
            .filter({ hasText: /\d{4}-\d{2}-\d{2}/ })
            .count()) > 0,
        answers: { 'Satellite constellations': async () => (stale.push(await progressText()), answerQuickInput(page)) },
      });
      await shot('dates-found');
      assert.ok(
        !stale.some((text) => /Loading models/.test(text)),
        `the constellations step showed under: ${stale.join(' | ')}`,
      );
      await tidy();
    });

    // Before anything is bought in this profile: a composite cancelled at its cost panel, and the
    // Downloads view opened, check off neither "Price and download an image" nor "Look at it".
    if (t === 'dark')
      step(
        name("a cancelled composite and the Downloads view leave the walkthrough's steps open"),
        [name('opens an AOI')],
        async () => {
          await fromMenu(pass.aoi, 'Download Composite');
          const { frame } = await answerUntil('Download composite', `${PROCEED}:not([disabled])`);
          await press(frame.locator(CANCEL).first());
          await noWebviewWith(page, PROCEED);
          await runPaletteText('Focus on Downloads View');
          await page
            .locator('.part.sidebar .pane:has(.pane-header[aria-label^="Downloads"]) .pane-body')
            .waitFor({ state: 'visible', timeout: 20_000 });
          await page.keyboard.press('Control+Shift+E');
          await tidy();
          const checked = await walkthroughChecks();
          await page.locator('button.getting-started-step[data-step-id$="lookAtImage"]').scrollIntoViewIfNeeded();
          await shot('walkthrough-before-download');
          assert.deepEqual(
            checked,
            {
              setApiKey: true,
              openArea: true,
              showOnMap: false,
              downloadComposite: false,
              lookAtImage: false,
              imageryAsCode: false,
            },
            "the walkthrough's steps after the key, the area, a cancel and the Downloads view",
          );
          await tidy();
        },
      );

    step(name('downloads a composite through the cost panel'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Download Composite');
      const { frame } = await answerUntil('Download composite', `${PROCEED}:not([disabled])`);
      assert.match(await frame.locator('[data-testid="credits"]').first().innerText(), /\d/);
      await shot('composite-cost-panel');
      await assertProceedUncovered(page, frame, "the composite's cost panel");
      await press(frame.locator(PROCEED).first());
      image = await waitForFile(workspace, /\.tiff?$/i, 60_000, image);
      await page
        .locator('.notifications-toasts .notification-list-item-message', { hasText: /\.tif/ })
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      await shot('composite-downloaded');
      await tidy();
    });

    step(
      name('lists the purchase in the Downloads view, with its valid share'),
      [name('downloads a composite through the cost panel')],
      async () => {
        await openViewContainer(page, 'Satellite Imagery');
        const rows = viewRows(page, 'Downloads');
        await rows.first().waitFor({ state: 'visible', timeout: 20_000 });
        // The run's row opens on its images; each says what share of it holds data.
        if ((await rows.first().getAttribute('aria-expanded')) === 'false') await rows.first().click();
        const image = rows.filter({ hasText: /done · \d+ % valid/ }).first();
        await image.waitFor({ state: 'visible', timeout: 20_000 });
        await shot('downloads-view');
        await page.keyboard.press('Control+Shift+E');
        await tidy();
      },
    );

    step(name('prices a time series in the cost panel'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Download Time Series');
      const { titles, frame } = await answerUntil('Download time series', '[data-testid="plan-units"]');
      assert.ok(
        titles.some((x) => /Dates to search/.test(x)) && titles.some((x) => /Which of the dates found/.test(x)),
        `the window and thinning steps: ${titles.join(' | ')}`,
      );
      assert.ok((await frame.locator('[data-testid="plan-units"] tbody tr').count()) > 1, 'the panel lists the dates');
      await shot('series-cost-panel');
      await assertProceedUncovered(page, frame, "the series' cost panel");
      await press(frame.locator(CANCEL).first());
      await tidy();
    });

    step(name('estimates a tasking order'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Estimate Tasking Order');
      const { frame } = await answerUntil('Estimate tasking order', PROCEED);
      assert.match(await frame.locator('body').innerText(), /month/i);
      await shot('order-cost-panel');
      await assertProceedUncovered(page, frame, "the order's cost panel");
      await press(frame.locator(CANCEL).first());
      await tidy();
    });

    step(name('searches tiles'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Search Tiles');
      const { frame } = await answerUntil('Search tiles', '[data-testid="tile-count"]');
      assert.match(await frame.locator('[data-testid="tile-count"]').first().innerText(), /\d/);
      await page.waitForTimeout(500);
      const progress = await progressText();
      assert.doesNotMatch(progress, /Searching tiles/, 'the search is over once the tiles show');
      await shot('tiles-found');
      await assertProceedUncovered(page, frame, "the tiles' panel");
      await press(frame.locator(CANCEL).first());
      await tidy();
    });

    step(name('shows the area on the map'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Show on Map');
      const frame = await webviewWith(page, '[data-testid="map-canvas"] canvas', 60_000);
      await frame.locator('[data-testid="map-legend"]').first().waitFor({ state: 'visible' });
      await page.waitForTimeout(1000);
      await shot('map');
      await tidy();
    });

    step(
      name('opens the cost panel with room while the map is open'),
      [name('shows the area on the map')],
      async () => {
        // The area and its map open, as a person has them after Show on Map; then a workflow's
        // cost panel: it must not take a narrow column beside them (at least 600 px of 1280).
        await openAreaAndMap(pass.aoi);
        await fromMenu(pass.aoi, 'Download Composite');
        const { frame } = await answerUntil('Download composite', `${PROCEED}:not([disabled])`);
        const width = await panelWidth(frame);
        await shot('cost-panel-beside-map');
        assert.ok(width >= 600, `the cost panel is ${Math.round(width)} px wide beside the map`);
        await assertProceedUncovered(page, frame, 'the cost panel opened with the map');
        await press(frame.locator(CANCEL).first());
        await tidy();
      },
    );

    step(name('opens the image in the viewer'), [name('downloads a composite through the cost panel')], async () => {
      await openImage(image);
      const frame = await webviewWith(page, '[data-testid="channel-band-0"]', 60_000);
      await frame.locator('[data-testid="meta-epsg"]').first().waitFor({ state: 'visible' });
      await page.waitForTimeout(1000);
      await shot('viewer');
      await tidy();
    });

    step(name("plans the demo's imagery.json"), [name('sets the API key')], async () => {
      await page.keyboard.press('Control+Shift+E');
      await page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'imagery.json' }).first().dblclick();
      const lens = page.locator('.codelens-decoration a', { hasText: 'Plan' }).first();
      await lens.waitFor({ state: 'visible', timeout: 30_000 });
      await lens.click();
      const frame = await webviewWith(page, '[data-testid="unit-0"]', 60_000);
      assert.match(await frame.locator('[data-testid="unit-0"]').innerText(), /^(buy|have)\s+ndvi\s+fields\.geojson/);
      await page.waitForTimeout(800); // the progress notification slides away
      await shot('plan');
      await tidy();
    });

    step(name('shows the account'), [name('sets the API key')], async () => {
      await runFromPalette(page, Commands.showAccount);
      // Every field of the account as a row of a list (not a toast that is cut off).
      const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
      await rows
        .filter({ hasText: /Processing credits/ })
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 });
      assert.ok((await rows.count()) >= 3, 'the account lists its balances and limits');
      await shot('account');
      await page.keyboard.press('Escape');
      await tidy();
    });

    // Panels anyone can operate: each page passes axe-core (no serious or critical violation) in
    // this pass's theme, Tab goes through its actions in order, focus shows, Escape closes what it
    // opened, and what the map draws has a text a screen reader reaches (test/ui/accessibility.mjs).
    step(
      name('the composite cost panel by keyboard, with no accessibility violation'),
      [name('opens an AOI')],
      async () => {
        await fromMenu(pass.aoi, 'Download Composite');
        const { frame } = await answerUntil('Download composite', `${PROCEED}:not([disabled])`);
        await assertAccessible(frame, `${t} composite cost panel`);
        const order = await tabOrder(page, frame, frame.locator('h1').first());
        assertInOrder(
          order,
          [/^Request payload/, /^Proceed: spend/, /^Change settings$/, /^Cancel$/],
          'the cost panel',
        );
        await assertFocusVisible(page, frame.locator(PROCEED).first(), 'Proceed');
        await shot('a11y-composite-focus');
        await escapeClosesPayloadThenPanel(frame);
        await tidy();
      },
    );

    step(name('the tiles selection by keyboard, with no accessibility violation'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Search Tiles');
      const { frame } = await answerUntil('Search tiles', '[data-testid="tile-count"]');
      await assertAccessible(frame, `${t} tiles selection`);
      // A tile picked from the keyboard (its checkbox, Space): Proceed then names it and takes the focus.
      const box = frame.locator('[data-testid^="tile-"][data-tile-guid]').first();
      await box.focus();
      await page.keyboard.press('Space');
      await frame.locator('[data-testid="tile-count"]', { hasText: /^[1-9]\d* of \d+ tiles selected$/ }).waitFor();
      const order = await tabOrder(page, frame, frame.locator('h1').first(), { max: 80 });
      assertInOrder(
        order,
        [/^Zoom in$/, /^Select all$/, /^Select none$/, /^Proceed with 1 tile$/, /^Change settings$/, /^Cancel$/],
        'the tiles selection',
      );
      await assertFocusVisible(page, frame.locator('[data-testid="select-all"]').first(), 'Select all');
      await shot('a11y-tiles-focus');
      await page.keyboard.press('Escape');
      await noWebviewWith(page, '[data-testid="tile-count"]');
      await tidy();
    });

    step(name('the map in words, with no accessibility violation'), [name('opens an AOI')], async () => {
      await fromMenu(pass.aoi, 'Show on Map');
      const frame = await webviewWith(page, '[data-testid="map-canvas"] canvas', 60_000);
      await frame.locator('[data-testid="map-key"] li').first().waitFor({ state: 'visible' });
      await assertAccessible(frame, `${t} map`);
      const [legend] = await assertReachableText(frame, '[data-testid="map-legend"]', "the map's legend");
      assert.match(legend, /polygon|km²/i, 'the legend says what the area is');
      await assertReachableText(frame, '[data-testid="map-key"] li', "the map's key");
      await assertReachableText(frame, '[data-testid="map-layers"] li', 'the list of layers drawn');
      const order = await tabOrder(page, frame, frame.locator('h1').first(), { click: true });
      assertInOrder(order, [/^Zoom in$/, /^Zoom out$/, /Billed bounding boxes/], 'the map');
      await assertFocusVisible(page, frame.locator('[data-testid="layer-billed"]').first(), 'a layer toggle');
      await shot('a11y-map-focus');
      await tidy();
    });

    step(
      name('the image viewer by keyboard, with no accessibility violation'),
      [name('downloads a composite through the cost panel')],
      async () => {
        await openImage(image);
        const frame = await webviewWith(page, '[data-testid="channel-band-0"]', 60_000);
        await frame.locator('[data-testid="meta-epsg"]').first().waitFor({ state: 'visible' });
        await assertAccessible(frame, `${t} image viewer`);
        const order = await tabOrder(page, frame, frame.locator('[data-testid="preset"]'));
        assertInOrder(order, [/^Band mapping/, /^Zoom in$/, /^Zoom out$/, /^Fit/, /^2–98 %/], 'the viewer');
        await assertFocusVisible(page, frame.locator('button', { hasText: 'Fit' }).first(), 'Fit');
        await shot('a11y-viewer-focus');
        // Escape closes the request the keyboard unfolded, and the focus is back on its summary.
        const summary = frame.locator('summary', { hasText: 'The request that made it' });
        await summary.focus();
        await page.keyboard.press('Enter');
        await frame.locator('details[open] [data-testid="meta-request"]').waitFor({ state: 'visible' });
        await page.keyboard.press('Escape');
        await frame.locator('details:not([open]) [data-testid="meta-request"]').waitFor({ state: 'attached' });
        assert.ok(await summary.evaluate((e) => document.activeElement === e), 'the focus is back on the summary');
        await tidy();
      },
    );

    if (t === 'dark')
      step(name("the walkthrough's steps are checked off by what the walk did"), [], async () => {
        const checked = await walkthroughChecks();
        const unchecked = WALKTHROUGH_STEPS.filter((id) => !checked[id]);
        await shot('walkthrough-done');
        assert.deepEqual(unchecked, [], 'steps the walk did are not checked off');
        await tidy();
      });

    // The series' and the order's cost panels as the composite's above, opened with the area and
    // its map open (where a panel beside them took a narrow third column): at least 600 px wide,
    // no accessibility violation, Tab reaches their spend button (Proceed; Place … order) with a
    // visible focus, no progress notification lies over it, and Escape closes the payload the
    // keyboard opened, then the panel. Last in the pass, so the walk's earlier screenshots keep
    // their numbers.
    for (const panel of [
      { item: 'Download Time Series', workflow: 'Download time series', what: 'series', spend: /^Proceed: spend / },
      {
        item: 'Estimate Tasking Order',
        workflow: 'Estimate tasking order',
        what: 'order',
        spend: /^Place (the \w+ )?order: /,
      },
    ])
      step(
        name(`the ${panel.what} cost panel beside the map by keyboard, with no accessibility violation`),
        [name('shows the area on the map')],
        async () => {
          await openAreaAndMap(pass.aoi);
          await fromMenu(pass.aoi, panel.item);
          const { frame } = await answerUntil(panel.workflow, `${PROCEED}:not([disabled])`);
          const width = await panelWidth(frame);
          await shot(`${panel.what}-cost-panel-beside-map`);
          assert.ok(width >= 600, `the ${panel.what} cost panel is ${Math.round(width)} px wide beside the map`);
          await assertAccessible(frame, `${t} ${panel.what} cost panel`);
          const order = await tabOrder(page, frame, frame.locator('h1').first(), { max: 80 });
          assertInOrder(order, [panel.spend, /^Change settings$/, /^Cancel$/], `the ${panel.what} cost panel`);
          await assertFocusVisible(page, frame.locator(PROCEED).first(), `the ${panel.what}'s spend button`);
          await shot(`a11y-${panel.what}-focus`);
          await assertProceedUncovered(page, frame, `the ${panel.what}'s cost panel beside the map`);
          await escapeClosesPayloadThenPanel(frame, `a11y-${panel.what}-payload`);
          await tidy();
        },
      );
  }

  /** Escape closes what the keyboard opened in a cost panel, the payload (the panel stays, the
   * focus back on its header), then the panel itself. `shotName` screenshots the payload open. */
  async function escapeClosesPayloadThenPanel(frame, shotName) {
    const header = frame.locator('[data-testid="payload-section"] .collapsible-header');
    await header.focus();
    await page.keyboard.press('Enter');
    await frame.locator('[data-testid="payload-section"][open]').waitFor({ state: 'attached' });
    if (shotName) {
      await frame.locator('[data-testid="payload"]').scrollIntoViewIfNeeded();
      await shot(shotName);
    }
    await page.keyboard.press('Escape');
    await frame.locator('[data-testid="payload-section"]:not([open])').waitFor({ state: 'attached' });
    assert.equal(await frame.locator(PROCEED).count(), 1, 'the first Escape closed only the payload');
    assert.ok(await header.evaluate((e) => e.matches(':focus')), 'the focus is back on the payload header');
    await page.keyboard.press('Escape');
    await noWebviewWith(page, PROCEED);
  }

  /** Opens the walkthrough from the palette, as a person comes back to it: whether each step is
   * checked off, by its id. */
  async function walkthroughChecks() {
    await runPaletteText('Welcome: Open Walkthrough...', { waitHidden: false });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: WALKTHROUGH_TITLE }).first().click();
    await walkthroughPage().waitFor({ state: 'visible', timeout: 20_000 });
    // The page selects a step as it opens and gives it the focus a moment later (250 ms, its
    // animation): a palette opened before then lost the focus to it and closed.
    await page.waitForFunction(() => document.activeElement?.matches('.getting-started-step.expanded') ?? false, null, {
      timeout: 20_000,
    });
    const checked = {};
    for (const id of WALKTHROUGH_STEPS) {
      const button = page.locator(`button.getting-started-step[data-step-id$="${id}"]`);
      await button.waitFor({ state: 'attached' });
      checked[id] = (await button.getAttribute('aria-checked')) === 'true';
    }
    return checked;
  }

  /** The walkthrough's page (VS Code's Welcome editor on our walkthrough). */
  function walkthroughPage() {
    return page.locator('.gettingStartedContainer', { hasText: WALKTHROUGH_TITLE });
  }

  /** The extension's account item in the status bar, by its text. */
  function statusBarItem(text) {
    return page.locator('.part.statusbar .statusbar-item', { hasText: text }).first();
  }
});

const WALKTHROUGH_TITLE = 'Get Started with Satellite Imagery';
const WALKTHROUGH_STEPS = ['setApiKey', 'openArea', 'showOnMap', 'downloadComposite', 'lookAtImage', 'imageryAsCode'];

/** Presses a panel's button from the keyboard, as a person using the keyboard would; that a click
 * reaches Proceed at a small window (no progress notification over it) is cost-panel-reach's test. */
async function press(button) {
  await button.scrollIntoViewIfNeeded();
  await button.focus();
  await button.press('Enter');
}

/** Waits until a file matching `pattern` (other than `except`) exists under `dir`. */
async function waitForFile(dir, pattern, timeoutMs, except) {
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : pattern.test(e.name) ? [join(d, e.name)] : [],
    );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = existsSync(dir) ? walk(dir).find((f) => f !== except) : undefined;
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no file matching ${pattern} appeared in the workspace`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
