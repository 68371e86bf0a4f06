// A tree load that is superseded (a refresh, a new filter) or whose model is disposed is cancelled:
// its request is aborted and its slot in the client's concurrency gate goes to the requests that
// replaced it. With a gate of one slot and a service that hangs on the first list request, the
// second refresh would otherwise wait behind the first until it timed out.
import * as assert from 'node:assert/strict';
import type { FullImageryClient } from '../../src/api/client';
import type { ComponentLog } from '../../src/ui/types';
import { OrdersModel } from '../../src/ui/tree/orders-model';
import { useSimulator } from './vsc-helpers';

const ORDERS = '/api/tasking/orders';
const quietLog: ComponentLog = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) assert.fail(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('tree loads are cancelled when superseded or disposed', function () {
  this.timeout(20_000);
  const env = useSimulator({ demoData: true, account: { MaxConcurrentConnections: 1 } });
  let client: FullImageryClient;
  const orderRequests = () => env.sim.requests.filter((r) => r.path === ORDERS);

  beforeEach(async () => {
    client = (await env.api.services.getClient({ quiet: true })) as FullImageryClient;
    client.sizeGateToKey((await client.getApiKeyInfo()).MaxConcurrentConnections); // the key's limit: one request at a time
    assert.equal(client.gate.size, 1);
    env.sim.clearLog();
  });

  it('a refresh cancels the hanging load before it, which frees the only gate slot', async () => {
    env.sim.schedule({ method: 'GET', path: ORDERS, delayMs: 30_000 });
    const first = env.api.sidebar.refreshOrders();
    await until(
      () => orderRequests().length === 1 && client.gate.inFlight === 1,
      'the first load reaching the service',
    );
    const started = Date.now();
    const orders = await env.api.sidebar.refreshOrders();
    assert.ok(orders && orders.length > 0, 'the second load shows the orders');
    assert.ok(Date.now() - started < 10_000, 'the second load did not wait for the first');
    await first;
    await until(() => orderRequests()[0]?.outcome === 'aborted-by-client', 'the first request being aborted');
    assert.equal(client.gate.inFlight, 0);
    assert.equal(env.api.sidebar.orders.state.kind, 'loaded', 'the cancelled load left no error row');
  });

  it('disposing a model cancels its load and frees its gate slot', async () => {
    env.sim.schedule({ method: 'GET', path: ORDERS, delayMs: 30_000 });
    const model = new OrdersModel(async () => client, quietLog);
    const loading = model.refresh(true);
    await until(() => orderRequests().length === 1 && client.gate.inFlight === 1, 'the load reaching the service');
    model.dispose();
    assert.equal(await loading, undefined);
    await until(() => client.gate.inFlight === 0, 'the gate slot being given back');
    await until(() => orderRequests()[0]?.outcome === 'aborted-by-client', 'the request being aborted');
    assert.ok((await client.listModels()).length > 0, 'the next request gets the slot at once');
  });
});
