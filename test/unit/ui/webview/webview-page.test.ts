// The bundled page (dist/webview.js + media/webview.css) in headless Chromium under the real
// Content Security Policy, with acquireVsCodeApi played by the test: what it renders from a
// `show` message, what it posts back, keyboard use, read-only mode, and its saved state. Leaves
// screenshots in a dark and a light theme under test-results/webview/ (of the viewport: the buttons
// stick to its bottom). Needs `npm run build` first and Debian's chromium
// (scripts/install-test-host.sh installs it).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { buildPageShell, createNonce } from '../../../../src/ui/webview/common/html';
import { toShowMessage } from '../../../../src/ui/webview/estimate/view-model';
import { planMessage } from '../../../../src/ui/webview/estimate/plan-protocol';
import type { PlanView } from '../../../../src/ui/webview/estimate/plan-protocol';
import type { EstimateModel } from '../../../../src/pricing/estimate-view-model';
import { compositeModel, orderModel, tilesModel } from './webview-fixtures';
import { purchasePlan, settingBudget } from '../../../../src/pricing/purchase-plan';
import { seriousAxeViolations } from './axe-page';

// The callbacks given to page.evaluate run in the page; the Node-side type check has no DOM lib.
declare const window: { [key: string]: any; postMessage(message: unknown, targetOrigin: string): void };
declare const document: any;

const root = path.resolve(__dirname, '..', '..', '..', '..', '..');
const artifacts = path.join(root, 'test-results', 'webview');

/** A few of VS Code's theme variables, enough to tell a dark from a light rendering. */
const THEMES: Record<'dark' | 'light', Record<string, string>> = {
  dark: {
    foreground: '#cccccc',
    'editor-background': '#1f1f1f',
    descriptionForeground: '#9d9d9d',
    'panel-border': '#2b2b2b',
    'editorWarning-foreground': '#cca700',
    'list-warningForeground': '#cca700',
    'inputValidation-warningBorder': '#b89500',
    'inputValidation-warningBackground': '#352a05',
    'charts-blue': '#3794ff',
    'charts-orange': '#d18616',
    'charts-green': '#89d185',
    focusBorder: '#0078d4',
    'textCodeBlock-background': '#2b2b2b',
    'button-background': '#0078d4',
    'button-foreground': '#ffffff',
    'button-secondaryBackground': '#313131',
    'button-secondaryForeground': '#cccccc',
    'sideBarSectionHeader-background': '#181818',
    'sideBarSectionHeader-foreground': '#cccccc',
    // The payload's collapsible (vscode-elements) draws its header in these; Dark Modern's values.
    'sideBarTitle-foreground': '#cccccc',
    'icon-foreground': '#cccccc',
    'sideBar-background': '#181818',
    'font-family': 'sans-serif',
    'font-size': '13px',
  },
  light: {
    foreground: '#3b3b3b',
    'editor-background': '#ffffff',
    descriptionForeground: '#717171',
    'panel-border': '#e5e5e5',
    'editorWarning-foreground': '#bf8803',
    'list-warningForeground': '#855f00',
    'inputValidation-warningBorder': '#bf8803',
    'inputValidation-warningBackground': '#f6f5d2',
    'charts-blue': '#1a85ff',
    'charts-orange': '#d18616',
    'charts-green': '#388a34',
    focusBorder: '#005fb8',
    'textCodeBlock-background': '#f0f0f0',
    'button-background': '#005fb8',
    'button-foreground': '#ffffff',
    'button-secondaryBackground': '#e5e5e5',
    'button-secondaryForeground': '#3b3b3b',
    'sideBarSectionHeader-background': '#f8f8f8',
    'sideBarSectionHeader-foreground': '#3b3b3b',
    // The payload's collapsible (vscode-elements) draws its header in these; Light Modern's values.
    'sideBarTitle-foreground': '#3b3b3b',
    'icon-foreground': '#3b3b3b',
    'sideBar-background': '#f8f8f8',
    'font-family': 'sans-serif',
    'font-size': '13px',
  },
};

