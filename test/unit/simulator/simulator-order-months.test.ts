// Orders are billed month by month (live-service notes: a recurring order is charged for the next
// month at 00:00 UTC on its 1st unless cancelled before; order credits are spent per calendar
// month): creating one bills its first month, and each later month it runs in is billed on that
// month's 1st, at the service's own price of that month (what its estimate says then). A recurring
// order cancelled is not renewed; an order with an end date is billed to its end, a cancel past
// Review stopping nothing of it; one cancelled in Review is billed nothing. Each order keeps what it
// was billed, month by month, and the account's month costs follow.
import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import type { StoredOrder } from '../../simulator/state';
import { AARHUS_FIELD, call } from '../../simulator/test-helpers';

const JULY_10 = Date.UTC(2026, 6, 10, 12);
const STEP_MS = 60_000;
const ORDERS = '/api/tasking/orders';
const RECURRING = {
  Wkt: `GEOMETRYCOLLECTION(${AARHUS_FIELD})`,
  Model: 'Stratus2',
  SatelliteConstellations: ['Sentinel2'],
  StorageMonths: 3,
  ApiRequests: 100,
  ImageFrequency: 3,
  ReferenceDate: '2026-07-01',
  From: '2026-07-01',
  To: null as string | null,
};
/** July to September. */
const FIXED = { ...RECURRING, StorageMonths: 4, To: '2026-09-30' };

describe('simulator: orders are billed month by month', () => {
  let sim: Simulator;
  let now = JULY_10;
  beforeEach(async () => {
    now = JULY_10;
    sim = await startSimulator({ clock: () => now, orderStatusStepMs: STEP_MS });
  });
  afterEach(() => sim.close());

  async function create(body: Record<string, unknown>): Promise<StoredOrder> {
    const created = await call(sim, 'POST', ORDERS, body);
    assert.equal(created.status, 200, JSON.stringify(created.json));
    return sim.state.find(created.json.Data.TaskOrderGuid as string)!;
  }
  const cancel = (order: StoredOrder) => call(sim, 'DELETE', `${ORDERS}/cancel?taskOrderGuid=${order.TaskOrderGuid}`);
  /** The service's price of `body` for the month the clock is in. */
  const priceNow = async (body: Record<string, unknown>) =>
    (await call(sim, 'POST', `${ORDERS}/estimate`, body)).json.Data.CurrentMonthCost as number;
  /** The clock at `iso`, and one request, which bills the months it reached. */
  async function at(iso: string): Promise<void> {
    now = Date.parse(iso);
    assert.equal((await call(sim, 'GET', ORDERS)).status, 200);
  }

  it("bills each later month on its 1st, at that month's price, and never a cancelled renewal", async () => {
    const julyPrice = await priceNow(RECURRING);
    const recurring = await create(RECURRING);
    const fixed = await create(FIXED);
    const inReview = await create({ ...RECURRING, StorageMonths: 5 });
    const stopped = await create({ ...RECURRING, StorageMonths: 6 });
    assert.deepEqual(recurring.charges, [{ month: '2026-07', euros: julyPrice }]);
    assert.equal((await cancel(inReview)).status, 200);
    now += STEP_MS; // past Review
    assert.equal((await cancel(stopped)).status, 200);
    const fixedCancelled = await create({ ...FIXED, StorageMonths: 7 });
    now += STEP_MS;
    assert.equal((await cancel(fixedCancelled)).status, 200);
    assert.deepEqual(inReview.charges, [], 'cancelled in full');

    const balance = sim.state.account.EuroCreditAmount;
    sim.clearLog();
    await at('2026-08-01T00:00:01Z');
    const august = await priceNow(RECURRING);
    const augustFixed = await priceNow(FIXED);
    assert.ok(august > 0 && augustFixed > 0);
    assert.deepEqual(recurring.charges!.at(-1), { month: '2026-08', euros: august });
    assert.deepEqual(fixed.charges!.at(-1), { month: '2026-08', euros: augustFixed });
    assert.deepEqual(
      fixedCancelled.charges!.map((c) => c.month),
      ['2026-07', '2026-08'],
      'an order with an end date has no renewal to stop: cancelled past Review, it is billed to its end',
    );
    assert.deepEqual(
      stopped.charges!.map((c) => c.month),
      ['2026-07'],
      'a recurring order cancelled in July is not renewed',
    );
    assert.deepEqual(inReview.charges, []);
    const billed = august + 2 * augustFixed;
    assert.equal(sim.state.account.EuroCreditAmount, Math.round((balance - billed) * 100) / 100);
    assert.equal(sim.state.account.CurrentMonthCosts, Math.round(billed * 100) / 100);
    assert.deepEqual(
      sim.requests.filter((r) => r.charged),
      [],
      'a renewal is no request',
    );

    // Two months at once: September and October; the fixed orders end with September.
    await at('2026-10-20T08:00:00Z');
    assert.deepEqual(
      recurring.charges!.map((c) => c.month),
      ['2026-07', '2026-08', '2026-09', '2026-10'],
    );
    assert.deepEqual(
      fixed.charges!.map((c) => c.month),
      ['2026-07', '2026-08', '2026-09'],
    );
    assert.equal(recurring.charges!.at(-1)!.euros, await priceNow(RECURRING));
    assert.equal(sim.state.account.CurrentMonthCosts, recurring.charges!.at(-1)!.euros);
    assert.equal(sim.state.account.NextMonthCosts > 0, true, 'the recurring order renews in November');
  });
});
