// The Field Alerts view as a person sees it, in Chromium against code-server: the simulator's
// scripted season (25 fields × 20 weekly dates, four harvests, six clouds) bought with the command
// line and measured into its folder's field-stats.csv before the workbench opens; the view lists
// the scripted events field by field; a click on F03's drop opens the chart at F03 and 2026-08-17;
// Show on Map colours the fields by their change since their previous valid date. Screenshots of
// the view, the chart and the map in test-results/ui/.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../scripts/code-server.mjs';
import {
  Commands,
  extensionContributed,
  openViewContainer,
  openWorkbench,
  shot,
  runFromPalette,
  runPaletteTitle,
  viewRows,
  webviewWith,
} from './workbench.mjs';

const require = createRequire(import.meta.url);
const { startSimulator, DEFAULT_SEASON, seasonDates } = require(
  join(projectRoot, 'out', 'test', 'simulator', 'index.js'),
);
const { seasonAreaGeoJson, seasonFieldsGeoJson } = require(
  join(projectRoot, 'out', 'test', 'unit', 'fixtures', 'season-files.js'),
);
const KEY = 'ui-field-alerts-key';
const run = promisify(execFile);

/** Every file under `dir`, by its path relative to `dir`. */
function filesUnder(dir, base = dir, found = {}) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, base, found);
    else found[relative(base, path)] = readFileSync(path);
  }
  return found;
}

/** The season bought and measured as a person would with the command line, as workspace files
 * under `season-alerts/`. */
async function seasonFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-ui-alerts-'));
  const sim = await startSimulator({
    demoData: false,
    season: DEFAULT_SEASON,
    clock: () => Date.parse('2026-11-26T12:00:00Z'),
    keys: { valid: [KEY] },
  });
  try {
    writeFileSync(join(dir, 'area.geojson'), seasonAreaGeoJson(DEFAULT_SEASON));
    // Not fields.geojson: the demo workspace has one of its own.
    writeFileSync(join(dir, 'season-fields.geojson'), seasonFieldsGeoJson(DEFAULT_SEASON));
    const env = {
      ...process.env,
      SAT_IMAGERY_API_KEY: KEY,
      SAT_IMAGERY_BASE_URL: sim.url,
      XDG_CACHE_HOME: join(dir, '.cache'),
    };
    const cli = (...args) => run(process.execPath, [join(projectRoot, 'dist', 'cli.js'), ...args], { env, cwd: dir });
    await cli(
      'series',
      'area.geojson',
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--dates',
      seasonDates(DEFAULT_SEASON).join(','),
      '--bandnames',
      'B4,B8',
      '--yes',
      '--max-cost',
      '1000',
      '--output-directory',
      'season',
    );
    await cli('stats', 'season-fields.geojson', 'season', '--csv', join('season', 'field-stats.csv'));
    rmSync(join(dir, '.cache'), { recursive: true, force: true });
    return Object.fromEntries(Object.entries(filesUnder(dir)).map(([name, data]) => [`season-alerts/${name}`, data]));
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('field alerts in the browser workbench', function () {
  this.timeout(300_000);
  let wb;

  before(async function () {
    this.timeout(300_000);
    wb = await openWorkbench({ files: await seasonFiles(), viewport: { width: 1600, height: 1000 } });
  });
  after(async () => wb?.stop());
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await shot(wb.page, 'field-alerts-failed').catch(() => {});
  });

  it('lists the scripted events, opens the chart at an alert, and colours the map by change', async () => {
    const { page } = wb;
    await extensionContributed(page);
    await openViewContainer(page, 'Satellite Imagery');
    // The other views folded, so the alerts have the side bar's height.
    for (const name of ['Orders', 'Models', 'Downloads']) {
      const header = page.locator(`.part.sidebar .pane-header[aria-label^="${name}"]`);
      if ((await header.getAttribute('aria-expanded')) === 'true') await header.click();
    }
    const alertsHeader = page.locator('.part.sidebar .pane-header[aria-label^="Field Alerts"]');
    if ((await alertsHeader.getAttribute('aria-expanded')) !== 'true') await alertsHeader.click();
    // A wider side bar, so the rows' words are read whole: its edge dragged as a person would.
    const bar = await page.locator('.part.sidebar').boundingBox();
    await page.mouse.move(bar.x + bar.width + 1, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + 640, bar.y + bar.height / 2, { steps: 8 });
    await page.mouse.up();
    const rows = viewRows(page, 'Field Alerts');
    const row = (label) => rows.filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${label}$`) }) });
    await row('Drop on 2026-08-17').waitFor({ state: 'visible', timeout: 60_000 });
    const fields = await rows.locator('.label-name').allInnerTexts();
    // The first fields with alerts, each expanded to its alerts, in the rules' order.
    assert.deepEqual(fields.slice(0, 4), ['F03', 'Drop on 2026-08-17', 'F05', 'Low coverage on 2026-06-15']);
    assert.match(await rows.nth(1).innerText(), /ndvi 0\.20, 0\.4\d below its baseline 0\.6\d/);
    await page.waitForTimeout(500);
    await shot(page, 'field-alerts-view');

    // A click on F03's drop: the chart at F03 and that date.
    await row('Drop on 2026-08-17').click();
    const frame = await webviewWith(page, '[data-testid="focus-text"]', 60_000);
    assert.match(
      await frame.locator('[data-testid="focus-text"]').innerText(),
      /^F03 on 2026-08-17: ndvi median 0\.2\d*, mean 0\.2\d*, 100 % of the field valid$/,
    );
    assert.match(await frame.locator('[data-testid="field-count"]').innerText(), /^25 of 25 fields · 1 selected/);
    assert.equal(
      await frame.locator('[data-testid="focus-open"]').innerText(),
      'Open the image of 2026-08-17 with F03 outlined',
    );
    assert.equal(await frame.locator('.stats-table tr.stats-focus').getAttribute('data-row'), 'F03|2026-08-17');
    await page.waitForTimeout(800);
    await shot(page, 'field-alerts-chart');

    // The map of the fields, coloured by their change since the previous valid date.
    await runPaletteTitle(page, 'View: Close All Editors');
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('season-fields.geojson');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'season-fields.geojson' }).first().click();
    await page.locator('.tab.active', { hasText: 'season-fields.geojson' }).waitFor({ timeout: 30_000 });
    await runFromPalette(page, Commands.showOnMap);
    const map = await webviewWith(page, '[data-testid="map-colour-by"]', 90_000);
    await map.locator('[data-testid="map-colour-by"]').selectOption('change');
    await map
      .locator('[data-testid="map-values-heading"]', { hasText: 'Change in ndvi mean since the previous valid date' })
      .waitFor({ timeout: 30_000 });
    assert.equal(await map.locator('[data-testid="map-values-mid"]').innerText(), 'no change');
    const lines = await map.locator('[data-testid="map-values-lines"] li').allTextContents();
    assert.equal(lines.length, 25);
    // F01 is past its peak: a little lower than a week before, on the brown side.
    assert.match(lines[0] ?? '', /^F01: ndvi mean −0\.01\d* since 2026-09-07 \(0\.41\d* → 0\.39\d* on 2026-09-14\)$/);
    await page.waitForTimeout(1500);
    await shot(page, 'field-alerts-map');
  });
});
