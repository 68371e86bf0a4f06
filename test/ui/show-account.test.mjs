// Show Account in a real browser at a small window (1280 × 720): every field of the account as a
// row of its own, balances and limits formatted, none cut off; screenshots light and dark under
// test-results/ui/.
import * as assert from 'node:assert/strict';
import {
  Commands,
  clippedQuickPickTexts,
  openWorkbench,
  runFromPalette,
  setDemoKey,
  shot,
  toggleLightDarkTheme,
} from './workbench.mjs';

describe('Show Account in the browser workbench', function () {
  this.timeout(180_000);
  let wb;
  before(async function () {
    wb = await openWorkbench({ viewport: { width: 1280, height: 720 } });
  });
  after(async () => wb?.stop());

  it('lists every account field, formatted, in rows that are not cut off', async () => {
    assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
    const { page } = wb;
    await setDemoKey(page);

    await runFromPalette(page, Commands.showAccount);
    const rows = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await rows
      .filter({ hasText: 'Processing credits' })
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 })
      .catch(async (error) => {
        await shot(page, 'account-failed');
        throw error;
      });
    const texts = await rows.allInnerTexts();
    const account = wb.simulator.state.account;
    const row = (label) => texts.find((t) => t.includes(label)) ?? '';
    assert.match(row('Processing credits'), new RegExp(`${account.CreditAmount.toLocaleString('en-US')} credits`));
    assert.match(row('Order credits'), /EUR\s[\d,]+\.\d\d/);
    assert.match(row('Composite area at most'), / km²/);
    // The demo's service answers the newer endpoint: its limits (the list scrolls to the rest).
    for (const label of ['Euro overdraft limit', 'Euro balance cap', 'Concurrent requests at most']) {
      assert.ok(row(label), `no row "${label}" among: ${texts.join(' | ')}`);
    }
    // Each row's label and value are shown whole: nothing cut off with an ellipsis.
    assert.deepEqual(await clippedQuickPickTexts(page), [], 'a row is cut off');
    await shot(page, 'account-01-light-1280x720');
    await page.keyboard.press('Escape');
    assert.equal(await toggleLightDarkTheme(page), 'dark');
    await runFromPalette(page, Commands.showAccount);
    await rows.filter({ hasText: 'Processing credits' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await shot(page, 'account-02-dark-1280x720');
    await page.keyboard.press('Escape');
  });
});
