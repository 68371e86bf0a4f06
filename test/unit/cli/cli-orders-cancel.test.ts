// `sat-imagery orders cancel` says what the cancel did to the order balance, read from the account
// before and after: an order in Review comes back in full (the simulator's log shows the refund),
// one past Review gives nothing back, and a service that shows no refund for an order in Review is
// said to show none, never claimed to have refunded it.
import * as assert from 'node:assert/strict';
import type { RequestLogEntry, Simulator } from '../../simulator/index';
import { call } from '../../simulator/test-helpers';
import { jsonOf } from '../fixtures/cli-helpers';
import { useCliSimulator } from '../fixtures/cli-fixture';
import { testClock } from '../fixtures/test-clock';

const KEY = 'cli-orders-cancel-key-Qe72';
const STEP_MS = 10 * 60_000;
const ORDERS = '/api/tasking/orders';
const FIELD_WKT = 'GEOMETRYCOLLECTION(POLYGON((10.1 56.05, 10.15 56.05, 10.15 56.08, 10.1 56.08, 10.1 56.05)))';
const euros = (value: number) => `EUR\\s${value.toFixed(2).replace('.', '\\.')}`;

describe('CLI: orders cancel says the order balance before and after', function () {
  this.timeout(60_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-orders-cancel-',
    simulator: { seed: 3, clock: testClock, orderStatusStepMs: STEP_MS },
    files: {},
  });
  let sim: Simulator;
  const { run } = cli;
  const balance = () => sim.state.account.EuroCreditAmount;
  const cancelEntry = (): RequestLogEntry | undefined => sim.requests.find((r) => r.method === 'DELETE');

  before(() => {
    sim = cli.sim;
  });
  beforeEach(() => sim.clearLog());

  /** A recurring order with image dates this month (from the 1st of the simulator's month), so
   * creating it takes money from this month's balance. */
  async function createOrder(): Promise<string> {
    const first = `${sim.state.todayIso().slice(0, 8)}01`;
    const created = await call(
      sim,
      'POST',
      ORDERS,
      {
        Wkt: FIELD_WKT,
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
        StorageMonths: 3,
        ApiRequests: 10,
        ImageFrequency: 5,
        ReferenceDate: first,
        From: first,
        To: null,
      },
      KEY,
    );
    assert.equal(created.status, 200, JSON.stringify(created.json));
    return created.json.Data.TaskOrderGuid as string;
  }

  it('in Review: the simulator gives the money back, and the output says the balance before → after', async () => {
    const start = balance();
    const guid = await createOrder();
    const afterCreate = balance();
    assert.ok(afterCreate < start, 'creating the order took money from the EUR balance');
    const r = await run('orders', 'cancel', guid, '--yes');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(cancelEntry()?.refunded, { euroCredits: Math.round((start - afterCreate) * 100) / 100 });
    assert.equal(balance(), start, "the simulator's balance is whole again");
    assert.match(r.stdout, new RegExp(`^Order balance: ${euros(afterCreate)} → ${euros(start)}\\.$`, 'm'));
    assert.doesNotMatch(r.stdout, /no refund|unchanged/i);
  });

  it('past Review: nothing comes back, and the output says the balance is unchanged', async () => {
    const [jsonGuid, textGuid] = [await createOrder(), await createOrder()];
    sim.advanceClock(STEP_MS);
    const before = balance();
    const json = await run('orders', 'cancel', jsonGuid, '--yes', '--json');
    assert.equal(json.code, 0, json.stderr);
    assert.equal(cancelEntry()?.refunded, undefined, 'no refund in the log');
    assert.equal(balance(), before);
    const out = jsonOf<{ status: string; orderBalance: unknown }>(json);
    assert.equal(out.status, 'Preparing');
    assert.deepEqual(out.orderBalance, { currency: 'EUR', before, after: before });
    const text = await run('orders', 'cancel', textGuid, '--yes');
    assert.equal(text.code, 0, text.stderr);
    assert.match(
      text.stdout,
      new RegExp(`^Order balance: ${euros(before)}, unchanged: past Review nothing is given back\\b`, 'm'),
    );
  });

  it('in Review, when the account shows no refund, it says so and claims none', async () => {
    const guid = await createOrder();
    // A service that gives nothing back: the simulator forgets what creating the order took.
    delete sim.state.find(guid)?.costs;
    const before = balance();
    const r = await run('orders', 'cancel', guid, '--yes');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(cancelEntry()?.refunded, undefined);
    assert.equal(balance(), before);
    assert.match(
      r.stdout,
      new RegExp(
        `^Order balance: ${euros(before)}, unchanged: the account shows no refund, although .* in Review`,
        'm',
      ),
    );
    assert.doesNotMatch(r.stdout, /→/);
  });
});
