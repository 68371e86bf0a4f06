// AutomaticOrderCreation on an area no order covers, on the wire against the simulator: the
// order the service would create is estimated and shown beside the image's credits, the balance
// and the budget hold both, and only a yes sends the one process call that creates the order.
import * as assert from 'node:assert/strict';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import type { DownloadCompositeOptions } from '../../../../src/workflows/composite/download-composite-workflow';
import type { CompositeEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { WorkflowError } from '../../../../src/request/workflow-error';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const NOW = Date.UTC(2026, 5, 15, 12);
// Far from the demo orders near Aarhus: imagery, but no order. Each test has its own field, since
// an order the service created covers its field from then on.
let fields = 0;
function unordered() {
  const west = 12 + 0.1 * fields++;
  const text = `POLYGON((${west} 55, ${west + 0.05} 55, ${west + 0.05} 55.05, ${west} 55.05, ${west} 55))`;
  return { name: 'unordered.wkt', text, format: 'wkt' as const };
}
const PROCESS = '/api/satelliteimages/process/composite';
const ORDER_ESTIMATE = '/api/tasking/orders/estimate';

describe('workflow: AutomaticOrderCreation on an area no order covers (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true, imageryEveryDay: true, clock: () => NOW },
    tempPrefix: 'auto-order-',
  });
  let options: DownloadCompositeOptions;
  let UNORDERED: ReturnType<typeof unordered>;
  const sent = (path: string) => fixture.sim.requests.filter((r) => r.path === path && r.method === 'POST');
  const charged = () => fixture.sim.requests.filter((r) => r.charged);

  beforeEach(() => {
    UNORDERED = unordered();
    options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date: '2026-06-12',
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      output: { AutomaticOrderCreation: true },
      outputDirectory: fixture.out,
    };
  });

  it('refuses it for an area sent in parts (an order per part could not be priced), before anything billed', async () => {
    const account = fixture.sim.state.account;
    const maxArea = account.MaxCompositeAreaKm2;
    account.MaxCompositeAreaKm2 = 5;
    try {
      const orders = fixture.sim.state.stored.length;
      const run = scriptedPorts(
        fixture.client,
        {},
        { confirm: () => assert.fail('no panel for a price that cannot be known'), now: new Date(NOW) },
      );
      await assert.rejects(
        downloadComposite(run.ports, UNORDERED, options),
        /AutomaticOrderCreation on an area sent in \d+ parts .* Nothing was sent\./,
      );
      assert.deepEqual(
        [sent(PROCESS).length, sent(ORDER_ESTIMATE).length, charged().length, fixture.sim.state.stored.length],
        [0, 0, 0, orders],
      );
    } finally {
      account.MaxCompositeAreaKm2 = maxArea;
    }
  });

  it('shows the order the service would create beside the image, and a no sends nothing billed', async () => {
    const orders = fixture.sim.state.stored.length;
    const run = scriptedPorts(fixture.client, {}, { confirm: () => ({ action: 'cancel' }), now: new Date(NOW) });
    const result = await downloadComposite(run.ports, UNORDERED, options);
    assert.equal(result.outcome, 'cancelled');
    assert.equal(run.estimates.length, 1);
    const model = run.estimates[0] as CompositeEstimateModel;
    assert.ok(model.credits! > 0, 'the image in credits');
    const order = model.automaticOrder!;
    assert.ok(order, 'the order is priced in the panel');
    assert.equal(order.currency, 'EUR');
    assert.ok(order.currentMonth! > 0 && order.perMonth !== undefined, JSON.stringify(order));
    assert.match(order.note, /service decides/);
    assert.match(order.note, /satImagery\.defaults\.order/);
    assert.match(order.caveat, /overlaps none/);
    const [estimateBody] = sent(ORDER_ESTIMATE).map((r) => r.body as Record<string, unknown>);
    assert.equal(estimateBody!.From, '2026-06-01');
    assert.equal(estimateBody!.ImageFrequency, 1);
    assert.equal(sent(PROCESS).length, 0);
    assert.equal(sent('/api/tasking/orders').length, 0);
    assert.equal(charged().length, 0);
    assert.equal(fixture.sim.state.stored.length, orders);
  });

  it("prices the order with the person's order settings", async () => {
    const settings = { defaults: { order: { imageFrequency: 7, storageMonths: 3, apiRequests: 5 } } };
    const run = scriptedPorts(
      fixture.client,
      {},
      { settings, confirm: () => ({ action: 'cancel' }), now: new Date(NOW) },
    );
    await downloadComposite(run.ports, UNORDERED, options);
    const [body] = sent(ORDER_ESTIMATE).map((r) => r.body as Record<string, unknown>);
    assert.deepEqual([body!.ImageFrequency, body!.StorageMonths, body!.ApiRequests], [7, 3, 5]);
    assert.match(
      (run.estimates[0] as CompositeEstimateModel).automaticOrder!.note,
      /every 7 days, 3 storage months, 5 API requests/,
    );
  });

  it('on a yes sends one process call that creates exactly one order and one image', async () => {
    const orders = fixture.sim.state.stored.length;
    const run = scriptedPorts(fixture.client, {}, { now: new Date(NOW) });
    const result = await downloadComposite(run.ports, UNORDERED, options);
    assert.equal(result.outcome, 'completed');
    assert.equal(result.files.length, 1);
    assert.equal(sent(PROCESS).length, 1);
    assert.equal(fixture.sim.state.stored.length, orders + 1, 'one order created by the service');
    const charges = charged();
    assert.equal(charges.length, 1, 'one billed request');
    const model = run.estimates[0] as CompositeEstimateModel;
    assert.equal(charges[0]!.charged!.credits, model.credits, 'the image at its estimate');
    assert.ok(charges[0]!.charged!.euroCredits > 0, 'and the order its first month');
  });

  it('with skipConfirmation and no budget sends nothing billed', async () => {
    const run = scriptedPorts(fixture.client, {}, { now: new Date(NOW) });
    await assert.rejects(
      downloadComposite(run.ports, UNORDERED, { ...options, skipConfirmation: true }),
      (error: unknown) => error instanceof WorkflowError && error.kind === 'needs-confirmation',
    );
    assert.equal(sent(PROCESS).length, 0);
    assert.equal(charged().length, 0);
  });

  it('with skipConfirmation holds the order to the budget too, in its own currency', async () => {
    const probe = scriptedPorts(fixture.client, {}, { confirm: () => ({ action: 'cancel' }), now: new Date(NOW) });
    await downloadComposite(probe.ports, UNORDERED, options);
    const model = probe.estimates[0] as CompositeEstimateModel;
    const orderCost = Math.max(model.automaticOrder!.currentMonth ?? 0, model.automaticOrder!.perMonth ?? 0);
    const budget = model.credits! + 0.01;
    assert.ok(orderCost >= budget, `the test needs an order dearer than the image (${orderCost} vs ${budget})`);
    fixture.sim.clearLog();
    const run = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: budget }, now: new Date(NOW) });
    await assert.rejects(
      downloadComposite(run.ports, UNORDERED, { ...options, skipConfirmation: true }),
      /tasking order the service would create/,
    );
    assert.equal(sent(PROCESS).length, 0);
    assert.equal(charged().length, 0);
  });

  it('refuses before sending when the order balance cannot pay the order', async () => {
    const account = fixture.sim.state.account;
    const saved = account.EuroCreditAmount;
    account.EuroCreditAmount = 0.01;
    try {
      const run = scriptedPorts(fixture.client, {}, { now: new Date(NOW) });
      await assert.rejects(
        downloadComposite(run.ports, UNORDERED, options),
        (error: unknown) =>
          error instanceof WorkflowError &&
          error.kind === 'insufficient-credits' &&
          /order balance/.test(error.message),
      );
      assert.equal(run.estimates.length, 0, 'refused before the panel');
      assert.equal(sent(PROCESS).length, 0);
    } finally {
      account.EuroCreditAmount = saved;
    }
  });
});
