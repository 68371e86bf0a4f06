// What cancelling an order gives back (live-service notes, "Orders, processing units and tiers"):
// in Review the order is cancelled in full, so what creating it took from the EUR balance comes
// back, and the cancel's log entry says so (`refunded`); past Review nothing comes back now, and
// only a recurring order's renewal (next month's cost) is stopped.
import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { RequestLogEntry, Simulator } from '../../simulator';
import { AARHUS_FIELD, call } from '../../simulator/test-helpers';

const NOW = Date.UTC(2025, 5, 15, 12);
const STEP_MS = 60_000;
const ORDERS = '/api/tasking/orders';
/** Image dates this month (from the 1st), so creating it takes money from this month's balance. */
const ORDER = {
  Wkt: `GEOMETRYCOLLECTION(${AARHUS_FIELD})`,
  Model: 'Stratus2Fast',
  SatelliteConstellations: ['Sentinel2'],
  StorageMonths: 3,
  ApiRequests: 100,
  ImageFrequency: 5,
  ReferenceDate: '2025-06-01',
  From: '2025-06-01',
  To: null,
};

describe('simulator: cancelling an order gives back what the live service gives back', () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ clock: () => NOW, orderStatusStepMs: STEP_MS });
  });
  afterEach(() => sim.close());

  const account = () => ({ ...sim.state.account });
  const cancelEntries = (): RequestLogEntry[] => sim.requests.filter((r) => r.method === 'DELETE');
  async function create(body: Record<string, unknown> = ORDER): Promise<{ guid: string }> {
    const created = await call(sim, 'POST', ORDERS, body);
    assert.equal(created.status, 200);
    const entry = sim.requests.filter((r) => r.method === 'POST' && r.path === ORDERS).at(-1);
    assert.ok(entry?.charged, 'creating the order was charged');
    return { guid: created.json.Data.TaskOrderGuid as string };
  }
  const cancel = (guid: string) => call(sim, 'DELETE', `${ORDERS}/cancel?taskOrderGuid=${guid}`);

  it('in Review: the EUR balance and the month costs come back to what they were, and the log says refunded', async () => {
    const before = account();
    const { guid } = await create();
    const afterCreate = account();
    const taken = Math.round((before.EuroCreditAmount - afterCreate.EuroCreditAmount) * 100) / 100;
    assert.ok(taken > 0, 'creating it took money from the EUR balance this month');
    assert.ok(afterCreate.NextMonthCosts > before.NextMonthCosts, 'it renews next month');
    assert.equal((await cancel(guid)).status, 200);
    const after = account();
    assert.equal(after.EuroCreditAmount, before.EuroCreditAmount);
    assert.equal(after.CurrentMonthCosts, before.CurrentMonthCosts);
    assert.equal(after.NextMonthCosts, before.NextMonthCosts);
    const [entry] = cancelEntries();
    assert.deepEqual(entry?.refunded, { euroCredits: taken });
    assert.equal(entry?.charged, undefined, 'a refund is not a charge');
  });

  it('cancelling twice gives the money back once', async () => {
    const before = account();
    const { guid } = await create();
    await cancel(guid);
    assert.equal((await cancel(guid)).status, 200);
    assert.equal(account().EuroCreditAmount, before.EuroCreditAmount);
    assert.deepEqual(
      cancelEntries().map((e) => e.refunded !== undefined),
      [true, false],
    );
  });

  it('past Review: nothing comes back now; a recurring order stops renewing (next month)', async () => {
    const { guid } = await create();
    sim.advanceClock(STEP_MS);
    const orderStatus = (await call(sim, 'GET', `${ORDERS}/details?taskOrderGuid=${guid}`)).json.Data.TaskOrders[0];
    assert.equal(orderStatus.OrderingProcessStatus, 'Preparing');
    const before = account();
    const estimate = (await call(sim, 'POST', `${ORDERS}/estimate`, ORDER)).json.Data;
    assert.equal((await cancel(guid)).status, 200);
    const after = account();
    assert.equal(after.EuroCreditAmount, before.EuroCreditAmount, 'no refund past Review');
    assert.equal(after.CurrentMonthCosts, before.CurrentMonthCosts);
    assert.equal(
      after.NextMonthCosts,
      Math.round((before.NextMonthCosts - estimate.NextMonthCost) * 100) / 100,
      "next month's renewal is stopped",
    );
    const [entry] = cancelEntries();
    assert.equal(entry?.refunded, undefined);
    assert.equal(entry?.charged, undefined);
  });

  it('past Review, an order with an end date has no renewal: its costs stay', async () => {
    const { guid } = await create({ ...ORDER, To: '2025-07-31' });
    sim.advanceClock(STEP_MS);
    const before = account();
    await cancel(guid);
    assert.deepEqual(account(), before);
  });
});
