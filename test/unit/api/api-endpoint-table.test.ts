// The endpoint table (src/api/endpoints.ts) against what is known apart from it: which calls spend
// money (docs/engineering-notes.md, "Billed calls are not idempotent"), and the client's own methods. A new
// entry that forgets its retry class, or a method written beside the table, fails here.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import { endpointTable } from '../../../src/api/endpoints';

/** The calls that spend the account's money when the server runs them, written out by hand. */
const BILLED = [
  'POST /api/satelliteimages/process/composite',
  'POST /api/satelliteimages/process/tile',
  'POST /api/satelliteimages/process/minitile',
  'POST /api/tasking/orders',
];

/** What the client has beside the endpoints. */
// sizeGateToKey sizes the client's own gate from the account the run read: no request.
const NOT_ENDPOINTS = ['gate', 'specificationFacts', 'close', 'sizeGateToKey'];

const entries = Object.entries(endpointTable);
const call = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

describe('api client: the endpoint table', () => {
  it('marks exactly the billed calls billed, and no other', () => {
    const billed = entries.filter(([, e]) => e.retry === 'billed').map(([, e]) => call(e));
    assert.deepEqual([...billed].sort(), [...BILLED].sort());
    for (const [name, e] of entries)
      assert.ok(e.retry === 'billed' || e.retry === 'normal', `${name}: retry class ${String(e.retry)}`);
  });

  it('marks every process call that is not an estimate or an availability check billed', () => {
    const processing = entries.filter(([, e]) => /\/process\//.test(e.path) && !/\/(estimate|available)$/.test(e.path));
    assert.ok(processing.length >= 3, 'the three process calls are in the table');
    for (const [name, e] of processing) assert.equal(e.retry, 'billed', `${name} (${call(e)})`);
  });

  it('gives every image download an image reader and a request schema', () => {
    for (const [name, e] of entries) {
      if (e.answer !== 'image') continue;
      assert.equal(e.method, 'POST', name);
      assert.ok(e.schema, `${name} has a request schema`);
    }
    assert.deepEqual(
      entries
        .filter(([, e]) => e.answer === 'image')
        .map(([name]) => name)
        .sort(),
      ['downloadComposite', 'downloadMiniTile', 'downloadTile'],
    );
  });

  it('declares one call per client method, each path once', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', getApiKey: () => undefined });
    const methods = Object.keys(client).filter((k) => !NOT_ENDPOINTS.includes(k));
    // The newer service's /api/account/info is the same method's other path (account-info.ts).
    const declared = entries.map(([name]) => name).filter((name) => name !== 'getAccountInfo');
    assert.deepEqual([...methods].sort(), [...declared].sort());
    const calls = entries.map(([, e]) => call(e));
    assert.equal(new Set(calls).size, calls.length, `a call declared twice: ${calls.join(', ')}`);
    void client.close();
  });
});
