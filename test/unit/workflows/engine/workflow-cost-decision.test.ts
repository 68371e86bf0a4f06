// Issue 22 §1 in the extension's workflows, against the simulator: the cost gate asks the same cost
// decision as the command line, so a price below zero (an image, a series date, an area's part),
// not finite, or an order priced in two currencies is refused before the panel and before
// anything billed, and the budget holds each part in its own unit.
import * as assert from 'node:assert/strict';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import type { DownloadCompositeOptions } from '../../../../src/workflows/composite/download-composite-workflow';
import { overBudget, priceOf } from '../../../../src/pricing/cost-decision';
import { compositeUnits } from '../../../../src/pricing/estimate-view-builders';
import { purchasePlan } from '../../../../src/pricing/purchase-plan';
import type { CompositeEstimateModel, OrderEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { WorkflowError } from '../../../../src/request/workflow-error';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const NOW = Date.UTC(2026, 5, 15, 12);
const PROCESS = '/api/satelliteimages/process/composite';
const refusedPrice = (pattern: RegExp) => (error: unknown) =>
  error instanceof WorkflowError && error.kind === 'invalid-price' && pattern.test(error.message);
let fields = 0;
/** Far from the demo orders near Aarhus, one field per test: an order created covers it afterwards. */
function unordered() {
  const west = 13 + 0.1 * fields++;
  return {
    name: 'unordered.wkt',
    text: `POLYGON((${west} 55, ${west + 0.05} 55, ${west + 0.05} 55.05, ${west} 55.05, ${west} 55))`,
    format: 'wkt' as const,
  };
}

describe('workflow: one cost decision, every part of the price (issue 22 §1, against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: {
      demoData: true,
      imageryEveryDay: true,
      clock: () => NOW,
      specVariant: { orderEstimateShape: 'nested' },
    },
    tempPrefix: 'cost-decision-',
  });
  const sent = (path: string) => fixture.sim.requests.filter((r) => r.path === path && r.method === 'POST');
  const charged = () => fixture.sim.requests.filter((r) => r.charged);
  const noPanel = () => assert.fail('no cost panel for a price no budget can mean');
  const image = (): DownloadCompositeOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    date: '2026-06-12',
    epsgProjection: 4326,
    resolution: 20,
    bandnames: 'rgb',
    outputDirectory: fixture.out,
  });

  it('a composite priced below zero: refused before the panel, and with a budget too; nothing billed', async () => {
    fixture.sim.schedule({ method: 'POST', path: `${PROCESS}/estimate`, patchData: { CreditEstimate: -50 } });
    await assert.rejects(
      downloadComposite(
        scriptedPorts(fixture.client, {}, { confirm: noPanel, now: new Date(NOW) }).ports,
        unordered(),
        { ...image(), output: { AutomaticOrderCreation: true } },
      ),
      refusedPrice(/-50 credits, below zero/),
    );
    fixture.sim.schedule({ method: 'POST', path: `${PROCESS}/estimate`, patchData: { CreditEstimate: -50 } });
    const budgeted = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1 }, now: new Date(NOW) });
    await assert.rejects(
      downloadComposite(budgeted.ports, unordered(), {
        ...image(),
        output: { AutomaticOrderCreation: true },
        skipConfirmation: true,
      }),
      refusedPrice(/below zero/),
    );
    assert.deepEqual([sent(PROCESS).length, charged().length], [0, 0]);
  });

  it('the order AutomaticOrderCreation would create, priced EUR this month and USD each month: refused, no order', async () => {
    const orders = fixture.sim.state.stored.length;
    fixture.sim.schedule({
      method: 'POST',
      path: '/api/tasking/orders/estimate',
      patchData: { RecurringCostsEstimate: { CurrencyCode: 'USD', TotalCost: 1, TotalCostEuro: 1 } },
    });
    const run = scriptedPorts(
      fixture.client,
      {},
      { settings: { confirmCostAbove: 1e6 }, confirm: noPanel, now: new Date(NOW) },
    );
    await assert.rejects(
      downloadComposite(run.ports, unordered(), {
        ...image(),
        output: { AutomaticOrderCreation: true },
        skipConfirmation: true,
      }),
      refusedPrice(/more than one currency \(EUR and USD\)/),
    );
    assert.deepEqual([sent(PROCESS).length, charged().length, fixture.sim.state.stored.length], [0, 0, orders]);
  });

  it('a series with one date below zero: the other dates are not offset by it; refused, nothing billed', async () => {
    fixture.sim.schedule({ method: 'POST', path: `${PROCESS}/estimate`, patchData: { CreditEstimate: -10 } });
    const run = scriptedPorts(
      fixture.client,
      { output: 'keep' },
      { settings: { confirmCostAbove: 3 }, confirm: noPanel, now: new Date(NOW) },
    );
    const { date: _date, ...options } = image();
    await assert.rejects(
      downloadSeries(
        run.ports,
        {
          name: 'field.wkt',
          text: 'POLYGON((10.05 56.05, 10.07 56.05, 10.07 56.06, 10.05 56.06, 10.05 56.05))',
          format: 'wkt',
        },
        { ...options, dates: ['2026-06-10', '2026-06-11', '2026-06-12'], skipConfirmation: true },
      ),
      refusedPrice(/the image of 2026-06-1\d at -10 credits, below zero/),
    );
    assert.equal(sent(`${PROCESS}/estimate`).length, 3, 'every date was priced');
    assert.deepEqual([sent(PROCESS).length, charged().length], [0, 0]);
  });
});

