import * as assert from 'node:assert/strict';
import type { OrderEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { orderCostOf, readOrderCosts } from '../../../../src/pricing/order-costs';
import { runOrder } from '../../../../src/workflows/orders/order-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const FIELD = {
  name: 'field.geojson',
  text: JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [12.1, 55.1],
        [12.13, 55.1],
        [12.13, 55.12],
        [12.1, 55.12],
        [12.1, 55.1],
      ],
    ],
  }),
  format: 'geojson' as const,
};
const NOW = new Date('2026-11-22T08:00:00Z');
const FIXED = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  from: '2026-12-01',
  to: '2027-02-28',
  geometryTileOrdering: false,
};

describe("workflow: the order cadence is the person's, and both estimate shapes are read (simulator)", () => {
  for (const shape of ['flat', 'nested'] as const) {
    describe(`estimate shape ${shape}`, () => {
      const fixture = useSimulatorClient({
        simulator: { clock: () => NOW.getTime(), specVariant: { orderEstimateShape: shape } },
        client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
      });
      const estimates = () =>
        fixture.sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders/estimate');

      it('asks the cadence with a meaning each, offers the settings, and sends what was chosen', async () => {
        const settings = { defaults: { order: { imageFrequency: 7, storageMonths: 6, apiRequests: 40 } } };
        const run = scriptedPorts(
          fixture.client,
          {
            referenceDate: (q: { value?: string }) => q.value,
            imageFrequency: '3',
            storageMonths: (q: { value?: string }) => q.value,
            apiRequests: '12',
          },
          { now: NOW, settings, confirm: () => ({ action: 'cancel' }) },
        );
        const result = await runOrder(run.ports, FIELD, FIXED, 'estimate');
        assert.equal(result.outcome, 'cancelled');
        assert.deepEqual(run.asked, ['referenceDate', 'imageFrequency', 'storageMonths', 'apiRequests']);
        const questions = (run.questions as unknown as { id: string; value?: string; prompt?: string }[]).slice(1);
        assert.deepEqual(
          questions.map((q) => q.value),
          ['7', '6', '40'],
        );
        assert.match(String(questions[0]!.prompt), /every this many days/);
        assert.match(String(questions[1]!.prompt), /months/);
        assert.match(String(questions[2]!.prompt), /downloaded through the API/);
        const body = estimates()[0]!.body as Record<string, unknown>;
        assert.equal(body.ImageFrequency, 3);
        assert.equal(body.StorageMonths, 6);
        assert.equal(body.ApiRequests, 12);
        const panel = run.estimates[0] as OrderEstimateModel;
        assert.deepEqual(panel.cadence, {
          imageFrequency: 3,
          storageMonths: 6,
          apiRequests: 12,
          referenceDate: '2026-12-01',
        });
      });

      it('asks the reference date with its meaning, defaults it to the first day (or the setting), and shows it in the panel', async () => {
        const run = scriptedPorts(
          fixture.client,
          { referenceDate: '2026-12-04', imageFrequency: '7', storageMonths: '1', apiRequests: '1' },
          { now: NOW, confirm: () => ({ action: 'cancel' }) },
        );
        await runOrder(run.ports, FIELD, FIXED, 'estimate');
        const question = run.questions[0] as unknown as { id: string; value?: string; prompt?: string };
        assert.equal(question.id, 'referenceDate');
        assert.equal(question.value, '2026-12-01', 'the first day is offered');
        assert.match(String(question.prompt), /cadence counts from/);
        const body = estimates()[0]!.body as Record<string, unknown>;
        assert.equal(body.ReferenceDate, '2026-12-04');
        const panel = run.estimates[0] as OrderEstimateModel;
        assert.equal(panel.cadence?.referenceDate, '2026-12-04');
        assert.ok(panel.settings.some((l) => l.label === 'Reference date' && l.value === '2026-12-04'));
        // The images fall on the reference date and every 7 days from it.
        assert.ok(
          panel.imageDates.length > 0 &&
            panel.imageDates.every((d) => ((Date.parse(d) - Date.parse('2026-12-04')) / 86_400_000) % 7 === 0),
          panel.imageDates.join(','),
        );
        const withSetting = scriptedPorts(
          fixture.client,
          {
            referenceDate: (q: { value?: string }) => q.value,
            imageFrequency: '7',
            storageMonths: '1',
            apiRequests: '1',
          },
          {
            now: NOW,
            settings: { defaults: { order: { referenceDate: '2026-11-30' } } },
            confirm: () => ({ action: 'cancel' }),
          },
        );
        await runOrder(withSetting.ports, FIELD, FIXED, 'estimate');
        assert.equal(
          (withSetting.questions[0] as unknown as { value?: string }).value,
          '2026-11-30',
          'the setting is offered',
        );
        assert.equal((estimates()[2]!.body as Record<string, unknown>).ReferenceDate, '2026-11-30');
      });

      it('without prompts takes the reference date from the options, else the setting, else the first day', async () => {
        for (const [options, settings, expected] of [
          [{ referenceDate: '2026-12-02' }, { referenceDate: '2026-11-30' }, '2026-12-02'],
          [{}, { referenceDate: '2026-11-30' }, '2026-11-30'],
          [{}, {}, '2026-12-01'],
        ] as const) {
          fixture.sim.clearLog();
          const run = scriptedPorts(fixture.client, {}, { now: NOW, settings: { defaults: { order: settings } } });
          await runOrder(run.ports, FIELD, { ...FIXED, ...options, skipConfirmation: true }, 'estimate');
          assert.deepEqual(run.asked, []);
          assert.equal((estimates()[0]!.body as Record<string, unknown>).ReferenceDate, expected);
        }
      });

      it('without prompts takes the cadence from the options, else from the settings', async () => {
        const settings = { defaults: { order: { imageFrequency: 7, storageMonths: 6, apiRequests: 40 } } };
        const run = scriptedPorts(fixture.client, {}, { now: NOW, settings });
        await runOrder(run.ports, FIELD, { ...FIXED, storageMonths: 2, skipConfirmation: true }, 'estimate');
        assert.deepEqual(run.asked, []);
        const body = estimates()[0]!.body as Record<string, unknown>;
        assert.deepEqual([body.ImageFrequency, body.StorageMonths, body.ApiRequests], [7, 2, 40]);
      });

      it('reads the price now and per month and shows the caveat beside it', async () => {
        const run = scriptedPorts(
          fixture.client,
          {
            referenceDate: (q: { value?: string }) => q.value,
            imageFrequency: '2',
            storageMonths: '1',
            apiRequests: '1',
          },
          { now: NOW, confirm: () => ({ action: 'cancel' }) },
        );
        const result = await runOrder(run.ports, FIELD, FIXED, 'estimate');
        const raw = result.estimate!;
        assert.equal(
          shape === 'nested' ? 'RecurringCostsEstimate' in raw : 'NextMonthCost' in raw,
          true,
          'the simulator answered the chosen shape',
        );
        const costs = readOrderCosts(raw);
        // December is the first ordered month: nothing this month (November), 31 days / 2 images next.
        assert.equal(costs.currency, 'EUR');
        assert.equal(costs.currentMonth, 0);
        assert.ok(costs.perMonth !== undefined && costs.perMonth > 0, String(costs.perMonth));
        assert.equal(orderCostOf(raw), costs.perMonth);
        const panel = run.estimates[0] as OrderEstimateModel;
        assert.equal(panel.perMonthCost, costs.perMonth);
        assert.equal(panel.currentMonthCost, 0);
        assert.match(String(panel.caveat), /overlaps none of them/);
      });
    });
  }

  it('reads TotalCostEuro when a block has no TotalCost, and TotalCost in its own currency', () => {
    assert.deepEqual(
      [
        readOrderCosts({ CurrentMonthCosts: { TotalCostEuro: 4.5 }, RecurringCostsEstimate: { TotalCostEuro: 9 } })
          .perMonth,
        readOrderCosts({ CurrentMonthCosts: { TotalCostEuro: 4.5 } }).currentMonth,
      ],
      [9, 4.5],
    );
    const dkk = readOrderCosts({ CurrentMonthCosts: { CurrencyCode: 'DKK', TotalCost: 30, TotalCostEuro: 4 } });
    assert.deepEqual([dkk.currency, dkk.currentMonth], ['DKK', 30]);
  });
});

