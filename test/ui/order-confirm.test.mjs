// An order placed from the cost panel is asked once more: Estimate Tasking Order's panel says on
// its button what the order spends, and its click opens a modal that names this month's amount
// and the amount per month. "Don't place it" creates nothing (the simulator's request log has no
// create); "Place the order" creates one. At 1280×720, screenshots under test-results/ui/.
import * as assert from 'node:assert/strict';
import { PROCEED, openCostPanelFromMenu, openWorkbench, runPaletteTitle, setDemoKey, shot } from './workbench.mjs';

const CREATE = '/api/tasking/orders';

describe('placing a tasking order from its cost panel', function () {
  this.timeout(240_000);
  let wb;
  before(async function () {
    this.timeout(180_000);
    wb = await openWorkbench({ viewport: { width: 1280, height: 720 } });
  });
  after(async () => wb?.stop());

  it("asks once more, naming this month's amount and the amount per month; Don't place it creates nothing", async () => {
    assert.ok(wb.simulator, `the simulator did not start: ${wb.simulatorError?.message}`);
    const { page, simulator } = wb;
    const creates = () => simulator.requests.filter((r) => r.method === 'POST' && r.path === CREATE).length;
    const saved = await setDemoKey(page);
    await runPaletteTitle(page, 'Notifications: Clear All Notifications');
    await saved.waitFor({ state: 'hidden' });
    const dialog = page.locator('.monaco-dialog-box');

    for (const answer of ["Don't place it", 'Place the order']) {
      const frame = await openCostPanelFromMenu(
        page,
        'field.wkt',
        undefined,
        'Estimate Tasking Order',
        `${PROCEED}:not([disabled])`,
      );
      const proceed = frame.locator(`${PROCEED}:not([disabled])`).first();
      // The button says what it spends.
      assert.match(await proceed.innerText(), /\d.*this month/);
      const before = creates();
      await proceed.click();
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      const text = await dialog.innerText();
      await shot(page, `order-confirm-${answer === 'Place the order' ? 'place' : 'keep'}`);
      assert.match(text, /Place the (polygon |tile )?order for [A-Z]{3}\s?[\d.,]+ this month\?/);
      assert.match(text, /per month[^\n]*: [A-Z]{3}\s?[\d.,]+|[A-Z]{3}\s?[\d.,]+ per month/i);
      assert.equal(creates(), before, 'nothing is created while the question is open');
      await dialog.locator('.monaco-button', { hasText: answer }).first().click();
      await dialog.waitFor({ state: 'hidden' });
      // The run is over when its wait leaves the status bar.
      await page
        .locator('.statusbar', { hasText: 'waiting for your decision' })
        .waitFor({ state: 'hidden', timeout: 30_000 });
      if (answer === 'Place the order') {
        await page
          .locator('.notifications-toasts .notification-list-item-message', { hasText: /created/ })
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
        assert.equal(creates(), before + 1, 'Place the order creates one order');
      } else {
        await page.waitForTimeout(2000);
        assert.equal(creates(), before, "Don't place it creates nothing");
      }
      await runPaletteTitle(page, 'Notifications: Clear All Notifications');
      await runPaletteTitle(page, 'View: Close All Editors');
    }
  });
});
