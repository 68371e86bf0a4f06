// The key comes back in other forms than it was sent: a Location host is lower-cased when the URL
// is parsed, a query or path percent-encodes it (hex digits in either case). Each form is redacted.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import { KeyRedactor, REDACTED_KEY } from '../../../src/api/redact';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { refusal } from './api-test-helpers';

/** Mixed case, and characters a URL encodes. */
const KEY = 'Sk-Echo-4F1c2A9e7B';

describe('client: the key in another letter case or percent-encoded is redacted', () => {
  let sim: Simulator;

  before(async () => {
    sim = await startSimulator({ keys: { valid: [KEY] } });
  });
  after(() => sim.close());

  it('a Location header whose host the URL parser lower-cased', async () => {
    const lines: string[] = [];
    const client = createClient({
      baseUrl: sim.url,
      getApiKey: () => KEY,
      retry: { maxAttempts: 1 },
      log: (level, message) => lines.push(`${level} ${message}`),
    });
    try {
      sim.schedule({ method: 'GET', path: '/api/tasking/models', echoKey: 'location' });
      const err = await refusal(client.listModels());
      assert.equal(sim.requests.at(-1)?.outcome, 'fault:echo-key');
      assert.match(err.message, /redirected to https:\/\/\[api-key\]\.echo\.invalid/);
      const everything =
        `${err.message}\n${err.stack ?? ''}\n${JSON.stringify(err)}\n${lines.join('\n')}`.toLowerCase();
      assert.ok(!everything.includes(KEY.toLowerCase()), everything);
    } finally {
      await client.close();
    }
  });

  it('every letter case and percent-encoding of it, longest key first, other text untouched', () => {
    const redactor = new KeyRedactor();
    redactor.remember(KEY);
    redactor.remember('Sk-Echo');
    for (const form of [
      KEY,
      KEY.toLowerCase(),
      KEY.toUpperCase(),
      encodeURIComponent(KEY),
      'Sk%2DEcho%2d4F1c2A9e7B',
      '%53%6b-Echo-4F1c2A9e7B',
      'sK-eCHO-4f1C2a9E7b',
    ]) {
      assert.equal(redactor.redact(`a ${form} b`), `a ${REDACTED_KEY} b`, form);
      assert.ok(redactor.contains(`x${form}x`), form);
    }
    assert.equal(redactor.redact('sk-echo and Sk-Echo-4F1c2A9e7Bx'), `${REDACTED_KEY} and ${REDACTED_KEY}x`);
    assert.equal(redactor.redact('Sk_Echo is not it'), 'Sk_Echo is not it');
    assert.ok(!redactor.contains('nothing here'));
  });

  it('a key with characters a pattern would read as syntax, and one outside ASCII', () => {
    const redactor = new KeyRedactor();
    redactor.remember('a.b*c+(d)[e]|f/ø');
    assert.equal(redactor.redact('x a.b*c+(d)[e]|f/Ø y'), `x ${REDACTED_KEY} y`);
    assert.equal(redactor.redact(`x ${encodeURIComponent('a.b*c+(d)[e]|f/ø')} y`), `x ${REDACTED_KEY} y`);
    assert.equal(redactor.redact('x aXb*c+(d)[e]|f/ø y'), 'x aXb*c+(d)[e]|f/ø y', 'a dot is a dot');
  });
});
