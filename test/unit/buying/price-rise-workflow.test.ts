// What VS Code runs when the service's price rises between the cost panel's Proceed and the billed
// call: the workflows with their scripted ports (the panel's Proceed is the `confirm` answer),
// against the simulator. The price shown is the limit; the call is priced again right before it
// leaves and refused when that is higher. The simulator's charge log says nothing was taken.
import * as assert from 'node:assert/strict';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../src/workflows/dates/find-dates-workflow';
import { runOrder } from '../../../src/workflows/orders/order-workflow';
import { outputs } from '../fixtures/ledger-helpers';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../fixtures/workflow-ports';

const NOW = new Date('2026-11-22T08:00:00Z');
// Inside the demo orders near Aarhus (a recurring Stratus2 order covers it).
const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))',
  format: 'wkt' as const,
};
// Far from every order: a new order for it has a price.
const NEW_FIELD = {
  name: 'new.wkt',
  text: 'POLYGON((12.1 55.1, 12.13 55.1, 12.13 55.12, 12.1 55.12, 12.1 55.1))',
  format: 'wkt' as const,
};

describe('workflows: a price risen after Proceed is refused before the billed call', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true, clock: () => NOW.getTime() },
    tempPrefix: 'price-rise-',
  });
  const charged = () => fixture.sim.requests.filter((r) => r.charged);
  let date: string;

  before(async () => {
    const dates = await findAvailableDates(scriptedPorts(fixture.client, {}, { now: NOW }).ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    assert.ok(dates.coverage && dates.coverage.full.length > 0, 'the simulator has whole-area dates');
    date = dates.coverage.full[0]!;
  });
  afterEach(() => {
    fixture.sim.state.priceFactor = 1;
  });

  const composite = {
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    resolution: 20,
    bandnames: 'rgb',
  };

  it('a composite: Proceed at one price, the service doubles it: nothing is sent, the panel shows the new price, and Cancel there takes nothing', async () => {
    const shown: number[] = [];
    const run = scriptedPorts(
      fixture.client,
      {},
      {
        now: NOW,
        confirm: (model, call) => {
          shown.push((model as { credits?: number }).credits ?? Number.NaN);
          if (call > 1) return { action: 'cancel' };
          fixture.sim.state.priceFactor = 2;
          return { action: 'proceed' };
        },
      },
    );
    const result = await downloadComposite(run.ports, FIELD, { ...composite, date, outputDirectory: fixture.out });
    assert.equal(result.outcome, 'cancelled');
    assert.equal(shown.length, 2, 'the panel is shown again');
    assert.equal(shown[1], Math.round(shown[0]! * 2 * 100) / 100, 'with the doubled price');
    assert.equal(charged().length, 0, 'nothing taken');
    assert.ok(!fixture.sim.requests.some((r) => r.path === '/api/satelliteimages/process/composite'));
    assert.deepEqual(await outputs(fixture.out), [], 'no file');
  });

  it('the new price shown and Proceed: bought at it, Spent is what was taken', async () => {
    const run = scriptedPorts(
      fixture.client,
      {},
      {
        now: NOW,
        confirm: () => {
          fixture.sim.state.priceFactor = 2;
          return { action: 'proceed' };
        },
      },
    );
    const result = await downloadComposite(run.ports, FIELD, { ...composite, date, outputDirectory: fixture.out });
    assert.equal(result.outcome, 'completed');
    assert.equal(run.estimates.length, 2);
    assert.equal(charged().length, 1);
    assert.equal(result.creditsSpent, charged()[0]!.charged!.credits);
    assert.equal(result.creditsSpent, (run.estimates[1] as { credits?: number }).credits);
  });

  it('a price that rises at every Proceed is not asked about for ever: the run ends with the refusal, nothing taken', async () => {
    let factor = 1;
    const run = scriptedPorts(
      fixture.client,
      {},
      {
        now: NOW,
        confirm: () => {
          factor *= 2;
          fixture.sim.state.priceFactor = factor;
          return { action: 'proceed' };
        },
      },
    );
    await assert.rejects(
      downloadComposite(run.ports, FIELD, { ...composite, date, outputDirectory: fixture.out }),
      (error: Error & { kind?: string }) => {
        assert.equal(error.kind, 'price-rose');
        assert.match(
          error.message,
          /The composite of .* was not sent: the service priced it at [\d.]+ credits just before sending \(it was [\d.]+ credits when priced\)/,
        );
        return true;
      },
    );
    assert.equal(run.estimates.length, 3, 'shown three times: the first price and two rises');
    assert.equal(charged().length, 0, 'nothing taken');
  });

  it('a composite whose price fell is bought, and Spent is the price it was sent at', async () => {
    const run = scriptedPorts(
      fixture.client,
      {},
      {
        now: NOW,
        confirm: () => {
          fixture.sim.state.priceFactor = 0.5;
          return { action: 'proceed' };
        },
      },
    );
    const result = await downloadComposite(run.ports, FIELD, { ...composite, date, outputDirectory: fixture.out });
    assert.equal(result.outcome, 'completed');
    assert.equal(charged().length, 1);
    assert.equal(result.creditsSpent, charged()[0]!.charged!.credits);
    assert.ok(result.creditsSpent! < (result.estimate!.CreditEstimate as number));
  });

  it('an order: Proceed at one price, the estimate answered higher now, no order is created', async () => {
    const run = scriptedPorts(
      fixture.client,
      // Every cadence question answered with what it offers first.
      Object.fromEntries(
        [
          'referenceDate',
          'imageFrequency',
          'storageMonths',
          'apiRequests',
          'geometryTileOrdering',
          'tileDeduplication',
        ].map((id) => [id, (q: { value?: unknown; defaultValue?: unknown }) => q.defaultValue ?? q.value]),
      ),
      {
        now: NOW,
        confirm: (model) => {
          const shown = (model as { currentMonth?: number }).currentMonth ?? 0;
          fixture.sim.schedule({
            path: '/api/tasking/orders/estimate',
            patchData: { CurrentMonthCost: shown * 2 + 1 },
          });
          return { action: 'proceed' };
        },
      },
    );
    await assert.rejects(
      runOrder(
        run.ports,
        NEW_FIELD,
        { model: 'Stratus2', satelliteConstellations: ['Sentinel2'], from: '2026-12-01', to: '2027-02-28' },
        'create',
      ),
      /The order was not sent: the service priced it at [\d.]+ EUR just before sending/,
    );
    assert.ok(!fixture.sim.requests.some((r) => r.method === 'POST' && r.path === '/api/tasking/orders'));
    assert.equal(charged().length, 0);
  });
});
