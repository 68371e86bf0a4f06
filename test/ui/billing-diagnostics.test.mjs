// A billing rule as a person sees it: a long diagonal AOI opened in the editor shows a warning
// (not an error) in the Problems panel, with the billed figure in its text. Saves a screenshot
// under test-results/ui/.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionContributed, openWorkbench, runPaletteTitle, shot } from './workbench.mjs';

/** A band 0.003° wide from (10, 50) to (10.5, 50.5): it fills under 1 % of its bounding box. */
const diagonalWkt = 'POLYGON ((10 50, 10.003 50, 10.503 50.5, 10.5 50.5, 10 50))\n';

describe('Billing rules in the Problems panel (browser workbench)', function () {
  this.timeout(120_000);
  let wb;

  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench();
  });
  after(async () => wb?.stop());

  it('shows a billing warning with the billed area in the Problems panel', async () => {
    const { page } = wb;
    try {
      await showWarning(page);
    } catch (error) {
      await shot(page, 'failed-billing-warning').catch(() => {});
      throw error;
    }
  });

  async function showWarning(page) {
    await extensionContributed(page);
    writeFileSync(join(wb.workspace, 'diagonal-strip.wkt'), diagonalWkt);
    await page.keyboard.press('Control+Shift+E');
    // The file was written behind the workbench's back: refresh as a person would.
    await runPaletteTitle(page, 'Refresh Explorer');
    const file = page.locator('.explorer-folders-view [role="treeitem"]', { hasText: 'diagonal-strip.wkt' }).first();
    await file.waitFor({ state: 'visible', timeout: 30_000 });
    await file.dblclick();
    await page.locator('.editor-instance .view-lines', { hasText: 'POLYGON' }).first().waitFor({ state: 'visible' });

    await runPaletteTitle(page, 'Focus on Problems View');

    const row = page.locator('.markers-panel .monaco-list-row', { hasText: 'billed area is the box' }).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    const text = await row.innerText();
    assert.match(
      text,
      /Polygon 1 fills 0\.\d+ % of its bounding box \(under 5 %\): its billed area is the box, \d+ km²/,
    );
    assert.equal(await row.locator('.codicon-warning').count(), 1, 'the billing rule is not shown as a warning');
    assert.equal(
      await page.locator('.markers-panel .monaco-list-row .codicon-error').count(),
      0,
      'a billing rule shown as an error',
    );
    await shot(page, 'billing-warning-problems-panel');
  }
});
