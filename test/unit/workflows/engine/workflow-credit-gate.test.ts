// Issue 13, section 3: before any billed call (a composite, a composite in parts, a tile or
// mini-tile batch, a time series, an order) the account's balance is compared with the estimate in
// the engine's cost gate: an account that cannot pay is refused with both figures and the missing
// amount, without the service's 994 and without anything billed sent, and without a panel to say
// yes to. On the wire against the simulator.
import * as assert from 'node:assert/strict';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { runOrder } from '../../../../src/workflows/orders/order-workflow';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import { processTiles } from '../../../../src/workflows/tiles/process-tiles-workflow';
import { searchTiles } from '../../../../src/workflows/tiles/search-tiles-workflow';
import type { OrderEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { dayNumber } from '../../../simulator/dates';
import { tileByGuid } from '../../../simulator/tiles';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';
import { testClock } from '../../fixtures/test-clock';

const AREA = {
  name: 'area.wkt',
  text: 'POLYGON((10.02 56.02, 10.28 56.02, 10.28 56.18, 10.02 56.18, 10.02 56.02))',
  format: 'wkt' as const,
};
const BILLED = [
  '/api/satelliteimages/process/composite',
  '/api/satelliteimages/process/tile',
  '/api/satelliteimages/process/minitile',
  '/api/tasking/orders',
];
const FIXED = { model: 'Stratus2', satelliteConstellations: ['Sentinel2'] };
const IMAGE = { ...FIXED, epsgProjection: 4326, resolution: 80, bandnames: 'rgb' };
const NUMBER = '[\\d.,]+';

describe('workflow: the balance is compared with the estimate before any billed call (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'credit-gate-',
  });
  let date: string;
  let dates: string[];
  const billed = () => fixture.sim.requests.filter((r) => r.method === 'POST' && BILLED.includes(r.path));
  const refusedByService = () => fixture.sim.requests.filter((r) => r.outcome === 'error:994');
  const noPanel = () =>
    scriptedPorts(
      fixture.client,
      {},
      {
        settings: { confirmCostAbove: 100_000 },
        confirm: () => assert.fail('no cost panel for a request the account cannot pay'),
      },
    );

  /** Runs `body` with the account's image credits (or euros) set to `amount`, then puts them back. */
  async function withBalance(
    field: 'CreditAmount' | 'EuroCreditAmount',
    amount: number,
    body: () => Promise<void>,
  ): Promise<void> {
    const account = fixture.sim.state.account;
    const saved = account[field];
    account[field] = amount;
    try {
      await body();
    } finally {
      account[field] = saved;
    }
    assert.equal(billed().length, 0, 'nothing billed was sent');
    assert.equal(refusedByService().length, 0, 'no 994 round trip');
  }

  before(async () => {
    const found = await findAvailableDates(scriptedPorts(fixture.client, {}).ports, AREA, FIXED);
    dates = found.coverage!.full;
    date = dates[0]!;
  });

  it('a composite: refused with both figures and the missing credits, prompted or not', async () => {
    await withBalance('CreditAmount', 0.01, async () => {
      const pattern = new RegExp(
        `Not enough credits: composite of ${date} is estimated at ${NUMBER} credits and the account holds 0\\.01; ${NUMBER} credits more are needed\\. Nothing was sent\\.$`,
      );
      await assert.rejects(
        downloadComposite(noPanel().ports, AREA, {
          ...IMAGE,
          date,
          outputDirectory: fixture.out,
          skipConfirmation: true,
        }),
        pattern,
      );
      await assert.rejects(
        downloadComposite(noPanel().ports, AREA, { ...IMAGE, date, outputDirectory: fixture.out }),
        pattern,
      );
    });
    // With the credits back, the same request goes through.
    const done = await downloadComposite(scriptedPorts(fixture.client, {}).ports, AREA, {
      ...IMAGE,
      date,
      outputDirectory: fixture.out,
    });
    assert.equal(done.outcome, 'completed');
  });

  it("a composite in parts: the parts' summed price is compared before the first part is sent", async () => {
    const account = fixture.sim.state.account;
    const maxArea = account.MaxCompositeAreaKm2;
    account.MaxCompositeAreaKm2 = 100;
    try {
      await withBalance('CreditAmount', 0.01, async () => {
        await assert.rejects(
          downloadComposite(noPanel().ports, AREA, {
            ...IMAGE,
            date,
            outputDirectory: fixture.out,
            skipConfirmation: true,
          }),
          new RegExp(
            `Not enough credits: composite of ${date} is estimated at ${NUMBER} credits and the account holds 0\\.01; `,
          ),
        );
      });
      const estimates = fixture.sim.requests.filter(
        (r) => r.path === '/api/satelliteimages/process/composite/estimate',
      );
      assert.ok(estimates.length > 1, 'priced part by part');
    } finally {
      account.MaxCompositeAreaKm2 = maxArea;
    }
  });

  it('a mini-tile batch: refused before the first unit is sent', async () => {
    const found = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'minitiles',
      skipConfirmation: true,
    });
    const tileGuids = found.selected.slice(0, 2);
    assert.equal(tileGuids.length, 2);
    // A date of the area on which both mini-tiles have imagery too (a date can be missing in one
    // mini-tile's part while the area as a whole has it; the newest date then depends on the day
    // the test runs).
    const { state } = fixture.sim;
    const tileDate = dates.find((d) =>
      tileGuids.every(
        (guid) =>
          state.dates.hasImagery(
            'Stratus2',
            [{ rings: [], bbox: tileByGuid(state.seed, guid)!.bbox }],
            dayNumber(d),
            state.today(),
          ).all,
      ),
    );
    assert.ok(tileDate, `one of ${dates.join(', ')} has imagery in both mini-tiles`);
    await withBalance('CreditAmount', 0.01, async () => {
      await assert.rejects(
        processTiles(noPanel().ports, 'minitile', undefined, {
          ...IMAGE,
          date: tileDate,
          tileGuids,
          outputDirectory: fixture.out,
        }),
        new RegExp(
          `Not enough credits: \\d+ mini-tiles of ${tileDate} is estimated at ${NUMBER} credits and the account holds 0\\.01; `,
        ),
      );
    });
  });

  it('a time series: its total is compared before the first date is sent', async () => {
    const two = dates.slice(0, 2);
    await withBalance('CreditAmount', 0.01, async () => {
      await assert.rejects(
        downloadSeries(
          scriptedPorts(
            fixture.client,
            { output: 'keep' },
            { settings: { confirmCostAbove: 100_000 }, confirm: () => assert.fail('no cost panel') },
          ).ports,
          AREA,
          { ...IMAGE, dates: two, outputDirectory: fixture.out, skipConfirmation: true },
        ),
        new RegExp(
          `Not enough credits: time series of 2 dates is estimated at ${NUMBER} credits and the account holds 0\\.01; ${NUMBER} credits more are needed\\.`,
        ),
      );
    });
  });

  it("an order: this month's cost against the euro balance, for the cover picked in the panel", async () => {
    // An order starting today: this month's cost is charged when it is created.
    const from = new Date(testClock()).toISOString().slice(0, 10);
    const to = new Date(testClock() + 60 * 86_400_000).toISOString().slice(0, 10);
    const order = {
      ...FIXED,
      from,
      to,
      referenceDate: from,
      imageFrequency: 1,
      storageMonths: 1,
      apiRequests: 1,
      geometryTileOrdering: false,
    };
    await withBalance('EuroCreditAmount', 0.01, async () => {
      await assert.rejects(
        runOrder(noPanel().ports, AREA, { ...order, skipConfirmation: true }, 'create'),
        new RegExp(
          `Not enough order balance: this month's cost of tasking order ${from} to ${to} is estimated at ${NUMBER} EUR and the account can spend 0\\.01; ${NUMBER} EUR more are needed\\. Nothing was sent\\.$`,
        ),
      );
      // With both covers in the panel the person picks one; the one picked is checked.
      const shown: OrderEstimateModel[] = [];
      const run = scriptedPorts(
        fixture.client,
        {},
        { confirm: (model) => (shown.push(model as OrderEstimateModel), { action: 'proceed', cover: 'tiles' }) },
      );
      await assert.rejects(
        runOrder(run.ports, AREA, order, 'create'),
        /Not enough order balance: this month's cost of the tile order is estimated at [\d.,]+ EUR/,
      );
      assert.equal(shown.length, 1);
      assert.equal(shown[0]!.covers?.length, 2, 'both covers were shown to choose from');
    });
    const created = await runOrder(scriptedPorts(fixture.client, {}).ports, AREA, order, 'create');
    assert.equal(created.outcome, 'completed');
    assert.equal(billed().length, 1);
  });
});
