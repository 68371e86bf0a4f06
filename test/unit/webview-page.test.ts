// The bundled page (dist/webview.js + media/webview.css) in headless Chromium under the real
// Content Security Policy, with acquireVsCodeApi played by the test: what it renders from a
// `show` message, what it posts back, keyboard use, read-only mode, and its saved state. Leaves
// screenshots in a dark and a light theme under test-results/webview/ (of the viewport: the buttons
// stick to its bottom). Needs `npm run build` first and Debian's chromium
// (scripts/install-test-host.sh installs it).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { buildPageShell, createNonce } from '../../src/ui/webview/common/html';
import { toShowMessage } from '../../src/ui/webview/estimate/view-model';
import type { EstimateModel } from '../../src/workflows/engine/estimate-view-model';
import { compositeModel, orderModel, tilesModel } from './webview-fixtures';

// The callbacks given to page.evaluate run in the page; the Node-side type check has no DOM lib.
declare const window: { [key: string]: any; postMessage(message: unknown, targetOrigin: string): void };
declare const document: any;

const root = path.resolve(__dirname, '..', '..', '..');
const artifacts = path.join(root, 'test-results', 'webview');

/** A few of VS Code's theme variables, enough to tell a dark from a light rendering. */
const THEMES: Record<'dark' | 'light', Record<string, string>> = {
  dark: {
    foreground: '#cccccc', 'editor-background': '#1f1f1f', descriptionForeground: '#9d9d9d', 'panel-border': '#2b2b2b',
    'inputValidation-warningBorder': '#b89500', 'inputValidation-warningBackground': '#352a05', 'charts-blue': '#3794ff',
    'charts-orange': '#d18616', 'charts-green': '#89d185', focusBorder: '#0078d4', 'textCodeBlock-background': '#2b2b2b',
    'button-background': '#0078d4', 'button-foreground': '#ffffff', 'button-secondaryBackground': '#313131',
    'button-secondaryForeground': '#cccccc', 'sideBarSectionHeader-background': '#181818', 'sideBarSectionHeader-foreground': '#cccccc', 'font-family': 'sans-serif', 'font-size': '13px',
  },
  light: {
    foreground: '#3b3b3b', 'editor-background': '#ffffff', descriptionForeground: '#717171', 'panel-border': '#e5e5e5',
    'inputValidation-warningBorder': '#bf8803', 'inputValidation-warningBackground': '#f6f5d2', 'charts-blue': '#1a85ff',
    'charts-orange': '#d18616', 'charts-green': '#388a34', focusBorder: '#005fb8', 'textCodeBlock-background': '#f0f0f0',
    'button-background': '#005fb8', 'button-foreground': '#ffffff', 'button-secondaryBackground': '#e5e5e5',
    'button-secondaryForeground': '#3b3b3b', 'sideBarSectionHeader-background': '#f8f8f8', 'sideBarSectionHeader-foreground': '#3b3b3b', 'font-family': 'sans-serif', 'font-size': '13px',
  },
};

function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

interface PageHarness {
  page: Page;
  /** Messages the page posted, oldest first. */
  posted(): Promise<{ type: string; [key: string]: unknown }[]>;
  send(message: unknown): Promise<void>;
  texts(): Promise<Record<string, string>>;
}

