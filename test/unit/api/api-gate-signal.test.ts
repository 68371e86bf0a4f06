// Many waiters that share one cancel signal (a batch's units) hang one abort listener on it, not
// one each: Node warns of a leak past 10 listeners, a warning a CLI user would see on every batch.
// So do the client's other shared waits (abort-watch.ts): the specification document every first
// request waits for, the retry's sleep, and a download's deadline.
import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { ConcurrencyGate } from '../../../src/api/gate';
import { abortableSleep } from '../../../src/api/retry';
import { isApiError } from '../../../src/api/errors';
import { AARHUS_FIELD } from '../../simulator/test-helpers';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import type { GateSlot } from '../../../src/api/gate';

describe('concurrency gate: one abort listener per signal', () => {
  it('keeps one listener for 50 waiters, drops it when they are served, and cancels them all at once', async () => {
    const gate = new ConcurrencyGate(1);
    const controller = new AbortController();
    const first = await gate.acquire(controller.signal);
    const waiting = Array.from({ length: 50 }, () => gate.acquire(controller.signal));
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    assert.equal(gate.waiting, 50);

    // Serve two, then cancel the rest: every remaining waiter rejects with the signal's reason.
    first.release();
    const second: GateSlot = await waiting[0]!;
    second.release();
    await waiting[1]!;
    controller.abort(new Error('cancelled by the person'));
    const outcomes = await Promise.allSettled(waiting.slice(2));
    assert.ok(
      outcomes.every((o) => o.status === 'rejected' && (o.reason as Error).message === 'cancelled by the person'),
    );
    assert.equal(gate.waiting, 0);
  });

  it('removes the listener once the last waiter of a signal gets its slot', async () => {
    const gate = new ConcurrencyGate(1);
    const controller = new AbortController();
    const first = await gate.acquire(controller.signal);
    const next = gate.acquire(controller.signal);
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    first.release();
    (await next).release();
    assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
  });
});

describe('the client waits: one abort listener per signal', function () {
  this.timeout(30_000);
  const fixture = useSimulatorClient({ simulator: { imageryEveryDay: true } });
  const leaks: Error[] = [];
  const onWarning = (warning: Error) => {
    if (warning.name === 'MaxListenersExceededWarning') leaks.push(warning);
  };
  before(() => process.on('warning', onWarning));
  after(() => process.off('warning', onWarning));
  beforeEach(() => (leaks.length = 0));

  it('30 retry sleeps on one signal: one listener, all cancelled at once, none left after', async () => {
    const controller = new AbortController();
    const sleeps = Array.from({ length: 30 }, () => abortableSleep(60_000, controller.signal));
    assert.equal(getEventListeners(controller.signal, 'abort').length, 1);
    controller.abort(new Error('stop'));
    const outcomes = await Promise.allSettled(sleeps);
    assert.ok(outcomes.every((o) => o.status === 'rejected' && (o.reason as Error).message === 'stop'));
    const done = new AbortController();
    await Promise.all(Array.from({ length: 30 }, () => abortableSleep(5, done.signal)));
    assert.equal(getEventListeners(done.signal, 'abort').length, 0);
  });

  it('20 first requests waiting for the specification document: one listener, no leak warning', async () => {
    // A fresh client: its first requests all wait for the one specification document.
    const { createClient } = await import('../../../src/api/client');
    const client = createClient({ getApiKey: () => 'demo-key', baseUrl: fixture.sim.url });
    try {
      fixture.sim.schedule({ method: 'GET', path: '/api/specification.json', delayMs: 2_000 });
      const controller = new AbortController();
      const body = {
        Wkt: AARHUS_FIELD,
        Date: '2026-06-01T00:00:00Z',
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
        EpsgProjection: 4326,
        Resolution: 20,
        Bandnames: 'rgb',
      };
      const asks = Array.from({ length: 20 }, () => client.estimateComposite(body, { signal: controller.signal }));
      // While the document is on its way (the simulator has its request and holds the answer).
      const asked = () => fixture.sim.requests.some((r) => r.path === '/api/specification.json');
      for (const until = Date.now() + 10_000; !asked(); await new Promise((resolve) => setTimeout(resolve, 10)))
        assert.ok(Date.now() < until, 'the specification document was asked for within 10 s');
      assert.ok(getEventListeners(controller.signal, 'abort').length <= 1, 'one listener while they wait');
      controller.abort();
      const outcomes = await Promise.allSettled(asks);
      assert.ok(outcomes.every((o) => o.status === 'rejected' && isApiError(o.reason) && o.reason.kind === 'aborted'));
      const again = new AbortController();
      await Promise.all(Array.from({ length: 20 }, () => client.estimateComposite(body, { signal: again.signal })));
      assert.equal(getEventListeners(again.signal, 'abort').length, 0, 'none left once they are answered');
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(leaks, []);
    } finally {
      await client.close();
    }
  });
});
