// Retry, no-retry and the shared gate, shown with timings observed at the simulator: the backoff
// grows, the jitter varies, Retry-After is respected, 4xx are never repeated, a 429 holds every
// request, and an order is never created twice.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import type { FullImageryClient } from '../../../src/api/client';
import { abortableSleep } from '../../../src/api/retry';
import type { ClientOptions } from '../../../src/api/types';
import { startSimulator } from '../../simulator';
import type { RequestLogEntry, Simulator, SimulatorOptions } from '../../simulator';
import { ORDER, refusal } from './api-test-helpers';
import { createRandom } from '../../simulator/random';
import { testClock } from '../fixtures/test-clock';

const MODELS = '/api/tasking/models';
const ORDERS = '/api/tasking/orders';
// Timers may fire a little late, never early; the request log's clock is performance.now().
const EARLY_TOLERANCE_MS = 3;

/** A seeded generator, so "the jitter varies" is shown the same way on every run. */
const seeded = createRandom;

describe('api client: retry, backoff and the gate', function () {
  let sim: Simulator;
  let client: FullImageryClient;
  let waits: number[];
  let logLines: string[];
  let onLog: ((line: string) => void) | undefined;

  async function start(
    sim_: SimulatorOptions = {},
    options: Partial<ClientOptions> = {},
    random: () => number = () => 0.999,
  ): Promise<void> {
    sim = await startSimulator({ clock: testClock, ...sim_ });
    waits = [];
    logLines = [];
    onLog = undefined;
    client = createClient(
      {
        baseUrl: sim.url,
        getApiKey: () => 'demo-key',
        retry: { baseDelayMs: 40, maxDelayMs: 2000, maxAttempts: 5, maxTotalMs: 20_000 },
        log: (_level, line) => {
          logLines.push(line);
          onLog?.(line);
        },
        ...options,
      },
      {
        random,
        sleep: (ms, signal) => {
          waits.push(ms);
          return abortableSleep(ms, signal);
        },
      },
    );
  }

  const calls = (path: string, method = 'GET'): RequestLogEntry[] =>
    sim.requests.filter((r) => r.path === path && r.method === method);
  const gaps = (entries: RequestLogEntry[]) =>
    entries.slice(1).map((e, i) => e.arrivedAt - (entries[i] as RequestLogEntry).arrivedAt);

  afterEach(async () => {
    await client?.close();
    await sim?.close();
  });

  it('retries 503 with a growing backoff and succeeds', async () => {
    await start({}, { retry: { baseDelayMs: 100, maxAttempts: 5 } });
    sim.schedule({ path: MODELS, status: 503, times: 3 });
    const models = await client.listModels();
    assert.ok(models.length > 0);
    const tries = calls(MODELS);
    assert.deepEqual(
      tries.map((t) => t.outcome),
      ['fault:503', 'fault:503', 'fault:503', 'ok'],
    );
    assert.deepEqual(waits, [99, 199, 399], 'full-jitter caps 100, 200, 400 ms at random 0.999');
    const observed = gaps(tries);
    observed.forEach((gap, i) =>
      assert.ok(gap >= (waits[i] as number) - EARLY_TOLERANCE_MS, `gap ${gap} ms before wait ${waits[i]} ms`),
    );
    // Each observed gap is at least its (growing) wait; upper bounds would only measure the machine's load.
    assert.ok(
      observed[2]! >= 399 - EARLY_TOLERANCE_MS && observed[1]! >= 199 - EARLY_TOLERANCE_MS,
      `gaps grow: ${observed.map(Math.round).join(', ')}`,
    );
    assert.ok(
      logLines.some((l) => /^GET \/api\/tasking\/models 200 \d+ ms, 3 retries$/.test(l)),
      'one line per request with the retries',
    );
  });

  it('varies the wait with full jitter, within the exponential cap', async () => {
    await start({}, { retry: { baseDelayMs: 100, maxDelayMs: 2000, maxAttempts: 6 } }, seeded(7));
    sim.schedule({ path: MODELS, status: 502, times: 5 });
    await client.listModels();
    assert.equal(waits.length, 5);
    waits.forEach((w, i) => assert.ok(w >= 0 && w < 100 * 2 ** i, `wait ${w} under cap ${100 * 2 ** i}`));
    const ratios = waits.map((w, i) => w / (100 * 2 ** i));
    assert.ok(
      Math.max(...ratios) - Math.min(...ratios) > 0.2,
      `jitter varies: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
    );
    gaps(calls(MODELS)).forEach((gap, i) => assert.ok(gap >= (waits[i] as number) - EARLY_TOLERANCE_MS));
  });

  it('respects Retry-After over its own backoff', async () => {
    await start();
    sim.schedule({ path: MODELS, status: 429, retryAfterSeconds: 1 });
    await client.listModels();
    assert.deepEqual(waits, [1000]);
    const [gap] = gaps(calls(MODELS));
    assert.ok(gap! >= 1000 - EARLY_TOLERANCE_MS, `second try ${gap} ms after the first`);
  });

  it('treats error 1003 like 429', async () => {
    await start();
    sim.schedule({ path: MODELS, status: 400, code: 1003, times: 2 });
    await client.listModels();
    assert.deepEqual(
      calls(MODELS).map((t) => t.outcome),
      ['fault:400', 'fault:400', 'ok'],
    );
    assert.deepEqual(waits, [39, 79]);
  });

  for (const status of [400, 401, 403, 404]) {
    it(`never retries ${status}`, async () => {
      await start();
      sim.schedule({ path: MODELS, status, times: 3 });
      const err = await refusal(client.listModels());
      assert.equal(err.status, status);
      assert.equal(err.attempts, 1);
      assert.equal(calls(MODELS).length, 1);
      assert.deepEqual(waits, []);
    });
  }

  it('retries a connection reset before any answer, and a timeout', async () => {
    await start({}, { timeoutMs: 300 });
    // The second answer would come after 30 s: far past the client's 300 ms, however late a loaded
    // machine runs its timers; the simulator stops waiting when the client hangs up.
    sim.schedule({ path: MODELS, reset: 'before-processing' }, { path: MODELS, delayMs: 30_000 });
    await client.listModels();
    const tries = calls(MODELS);
    assert.deepEqual(
      tries.map((t) => t.outcome),
      ['fault:reset', 'aborted-by-client', 'ok'],
    );
    assert.ok(gaps(tries)[1]! >= 300 - EARLY_TOLERANCE_MS, 'the timeout ran its course before the retry');
  });

  it('stops after the attempt bound, and before a wait that would break the time bound', async () => {
    await start({}, { retry: { baseDelayMs: 10, maxAttempts: 3 } });
    sim.schedule({ path: MODELS, status: 500, times: 10 });
    const err = await refusal(client.listModels());
    assert.equal(err.kind, 'server');
    assert.equal(err.attempts, 3);
    assert.equal(calls(MODELS).length, 3);
    await client.close();
    await sim.close();

    await start({}, { retry: { maxTotalMs: 2000 } });
    sim.schedule({ path: MODELS, status: 429, retryAfterSeconds: 5 });
    const started = Date.now();
    const limited = await refusal(client.listModels());
    assert.equal(limited.kind, 'rate-limited');
    assert.ok(Date.now() - started < 4000, 'gave up at once rather than wait out the 5 s Retry-After past the budget');
    assert.equal(calls(MODELS).length, 1);
  });

  it('pauses the whole gate on a 429, not just the one request', async () => {
    await start({}, { maxConcurrentRequests: 2 });
    sim.schedule({ path: MODELS, status: 429, retryAfterSeconds: 1 });
    const backingOff = new Promise<void>((resolve) => (onLog = (line) => /retry 1 in 1000 ms/.test(line) && resolve()));
    const first = client.listModels();
    await backingOff;
    const second = client.getApiKeyInfo(); // a free slot, but the gate is paused
    await Promise.all([first, second]);
    const limited = calls(MODELS)[0] as RequestLogEntry;
    const other = calls('/api/account/info')[0] as RequestLogEntry;
    assert.ok(
      other.arrivedAt - limited.arrivedAt >= 1000 - EARLY_TOLERANCE_MS,
      `other request waited ${Math.round(other.arrivedAt - limited.arrivedAt)} ms`,
    );
  });

  it('rides out random 5xx, the per-key concurrency limit and the rate limit', async () => {
    await start(
      {
        faults: {
          errorFractions: { 500: 0.15, 502: 0.1, 503: 0.1 },
          maxConcurrentPerKey: 1,
          concurrencyAnswer: '1003',
          latencyMs: 20,
        },
      },
      { maxConcurrentRequests: 3, retry: { baseDelayMs: 20, maxDelayMs: 300, maxAttempts: 12 } },
    );
    const results = await Promise.all(Array.from({ length: 6 }, () => client.listModels()));
    assert.equal(results.length, 6);
    const outcomes = new Set(sim.requests.map((r) => r.outcome));
    assert.ok(outcomes.has('limit:concurrency'), `outcomes: ${[...outcomes].join(', ')}`);
    assert.equal(sim.requests.filter((r) => r.outcome === 'ok').length, 6);
    await client.close();
    await sim.close();

    await start({ faults: { rateLimit: { perSecond: 4, burst: 2, retryAfter: true } } }, { maxConcurrentRequests: 4 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => client.listModels()));
    assert.ok(sim.requests.some((r) => r.outcome === 'limit:rate'));
    assert.ok(
      waits.every((w) => w >= 1000),
      'every wait was the Retry-After',
    );
    assert.ok(Date.now() - started >= 1000 - EARLY_TOLERANCE_MS);
  });

  it('holds back on the per-key concurrency limit answered with 429, once the gate knows the key', async () => {
    await start(
      { faults: { maxConcurrentPerKey: 2, latencyMs: 30 }, account: { MaxConcurrentConnections: 2 } },
      { maxConcurrentRequests: 4 },
    );
    await Promise.all(Array.from({ length: 6 }, () => client.listModels()));
    const refusedBefore = sim.requests.filter((r) => r.outcome === 'limit:concurrency').length;
    assert.ok(refusedBefore > 0, 'a gate wider than the key limit meets 429s, and rides them out');
    client.sizeGateToKey((await client.getApiKeyInfo()).MaxConcurrentConnections);
    assert.equal(client.gate.size, 2);
    sim.clearLog();
    await Promise.all(Array.from({ length: 6 }, () => client.listModels()));
    assert.deepEqual(
      [...new Set(sim.requests.map((r) => r.outcome))],
      ['ok'],
      'sized by MaxConcurrentConnections, nothing is refused',
    );
  });

  it('carries on across a service restart (stale kept-alive connections)', async () => {
    await start();
    await client.listModels();
    await sim.restart();
    const models = await client.listModels();
    assert.ok(models.length > 0);
    assert.equal(calls(MODELS).at(-1)?.outcome, 'ok');
  });

  it('cancels a request while it waits to retry', async () => {
    await start();
    sim.schedule({ path: MODELS, status: 503, retryAfterSeconds: 10 });
    const controller = new AbortController();
    onLog = (line) => /retry 1/.test(line) && controller.abort();
    const started = Date.now();
    const err = await refusal(client.listModels({ signal: controller.signal }));
    assert.equal(err.kind, 'aborted');
    assert.ok(Date.now() - started < 2000);
  });

  describe('creating an order', () => {
    it('finds the order after a reset that followed processing, and creates it only once', async () => {
      await start();
      sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing' });
      const order = await client.createOrder(ORDER);
      assert.equal(sim.state.stored.length, 1);
      assert.equal(order.TaskOrderGuid, sim.state.stored[0]?.TaskOrderGuid);
      assert.equal(calls(ORDERS, 'POST').length, 1);
      assert.deepEqual(
        sim.requests.map((r) => `${r.method} ${r.path}`).filter((c) => c.includes(ORDERS)),
        [`GET ${ORDERS}`, `POST ${ORDERS}`, `GET ${ORDERS}`],
      );
    });

    it('after a 500 it looks for the order and never sends it again: the outcome is unknown', async () => {
      await start({}, { orderLookupDelaysMs: [30, 60] });
      sim.schedule({ method: 'POST', path: ORDERS, status: 500 });
      const err = await refusal(client.createOrder(ORDER));
      assert.ok(err.mayHaveBeenCharged);
      assert.match(err.message, /^Unknown whether the order was created: check the Orders list/);
      assert.equal(sim.state.stored.length, 0);
      assert.deepEqual(
        sim.requests.filter((r) => r.path === ORDERS).map((r) => `${r.method} ${r.outcome}`),
        ['GET ok', 'POST fault:500', 'GET ok', 'GET ok', 'GET ok'],
      );
    });

    it('retries when the server said it did not process it (429, 503, 1003), each time after the list shows no such order', async () => {
      await start();
      sim.schedule(
        { method: 'POST', path: ORDERS, status: 429 },
        { method: 'POST', path: ORDERS, status: 503 },
        { method: 'POST', path: ORDERS, status: 400, code: 1003 },
      );
      await client.createOrder(ORDER);
      assert.equal(sim.state.stored.length, 1);
      assert.deepEqual(
        sim.requests.filter((r) => r.path === ORDERS).map((r) => `${r.method} ${r.outcome}`),
        ['GET ok', 'POST fault:429', 'GET ok', 'POST fault:503', 'GET ok', 'POST fault:400', 'GET ok', 'POST ok'],
      );
    });

    it('a 503 after the service created the order: found in the list, not sent again', async () => {
      await start();
      sim.schedule({ method: 'POST', path: ORDERS, status: 503, answerAfterProcessing: true });
      const order = await client.createOrder(ORDER);
      assert.equal(sim.state.stored.length, 1);
      assert.equal(order.TaskOrderGuid, sim.state.stored[0]!.TaskOrderGuid);
      assert.deepEqual(
        sim.requests.filter((r) => r.path === ORDERS).map((r) => `${r.method} ${r.outcome}`),
        ['GET ok', 'POST fault:503-after-processing', 'GET ok'],
      );
    });

    it('a reset before any answer: one POST, then "unknown", with a message that says to check the list', async () => {
      await start({}, { orderLookupDelaysMs: [30] });
      sim.schedule({ method: 'POST', path: ORDERS, reset: 'before-processing', times: 2 });
      const err = await refusal(client.createOrder(ORDER));
      assert.equal(err.kind, 'network');
      assert.match(err.message, /check the Orders list/);
      assert.equal(sim.state.stored.length, 0);
      assert.equal(calls(ORDERS, 'POST').length, 1);
    });

    it('does not take an identical earlier order for the new one', async () => {
      await start();
      await client.createOrder(ORDER);
      sim.schedule({ method: 'POST', path: ORDERS, status: 502, answerAfterProcessing: true });
      const second = await client.createOrder(ORDER);
      assert.equal(sim.state.stored.length, 2);
      assert.notEqual(second.TaskOrderGuid, sim.state.stored[0]?.TaskOrderGuid);
    });
  });
});
