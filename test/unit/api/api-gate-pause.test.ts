import * as assert from 'node:assert/strict';
import { ConcurrencyGate } from '../../../src/api/gate';

// A paused gate must always wake up: a resume timer that fires a millisecond before Date.now()
// reaches the end of the pause once left every waiter queued for good (seen as 429, 503 and 1003
// retries hanging until the test's timeout).
describe('api: the concurrency gate after a pause', function () {
  this.timeout(30_000);

  it('lets a waiter through after each of many short pauses', async () => {
    const gate = new ConcurrencyGate(1);
    for (let i = 0; i < 300; i++) {
      gate.pause(1 + (i % 3));
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`waiter ${i} still queued 1 s after a ${1 + (i % 3)} ms pause`)),
          1_000,
        );
      });
      const slot = await Promise.race([gate.acquire(), stuck]);
      clearTimeout(timer);
      slot.release();
    }
    assert.equal(gate.inFlight, 0);
    assert.equal(gate.waiting, 0);
  });
});