describe('webview page in Chromium', function () {
  this.timeout(20_000);
  let browser: Browser | undefined;
  let page: Page | undefined;
  const pageErrors: string[] = [];
  let dir = '';
  let shellFile = '';

  before(async function () {
    const executablePath = chromiumPath();
    if (!executablePath) {
      console.warn('    Chromium not found (bash scripts/install-test-host.sh installs it): page tests skipped');
      this.skip();
    }
    assert.ok(existsSync(path.join(root, 'dist', 'webview.js')), 'dist/webview.js is missing: run `npm run build` first');
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    dir = mkdtempSync(path.join(tmpdir(), 'sat-imagery-webview-'));
    shellFile = path.join(dir, 'page.html');
    // `file:` plays the webview origin; the policy is otherwise exactly the one VS Code gets.
    writeFileSync(shellFile, buildPageShell({
      cspSource: 'file:',
      asWebviewUri: (p) => pathToFileURL(path.join(root, p)).toString(),
      nonce: createNonce(),
      title: 'Estimate',
    }));
    mkdirSync(artifacts, { recursive: true });
    // One page for all tests (opening pages is the slow part); each test navigates it afresh.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 900, height: 1400 } });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.addInitScript(() => {
      const { vars, saved } = JSON.parse(new URLSearchParams(window.location.search as string).get('setup') ?? '{}');
      const w = window;
      w.posted = [];
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e: { violatedDirective: string; blockedURI: string }) =>
        (w.violations as string[]).push(`${e.violatedDirective} ${e.blockedURI}`));
      w.acquireVsCodeApi = () => ({
        postMessage: (m: unknown) => (w.posted as unknown[]).push(m),
        getState: () => saved ?? undefined,
        setState: (s: unknown) => (w.savedState = s),
      });
      // CSSOM, not a <style> element, so the page's CSP stays untouched.
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, value] of Object.entries(vars ?? {})) document.documentElement.style.setProperty(`--vscode-${name}`, value);
      });
    });
  });

  after(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Loads the page afresh (a full navigation) in `theme`, with `savedState` as its webview state. */
  async function open(theme: 'dark' | 'light' = 'dark', savedState?: unknown): Promise<PageHarness> {
    assert.ok(page);
    const current = page;
    pageErrors.length = 0;
    const setup = encodeURIComponent(JSON.stringify({ vars: THEMES[theme], saved: savedState ?? null }));
    await current.goto(`${pathToFileURL(shellFile).toString()}?setup=${setup}`);
    await current.waitForFunction(() => (window.posted as { type: string }[]).some((m) => m.type === 'ready'));
    const harness: PageHarness = {
      page: current,
      posted: () => current.evaluate(() => window.posted as { type: string; [key: string]: unknown }[]),
      send: (message) => current.evaluate((m) => window.postMessage(m, '*'), message),
      texts: async () => {
        const all = await harness.posted();
        const last = all.filter((m) => m.type === 'rendered').pop();
        return (last?.texts ?? {}) as Record<string, string>;
      },
    };
    return harness;
  }

  afterEach(async () => {
    if (!page) return;
    assert.deepEqual(pageErrors, [], 'page errors');
    assert.deepEqual(await page.evaluate(() => window.violations as string[]), [], 'CSP violations');
  });

  async function show(h: PageHarness, model: EstimateModel, options: { readOnly?: boolean; note?: string } = {}): Promise<Record<string, string>> {
    await h.send(JSON.parse(JSON.stringify(toShowMessage(model, options))));
    await h.page.waitForSelector('[data-testid="proceed"]');
    return h.texts();
  }

  const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

  for (const theme of ['dark', 'light'] as const) {
    it(`renders an order estimate's figures and warnings under the CSP (${theme} theme screenshot)`, async () => {
      const h = await open(theme);
      const texts = await show(h, orderModel({ budget: 20 }));
      assert.equal(plain(texts['current-month']), 'EUR 11.75');
      assert.equal(plain(texts['current-month-order']), 'EUR 10.50');
      assert.equal(plain(texts['current-month-storage']), 'EUR 1.25');
      assert.equal(plain(texts['next-month-total']), 'EUR 23.50');
      assert.equal(texts['cancellation-deadline'], 'Dec 1, 2026, 00:00 UTC');
      assert.match(plain(texts['warning-budget']), /above your budget of EUR 20\.00/);
      assert.match(texts['warning-recurring'], /renews every month/);
      assert.equal(texts['requested-area'], '62.4 km²');
      assert.equal(texts['billed-area'], '70.2 km²');
      assert.equal(texts['setting-model'], 'Stratus2');
      assert.match(texts.payload, /GEOMETRYCOLLECTION/);
      assert.equal(plain(texts.proceed), 'Place order: EUR 11.75 this month');
      assert.equal(await h.page.locator('svg[data-testid="map"] path.billed-box').count(), 1);
      await h.page.screenshot({ path: path.join(artifacts, `order-${theme}.png`) });
    });
  }

  it('posts proceed, change, cancel and copyPayload from the buttons; Escape is Cancel', async () => {
    const h = await open('light');
    const texts = await show(h, compositeModel());
    assert.equal(texts.credits, '14.04 credits');
    await h.page.screenshot({ path: path.join(artifacts, 'composite-light.png') });
    await h.page.click('[data-testid="payload-section"]'); // opens the collapsed payload
    assert.match(await h.page.locator('[data-testid="payload"]').innerText(), /"Model": "Stratus3"/);
    for (const id of ['copy-payload', 'change', 'cancel', 'proceed']) await h.page.click(`[data-testid="${id}"]`);
    await h.page.keyboard.press('Escape');
    const types = (await h.posted()).map((m) => m.type).filter((t) => t !== 'rendered' && t !== 'ready');
    assert.deepEqual(types, ['copyPayload', 'change', 'cancel', 'proceed', 'cancel']);
  });

  it('ignores messages that do not match the protocol', async () => {
    const h = await open();
    await h.send({ type: 'show', model: { kind: 'composite', title: 'Forged' } });
    await h.send({ type: 'explode' });
    await show(h, compositeModel({ title: 'Genuine' }));
    assert.equal(await h.page.textContent('[data-testid="title"]'), 'Genuine');
    assert.equal((await h.posted()).filter((m) => m.type === 'rendered').length, 1);
  });

  it('selects tiles with the keyboard on the map and proceeds with them', async () => {
    const h = await open();
    let texts = await show(h, tilesModel());
    assert.equal(texts['tile-count'], '1 of 2 tiles selected');
    await h.page.focus('[data-testid="map-tile-t-2"]');
    await h.page.keyboard.press('Space');
    texts = await h.texts();
    assert.equal(texts['tile-count'], '2 of 2 tiles selected');
    assert.equal(texts['map-tile-t-2:checked'], 'true');
    assert.equal(await h.page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'map-tile-t-2', 'focus stays on the tile');
    await h.page.keyboard.press('Enter'); // toggles it off again
    await h.page.keyboard.press('Enter');
    await h.page.click('[data-testid="select-none"]');
    assert.equal((await h.texts())['proceed:disabled'], 'true', 'no tile, no Proceed');
    await h.page.click('[data-testid="map-tile-t-1"]');
    await h.page.click('[data-testid="proceed"]');
    const proceed = (await h.posted()).filter((m) => m.type === 'proceed');
    assert.deepEqual(proceed, [{ type: 'proceed', selectedTiles: ['t-1'] }]);
    const saved = await h.page.evaluate(() => window.savedState as { selectedTiles?: string[] });
    assert.deepEqual(saved.selectedTiles, ['t-1']);
  });

  it('read-only: shows the note and never posts proceed', async () => {
    const h = await open();
    const texts = await show(h, compositeModel(), { readOnly: true, note: 'Restored after a window reload.' });
    assert.equal(texts.note, 'Restored after a window reload.');
    assert.equal(texts['proceed:disabled'], 'true');
    await h.page.click('[data-testid="proceed"]', { force: true });
    assert.equal((await h.posted()).filter((m) => m.type === 'proceed').length, 0);
  });

  it('renders its saved state at once after a reload, before the host answers', async () => {
    const saved = { show: JSON.parse(JSON.stringify(toShowMessage(orderModel({ title: 'From state' })))) };
    const h = await open('dark', saved);
    await h.page.waitForSelector('[data-testid="proceed"]');
    assert.equal(await h.page.textContent('[data-testid="title"]'), 'From state');
  });
});
