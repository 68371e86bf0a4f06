// Many waiters that share one cancel signal (a batch's units) hang one abort listener on it, not
// one each: Node warns of a leak past 10 listeners, a warning a CLI user would see on every batch.
import * as assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { ConcurrencyGate } from '../../../src/api/gate';
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