describe('workflow: "Change settings" in the cost panel re-asks the cadence and estimates again', () => {
  const fixture = useSimulatorClient({
    simulator: { clock: () => NOW.getTime() },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  });

  it('sends the changed cadence in a second estimate', async () => {
    const settings = { defaults: { order: { imageFrequency: 7, storageMonths: 6, apiRequests: 40 } } };
    const offered = (q: { value?: string }) => q.value;
    const run = scriptedPorts(
      fixture.client,
      {
        referenceDate: { sequence: [offered, '2026-12-03'] },
        imageFrequency: { sequence: [offered, '14'] },
        storageMonths: { sequence: [offered, '2'] },
        apiRequests: { sequence: [offered, '5'] },
      },
      {
        now: NOW,
        settings,
        confirm: (_model, n) => (n === 1 ? { action: 'change' } : { action: 'cancel' }),
      },
    );
    const result = await runOrder(run.ports, FIELD, FIXED, 'create');
    assert.equal(result.outcome, 'cancelled');
    assert.deepEqual(run.asked, [
      'referenceDate',
      'imageFrequency',
      'storageMonths',
      'apiRequests',
      'referenceDate',
      'imageFrequency',
      'storageMonths',
      'apiRequests',
    ]);
    // The second time the prompts offer what was chosen the first time.
    assert.deepEqual(
      run.questions.slice(4).map((q) => (q as { value?: string }).value),
      ['2026-12-01', '7', '6', '40'],
    );
    // The polygon estimates (each pass also estimates the cheapest tile cover, without Wkt).
    const sent = fixture.sim.requests
      .filter((r) => r.path === '/api/tasking/orders/estimate')
      .map((r) => r.body as Record<string, unknown>)
      .filter((b) => b.Wkt !== undefined);
    assert.deepEqual(
      sent.map((b) => [b.ReferenceDate, b.ImageFrequency, b.StorageMonths, b.ApiRequests]),
      [
        ['2026-12-01', 7, 6, 40],
        ['2026-12-03', 14, 2, 5],
      ],
    );
    assert.deepEqual((run.estimates[1] as OrderEstimateModel).cadence, {
      imageFrequency: 14,
      storageMonths: 2,
      apiRequests: 5,
      referenceDate: '2026-12-03',
    });
    assert.equal(fixture.sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders').length, 0);
  });
});