describe('the cost decision itself (cost-decision.ts)', () => {
  const composite = (
    credits: number | undefined,
    extra: Partial<CompositeEstimateModel> = {},
  ): CompositeEstimateModel => ({
    kind: 'composite',
    title: 'Composite',
    aoi: undefined,
    settings: [],
    warnings: [],
    payload: {},
    budget: undefined,
    plan: purchasePlan({ units: compositeUnits('2026-06-12', credits), credits }),
    credits,
    areaEstimateKm2: undefined,
    fileSizeMB: undefined,
    timeSeconds: undefined,
    ...extra,
  });

  it('refuses a price that is not a finite number, in every part', () => {
    assert.throws(
      () => priceOf(composite(Number.POSITIVE_INFINITY)),
      refusedPrice(/Infinity credits, not a finite number/),
    );
    const order = {
      currency: 'EUR',
      currentMonth: 2,
      perMonth: Number.POSITIVE_INFINITY,
      billedKm2: 1,
      note: '',
      caveat: '',
      request: {},
    };
    assert.throws(
      () => priceOf(composite(1, { automaticOrder: order })),
      refusedPrice(/each month of the tasking order the service would create at Infinity EUR/),
    );
    const orderModel = {
      kind: 'order',
      title: 'Order',
      aoi: undefined,
      settings: [],
      warnings: [],
      payload: {},
      budget: undefined,
      plan: purchasePlan({
        units: [],
        orders: [{ kind: 'create', order: 'Order', area: '', currency: 'EUR', euroThisMonth: 0, euroPerMonth: 0 }],
      }),
      currency: 'EUR',
      currentMonthOrder: -1,
      currentMonthStorage: 0,
      nextMonthOrder: 0,
      nextMonthStorage: 0,
      recurring: false,
      cancellationDeadline: undefined,
      cancellationDate: undefined,
      imageDates: [],
      currentMonthCost: 0,
      perMonthCost: 0,
    } satisfies OrderEstimateModel;
    assert.throws(() => priceOf(orderModel), refusedPrice(/-1 EUR, below zero/));
  });

  it('holds each part in its own unit: credits and the order, at the budget allowed only where it is inclusive', () => {
    const price = priceOf(
      composite(2, {
        automaticOrder: {
          currency: 'EUR',
          currentMonth: 3,
          perMonth: 1,
          billedKm2: 1,
          note: '',
          caveat: '',
          request: {},
        },
      }),
    );
    assert.equal(overBudget(price, { amount: 3, name: '--max-cost', inclusive: true }), undefined);
    assert.match(
      overBudget(price, { amount: 3, name: 'satImagery.confirmCostAbove', inclusive: false })!,
      /would create \(AutomaticOrderCreation\) costs 3 EUR, not under the budget of 3/,
    );
    assert.match(
      overBudget(price, { amount: 2.5, name: '--max-cost', inclusive: true })!,
      /costs 3 EUR, above the budget of 2\.5 \(--max-cost\)/,
    );
    assert.match(
      overBudget(priceOf(composite(undefined)), { amount: 3, name: '--max-cost', inclusive: true })!,
      /no cost/,
    );
  });
});