function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim() ||
      undefined
    );
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
  let server: Server | undefined;
  let shellUrl = '';

  before(async function () {
    // Starting Chromium once took more than the tests' 20 s on a loaded CI machine.
    this.timeout(90_000);
    const executablePath = chromiumPath();
    if (!executablePath) {
      // CI installs Chromium (scripts/install-test-host.sh): there a missing browser is a failure,
      // never a quiet skip; a developer's unit run without it is told how to get it.
      assert.ok(!process.env.CI, 'Chromium not found: bash scripts/install-test-host.sh installs it');
      console.warn('    Chromium not found (bash scripts/install-test-host.sh installs it): page tests skipped');
      this.skip();
    }
    assert.ok(
      existsSync(path.join(root, 'dist', 'webview.js')),
      'dist/webview.js is missing: run `npm run build` first',
    );
    browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    // A loopback server plays the webview origin; the policy is exactly the one VS Code gets (no
    // connect-src: the maps ask for their basemap files by message, which the test answers).
    let shell = '';
    server = createServer((request, response) => {
      const file = path.normalize(path.join(root, new URL(request.url ?? '/', 'http://page').pathname));
      if (request.url?.startsWith('/?') || request.url === '/')
        return response.writeHead(200, { 'content-type': 'text/html' }).end(shell);
      const served = ['dist', 'media'].some((folder) => file.startsWith(path.join(root, folder) + path.sep));
      if (!served || !existsSync(file)) return response.writeHead(404).end();
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/json';
      response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    shell = buildPageShell({
      cspSource: origin,
      asWebviewUri: (p) => `${origin}/${p}`,
      nonce: createNonce(),
      title: 'Estimate',
      mapStyle: true,
    });
    shellUrl = `${origin}/`;
    mkdirSync(artifacts, { recursive: true });
    // One page for all tests (opening pages is the slow part); each test navigates it afresh.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 900, height: 1400 } });
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // The panel's side of the basemap messages: the file from dist/basemap/, as the host reads it.
    await page.exposeFunction('readBasemap', (file: string) =>
      readFileSync(path.join(root, 'dist', 'basemap', file), 'utf8'),
    );
    await page.addInitScript(() => {
      const { vars, saved } = JSON.parse(new URLSearchParams(window.location.search as string).get('setup') ?? '{}');
      const w = window;
      w.posted = [];
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e: { violatedDirective: string; blockedURI: string }) =>
        (w.violations as string[]).push(`${e.violatedDirective} ${e.blockedURI}`),
      );
      w.acquireVsCodeApi = () => ({
        postMessage: (m: { type: string; requestId?: string; path?: string }) => {
          (w.posted as unknown[]).push(m);
          if (m.type === 'basemapRequest') {
            void (w.readBasemap(m.path) as Promise<string>).then((text) =>
              w.postMessage({ type: 'basemapFile', inReplyTo: m.requestId, text }, '*'),
            );
          }
        },
        getState: () => saved ?? undefined,
        setState: (s: unknown) => (w.savedState = s),
      });
      // CSSOM, not a <style> element, so the page's CSP stays untouched.
      document.addEventListener('DOMContentLoaded', () => {
        for (const [name, value] of Object.entries(vars ?? {}))
          document.documentElement.style.setProperty(`--vscode-${name}`, value);
      });
    });
  });

  after(async () => {
    await browser?.close();
    server?.close();
  });

  /** Loads the page afresh (a full navigation) in `theme`, with `savedState` as its webview state. */
  async function open(theme: 'dark' | 'light' = 'dark', savedState?: unknown): Promise<PageHarness> {
    assert.ok(page);
    const current = page;
    pageErrors.length = 0;
    const setup = encodeURIComponent(JSON.stringify({ vars: THEMES[theme], saved: savedState ?? null }));
    await current.goto(`${shellUrl}?setup=${setup}`);
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

  async function show(
    h: PageHarness,
    model: EstimateModel,
    options: { readOnly?: boolean; note?: string } = {},
  ): Promise<Record<string, string>> {
    await h.send(JSON.parse(JSON.stringify(toShowMessage(model, options))));
    await h.page.waitForSelector('[data-testid="proceed"]');
    return h.texts();
  }

  /** The page's report once the map `testId` has drawn its first complete frame (basemap included). */
  async function mapDrawn(h: PageHarness, testId = 'map'): Promise<Record<string, string>> {
    await h.page.waitForFunction(
      (id) =>
        (window.posted as { type: string; texts?: Record<string, string> }[]).some(
          (m) => m.type === 'rendered' && m.texts?.[`${id}:drawn`] === 'true',
        ),
      testId,
    );
    return h.texts();
  }

  /** The basemap files the page asked the panel for, sorted. */
  async function basemapAsked(h: PageHarness): Promise<string[]> {
    return (await h.posted())
      .filter((m) => m.type === 'basemapRequest')
      .map((m) => String(m.path))
      .sort();
  }

  /** The basemap files a map of an area near Aarhus reads, sorted. */
  const NEAR_AARHUS = [
    '10m/19_14.json',
    '10m/index.json',
    'places/19_14.json',
    'places/index.json',
    'places/world.json',
    'water-50m.json',
  ];

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
      const [first] = (await h.posted()).filter((m) => m.type === 'rendered') as unknown as {
        texts: Record<string, string>;
      }[];
      assert.equal(plain(first.texts['current-month']), 'EUR 11.75', 'the price is in the first report');
      assert.equal(first.texts['map:layers'], undefined, 'the first report does not wait for the map');
      const drawn = await mapDrawn(h);
      assert.match(drawn['map:layers'], /\baoi:1\b/);
      assert.match(drawn['map:layers'], /\bbilled:1\b/);
      assert.equal((await h.page.locator('[data-testid="map"] canvas').count()) > 0, true, 'the map draws on a canvas');
      // The basemap under it: the 1:10m cell around the area, not the whole 1:10m world, the
      // 1:50m water (there is no 1:10m water), the large places and the one cell of smaller places
      // around the area, asked of the panel by message; nothing fetched (the CSP has no
      // connect-src: afterEach checks).
      assert.deepEqual(await basemapAsked(h), NEAR_AARHUS);
      await h.page.screenshot({ path: path.join(artifacts, `order-${theme}.png`) });
    });
  }

  /** A plan of imagery.json as the host sends it: nothing in it but what `parts` says. */
  const planOf = (parts: Partial<PlanView>): PlanView => ({
    title: 'Plan: imagery.json',
    file: 'imagery.json',
    units: [],
    orders: [],
    total: { credits: 0, euroThisMonth: 0, euroPerMonth: 0 },
    balance: { credits: 100 },
    stops: [],
    changes: false,
    applicable: false,
    ...parts,
  });

  it('a plan shows an order whose create was never answered as uncertain, warned, with what to do, and does not apply it', async () => {
    const h = await open('dark');
    const order = { order: 'field-order', area: 'field.geojson' };
    const plan = planOf({ orders: [{ ...order, kind: 'uncertain' }] });
    assert.ok(planMessage.safeParse({ type: 'plan', plan }).success, 'the protocol carries an uncertain order');
    await h.send({ type: 'plan', plan });
    const row = h.page.locator('[data-testid="order-0"]');
    await row.waitFor();
    assert.equal(await row.locator('td.kind-cell').innerText(), 'uncertain (may exist)');
    assert.equal(
      await h.page.locator('[data-testid="plan-counts"]').innerText(),
      'Nothing to buy or create; 1 order of imagery.json may exist already (see Tasking orders).',
    );
    assert.match(
      await row.locator('td.why').innerText(),
      /answer lost: it may exist and be charged\. Apply never creates it again/,
    );
    const warned = await row.locator('td.kind-cell').evaluate((cell) => String(window.getComputedStyle(cell).color));
    const plainCell = await row
      .locator('td')
      .nth(1)
      .evaluate((cell) => String(window.getComputedStyle(cell).color));
    assert.notEqual(warned, plainCell, 'the kind is in the warning colour');
    assert.equal(await h.page.locator('[data-testid="apply"]').getAttribute('disabled'), '', 'Apply… is disabled');
    assert.equal(await h.page.locator('.plan-units').count(), 0, 'a file of orders alone shows no empty image table');
    await h.page.screenshot({ path: path.join(artifacts, 'plan-uncertain-order-dark.png') });
  });

  it("a plan shows an order the orders' monthly cap defers, with its price and why, and the month's orders against the cap", async () => {
    const h = await open('light');
    const plan = planOf({
      orders: [
        { kind: 'exists', order: 'a', area: 'field.geojson', guid: 'g-a' },
        {
          kind: 'deferred',
          order: 'c',
          area: 'field.geojson',
          currency: 'EUR',
          euroThisMonth: 0.86,
          euroPerMonth: 0.86,
          reason: "the month's orders would reach 2.58 EUR of the file's 2 EUR",
        },
      ],
      budget: { maxEuroPerMonth: 2 },
      orderMonth: {
        month: '2026-07',
        spentEuro: 1.72,
        nextMonthEuro: 1.72,
        maxEuro: 2,
        leftEuro: 0.28,
        deferredEuro: 0.86,
      },
      changes: true,
    });
    assert.ok(planMessage.safeParse({ type: 'plan', plan }).success, 'the protocol carries a deferred order');
    await h.send({ type: 'plan', plan });
    const row = h.page.locator('[data-testid="order-1"]');
    await row.waitFor();
    assert.equal(await row.locator('td.kind-cell').innerText(), 'deferred (monthly cap)');
    assert.match(await row.locator('td.num').innerText(), /0\.86 this month, .*0\.86 next month$/);
    assert.equal(
      await row.locator('td.why').innerText(),
      "the month's orders would reach 2.58 EUR of the file's 2 EUR",
    );
    assert.match(
      await h.page.locator('[data-testid="plan-order-month"]').innerText(),
      /^.*1\.72 spent of the cap of .*2\.00; .*0\.28 left after this plan; .*1\.72 billed next month for the orders already made; 1 order deferred \(.*0\.86\)$/,
    );
    assert.match(await h.page.locator('[data-testid="plan-budget"]').innerText(), /2\.00 a month for orders/);
    assert.equal(await h.page.locator('[data-testid="apply"]').getAttribute('disabled'), '', 'nothing to create');
    await h.page.screenshot({ path: path.join(artifacts, 'plan-deferred-order-light.png'), fullPage: true });
  });

  it('a plan counts only the images it buys: a date the service does not make is "not available", unpriced, apart', async () => {
    const h = await open('light');
    const unit = (kind: 'buy' | 'unavailable', date: string, credits?: number) => ({
      kind,
      label: 'rgb',
      area: 'field.geojson',
      date,
      ...(credits !== undefined ? { credits } : { reason: 'not available: no order covers this date (2027-01-05)' }),
    });
    const plan = planOf({
      units: [unit('buy', '2026-06-10', 0.2), unit('unavailable', '2027-01-05'), unit('unavailable', '2027-01-12')],
      orders: [
        {
          kind: 'create',
          order: 'winter-order',
          area: 'field.geojson',
          currency: 'EUR',
          euroThisMonth: 0,
          euroPerMonth: 0,
          notPricedYet:
            "it starts 2027-01-01, after this month and next, the months the service's estimate prices: what it costs each month from then is not estimated yet",
        },
      ],
      total: { credits: 0.2, euroThisMonth: 0, euroPerMonth: 0 },
      currency: 'EUR',
      changes: true,
      applicable: true,
    });
    assert.ok(planMessage.safeParse({ type: 'plan', plan }).success, 'the protocol carries an unavailable unit');
    await h.send({ type: 'plan', plan });
    await h.page.locator('[data-testid="unit-2"]').waitFor();
    assert.equal(await h.page.locator('[data-testid="plan-counts"]').innerText(), '1 to buy, 2 not available');
    const kinds = await h.page.locator('.plan-units td.kind-cell').allInnerTexts();
    assert.deepEqual(kinds, ['buy', 'not available', 'not available']);
    const row = h.page.locator('[data-testid="unit-1"]');
    assert.equal(await row.locator('td.num').innerText(), '', 'no price');
    assert.match(
      await row.locator('td.why').innerText(),
      /^no order covers this date/,
      'the reason, not the kind again',
    );
    // An order that starts after the months the estimate prices: its zeros are next month's, said so.
    const order = h.page.locator('[data-testid="order-0"]');
    assert.match(await order.locator('td.num').innerText(), /this month, .*next month$/);
    assert.match(await order.locator('td.why').innerText(), /^Not priced yet: it starts 2027-01-01/);
    await h.page.screenshot({ path: path.join(artifacts, 'plan-unavailable-light.png'), fullPage: true });
    // In a narrow editor group the tables scroll inside their sections; the page itself does not.
    await h.page.setViewportSize({ width: 420, height: 900 });
    assert.ok(
      await h.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'the page is no wider than the panel',
    );
    await h.page.screenshot({ path: path.join(artifacts, 'plan-unavailable-narrow-light.png') });
  });

  it('every cost panel (a composite, a series, tiles, an order) and a plan pass axe-core in the dark and the light theme', async function () {
    // Ten pages opened and checked: more than the page tests' 20 s on a loaded machine.
    this.timeout(120_000);
    const plan = planOf({
      units: [
        { kind: 'buy', label: 'rgb', area: 'field.geojson', date: '2026-06-10', credits: 0.2 },
        {
          kind: 'unavailable',
          label: 'rgb',
          area: 'field.geojson',
          date: '2027-01-05',
          reason: 'not available: no image',
        },
      ],
      orders: [{ kind: 'uncertain', order: 'field-order', area: 'field.geojson' }],
      total: { credits: 0.2, euroThisMonth: 0, euroPerMonth: 0 },
      changes: true,
      applicable: true,
    });
    const models: [string, EstimateModel][] = [
      ['composite', compositeModel({ budget: 20 })],
      ['series', compositeModel({ title: 'Time series of 2 dates', series: true })],
      ['tiles', tilesModel()],
      ['order', orderModel({ budget: 30 })],
    ];
    // At an editor's width and in a narrow editor group, where the tables scroll inside their sections.
    for (const [width, theme] of [
      [900, 'dark'],
      [900, 'light'],
      [420, 'dark'],
    ] as const) {
      await page!.setViewportSize({ width, height: 1400 });
      for (const [kind, model] of models) {
        const h = await open(theme);
        await show(h, model);
        assert.deepEqual(await seriousAxeViolations(h.page), [], `the ${kind} cost panel (${theme}, ${width} px)`);
      }
      const h = await open(theme);
      await h.send({ type: 'plan', plan });
      await h.page.locator('[data-testid="unit-1"]').waitFor();
      assert.deepEqual(await seriousAxeViolations(h.page), [], `the plan (${theme}, ${width} px)`);
    }
    await page!.setViewportSize({ width: 900, height: 1400 });
  });

  it('posts proceed, change, cancel and copyPayload from the buttons; Escape is Cancel', async () => {
    const h = await open('light');
    const texts = await show(h, compositeModel());
    assert.equal(texts.credits, '14.04 credits');
    await h.page.screenshot({ path: path.join(artifacts, 'composite-light.png') });
    await h.page.click('[data-testid="payload-section"]'); // opens the collapsed payload
    assert.match(await h.page.locator('[data-testid="payload"]').innerText(), /"Model": "Stratus3"/);
    for (const id of ['copy-payload', 'change', 'cancel', 'proceed']) await h.page.click(`[data-testid="${id}"]`);
    await h.page.keyboard.press('Escape');
    const types = (await h.posted())
      .map((m) => m.type)
      .filter((t) => t !== 'rendered' && t !== 'ready' && t !== 'basemapRequest');
    assert.deepEqual(types, ['copyPayload', 'change', 'cancel', 'proceed', 'cancel']);
  });

  it("shows the order AutomaticOrderCreation would create beside the image's credits, each in its own unit", async () => {
    const h = await open('dark');
    const automaticOrder = {
      currency: 'EUR',
      currentMonth: 24.4,
      perMonth: 0,
      billedKm2: 17.7,
      note: 'No order covers the area on 2026-06-12; the service decides that order; this is the estimate with your order settings.',
      caveat:
        'The service estimates as if nothing changes in your existing orders this month and the area overlaps none of them.',
      request: { Model: 'Stratus3' },
    };
    const texts = await show(h, compositeModel({ automaticOrder, budget: 20 }));
    assert.equal(texts.credits, '14.04 credits');
    assert.equal(texts['warning-budget'], undefined, 'the image is under the budget');
    assert.match(
      plain(texts['warning-order-budget']),
      /order the service would create costs EUR 24\.40 a month at most, above your budget of 20/,
    );
    assert.equal(plain(texts['automatic-order-current-month']), 'EUR 24.40');
    assert.match(plain(texts['automatic-order-per-month']), /EUR 0\.00 per month/);
    assert.match(texts['automatic-order-note'], /service decides/);
    assert.match(texts['automatic-order-caveat'], /overlaps none/);
    assert.equal(plain(texts.proceed), 'Proceed: spend 14.04 credits and EUR 24.40 for the order');
    await h.page.screenshot({ path: path.join(artifacts, 'composite-automatic-order-dark.png') });
  });

  it('ignores messages that do not match the protocol', async () => {
    const h = await open();
    await h.send({ type: 'show', model: { kind: 'composite', title: 'Forged' } });
    await h.send({ type: 'explode' });
    await show(h, compositeModel({ title: 'Genuine' }));
    assert.equal(await h.page.textContent('[data-testid="title"]'), 'Genuine');
    const reports = (await h.posted()).filter((m) => m.type === 'rendered') as unknown as {
      texts: Record<string, string>;
    }[];
    assert.ok(reports.length > 0);
    assert.deepEqual([...new Set(reports.map((r) => r.texts.title))], ['Genuine']);
  });

  it('selects tiles with the keyboard in the list and with a click on the map, the map following; proceeds with them', async () => {
    const h = await open();
    await show(h, tilesModel());
    let texts = await mapDrawn(h);
    assert.equal(texts['tile-count'], '1 of 2 tiles selected');
    assert.equal(texts['map:selected'], 't-1');
    assert.match(texts['map:layers'], /\btiles:2\b/);
    await h.page.focus('[data-testid="tile-t-2"]');
    await h.page.keyboard.press('Space');
    texts = await h.texts();
    assert.equal(texts['tile-count'], '2 of 2 tiles selected');
    assert.equal(texts['map:selected'], 't-1 t-2');
    await h.page.click('[data-testid="select-none"]');
    texts = await h.texts();
    assert.equal(texts['proceed:disabled'], 'true', 'no tile, no Proceed');
    assert.equal(texts['map:selected'], '');
    // t-1 is the western half of the tiles' extent, which the map fits around its centre.
    await h.page.waitForTimeout(500);
    const box = await h.page.locator('[data-testid="map"]').boundingBox();
    assert.ok(box);
    const extentWidth = (box.height - 64) / (1 / Math.cos((55.65 * Math.PI) / 180));
    await h.page.mouse.click(box.x + box.width / 2 - extentWidth / 4, box.y + box.height / 2);
    await h.page.waitForFunction(
      () =>
        (window.posted as { type: string; texts?: Record<string, string> }[]).filter((m) => m.type === 'rendered').pop()
          ?.texts?.['map:selected'] === 't-1',
    );
    await h.page.click('[data-testid="proceed"]');
    const proceed = (await h.posted()).filter((m) => m.type === 'proceed');
    assert.deepEqual(proceed, [{ type: 'proceed', selectedTiles: ['t-1'] }]);
    const saved = await h.page.evaluate(() => window.savedState as { selectedTiles?: string[] });
    assert.deepEqual(saved.selectedTiles, ['t-1']);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`draws both covers of the cheapest-cover comparison on the shared map (${theme} theme screenshot)`, async () => {
      const h = await open(theme);
      const square = (west: number, south: number, size: number) => [
        [
          [west, south],
          [west + size, south],
          [west + size, south + size],
          [west, south + size],
          [west, south],
        ],
      ];
      const cover = (
        id: 'polygon' | 'tiles',
        perMonth: number,
        footprints: { guid: string; polygons: number[][][][] }[],
      ) => ({
        id,
        label: id === 'polygon' ? 'Polygon order' : 'Tile order',
        currency: 'EUR',
        currentMonth: perMonth / 2,
        perMonth,
        billedKm2: 70,
        tiles: footprints.length,
        miniTiles: 0,
        footprints,
      });
      await show(
        h,
        orderModel({
          covers: [
            cover('polygon', 23.5, []),
            cover('tiles', 18, [
              { guid: 'tile-w', polygons: [square(12.45, 55.58, 0.1)] },
              { guid: 'tile-e', polygons: [square(12.55, 55.58, 0.1)] },
            ]),
          ],
        }),
      );
      await mapDrawn(h, 'cover-map-polygon');
      const texts = await mapDrawn(h, 'cover-map-tiles');
      assert.match(texts['cover-map-polygon:layers'], /\baoi:1\b/);
      assert.match(texts['cover-map-polygon:layers'], /\bbilled:1\b/);
      assert.match(texts['cover-map-polygon:layers'], /\btiles:0\b/);
      assert.match(texts['cover-map-tiles:layers'], /\baoi:1\b/);
      assert.match(texts['cover-map-tiles:layers'], /\bbilled:0\b/);
      assert.match(texts['cover-map-tiles:layers'], /\btiles:2\b/);
      assert.match(
        await h.page.locator('[data-testid="covers-intro"]').innerText(),
        /cover the area for less per month than the polygon order/,
      );
      await mapDrawn(h, 'map');
      // Three maps, one basemap read: the sources are the page's, shared by its maps.
      assert.deepEqual(await basemapAsked(h), NEAR_AARHUS);
      await h.page.locator('[data-testid="covers"]').scrollIntoViewIfNeeded();
      await h.page.screenshot({ path: path.join(artifacts, `cheapest-cover-${theme}.png`) });
    });
  }

  /** The cells of every row of the plan's image table, as a person reads them. */
  const unitRows = async (h: PageHarness): Promise<string[][]> =>
    h.page.$$eval('[data-testid="plan-units"] tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
    );

  it("the cost panel of a composite, a series, tiles and an order shows its plan in the Plan panel's table (full-page screenshots)", async () => {
    const h = await open('dark');
    // The panel at the width of an editor (a test before may have left the page narrow).
    await h.page.setViewportSize({ width: 900, height: 1400 });
    // A composite: one unit, the whole area, with the balance the gate read beside it.
    const composite = compositeModel({ budget: 20 });
    composite.plan.balance = { credits: 980.5 };
    let texts = await show(h, composite);
    assert.deepEqual(await unitRows(h), [['buy', 'composite', 'whole area', '2026-06-01', '14.04 credits', '']]);
    assert.equal(plain(texts['plan-credits']), '14.04 credits');
    assert.equal(plain(texts['plan-balance']), '980.5 credits');
    assert.equal(plain(texts['plan-budget']), '20 credits (satImagery.confirmCostAbove)');
    assert.equal(plain(texts.credits), '14.04 credits', 'the headline the panel had');
    await h.page.screenshot({ path: path.join(artifacts, 'cost-plan-composite-dark.png'), fullPage: true });

    // A series: its dates, a refused one not available with the service's reason and no price.
    const series = compositeModel({
      title: 'Time series of 2 dates',
      series: true,
      credits: 3.5,
      plan: purchasePlan({
        units: [
          { kind: 'buy', label: 'composite', area: 'whole area', date: '2026-06-10', credits: 1.5 },
          {
            kind: 'unavailable',
            label: 'composite',
            area: 'whole area',
            date: '2026-06-12',
            reason: 'not available: imagery covers only part of the area on 2026-06-12',
          },
          { kind: 'buy', label: 'composite', area: 'whole area', date: '2026-06-14', credits: 2 },
        ],
        budget: settingBudget(undefined, 'images'),
      }),
    });
    texts = await show(h, series);
    assert.deepEqual(await unitRows(h), [
      ['buy', 'composite', 'whole area', '2026-06-10', '1.5 credits', ''],
      [
        'not available',
        'composite',
        'whole area',
        '2026-06-12',
        '',
        'imagery covers only part of the area on 2026-06-12',
      ],
      ['buy', 'composite', 'whole area', '2026-06-14', '2 credits', ''],
    ]);
    assert.equal(plain(texts['plan-credits']), '3.5 credits');
    assert.equal(plain(texts['plan-balance']), 'not given (not compared)');
    assert.equal(plain(texts['plan-budget']), 'none set (satImagery.confirmCostAbove)');
    await h.page.screenshot({ path: path.join(artifacts, 'cost-plan-series-dark.png'), fullPage: true });

    // Tiles: the rows follow the selection, not priced yet, and the plan says when they will be.
    texts = await show(h, tilesModel());
    assert.deepEqual(await unitRows(h), [['buy', 't-1', 'tile', '', 'not priced yet', '']]);
    assert.match(plain(texts['plan-credits']), /^not priced yet: Process Tiles prices the tiles you choose/);
    await h.page.focus('[data-testid="tile-t-2"]');
    await h.page.keyboard.press('Space');
    assert.deepEqual(
      (await unitRows(h)).map((r) => r[1]),
      ['t-1', 't-2'],
    );
    await h.page.screenshot({ path: path.join(artifacts, 'cost-plan-tiles-dark.png'), fullPage: true });

    // An order: a plan of one order to create, its months in its currency; no image table.
    texts = await show(h, orderModel({ budget: 30 }));
    assert.match(plain(texts['order-0']), /^create.*EUR 11\.75 this month, EUR 23\.50 next month/);
    assert.equal(await h.page.locator('[data-testid="plan-units"]').count(), 0);
    assert.equal(plain(texts['plan-euro-this-month']), 'EUR 11.75');
    assert.equal(plain(texts['plan-budget']), 'EUR 30.00 (satImagery.confirmCostAbove)');
    await h.page.screenshot({ path: path.join(artifacts, 'cost-plan-order-dark.png'), fullPage: true });
  });

  it('read-only: shows the note and never posts proceed', async () => {
    const h = await open();
    const texts = await show(h, compositeModel(), { readOnly: true, note: 'Restored after a window reload.' });
    assert.equal(texts.note, 'Restored after a window reload.');
    assert.equal(texts['proceed:disabled'], 'true');
    await h.page.click('[data-testid="proceed"]', { force: true });
    assert.equal((await h.posted()).filter((m) => m.type === 'proceed').length, 0);
  });

  it('a panel restored after a window reload shows the rows the person chose, read-only (#41)', async () => {
    // Before the reload: the person swaps the preselected tile for the other one.
    const first = await open('dark');
    await show(first, tilesModel());
    await first.page.focus('[data-testid="tile-t-1"]');
    await first.page.keyboard.press('Space');
    await first.page.focus('[data-testid="tile-t-2"]');
    await first.page.keyboard.press('Space');
    const before = await unitRows(first);
    assert.deepEqual(
      before.map((r) => r[1]),
      ['t-2'],
    );
    const saved = await first.page.evaluate(() => window.savedState);
    // After it: the page loads with its saved state, and the host (EstimatePanel.revive) sends the
    // saved estimate back, read-only with its note.
    const h = await open('dark', saved);
    const revived = { ...(saved as { show: object }).show, readOnly: true, note: 'Restored after a window reload.' };
    await h.send(revived);
    await h.page.waitForSelector('[data-testid="note"]');
    assert.deepEqual(await unitRows(h), before);
    const texts = await h.texts();
    assert.equal(texts['proceed:disabled'], 'true');
    assert.equal(texts['tile-count'], '1 of 2 tiles selected');
    await h.page.screenshot({ path: path.join(artifacts, 'cost-restored-tiles-dark.png'), fullPage: true });
  });

  it('renders its saved state at once after a reload, before the host answers', async () => {
    const saved = { show: JSON.parse(JSON.stringify(toShowMessage(orderModel({ title: 'From state' })))) };
    const h = await open('dark', saved);
    await h.page.waitForSelector('[data-testid="proceed"]');
    assert.equal(await h.page.textContent('[data-testid="title"]'), 'From state');
  });
});
