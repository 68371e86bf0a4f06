// Issue 13, section 3: the account's limits come from /api/account/info or /api/apikey/info,
// whichever the specification document lists (the older one first when it lists both), with the
// other tried on a 404, so limits, credits and the concurrency gate work with either version.
import * as assert from 'node:assert/strict';
import { createClient } from '../../src/api/client';
import { startSimulator } from '../simulator';
import type { Simulator } from '../simulator';

const ACCOUNT = '/api/account/info';
const APIKEY = '/api/apikey/info';

describe('client: account limits from either service version (against the simulator)', () => {
  let sim: Simulator | undefined;
  afterEach(async () => sim?.close());

  const infoPaths = () => sim!.requests.map((r) => r.path).filter((p) => p === ACCOUNT || p === APIKEY);

  async function read(accountInfo: 'account' | 'apikey' | 'both', limits = { MaxConcurrentConnections: 3, MaxCompositeAreaKm2: 250 }) {
    sim = await startSimulator({ specVariant: { accountInfo }, account: limits });
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', maxConcurrentRequests: 1 });
    try {
      const info = await client.getApiKeyInfo();
      return { info, gate: client.gate.size };
    } finally {
      await client.close();
    }
  }

  it('a service with only /api/account/info: asked there, and never at the other', async () => {
    const { info, gate } = await read('account');
    assert.equal(info.MaxCompositeAreaKm2, 250);
    assert.equal(gate, 3, 'the gate follows the key');
    assert.deepEqual(infoPaths(), [ACCOUNT]);
  });

  it('a service with only /api/apikey/info: asked there', async () => {
    const { info, gate } = await read('apikey');
    assert.equal(info.MaxCompositeAreaKm2, 250);
    assert.equal(typeof info.CreditAmount, 'number');
    assert.equal(gate, 3);
    assert.deepEqual(infoPaths(), [APIKEY]);
  });

  it('a document listing both: the older one', async () => {
    await read('both');
    assert.deepEqual(infoPaths(), [APIKEY]);
  });

  it('a document that lists neither (or is wrong): the other path after a 404', async () => {
    sim = await startSimulator({ specVariant: { accountInfo: 'account' }, account: { MaxCompositeAreaKm2: 250 } });
    sim.schedule({ path: '/api/specification.json', status: 500 });
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', retry: { maxAttempts: 1 } });
    try {
      const info = await client.getApiKeyInfo();
      assert.equal(info.MaxCompositeAreaKm2, 250);
      assert.deepEqual(infoPaths(), [APIKEY, ACCOUNT]);
    } finally {
      await client.close();
    }
  });
});
