// The one "answer, or a fallback unless cancelled" (common/cancellation.ts).
import * as assert from 'node:assert/strict';
import { isCancellation, unlessCancelled } from '../../../src/common/cancellation';

describe('common: a call a run can do without', () => {
  it('answers the call when it succeeds', async () => {
    assert.equal(await unlessCancelled(Promise.resolve(3), undefined, 'fallback'), 3);
  });

  it('answers the fallback when the call fails for another reason', async () => {
    assert.deepEqual(await unlessCancelled(Promise.reject(new Error('404')), new AbortController().signal, []), []);
  });

  it("rethrows a cancel: the client's 'aborted', an AbortError, or any failure once the signal is aborted", async () => {
    const aborted = Object.assign(new Error('cancelled'), { kind: 'aborted' });
    await assert.rejects(unlessCancelled(Promise.reject(aborted), undefined, undefined), /cancelled/);
    await assert.rejects(
      unlessCancelled(Promise.reject(new DOMException('stop', 'AbortError')), undefined, undefined),
      /stop/,
    );
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(unlessCancelled(Promise.reject(new Error('reset')), controller.signal, undefined), /reset/);
    assert.equal(isCancellation(new Error('reset')), false);
  });
});
